-- CreateTable
CREATE TABLE "proposal" (
    "id" TEXT NOT NULL,
    "user_id" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "executive_summary" TEXT,
    "problem_statement" TEXT,
    "solution_overview" TEXT,
    "value_proposition" TEXT,
    "call_to_action" TEXT,
    "contact_information" TEXT,
    "calculator_data" JSONB NOT NULL,
    "is_template" BOOLEAN NOT NULL DEFAULT false,
    "is_published" BOOLEAN NOT NULL DEFAULT false,
    "access_code" TEXT,
    "template_type" TEXT,
    "content" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "proposal_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "access_code_throttle" (
    "key" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "window_start" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "access_code_throttle_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "user_account" (
    "user_id" INTEGER NOT NULL,
    "plan" TEXT NOT NULL DEFAULT 'free',
    "company_name" TEXT,
    "company_logo" TEXT,
    "company_website" TEXT,
    "profile_updated_at" TIMESTAMP(3),
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "user_account_pkey" PRIMARY KEY ("user_id")
);

-- CreateIndex
CREATE INDEX "proposal_user_id_created_at_idx" ON "proposal"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "access_code_throttle_window_start_idx" ON "access_code_throttle"("window_start");
