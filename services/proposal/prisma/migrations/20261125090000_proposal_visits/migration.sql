-- Views recorded from the page's beacon (issue 19, docs/decisions/111): the GET writes nothing, and
-- each view beacon's visit id and token (one opening) count once. Views before this migration have
-- no visit rows.
-- CreateTable
CREATE TABLE "proposal_visit" (
    "visit_id" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "proposal_id" TEXT NOT NULL,
    "recorded_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "proposal_visit_pkey" PRIMARY KEY ("visit_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "proposal_visit_token_hash_key" ON "proposal_visit"("token_hash");

-- CreateIndex
CREATE INDEX "proposal_visit_recorded_at_idx" ON "proposal_visit"("recorded_at");
