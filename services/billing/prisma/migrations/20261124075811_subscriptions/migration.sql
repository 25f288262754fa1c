-- Plans and billing (issue 16, docs/decisions/105): each user's subscription as billing read it from
-- the payment provider, the webhook events already handled (by the provider's event id), and the
-- built-in test-mode provider's Stripe-shaped customers, checkout sessions and subscriptions.
-- CreateTable
CREATE TABLE "subscriber" (
    "user_id" INTEGER NOT NULL,
    "stripe_customer_id" TEXT,
    "checkout_session_id" TEXT,
    "subscription_id" TEXT,
    "status" TEXT NOT NULL DEFAULT 'none',
    "plan" TEXT NOT NULL DEFAULT 'free',
    "current_period_end" TIMESTAMP(3),
    "cancel_at_period_end" BOOLEAN NOT NULL DEFAULT false,
    "payment_failed" BOOLEAN NOT NULL DEFAULT false,
    "version" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "subscriber_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable
CREATE TABLE "webhook_event" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "received_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_event_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "test_customer" (
    "id" TEXT NOT NULL,
    "user_id" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "test_customer_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "test_checkout_session" (
    "id" TEXT NOT NULL,
    "customer_id" TEXT NOT NULL,
    "user_id" INTEGER NOT NULL,
    "idempotency_key" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "payment_status" TEXT NOT NULL DEFAULT 'unpaid',
    "subscription_id" TEXT,
    "success_url" TEXT NOT NULL,
    "cancel_url" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "test_checkout_session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "test_subscription" (
    "id" TEXT NOT NULL,
    "customer_id" TEXT NOT NULL,
    "user_id" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "current_period_start" TIMESTAMP(3) NOT NULL,
    "current_period_end" TIMESTAMP(3) NOT NULL,
    "cancel_at_period_end" BOOLEAN NOT NULL DEFAULT false,
    "ended_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "test_subscription_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "subscriber_stripe_customer_id_key" ON "subscriber"("stripe_customer_id");

-- CreateIndex
CREATE INDEX "subscriber_plan_current_period_end_idx" ON "subscriber"("plan", "current_period_end");

-- CreateIndex
CREATE UNIQUE INDEX "test_customer_user_id_key" ON "test_customer"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "test_checkout_session_idempotency_key_key" ON "test_checkout_session"("idempotency_key");

-- CreateIndex
CREATE INDEX "test_checkout_session_user_id_idx" ON "test_checkout_session"("user_id");

-- CreateIndex
CREATE INDEX "test_subscription_user_id_idx" ON "test_subscription"("user_id");
