-- AlterTable
ALTER TABLE "note" ADD COLUMN     "pinned" BOOLEAN NOT NULL DEFAULT false;
