-- The seller's contact details from identity's profile events (issue 15, docs/decisions/102).
-- AlterTable
ALTER TABLE "user_account" ADD COLUMN     "contact_name" TEXT,
ADD COLUMN     "contact_email" TEXT,
ADD COLUMN     "contact_phone" TEXT;
