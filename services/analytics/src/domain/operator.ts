// The product owner's daily counts (issue 19): sign-ups from identity's events, landing-page demo
// interactions, CTA clicks, calculators generated, proposals created and shared, prospect views.
// Reachable only with ANALYTICS_OPERATOR_TOKEN (routes/analytics).
import { operatorOverviewSchema, type OperatorOverview } from '@valueproof/contracts'
import { operatorGate, operatorTokenMessage } from '@valueproof/http-kit'
import type { PrismaClient } from '../db.ts'
import { DAILY_METRICS, type DailyMetric } from './daily-counts.ts'
import { dayKey, lastDays } from './days.ts'

export const OPERATOR_TOKEN_INVALID_MESSAGE = operatorTokenMessage('ANALYTICS_OPERATOR_TOKEN')

/** The operator view's gate: ANALYTICS_OPERATOR_TOKEN (404 unset, 401 for anything but it). */
export function analyticsOperatorGate(token: string | undefined): (authorization: string) => void {
  return operatorGate(token, 'ANALYTICS_OPERATOR_TOKEN')
}

const FIELD_OF: Record<DailyMetric, 'ctaClicks' | 'calculatorsGenerated' | 'proposalsCreated' | 'proposalsShared' | 'prospectViews'> = {
  cta_click: 'ctaClicks',
  calculator_generated: 'calculatorsGenerated',
  proposal_created: 'proposalsCreated',
  proposal_shared: 'proposalsShared',
  prospect_view: 'prospectViews',
}

/** Every day of the range (zeros included), oldest first. */
export async function operatorOverview(prisma: PrismaClient, props: { now: Date; days: number }): Promise<OperatorOverview> {
  const days = lastDays(props.now, props.days)
  const from = new Date(`${days[0] ?? dayKey(props.now)}T00:00:00Z`)
  const [signUps, demos, counts] = await Promise.all([
    prisma.dailySignups.findMany({ where: { day: { gte: from } } }),
    prisma.dailyDemoInteractions.findMany({ where: { day: { gte: from } } }),
    prisma.dailyCount.findMany({ where: { day: { gte: from }, metric: { in: [...DAILY_METRICS] } } }),
  ])
  const signUpsOf = new Map(signUps.map((row) => [dayKey(row.day), row.count]))
  const demosOf = new Map(demos.map((row) => [dayKey(row.day), row.count]))
  const countOf = new Map(counts.map((row) => [`${dayKey(row.day)} ${row.metric}`, row.count]))
  return operatorOverviewSchema.parse({
    days: days.map((day) => ({
      day,
      signUps: signUpsOf.get(day) ?? 0,
      demoInteractions: demosOf.get(day) ?? 0,
      ...Object.fromEntries(DAILY_METRICS.map((metric) => [FIELD_OF[metric], countOf.get(`${day} ${metric}`) ?? 0])),
    })),
  })
}
