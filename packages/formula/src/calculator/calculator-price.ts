// The seller's price (issue 15): what the offer costs, how it recurs and where the figure came from,
// and the ROI, payback and net value a calculator shows from it in place of SPEC §9's assumed cost.
// The choices are in docs/decisions/101.
import { z } from 'zod'

/** How a price recurs: once, every month, or every year. */
export const PRICE_PERIODS = ['one-off', 'month', 'year'] as const
export type PricePeriod = (typeof PRICE_PERIODS)[number]

export const PRICE_LIMITS = {
  /** The largest price (and setup part) in the base currency: far above any offer, small enough that every derived figure stays exact. */
  maxAmount: 10_000_000_000,
  /** The longest passage a source quotes (a parameter's source and a price's alike). */
  maxQuoteLength: 600,
  /** The longest price formula. */
  maxFormulaLength: 2000,
} as const

/** ROI and net value compare the value with the price over the 3 years whose value the calculator shows (SPEC §9's 3-year value). */
export const PRICE_HORIZON_YEARS = 3
/** A payback longer than this many months is said as "more than 10 years" rather than as a number of months. */
export const PAYBACK_SHOWN_MAX_MONTHS = 120

const MONTHS_PER_PERIOD: Readonly<Record<Exclude<PricePeriod, 'one-off'>, number>> = { month: 1, year: 12 }

const quote = z.string().min(1).max(PRICE_LIMITS.maxQuoteLength)

/** Where the price came from: a quoted passage of the document (with its page) or of the description, or entered by the seller. */
export const priceSourceSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('document'),
    quote: quote.optional(),
    page: z.number().int().positive(),
    ocr: z.literal(true).optional(),
  }),
  z.strictObject({ kind: z.literal('description'), quote: quote.optional() }),
  z.strictObject({ kind: z.literal('entered') }),
])
export type PriceSource = z.output<typeof priceSourceSchema>

const amount = (what: string) =>
  z
    .number({ error: `${what} must be a number` })
    .gt(0, { error: `${what} must be greater than 0` })
    .max(PRICE_LIMITS.maxAmount, { error: `${what} must be at most ${PRICE_LIMITS.maxAmount.toLocaleString('en-US')}` })

export const calculatorPriceSchema = z
  .strictObject({
    /** In the calculator's baseCurrency, per `period`. */
    amount: amount('the price'),
    period: z.enum(PRICE_PERIODS, { error: `the period must be one of ${PRICE_PERIODS.join(', ')}` }),
    /** A one-off part paid at the start besides a recurring price (setup, installation). */
    setup: amount('the setup price')
      .nullish()
      .transform((value) => value ?? undefined),
    /**
     * The amount per period as a formula over the calculator's inputs ("pricePerUser * users * 12"),
     * so the price follows the sliders it depends on; `amount` is its value at the defaults.
     */
    formula: z
      .string()
      .max(PRICE_LIMITS.maxFormulaLength)
      .nullish()
      .transform((value) => value ?? undefined),
    source: priceSourceSchema,
  })
  .superRefine((price, context) => {
    if (price.period === 'one-off' && price.setup !== undefined) {
      context.addIssue({ code: 'custom', path: ['setup'], message: 'a one-off price has no separate setup part: add it to the amount' })
    }
  })
export type CalculatorPrice = z.output<typeof calculatorPriceSchema>
export type CalculatorPriceInput = z.input<typeof calculatorPriceSchema>

/** How long the price takes to be paid back, or that the value never covers it. */
export type Payback = { readonly paidBack: true; readonly months: number } | { readonly paidBack: false }

export interface PricedReturn {
  readonly price: CalculatorPrice
  readonly horizonYears: number
  /** The value over the horizon (the 3-year value). */
  readonly horizonValue: number
  /** What the price costs over the horizon: the setup or one-off amount once, a recurring amount every period. */
  readonly horizonCost: number
  /** Value minus cost over the horizon. */
  readonly netValue: number
  /** Net value over the horizon's cost, in percent. */
  readonly roiPercent: number
  readonly payback: Payback
}

const finiteOrZero = (value: number): number => (Number.isFinite(value) ? value : 0)

/** What the price costs over `years`. */
export function priceCostOver(price: CalculatorPrice, years: number): number {
  if (price.period === 'one-off') return price.amount
  return (price.setup ?? 0) + price.amount * (12 / MONTHS_PER_PERIOD[price.period]) * years
}

/**
 * Months until the value earned covers what has been paid. A recurring price is paid at the start
 * of each period (with any setup at the very start), so after k periods have begun the cost is
 * setup + k × amount; the value covers it at (setup + k × amount) / monthly value, where k is the
 * first count of periods within which that happens. Never when a period's value does not exceed its price.
 */
export function paybackOf(price: CalculatorPrice, monthlyValue: number): Payback {
  const value = finiteOrZero(monthlyValue)
  if (value <= 0) return { paidBack: false }
  if (price.period === 'one-off') return { paidBack: true, months: price.amount / value }
  const periodMonths = MONTHS_PER_PERIOD[price.period]
  const surplusPerPeriod = value * periodMonths - price.amount
  if (surplusPerPeriod <= 0) return { paidBack: false }
  const setup = price.setup ?? 0
  const periods = Math.max(1, Math.ceil(setup / surplusPerPeriod))
  const months = (setup + periods * price.amount) / value
  return Number.isFinite(months) ? { paidBack: true, months } : { paidBack: false }
}

/** The price at the values on screen: a price formula evaluated with them, else the stated amount. */
export function priceAt(price: CalculatorPrice, amountAt: ((formula: string) => number | undefined) | undefined): CalculatorPrice {
  if (price.formula === undefined || amountAt === undefined) return price
  const amount = amountAt(price.formula)
  return amount !== undefined && Number.isFinite(amount) && amount > 0 ? { ...price, amount } : price
}

/** ROI, payback and net value of a value (per month and per year) against the seller's price. */
export function pricedReturn(price: CalculatorPrice, value: { readonly monthly: number; readonly yearly: number }): PricedReturn {
  const horizonValue = finiteOrZero(value.yearly) * PRICE_HORIZON_YEARS
  const horizonCost = priceCostOver(price, PRICE_HORIZON_YEARS)
  const netValue = horizonValue - horizonCost
  return {
    price,
    horizonYears: PRICE_HORIZON_YEARS,
    horizonValue,
    horizonCost,
    netValue,
    roiPercent: (netValue / horizonCost) * 100,
    payback: paybackOf(price, value.monthly),
  }
}
