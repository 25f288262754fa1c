-- Issue 20 (docs/decisions/115): the prospect's agreement, one per proposal, and proposal versions.
-- AlterTable
ALTER TABLE "proposal" ADD COLUMN     "agreed_at" TIMESTAMP(3),
ADD COLUMN     "previous_version_id" TEXT,
ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;

-- CreateTable
CREATE TABLE "agreement" (
    "proposal_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "scenario" TEXT NOT NULL,
    "values" JSONB NOT NULL,
    "figures" JSONB NOT NULL,
    "definition" JSONB NOT NULL,
    "hash" TEXT NOT NULL,
    "agreed_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "agreement_pkey" PRIMARY KEY ("proposal_id")
);

-- AddForeignKey
ALTER TABLE "agreement" ADD CONSTRAINT "agreement_proposal_id_fkey" FOREIGN KEY ("proposal_id") REFERENCES "proposal"("id") ON DELETE CASCADE ON UPDATE CASCADE;
