-- The plan follows billing's subscription events (issue 16): the version of the newest one applied,
-- so an older or repeated delivery changes nothing. Users before it hold 0: every event is newer.
-- AlterTable
ALTER TABLE "user" ADD COLUMN     "plan_version" INTEGER NOT NULL DEFAULT 0;
