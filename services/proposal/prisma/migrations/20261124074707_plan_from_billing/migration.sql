-- The plan (branding) follows billing's subscription events (issue 16): the version of the newest one
-- applied, so an older or repeated delivery changes nothing. Accounts before it hold 0.
-- AlterTable
ALTER TABLE "user_account" ADD COLUMN     "plan_version" INTEGER NOT NULL DEFAULT 0;
