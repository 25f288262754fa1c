// What a proposal leads with (issue 20): the value per year and the payback, the payback curve
// (cumulative value against cumulative cost over the price horizon) and which input moves the
// result most. The same functions serve the prospect's page, the PDF and the frozen agreement.
import { PRICE_HORIZON_YEARS, type CalculatorPrice } from './calculator-price.ts'
import type { ProposalTexts } from '../proposal/proposal-texts.ts'
import type { CalculatorResult } from './calculator.ts'
import type { ValueType } from './timeframes.ts'

export interface HeadlinePayback {
  /** Months until the value covers the cost; meaningful when `paidBack`. */
  readonly months: number
  /** False when the value never covers the seller's price. */
  readonly paidBack: boolean
  /** SPEC §9's estimated payback (no seller price): shown marked as an estimate. */
  readonly estimate: boolean
}

export interface Headline {
  /** The value per year in the calculator's baseCurrency; undefined for a value calculator. */
  readonly yearlyValue: number | undefined
  readonly payback: HeadlinePayback | undefined
}

/** The value per year and the payback of a computed calculator: against the seller's price when there is one. */
export function headlineOf(result: CalculatorResult): Headline {
  if (result.calculatorType === 'value') return { yearlyValue: undefined, payback: undefined }
  const yearly = result.calculatorType === 'standard' ? result.standard.yearly : result.aiCalculated.yearly
  const yearlyValue = Number.isFinite(yearly) ? yearly : 0
  if (result.priced !== undefined) {
    const { payback } = result.priced
    return {
      yearlyValue,
      payback: payback.paidBack
        ? { months: payback.months, paidBack: true, estimate: false }
        : { months: Number.NaN, paidBack: false, estimate: false },
    }
  }
  // A value below zero never pays back, whatever SPEC §9's clamped estimate says (issue 36).
  if (yearlyValue < 0) return { yearlyValue, payback: { months: Number.NaN, paidBack: false, estimate: true } }
  const months = result.calculatorType === 'standard' ? result.standard.paybackMonths : result.aiCalculated.paybackMonths
  return { yearlyValue, payback: { months, paidBack: true, estimate: true } }
}

/** The yearly value as a prospect reads it (issue 36). */
export interface HeadlineValue {
  /** The value per year is below zero: the offer costs more than it brings. */
  readonly netCost: boolean
  /** Never negative: a net cost is stated as the amount it costs. */
  readonly amount: number
}

/**
 * A negative value per year is a net cost, said as one: "Net cost per year $65,640", never
 * "You save per year −$65,640". The page, the PDF and the agreed figures all read it so.
 */
export function headlineValue(yearlyValue: number): HeadlineValue {
  return yearlyValue < 0 ? { netCost: true, amount: -yearlyValue } : { netCost: false, amount: yearlyValue }
}

/** The headline's label for `value`: the value type's "You save per year", or "Net cost per year". */
export function headlineLabel(
  value: HeadlineValue,
  valueType: ValueType | undefined,
  texts: Pick<ProposalTexts, 'perYear' | 'netCostPerYear'>,
): string {
  return value.netCost ? texts.netCostPerYear : texts.perYear(valueType)
}

export interface PaybackPoint {
  /** Months from the start. */
  readonly month: number
  /** The value earned by then. */
  readonly value: number
  /** What has been paid by then: the setup and one-off amounts at the start, a recurring amount at the start of each period. */
  readonly cost: number
}

const PERIOD_MONTHS = { month: 1, year: 12 } as const

function costBy(price: CalculatorPrice, month: number, horizonMonths: number): number {
  if (price.period === 'one-off') return price.amount
  const periodMonths = PERIOD_MONTHS[price.period]
  // Periods begun by then; the horizon's end begins no new one.
  const periods = Math.min(Math.floor(month / periodMonths) + 1, Math.ceil(horizonMonths / periodMonths))
  return (price.setup ?? 0) + periods * price.amount
}

/**
 * Cumulative value and cost at each month from 0 to the horizon (3 years), when the calculator has
 * the seller's price; undefined without one (an estimated cost is not drawn as if it were known).
 */
export function paybackSeries(result: CalculatorResult): PaybackPoint[] | undefined {
  if (result.calculatorType === 'value' || result.priced === undefined) return undefined
  const monthly = result.calculatorType === 'standard' ? result.standard.monthly : result.aiCalculated.monthly
  const perMonth = Number.isFinite(monthly) ? monthly : 0
  const horizonMonths = PRICE_HORIZON_YEARS * 12
  const price = result.priced.price
  const points: PaybackPoint[] = []
  for (let month = 0; month <= horizonMonths; month++) {
    points.push({ month, value: perMonth * month, cost: costBy(price, month, horizonMonths) })
  }
  return points
}
