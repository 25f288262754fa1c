-- CreateTable
CREATE TABLE "seller_plan" (
    "user_id" INTEGER NOT NULL,
    "plan" TEXT NOT NULL DEFAULT 'free',
    "plan_version" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "seller_plan_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable
CREATE TABLE "hubspot_connection" (
    "user_id" INTEGER NOT NULL,
    "access_token" TEXT NOT NULL,
    "portal_id" TEXT NOT NULL,
    "connected_at" TIMESTAMP(3) NOT NULL,
    "revoked_at" TIMESTAMP(3),
    "last_error" TEXT,
    "last_error_at" TIMESTAMP(3),

    CONSTRAINT "hubspot_connection_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable
CREATE TABLE "hubspot_link" (
    "user_id" INTEGER NOT NULL,
    "proposal_id" TEXT NOT NULL,
    "deal_id" TEXT NOT NULL,
    "deal_name" TEXT NOT NULL,
    "linked_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "hubspot_link_pkey" PRIMARY KEY ("user_id","proposal_id")
);

-- CreateTable
CREATE TABLE "hubspot_note" (
    "id" TEXT NOT NULL,
    "user_id" INTEGER NOT NULL,
    "proposal_id" TEXT NOT NULL,
    "deal_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_error" TEXT,
    "note_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMP(3),

    CONSTRAINT "hubspot_note_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "hubspot_note_status_next_attempt_at_idx" ON "hubspot_note"("status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "hubspot_note_user_id_idx" ON "hubspot_note"("user_id");

-- AddForeignKey
ALTER TABLE "hubspot_link" ADD CONSTRAINT "hubspot_link_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "hubspot_connection"("user_id") ON DELETE CASCADE ON UPDATE CASCADE;
