import { CALCULATOR_LIMITS, type UserRecord } from '@valueproof/contracts'
import { usagePercent } from '../billing/plan-summary.ts'

/** From this share of the month's limit on, a Free user is shown the way to Pro. */
export const NEAR_LIMIT_PERCENT = 80

/** How much of the month's limit is left: plenty, nearly gone (NEAR_LIMIT_PERCENT) or none. */
export type UsageLevel = 'room' | 'near' | 'reached'

export interface MonthlyUsage {
  created: number
  limit: number
  /** SPEC §9: capped at 100. */
  percent: number
  remaining: number
  level: UsageLevel
  /** A Free user near or at the limit is offered Pro; a Pro user has nothing to upgrade to. */
  offerUpgrade: boolean
  /** One sentence on what the figures mean for the rest of the month. */
  message: string
}

const calculators = (count: number) => `${count} ${count === 1 ? 'calculator' : 'calculators'}`

function levelOf(percent: number, remaining: number): UsageLevel {
  if (remaining === 0) return 'reached'
  return percent >= NEAR_LIMIT_PERCENT ? 'near' : 'room'
}

function messageOf(usage: Omit<MonthlyUsage, 'message'>, pro: boolean): string {
  const proOffer = `Pro gives you up to ${CALCULATOR_LIMITS.pro} a month.`
  if (usage.level === 'reached') {
    const used = `You have used all ${calculators(usage.limit)} of this month.`
    return pro ? used : `${used} ${proOffer}`
  }
  const left = `${calculators(usage.remaining)} left this month.`
  return usage.offerUpgrade ? `${left} ${proOffer}` : left
}

/** This month's calculators against the plan's limit, as the home shows them. */
export function monthlyUsage(user: Pick<UserRecord, 'plan' | 'calculatorsCreated' | 'calculatorsLimit'>): MonthlyUsage {
  const created = Math.max(0, user.calculatorsCreated)
  const limit = Math.max(0, user.calculatorsLimit)
  const percent = usagePercent(created, limit)
  const remaining = Math.max(0, limit - created)
  const level = levelOf(percent, remaining)
  const pro = user.plan === 'pro'
  const usage = { created, limit, percent, remaining, level, offerUpgrade: !pro && level !== 'room' }
  return { ...usage, message: messageOf(usage, pro) }
}
