// What a document states about its price, line by line: line items (a description, a quantity, a
// unit price, the line's amount), hours × rates, fee schedules per month or year, tiers, options,
// deductions, instalments and totals. The readers (fee-lines.ts, quote-lines.ts, totals.ts,
// work-breakdown.ts) fill these; price-side.ts reconciles them into one price.
import type { CurrencyCode } from '../read/figures-types.ts'

/** Where a figure was read: its page and a passage of that page, word for word. */
export interface Stated {
  readonly page: number
  readonly quote: string
  readonly ocr?: true
}

export type LinePeriod = 'one-off' | 'month' | 'quarter' | 'year'

export type LineKind =
  /** Counted in the price as stated. */
  | 'fee'
  /** Priced, but the buyer chooses it ("Circle options chosen", "if required", an add-on): counted 0 times until chosen. */
  | 'option'
  /** One of several tiers or formats of which the buyer takes one (a rate card, a sponsorship prospectus). */
  | 'alternative'
  /** A price per hour or per unit with no quantity stated: counted for a quantity the buyer sets. */
  | 'rate'
  /** A stated total of other lines ("Quote Total", "Totalkostnad", "Requested Amount", "Contract Price"). */
  | 'total'
  /** An instalment of a total ("prepayment of $1,900", "the remaining $3,100"): never added to it. */
  | 'part'

export interface LineItem {
  readonly description: string
  readonly kind: LineKind
  /** Money per unit (per period for a recurring fee), in `currency`; positive (see `sign`). */
  readonly unitPrice: number
  readonly currency: CurrencyCode
  readonly period: LinePeriod
  /** What the unit price is per when it is not the whole engagement: 'hour', 'user', 'issue', 'thousand' (CPM), 'download'. */
  readonly per?: string
  /** A stated quantity ("4.00EA", "Number of Users 6"); absent: one. */
  readonly quantity?: number
  /** Where the quantity is stated, when not on the line itself ("Number of Users 6" in another row). */
  readonly quantityStated?: Stated
  /** -1 for a deduction ("<$ 1,071.00>", "Credit ($500)"). */
  readonly sign: 1 | -1
  readonly stated: Stated
  /** Years a stated amount covers ("$599,968 over 3 years", "the total three year value"). */
  readonly years?: number
  /** A buyer's estimate rather than a quoted price ("estimated value", "uppskattas till"). */
  readonly estimate?: true
  /** A grand total of the whole engagement (not a subtotal such as "Lines Total"). */
  readonly grand?: true
}

/** One row of a work breakdown: hours for a task, written as hours per unit × units when the document does. */
export interface HoursLine {
  readonly description: string
  readonly hours: number
  readonly perUnit?: { readonly hours: number; readonly units: number; readonly noun: string }
  readonly stated: Stated
}

/** An addition in percent of the hours ("QA is usually 20% of the total development hours"). */
export interface Overhead {
  readonly description: string
  readonly percent: number
  readonly stated: Stated
}

export interface WorkBreakdown {
  readonly lines: readonly HoursLine[]
  readonly overheads: readonly Overhead[]
  /** The hourly rate the hours are priced at ("hours @ $16.44"). */
  readonly rate?: { readonly value: number; readonly currency: CurrencyCode; readonly stated: Stated }
}

/** A count the document states of what a price is per ("Number of Users 6", "25 licences"). */
export interface StatedCount {
  readonly value: number
  readonly stated: Stated
}

/** Everything a document states about its price. */
export interface PriceLines {
  readonly items: readonly LineItem[]
  readonly work?: WorkBreakdown
  /** Counts of users, seats and licences, by what they count ('user', 'seat', 'license'). */
  readonly counts?: ReadonlyMap<string, StatedCount>
}

/** Collapses a passage for a quote: one line of text, whitespace runs as single spaces. */
export function quoteOf(text: string, maxLength = 200): string {
  const single = text.replace(/\s+/g, ' ').trim()
  return single.length <= maxLength ? single : `${single.slice(0, maxLength - 1).trimEnd()}…`
}
