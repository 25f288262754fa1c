-- Prospect views per proposal for the owner's list and home (issue 18): the ViewRecorder adds each
-- batch's visitor views in the transaction that writes their proposal-viewed events. Views before
-- this migration are not counted (their events are the analytics service's); counts start at 0.
-- AlterTable
ALTER TABLE "proposal" ADD COLUMN     "view_count" INTEGER NOT NULL DEFAULT 0;
