-- The one rate limiter (docs/decisions/125) keeps every service's windows in a table named
-- rate_limit; analytics' demo-interaction and conversion windows move there unchanged.
ALTER TABLE "demo_interaction_limit" RENAME TO "rate_limit";
ALTER TABLE "rate_limit" RENAME CONSTRAINT "demo_interaction_limit_pkey" TO "rate_limit_pkey";
ALTER INDEX "demo_interaction_limit_expire_idx" RENAME TO "rate_limit_expire_idx";
