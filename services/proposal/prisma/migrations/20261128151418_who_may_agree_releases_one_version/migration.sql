-- Issue 34 (docs/decisions/123): who may agree to a proposal, agreements the seller released,
-- and one next version per agreed proposal (a unique previous_version_id, the request's key kept).
-- AlterTable
ALTER TABLE "proposal" ADD COLUMN     "agreement_emails" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "version_request_key" TEXT,
ADD COLUMN     "who_may_agree" TEXT NOT NULL DEFAULT 'anyone';

-- CreateTable
CREATE TABLE "released_agreement" (
    "id" UUID NOT NULL,
    "proposal_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "scenario" TEXT NOT NULL,
    "values" JSONB NOT NULL,
    "figures" JSONB NOT NULL,
    "definition" JSONB NOT NULL,
    "hash" TEXT NOT NULL,
    "agreed_at" TIMESTAMP(3) NOT NULL,
    "released_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "released_agreement_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "released_agreement_proposal_id_released_at_idx" ON "released_agreement"("proposal_id", "released_at");

-- Versions made before the rule (concurrent requests could make several of one proposal): the
-- earliest stays its next version; the others keep their content and links, and no longer name it.
UPDATE "proposal" AS later SET "previous_version_id" = NULL
WHERE later."previous_version_id" IS NOT NULL
  AND EXISTS (
    SELECT 1 FROM "proposal" AS earlier
    WHERE earlier."previous_version_id" = later."previous_version_id"
      AND (earlier."created_at", earlier."id") < (later."created_at", later."id")
  );

-- CreateIndex
CREATE UNIQUE INDEX "proposal_previous_version_id_key" ON "proposal"("previous_version_id");

-- AddForeignKey
ALTER TABLE "released_agreement" ADD CONSTRAINT "released_agreement_proposal_id_fkey" FOREIGN KEY ("proposal_id") REFERENCES "proposal"("id") ON DELETE CASCADE ON UPDATE CASCADE;
