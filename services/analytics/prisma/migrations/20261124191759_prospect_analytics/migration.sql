-- Prospect analytics (issue 19, docs/decisions/111): the proposals and plans analytics needs, each
-- visit's time, sections and final input values, per-day aggregates with exact unique visitors, and
-- raw engagement events (deleted after ANALYTICS_RAW_RETENTION_DAYS). No client address is kept.
-- CreateTable
CREATE TABLE "daily_count" (
    "day" DATE NOT NULL,
    "metric" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "daily_count_pkey" PRIMARY KEY ("day","metric")
);

-- CreateTable
CREATE TABLE "owner_plan" (
    "user_id" INTEGER NOT NULL,
    "plan" TEXT NOT NULL DEFAULT 'free',
    "plan_version" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "owner_plan_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable
CREATE TABLE "proposal" (
    "id" TEXT NOT NULL,
    "owner_user_id" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3),
    "deleted_at" TIMESTAMP(3),

    CONSTRAINT "proposal_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "visit" (
    "visit_id" TEXT NOT NULL,
    "proposal_id" TEXT NOT NULL,
    "owner_user_id" INTEGER NOT NULL,
    "visitor_id" TEXT NOT NULL,
    "started_at" TIMESTAMP(3) NOT NULL,
    "last_seen_at" TIMESTAMP(3) NOT NULL,
    "visible_ms" BIGINT NOT NULL DEFAULT 0,
    "viewed" BOOLEAN NOT NULL DEFAULT false,
    "event_count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "visit_pkey" PRIMARY KEY ("visit_id")
);

-- CreateTable
CREATE TABLE "visit_token" (
    "token_hash" TEXT NOT NULL,
    "visit_id" TEXT NOT NULL,
    "bound_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "visit_token_pkey" PRIMARY KEY ("token_hash")
);

-- CreateTable
CREATE TABLE "visit_section" (
    "visit_id" TEXT NOT NULL,
    "section" TEXT NOT NULL,
    "proposal_id" TEXT NOT NULL,
    "visible_ms" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "visit_section_pkey" PRIMARY KEY ("visit_id","section")
);

-- CreateTable
CREATE TABLE "visit_input" (
    "visit_id" TEXT NOT NULL,
    "input_name" TEXT NOT NULL,
    "proposal_id" TEXT NOT NULL,
    "value" DOUBLE PRECISION NOT NULL,
    "figures" JSONB,
    "seq" INTEGER NOT NULL,
    "moved_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "visit_input_pkey" PRIMARY KEY ("visit_id","input_name")
);

-- CreateTable
CREATE TABLE "proposal_section_day" (
    "proposal_id" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "section" TEXT NOT NULL,
    "visits" INTEGER NOT NULL DEFAULT 0,
    "visible_ms" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "proposal_section_day_pkey" PRIMARY KEY ("proposal_id","day","section")
);

-- CreateTable
CREATE TABLE "proposal_day" (
    "proposal_id" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "owner_user_id" INTEGER NOT NULL,
    "views" INTEGER NOT NULL DEFAULT 0,
    "unique_visitors" INTEGER NOT NULL DEFAULT 0,
    "visible_ms" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "proposal_day_pkey" PRIMARY KEY ("proposal_id","day")
);

-- CreateTable
CREATE TABLE "proposal_day_visitor" (
    "proposal_id" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "visitor_id" TEXT NOT NULL,
    "owner_user_id" INTEGER NOT NULL,

    CONSTRAINT "proposal_day_visitor_pkey" PRIMARY KEY ("proposal_id","day","visitor_id")
);

-- CreateTable
CREATE TABLE "proposal_visitor" (
    "proposal_id" TEXT NOT NULL,
    "visitor_id" TEXT NOT NULL,
    "owner_user_id" INTEGER NOT NULL,
    "last_day" DATE NOT NULL,

    CONSTRAINT "proposal_visitor_pkey" PRIMARY KEY ("proposal_id","visitor_id")
);

-- CreateTable
CREATE TABLE "engagement_event" (
    "visit_id" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "proposal_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "section" TEXT,
    "input_name" TEXT,
    "value" DOUBLE PRECISION,
    "figures" JSONB,
    "visible_ms" INTEGER,
    "received_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "engagement_event_pkey" PRIMARY KEY ("visit_id","seq")
);

-- CreateIndex
CREATE INDEX "proposal_owner_user_id_idx" ON "proposal"("owner_user_id");

-- CreateIndex
CREATE INDEX "visit_proposal_id_viewed_started_at_visible_ms_idx" ON "visit"("proposal_id", "viewed", "started_at", "visible_ms");

-- CreateIndex
CREATE INDEX "visit_proposal_id_visitor_id_started_at_idx" ON "visit"("proposal_id", "visitor_id", "started_at");

-- CreateIndex
CREATE INDEX "visit_owner_user_id_viewed_started_at_idx" ON "visit"("owner_user_id", "viewed", "started_at");

-- CreateIndex
CREATE INDEX "visit_token_bound_at_idx" ON "visit_token"("bound_at");

-- CreateIndex
CREATE INDEX "visit_section_proposal_id_idx" ON "visit_section"("proposal_id");

-- CreateIndex
CREATE INDEX "visit_input_proposal_id_moved_at_idx" ON "visit_input"("proposal_id", "moved_at");

-- CreateIndex
CREATE INDEX "visit_input_proposal_id_input_name_moved_at_idx" ON "visit_input"("proposal_id", "input_name", "moved_at" DESC);

-- CreateIndex
CREATE INDEX "proposal_day_owner_user_id_day_idx" ON "proposal_day"("owner_user_id", "day");

-- CreateIndex
CREATE INDEX "proposal_day_visitor_owner_user_id_day_visitor_id_idx" ON "proposal_day_visitor"("owner_user_id", "day", "visitor_id");

-- CreateIndex
CREATE INDEX "proposal_visitor_proposal_id_last_day_idx" ON "proposal_visitor"("proposal_id", "last_day");

-- CreateIndex
CREATE INDEX "proposal_visitor_owner_user_id_last_day_idx" ON "proposal_visitor"("owner_user_id", "last_day");

-- CreateIndex
CREATE INDEX "engagement_event_received_at_idx" ON "engagement_event"("received_at");
