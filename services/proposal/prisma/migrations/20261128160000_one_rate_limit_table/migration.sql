-- The one rate limiter (docs/decisions/125): wrong access codes per address and per proposal move
-- from the hand-written fixed windows to rate-limiter-flexible's rows. Open windows are not
-- carried over (they end within minutes).
DROP TABLE "access_code_throttle";

-- CreateTable
CREATE TABLE "rate_limit" (
    "key" TEXT NOT NULL,
    "points" INTEGER NOT NULL,
    "expire" TIMESTAMP(3),

    CONSTRAINT "rate_limit_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "rate_limit_expire_idx" ON "rate_limit"("expire");
