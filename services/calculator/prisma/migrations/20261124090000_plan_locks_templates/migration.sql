-- Issue 16: the plan follows billing's subscription events (the version of the newest one applied,
-- so an older or repeated delivery changes nothing; plans before it hold 0), each calculator's
-- number in its month's count (above the Free allowance it is locked on Free; earlier rows null:
-- never locked), the template a calculator was started from, and the users' own calculator templates.
-- AlterTable
ALTER TABLE "user_plan" ADD COLUMN     "plan_version" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "saved_calculator" ADD COLUMN     "number_in_month" INTEGER,
ADD COLUMN     "template_name" TEXT;

-- CreateTable
CREATE TABLE "calculator_template" (
    "id" TEXT NOT NULL,
    "user_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "complexity" TEXT NOT NULL,
    "config" JSONB NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "calculator_template_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "calculator_template_user_id_created_at_idx" ON "calculator_template"("user_id", "created_at" DESC);
