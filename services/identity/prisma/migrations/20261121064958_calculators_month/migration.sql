-- AlterTable
ALTER TABLE "user" ADD COLUMN     "calculators_month" TEXT;
