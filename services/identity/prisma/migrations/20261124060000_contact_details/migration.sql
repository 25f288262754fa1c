-- The seller's contact details shown on their proposals (issue 15, docs/decisions/102).
-- AlterTable
ALTER TABLE "user" ADD COLUMN     "contact_name" TEXT,
ADD COLUMN     "contact_email" TEXT,
ADD COLUMN     "contact_phone" TEXT;
