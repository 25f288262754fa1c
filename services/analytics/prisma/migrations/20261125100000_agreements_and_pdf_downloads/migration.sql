-- Issue 20 (docs/decisions/115): prospects' agreements and PDF downloads, from the proposal service's events.
-- AlterTable
ALTER TABLE "proposal" ADD COLUMN     "agreed_at" TIMESTAMP(3),
ADD COLUMN     "agreed_scenario" TEXT;

-- AlterTable
ALTER TABLE "proposal_day" ADD COLUMN     "pdf_downloads" INTEGER NOT NULL DEFAULT 0;
