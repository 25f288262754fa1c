-- Issue 34 (docs/decisions/123): a seller may release a prospect's agreement; analytics then
-- forgets it, and remembers how far releases reach so that a late agreed event is not noted again.
-- AlterTable
ALTER TABLE "proposal" ADD COLUMN     "released_through" TIMESTAMP(3);
