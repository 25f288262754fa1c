-- login_throttle kept raw client addresses ('ip:<address>' keys): dropped with its rows; the new tables
-- hold only HMAC keys (docs/decisions/091).
-- DropTable
DROP TABLE "login_throttle";

-- CreateTable
CREATE TABLE "login_pair" (
    "key" TEXT NOT NULL,
    "failures" INTEGER NOT NULL,
    "wait_ms" INTEGER NOT NULL,
    "last_attempt_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "login_pair_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "login_address" (
    "key" TEXT NOT NULL,
    "usernames" TEXT[],
    "window_start" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "login_address_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "throttle_window" (
    "key" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL,
    "window_start" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "throttle_window_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "login_pair_last_attempt_at_idx" ON "login_pair"("last_attempt_at");

-- CreateIndex
CREATE INDEX "login_address_window_start_idx" ON "login_address"("window_start");

-- CreateIndex
CREATE INDEX "throttle_window_window_start_idx" ON "throttle_window"("window_start");
