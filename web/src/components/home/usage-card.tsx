import { Link } from '@tanstack/react-router'
import type { UserRecord } from '@valueproof/contracts'
import { monthlyUsage } from '../../home/usage.ts'
import { PlanBadge } from '../settings/subscription-plan-card.tsx'
import { Button } from '../ui/button.tsx'
import { classNames } from '../ui/class-names.ts'
import { UsageBar } from '../ui/usage-bar.tsx'
import { HOME_CARD, HOME_TEXT_LINK } from './home-card.ts'

/** This month's calculators against the plan's limit; a Free user near or at it gets the way to Pro. */
export function UsageCard({ user, upgrade, upgrading }: { user: UserRecord; upgrade: () => void; upgrading: boolean }) {
  const usage = monthlyUsage(user)
  return (
    <section aria-labelledby="home-usage-title" className={classNames(HOME_CARD, 'grid content-start gap-4')}>
      <div className="flex items-start justify-between gap-3">
        <h2 id="home-usage-title" className="text-lg font-semibold tracking-tight">
          This month's usage
        </h2>
        <PlanBadge plan={user.plan} />
      </div>
      <div className="grid gap-2">
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span data-testid="usage-figure" className="text-3xl font-bold tabular-nums">
            {usage.created} of {usage.limit}
          </span>
          <span className="text-sm text-muted-foreground">calculators</span>
        </p>
        <UsageBar created={usage.created} limit={usage.limit} percent={usage.percent} />
        <p className={classNames('text-sm', usage.level === 'room' ? 'text-muted-foreground' : 'font-medium')}>{usage.message}</p>
      </div>
      {usage.offerUpgrade ? (
        <Button onClick={upgrade} disabled={upgrading} className="min-h-11 justify-self-start">
          {upgrading ? 'Processing...' : 'Upgrade to Pro'}
        </Button>
      ) : (
        <Link to="/settings" className={classNames(HOME_TEXT_LINK, '-mx-2 justify-self-start')}>
          Plan and billing
        </Link>
      )}
    </section>
  )
}
