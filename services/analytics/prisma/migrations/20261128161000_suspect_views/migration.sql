-- Views that count people, not requests (issue 34, docs/decisions/119): the views the proposal
-- service classed as suspect, per proposal and day, shown apart from the views.
-- AlterTable
ALTER TABLE "proposal_day" ADD COLUMN "suspect_views" INTEGER NOT NULL DEFAULT 0;
