-- Proposal management (issue 15): the owner can revoke a link or give it an expiry; from then on
-- prospects get 410. Access codes are limited per visitor with an exponential delay
-- (docs/decisions/100); the fixed windows in access_code_throttle stay for the per-address and
-- per-proposal ceilings.
-- AlterTable
ALTER TABLE "proposal" ADD COLUMN     "expires_at" TIMESTAMP(3),
ADD COLUMN     "revoked_at" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "access_code_delay" (
    "key" TEXT NOT NULL,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "wait_ms" INTEGER NOT NULL DEFAULT 0,
    "last_attempt_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "access_code_delay_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "access_code_delay_last_attempt_at_idx" ON "access_code_delay"("last_attempt_at");
