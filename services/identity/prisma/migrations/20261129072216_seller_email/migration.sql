-- The seller's address for notifications, its pending confirmation link (SHA-256 of the token) and the
-- language of their e-mails (issue 39).
-- AlterTable
ALTER TABLE "user" ADD COLUMN     "email" TEXT,
ADD COLUMN     "email_token_expires_at" TIMESTAMP(3),
ADD COLUMN     "email_token_hash" TEXT,
ADD COLUMN     "email_verified_at" TIMESTAMP(3),
ADD COLUMN     "language" TEXT NOT NULL DEFAULT 'en';

-- CreateIndex
CREATE UNIQUE INDEX "user_email_token_hash_key" ON "user"("email_token_hash");
