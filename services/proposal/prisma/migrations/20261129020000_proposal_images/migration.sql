-- Issue 37: the images a seller uploads into a proposal's document (the bytes are in object storage).
-- CreateTable
CREATE TABLE "proposal_image" (
    "id" TEXT NOT NULL,
    "proposal_id" TEXT NOT NULL,
    "user_id" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "bytes" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "proposal_image_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "proposal_image_proposal_id_idx" ON "proposal_image"("proposal_id");

-- CreateIndex
CREATE INDEX "proposal_image_user_id_idx" ON "proposal_image"("user_id");

-- AddForeignKey
ALTER TABLE "proposal_image" ADD CONSTRAINT "proposal_image_proposal_id_fkey" FOREIGN KEY ("proposal_id") REFERENCES "proposal"("id") ON DELETE CASCADE ON UPDATE CASCADE;
