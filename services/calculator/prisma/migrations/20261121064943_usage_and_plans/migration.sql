-- CreateTable
CREATE TABLE "usage_month" (
    "user_id" INTEGER NOT NULL,
    "month" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "usage_month_pkey" PRIMARY KEY ("user_id","month")
);

-- CreateTable
CREATE TABLE "user_plan" (
    "user_id" INTEGER NOT NULL,
    "plan" TEXT NOT NULL DEFAULT 'free',
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "user_plan_pkey" PRIMARY KEY ("user_id")
);
