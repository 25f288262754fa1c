-- CreateTable
CREATE TABLE "outbox_event" (
    "id" UUID NOT NULL,
    "subject" TEXT NOT NULL,
    "payload" BYTEA NOT NULL,
    "headers" JSONB NOT NULL,
    "occurred_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "published_at" TIMESTAMP(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "outbox_event_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "processed_event" (
    "consumer" TEXT NOT NULL,
    "event_id" UUID NOT NULL,
    "processed_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "processed_event_pkey" PRIMARY KEY ("consumer","event_id")
);

-- CreateTable
CREATE TABLE "seller" (
    "user_id" INTEGER NOT NULL,
    "email" TEXT,
    "language" TEXT NOT NULL DEFAULT 'en',
    "email_changed_at" TIMESTAMP(3),
    "first_open" BOOLEAN NOT NULL DEFAULT true,
    "later_opens" BOOLEAN NOT NULL DEFAULT true,
    "agreed" BOOLEAN NOT NULL DEFAULT true,
    "pdf_downloaded" BOOLEAN NOT NULL DEFAULT true,
    "weekly_digest" BOOLEAN NOT NULL DEFAULT true,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "seller_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable
CREATE TABLE "proposal" (
    "id" TEXT NOT NULL,
    "owner_user_id" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "first_opened_at" TIMESTAMP(3),
    "deleted_at" TIMESTAMP(3),

    CONSTRAINT "proposal_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "daily_views" (
    "proposal_id" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "views" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "daily_views_pkey" PRIMARY KEY ("proposal_id","day")
);

-- CreateTable
CREATE TABLE "pending_opens" (
    "proposal_id" TEXT NOT NULL,
    "opens" INTEGER NOT NULL,
    "since" TIMESTAMP(3) NOT NULL,
    "due_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "pending_opens_pkey" PRIMARY KEY ("proposal_id")
);

-- CreateTable
CREATE TABLE "mail" (
    "id" TEXT NOT NULL,
    "user_id" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "address" TEXT,
    "data" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_error" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMP(3),

    CONSTRAINT "mail_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "outbox_event_published_at_occurred_at_idx" ON "outbox_event"("published_at", "occurred_at");

-- CreateIndex
CREATE INDEX "proposal_owner_user_id_idx" ON "proposal"("owner_user_id");

-- CreateIndex
CREATE INDEX "pending_opens_due_at_idx" ON "pending_opens"("due_at");

-- CreateIndex
CREATE INDEX "mail_status_next_attempt_at_idx" ON "mail"("status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "mail_user_id_sent_at_idx" ON "mail"("user_id", "sent_at");
