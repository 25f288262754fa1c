-- Views that count people, not requests (issue 34, docs/decisions/119): the keyed hashes of the
-- people behind a proposal's recent views, deleted once the counting window has passed.
-- CreateTable
CREATE TABLE "proposal_view_person" (
    "visit_id" TEXT NOT NULL,
    "proposal_id" TEXT NOT NULL,
    "visitor_key" TEXT,
    "person_key" TEXT NOT NULL,
    "address_key" TEXT NOT NULL,
    "counted" BOOLEAN NOT NULL,
    "seen_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "proposal_view_person_pkey" PRIMARY KEY ("visit_id")
);

-- CreateIndex
CREATE INDEX "proposal_view_person_proposal_id_seen_at_idx" ON "proposal_view_person"("proposal_id", "seen_at");

-- CreateIndex
CREATE INDEX "proposal_view_person_seen_at_idx" ON "proposal_view_person"("seen_at");
