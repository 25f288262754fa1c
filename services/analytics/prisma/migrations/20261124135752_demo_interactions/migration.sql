-- CreateTable
CREATE TABLE "daily_demo_interactions" (
    "day" DATE NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "daily_demo_interactions_pkey" PRIMARY KEY ("day")
);

-- CreateTable
CREATE TABLE "demo_interaction_limit" (
    "key" TEXT NOT NULL,
    "points" INTEGER NOT NULL,
    "expire" TIMESTAMP(3),

    CONSTRAINT "demo_interaction_limit_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "demo_interaction_limit_expire_idx" ON "demo_interaction_limit"("expire");
