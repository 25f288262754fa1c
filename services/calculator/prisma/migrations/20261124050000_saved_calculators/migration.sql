-- CreateTable
CREATE TABLE "saved_calculator" (
    "id" TEXT NOT NULL,
    "user_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "config" JSONB NOT NULL,
    "values" JSONB,
    "language" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "complexity" TEXT NOT NULL,
    "input_kind" TEXT NOT NULL,
    "description" TEXT,
    "document_key" TEXT,
    "file_name" TEXT,
    "file_type" TEXT,
    "file_size" INTEGER,
    "content" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "saved_calculator_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "saved_calculator_user_id_created_at_idx" ON "saved_calculator"("user_id", "created_at" DESC);
