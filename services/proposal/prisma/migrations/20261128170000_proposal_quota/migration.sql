-- Issue 34 (docs/decisions/120): what each proposal keeps, and proposals per user and UTC month.
-- AlterTable
ALTER TABLE "proposal" ADD COLUMN     "stored_bytes" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "proposal_usage_month" (
    "user_id" INTEGER NOT NULL,
    "month" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "proposal_usage_month_pkey" PRIMARY KEY ("user_id","month")
);

-- The proposals kept before: their size from the same fields the service counts, and their months.
UPDATE "proposal" SET "stored_bytes" = octet_length("title")
    + coalesce(octet_length("executive_summary"), 0) + coalesce(octet_length("problem_statement"), 0)
    + coalesce(octet_length("solution_overview"), 0) + coalesce(octet_length("value_proposition"), 0)
    + coalesce(octet_length("call_to_action"), 0) + coalesce(octet_length("contact_information"), 0)
    + coalesce(octet_length("content"), 0) + coalesce(octet_length("access_code"), 0)
    + octet_length("calculator_data"::text);

INSERT INTO "proposal_usage_month" ("user_id", "month", "count", "updated_at")
SELECT "user_id", to_char("created_at", 'YYYY-MM'), count(*), CURRENT_TIMESTAMP FROM "proposal" GROUP BY 1, 2;
