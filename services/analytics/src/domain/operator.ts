// The product owner's daily counts (issue 19): sign-ups from identity's events, landing-page demo
// interactions, CTA clicks, calculators generated, proposals created and shared, prospect views.
// Reachable only with ANALYTICS_OPERATOR_TOKEN (routes/analytics).
import { createHash, timingSafeEqual } from 'node:crypto'
import { operatorOverviewSchema, type OperatorOverview } from '@valueproof/contracts'
import { errors, HttpError } from '@valueproof/http-kit'
import type { PrismaClient } from '../db.ts'
import { DAILY_METRICS, type DailyMetric } from './daily-counts.ts'
import { dayKey, lastDays } from './days.ts'

export const OPERATOR_TOKEN_INVALID_MESSAGE = 'The operator view needs Authorization: Bearer <ANALYTICS_OPERATOR_TOKEN>'

/**
 * Checks an Authorization header against the configured token: 404 when none is configured (the
 * view does not exist), 401 unless it is `Bearer <token>`. Both sides are hashed first, so the
 * constant-time comparison also hides the token's length.
 */
export function operatorGate(token: string | undefined): (authorization: string) => void {
  const wanted = token === undefined ? undefined : createHash('sha256').update(token, 'utf8').digest()
  return (authorization) => {
    if (wanted === undefined) throw errors.notFound()
    const given = /^Bearer +(\S+)\s*$/i.exec(authorization)?.[1] ?? ''
    if (!timingSafeEqual(createHash('sha256').update(given, 'utf8').digest(), wanted)) {
      throw new HttpError(401, 'operator_token_invalid', OPERATOR_TOKEN_INVALID_MESSAGE, { 'WWW-Authenticate': 'Bearer' })
    }
  }
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
