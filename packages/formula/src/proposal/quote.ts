// A proposal's pricing table (issue 37): its lines with the prospect's ticks, discounts and tax,
// and the price ROI and payback use. Money is summed in minor units (cents, öre) so totals shown in
// the table, on the page and in the PDF agree to the öre.
import type { CalculatorPrice } from '../calculator/calculator-price.ts'

export type QuoteRecurrence = 'once' | 'month' | 'year'

/** A pricing table's line as the quote needs it (contracts' PricingItem has this shape). */
export interface QuoteLine {
  id: string
  quantity: number
  unitPrice: number
  recurrence: QuoteRecurrence
  discountPercent?: number
  optional?: boolean
  selected?: boolean
}

export interface QuoteTable {
  items: readonly QuoteLine[]
  discountPercent?: number
  taxPercent?: number
}

/** The totals of each recurrence, after discounts, before and after tax. */
export interface QuotePart {
  /** The lines' amounts after their own discounts. */
  subtotal: number
  /** Taken off by the table's discount. */
  discount: number
  /** subtotal − discount: what ROI and payback use. */
  net: number
  tax: number
  total: number
}

export interface QuoteTotals {
  once: QuotePart
  month: QuotePart
  year: QuotePart
  /** Each line's amount after its own discount, or 0 when it is an unticked option. */
  lines: ReadonlyMap<string, number>
  /** Whether anything recurs. */
  recurring: boolean
}

const cents = (amount: number) => Math.round(amount * 100)
const fromCents = (amount: number) => amount / 100

/** Whether an optional line counts: the prospect's tick when given, else the seller's starting choice. */
export function lineChosen(line: QuoteLine, ticks: Readonly<Record<string, boolean>> | undefined): boolean {
  if (line.optional !== true) return true
  return ticks?.[line.id] ?? line.selected === true
}

function lineCents(line: QuoteLine): number {
  const gross = cents(line.quantity * line.unitPrice)
  return gross - Math.round((gross * (line.discountPercent ?? 0)) / 100)
}

function partOf(subtotalCents: number, table: QuoteTable): QuotePart {
  const discount = Math.round((subtotalCents * (table.discountPercent ?? 0)) / 100)
  const net = subtotalCents - discount
  const tax = Math.round((net * (table.taxPercent ?? 0)) / 100)
  return {
    subtotal: fromCents(subtotalCents),
    discount: fromCents(discount),
    net: fromCents(net),
    tax: fromCents(tax),
    total: fromCents(net + tax),
  }
}

/** The table's totals with the prospect's ticks (by line id). */
export function quoteTotals(table: QuoteTable, ticks?: Readonly<Record<string, boolean>>): QuoteTotals {
  const sums: Record<QuoteRecurrence, number> = { once: 0, month: 0, year: 0 }
  const lines = new Map<string, number>()
  for (const line of table.items) {
    const amount = lineChosen(line, ticks) ? lineCents(line) : 0
    lines.set(line.id, fromCents(amount))
    sums[line.recurrence] += amount
  }
  return {
    once: partOf(sums.once, table),
    month: partOf(sums.month, table),
    year: partOf(sums.year, table),
    lines,
    recurring: sums.month + sums.year > 0,
  }
}

/**
 * The calculator's price from the quote (before tax: a business reclaims VAT): monthly lines alone
 * give a monthly price, any yearly line makes it yearly (months × 12 added), and one-off lines are
 * the setup part, or the whole price when nothing recurs. Undefined when the quote totals nothing.
 */
export function priceOfQuote(table: QuoteTable, ticks?: Readonly<Record<string, boolean>>): CalculatorPrice | undefined {
  const totals = quoteTotals(table, ticks)
  const once = totals.once.net
  const oneOff: CalculatorPrice | undefined =
    once > 0 ? { amount: once, period: 'one-off', setup: undefined, formula: undefined, source: { kind: 'entered' } } : undefined
  if (!totals.recurring) return oneOff
  const yearly = totals.year.net > 0
  const amount = yearly ? Math.round((totals.year.net + totals.month.net * 12) * 100) / 100 : totals.month.net
  if (amount <= 0) return oneOff
  return { amount, period: yearly ? 'year' : 'month', setup: once > 0 ? once : undefined, formula: undefined, source: { kind: 'entered' } }
}
