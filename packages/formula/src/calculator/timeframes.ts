// SPEC §9 timeframes: periods, multipliers, the subscription rule and the period labels.
// The choices SPEC leaves open are in docs/decisions/012.

import type { CalculatorLanguage } from './calculator-data.ts'
import { calculatorTexts } from './calculator-texts.ts'

export const TIMEFRAME_PERIODS = ['daily', 'weekly', 'monthly', 'yearly'] as const
export type TimeframePeriod = (typeof TIMEFRAME_PERIODS)[number]

export const VALUE_TYPES = ['moneySaved', 'moneyGained'] as const
export type ValueType = (typeof VALUE_TYPES)[number]

export interface Timeframe {
  readonly period: TimeframePeriod
  readonly multiplier: number
  readonly display: boolean
}

/**
 * How much one unit of a result at the base timeframe (first key) is worth in another period.
 * SPEC §9: daily ×7 weekly, ×30 monthly, ×365 yearly; monthly ×12 yearly; yearly /12 monthly.
 * The monthly row is SPEC's subscription table (daily 1/30, weekly 0.25). The weekly row is ours:
 * 52 weeks a year, a month a twelfth of that.
 */
export const TIMEFRAME_FACTORS: Readonly<Record<TimeframePeriod, Readonly<Record<TimeframePeriod, number>>>> = {
  daily: { daily: 1, weekly: 7, monthly: 30, yearly: 365 },
  weekly: { daily: 1 / 7, weekly: 1, monthly: 52 / 12, yearly: 52 },
  monthly: { daily: 1 / 30, weekly: 0.25, monthly: 1, yearly: 12 },
  yearly: { daily: 1 / 365, weekly: 1 / 52, monthly: 1 / 12, yearly: 1 },
}

/** SPEC §9: when the result is a monthly subscription, the periods scale by these. */
export const SUBSCRIPTION_MULTIPLIERS: Readonly<Record<TimeframePeriod, number>> = {
  daily: 1 / 30,
  weekly: 0.25,
  monthly: 1,
  yearly: 12,
}

const SUBSCRIPTION_WORDING = /subscription|per\s+month|per\s+månad/i

/** SPEC §9: an explanation that mentions subscription, per month or per månad makes the result monthly. */
export function isSubscription(explanation: string | undefined): boolean {
  return explanation !== undefined && SUBSCRIPTION_WORDING.test(explanation)
}

/** The timeframe the formula result is at: monthly for subscriptions, else the stored baseTimeframe. */
export function effectiveBaseTimeframe(calculatorData: {
  readonly baseTimeframe: TimeframePeriod
  readonly explanation?: string | undefined
}): TimeframePeriod {
  return isSubscription(calculatorData.explanation) ? 'monthly' : calculatorData.baseTimeframe
}

/** The four periods, all displayed, with multipliers from the base timeframe. */
export function defaultTimeframes(baseTimeframe: TimeframePeriod): Timeframe[] {
  return TIMEFRAME_PERIODS.map((period) => ({ period, multiplier: TIMEFRAME_FACTORS[baseTimeframe][period], display: true }))
}

/** SPEC §9 labels: 'What you save in a {period}', 'What you will earn in a {period}', otherwise '{period} Value' (and their Swedish). */
export function timeframeLabel(period: TimeframePeriod, valueType: ValueType | undefined, language?: CalculatorLanguage): string {
  return calculatorTexts(language).timeframeLabel(period, valueType)
}

export interface TimeframeResult {
  readonly period: TimeframePeriod
  readonly multiplier: number
  readonly value: number
  readonly label: string
}

/**
 * SPEC §9: each displayed timeframe's result is its multiplier times the formula result; for a
 * subscription the multipliers are SUBSCRIPTION_MULTIPLIERS instead of the stored ones.
 */
export function timeframeResults(
  calculatorData: {
    readonly timeframes: readonly Timeframe[]
    readonly explanation?: string | undefined
    readonly valueType?: ValueType | undefined
    readonly language?: CalculatorLanguage | undefined
  },
  formulaResult: number,
): TimeframeResult[] {
  const subscription = isSubscription(calculatorData.explanation)
  return calculatorData.timeframes
    .filter((timeframe) => timeframe.display)
    .map(({ period, multiplier: stored }) => {
      const multiplier = subscription ? SUBSCRIPTION_MULTIPLIERS[period] : stored
      return {
        period,
        multiplier,
        value: multiplier * formulaResult,
        label: timeframeLabel(period, calculatorData.valueType, calculatorData.language),
      }
    })
}
