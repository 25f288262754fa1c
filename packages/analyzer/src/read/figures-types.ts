// What the figure reader returns: one quantity of a page with its kind, unit, period and the
// offsets of its words. Shared by the reader's parts (figures*.ts) and by fee-tables.ts.
import type { EntityId, Period } from './vocabulary.ts'

export const FIGURE_KINDS = ['money', 'hours', 'minutes', 'count', 'percent', 'duration'] as const
export type FigureKind = (typeof FIGURE_KINDS)[number]

/** Currencies the scanner recognises; only USD, EUR and SEK have fixed rates (SPEC §9), the others a named indicative rate (terms.ts). */
export const CURRENCY_CODES = ['USD', 'EUR', 'SEK', 'AUD', 'ZAR', 'GBP', 'INR', 'NOK', 'DKK', 'CAD', 'NZD', 'CHF', 'JPY', 'PLN'] as const
export type CurrencyCode = (typeof CURRENCY_CODES)[number]

/** The countries whose dollars a bare "$" may mean. */
export type DollarCode = 'USD' | 'AUD' | 'CAD' | 'NZD'

export type FigureFlag =
  /** "1,800+", "över 600". */
  | 'approximate'
  /** "<320 timmar", "> 98%": a limit, not a quantity. */
  | 'threshold'
  /** "at least", "maximalt", "up to": a limit in words. */
  | 'thresholdWord'
  /** The period comes from a table header ("Monthly Fee"), not from the figure's own words. */
  | 'headerPeriod'
  /** "20-35 pages", "10–20%": the value is the midpoint of `low` and `high`. */
  | 'range'
  /** "two per month": written as a word. */
  | 'wordNumber'
  /** "2.500" read as 2,500 (euro or Swedish writing). */
  | 'europeanThousands'
  /** "+0.5 percentage points", "0,5 procentenheter": a difference of percentages, not a share. */
  | 'points'
  /**
   * "halves", "cuts … in half", "a third of", "doubles", "twice as many", "hälften", "fördubblar": a
   * word for a share or a change, as kind 'percent' whose value is the size of the change (half 50,
   * a third 33.3, a quarter 25, double 100, triple 200); "one in five", "en av fem" is a share of 20.
   */
  | 'wordFraction'
  /**
   * A word change that says it is a decrease: "halves", "halverar", "cuts … in half", "hälften så lång
   * tid", "half the time" (value 50: the quantity falls by half).
   */
  | 'wordDecrease'
  /** A word change that says it is an increase: "doubles", "fördubblar", "twice as many", "dubbelt så många". */
  | 'wordIncrease'
  /** "R 1.8 million" read as rand without the document saying it is South African (a thousands separator, a multiplier or a money word). */
  | 'randSymbol'
  /** "from 12 to 4 minutes": the first figure of a from–to pair; the second has `fromValue`. */
  | 'fromTo'
  /** "from 12 to 4 minutes": the figure's unit is written only after the other figure of its pair. */
  | 'pairedUnit'
  /** Written with a plus sign: "+0.5 percentage points", "+12%", "+$4,000". */
  | 'plus'
  /** Written with a minus sign: "−30 %", "-12%". */
  | 'minus'
  /** "50 öre", "2:50 kr": Swedish öre, already converted to kronor. */
  | 'ore'
  /** A table cell whose currency (or period) comes from its column header ("Pris (kr)"); set by fee-tables.ts. */
  | 'headerCurrency'
  /**
   * A figure in template text ("Title $10,000 / 8-10 weeks" under "Some intro text."): an example
   * figure, kept as written and said to be one wherever it is used; set by document-reading.ts.
   */
  | 'example'

/** Per 1,000 impressions (CPM). */
export type PerEntity = EntityId | 'thousand'

export interface Figure {
  readonly kind: FigureKind
  /** For money: in `currency`; for ranges: the midpoint. */
  readonly value: number
  readonly low?: number
  readonly high?: number
  readonly currency?: CurrencyCode
  /** "per hour", "/vecka", "monthly". */
  readonly per?: Period
  /** "per user", "per person", "CPM". */
  readonly perEntity?: PerEntity
  /** What a count counts ("700 attendees"). */
  readonly entity?: EntityId
  /** The noun a count was read with, as written ("lawyers", "företagskunder"), also when `entity` is unknown. */
  readonly noun?: string
  /** The unit of a duration ("12 weeks"). */
  readonly duration?: Period
  /** The table header that gave the figure its period ("Monthly Revenue"). */
  readonly header?: string
  /** The second figure of "from 12 to 4 minutes": the value it changes from (12). */
  readonly fromValue?: number
  readonly page: number
  /** Offsets of the figure's words in the page text (currency symbol and per-phrase included). */
  readonly start: number
  readonly end: number
  readonly text: string
  readonly flags: readonly FigureFlag[]
}

export interface ScanOptions {
  /** What a bare "$" means: USD, or AUD, CAD or NZD in a text that names only that country's dollars. */
  readonly dollar: DollarCode
  /**
   * Whether "R 100" is rand (a South African document). Otherwise R before a number is rand only with
   * evidence: "R 120,000", "R 1.8 million", "costs R 450" (see figures-currency.ts); "R2", "R&D" stay letters.
   */
  readonly rand: boolean
  /** Swedish writing: "2.500" is 2,500. */
  readonly swedish: boolean
}

/** A figure while it is being built. */
export type MutableFigure = { -readonly [K in keyof Figure]: Figure[K] }
