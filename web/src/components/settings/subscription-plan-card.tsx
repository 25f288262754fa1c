import type { SubscriptionStatus, UserRecord } from '@valueproof/contracts'
import { planIncludes, PRO_OFFER_TEXT, usagePercent } from '../../billing/plan-summary.ts'
import { formatLongDate } from '../../proposals/proposal-dates.ts'
import { CheckIcon } from '../icons.tsx'
import { Button } from '../ui/button.tsx'
import { classNames } from '../ui/class-names.ts'
import { UsageBar } from '../ui/usage-bar.tsx'
import { TestModeBox } from './test-mode-box.tsx'

export const CARD = 'rounded-lg border bg-card p-6 text-card-foreground shadow-sm'

/** The plan's badge: PRO or FREE (SPEC §2). */
export function PlanBadge({ plan }: { plan: UserRecord['plan'] }) {
  return (
    <span
      data-plan={plan}
      className={classNames(
        'inline-flex shrink-0 items-center rounded-full px-3 py-1 text-xs font-bold tracking-wider',
        plan === 'pro' ? 'bg-primary text-primary-foreground' : 'border bg-muted text-foreground',
      )}
    >
      {plan === 'pro' ? 'PRO' : 'FREE'}
    </span>
  )
}

/** Calculators created this month out of the plan's limit; the bar stops at 100% (SPEC §9). */
function MonthlyUsage({ created, limit }: { created: number; limit: number }) {
  const percent = usagePercent(created, limit)
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="font-medium">Calculators this month</span>
        <span className="text-muted-foreground">
          {created} of {limit} ({percent}%)
        </span>
      </div>
      <UsageBar created={created} limit={limit} percent={percent} />
    </div>
  )
}

function Warning({ children }: { children: string }) {
  return (
    <p
      role="status"
      className="rounded-md border border-amber-500/50 bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
    >
      {children}
    </p>
  )
}

/** Pro's actions: the disabled "You're on the Pro Plan", then Cancel Subscription or the date Pro ends. */
function ProActions({ subscription, onCancel }: { subscription: SubscriptionStatus | undefined; onCancel: () => void }) {
  const endDate = formatLongDate(subscription?.currentPeriodEnd)
  const scheduled = subscription?.cancelAtPeriodEnd === true
  return (
    <div className="grid gap-3">
      {subscription?.paymentFailed === true && (
        <Warning>
          Your last renewal payment failed. It is being retried and you keep Pro meanwhile; if it keeps failing, your account returns to
          Free. Contact support if you need help.
        </Warning>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button disabled>You're on the Pro Plan</Button>
        {!scheduled && (
          <Button variant="outline" onClick={onCancel}>
            Cancel Subscription
          </Button>
        )}
      </div>
      {scheduled && (
        <p data-testid="pro-ends" className="text-sm">
          Your subscription is canceled. You keep Pro until <strong>{endDate ?? 'the end of your billing period'}</strong>; then your
          account returns to Free.
        </p>
      )}
    </div>
  )
}

/**
 * SPEC §2's Subscription Plan card: the badge, the usage bar, what the plan includes, and the upgrade
 * (Free) or the Pro state with its cancellation. The plan and limit are the user record's; whether a
 * cancellation is scheduled, when the period ends and test mode come from GET /api/subscription.
 */
export function SubscriptionPlanCard({
  user,
  subscription,
  subscriptionFailed,
  upgrade,
  upgrading,
  onCancel,
}: {
  user: UserRecord
  subscription: SubscriptionStatus | undefined
  subscriptionFailed: boolean
  upgrade: () => void
  upgrading: boolean
  onCancel: () => void
}) {
  const pro = user.plan === 'pro'
  return (
    <section aria-labelledby="plan-title" className={CARD}>
      <div className="flex items-start justify-between gap-4">
        <div>
          <h2 id="plan-title" className="text-xl font-semibold tracking-tight">
            Subscription Plan
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">Your current plan and what it includes.</p>
        </div>
        <PlanBadge plan={user.plan} />
      </div>
      <div className="mt-6 grid gap-6">
        <MonthlyUsage created={user.calculatorsCreated} limit={user.calculatorsLimit} />
        <div>
          <h3 className="text-sm font-medium">{pro ? 'Your Pro plan includes' : 'Your Free plan includes'}</h3>
          <ul className="mt-2 grid gap-1.5 text-sm">
            {planIncludes(user.plan).map((line) => (
              <li key={line} className="flex items-start gap-2">
                <CheckIcon className="mt-0.5 size-4 shrink-0 text-primary" />
                {line}
              </li>
            ))}
          </ul>
        </div>
        {subscriptionFailed && (
          <p className="text-sm text-muted-foreground">Your subscription details could not be loaded. Reload the page to try again.</p>
        )}
        {pro ? (
          <ProActions subscription={subscription} onCancel={onCancel} />
        ) : (
          <div className="grid justify-items-start gap-3 rounded-md border border-primary/30 bg-primary/5 p-4">
            <p className="font-medium">{PRO_OFFER_TEXT}</p>
            <Button onClick={upgrade} disabled={upgrading}>
              {upgrading ? 'Upgrading...' : 'Upgrade to Pro'}
            </Button>
          </div>
        )}
        {pro && subscription?.testMode === true && <TestModeBox subscription={subscription} />}
      </div>
    </section>
  )
}
