// The shape of one labelled case of the analyzer evaluation (docs/decisions/097): what a careful
// human analyst reads in the text, and what a calculator built from it should show at its defaults.
import type { Currency } from '@valueproof/formula'
import type { FigureRole, StoryId } from '../../../services/calculator/src/analysis/builtin/analysis-report.ts'
import type { GenerationComplexity, Language } from '../../../services/calculator/src/analysis/types.ts'

/** The calculator currencies (SPEC §9) plus the ones texts state without a fixed rate. */
export type StatedCurrency = Currency | 'AUD' | 'ZAR' | 'INR' | 'GBP' | 'NOK' | 'DKK' | 'CAD' | 'NZD' | 'CHF' | 'JPY'

/**
 * How a figure is matched against what the analyzer read: money by value and currency, percentages
 * by value (45 or 0.45), hours and minutes by value in either unit, counts and durations by value.
 */
export type ExpectedKind = 'money' | 'percent' | 'count' | 'hours' | 'minutes' | 'duration'

/** The traps of issue 14 a case exercises; the set must cover every one. */
export const TRAPS = [
  /** "reduces handling time by 45%". */
  'improvementPercent',
  /** "minskar kostnaden med 30 %". */
  'improvementSwedishPercent',
  /** "halves", "halverar", "hälften". */
  'halves',
  /** "+0.5 percentage points", "0,5 procentenheter". */
  'percentagePoints',
  /** "from 18% to 7%", "från 4,2 % till 1,5 %". */
  'fromTo',
  /** "2,50 kr", "0,35 kr", "38,50 kr". */
  'swedishDecimals',
  /** "per sida", "per mile", "per påminnelse". */
  'unitPrice',
  /** The seller's own price or hourly rate, which is the cost side, never the customer's value of time. */
  'sellerPrice',
  /** No stated scale: the result is per one driver or craftsman, never silently times "5 people". */
  'noScale',
  /** Four or five stated figures. */
  'manyFigures',
  /** AUD, ZAR, INR, GBP, CAD, NOK … (or euro amounts in a krona calculator). */
  'foreignCurrency',
  /** "10–20%", "10–15 %". */
  'range',
  /** Fee or price rows written as prose, or a document's fee table. */
  'feeTable',
  /** A price list, a request for quotation, a grant budget, an offer with no saving claimed. */
  'noValueClaim',
  /** "1,2 miljoner", "8 386 560 kr", "R 1.8 million", "12,500". */
  'numberFormat',
  /** "a third", "doubles", "en tredjedel", "one in five". */
  'wordNumber',
  /** Minimal complexity with many stated figures: the rest must become documented constants. */
  'fewSliders',
] as const
export type Trap = (typeof TRAPS)[number]

export interface ExpectedFigure {
  /** The figure's words in the text (a description case's label test checks they are there). */
  readonly text: string
  /** As stated; a range's midpoint; a percentage as 45 for "45%"; "a third" as 33.33. */
  readonly value: number
  readonly kind: ExpectedKind
  /** Money only; defaults to the case's stated currency. A list when the text leaves it open. */
  readonly currency?: StatedCurrency | readonly StatedCurrency[]
  /** The role a careful reader gives it; a list where two readings are both right. */
  readonly role: FigureRole | readonly FigureRole[]
  /** The story needs it: it must be a slider or a documented constant (recall counts these). */
  readonly needed: boolean
  /** Documents: the page(s) it is stated on (a figure read from another page does not count). */
  readonly pages?: readonly number[]
  /** A row of a fee or rate table (the documents aim: every row the story uses is surfaced). */
  readonly row?: boolean
}

/** The yearly result at the defaults a careful analyst would show, in the stated currency. */
export interface YearlyRange {
  readonly min: number
  readonly max: number
}

interface CaseBase {
  readonly id: string
  readonly language: Language
  /** The calculator's currency (the user's choice in the generator). */
  readonly currency: Currency
  /** The currency the text states its amounts in, when it is not `currency`. */
  readonly statedCurrency?: StatedCurrency
  /** 'advanced' unless the case is about fewer sliders. */
  readonly complexity?: Exclude<GenerationComplexity, 'value'>
  readonly story: StoryId
  /** Other stories that tell the same numbers honestly (e.g. a price comparison read as time saved net of the price). */
  readonly alsoAccept?: readonly StoryId[]
  /** 'either' only where the text's claim is qualitative (a saving in words, no figure). */
  readonly noValueClaim: boolean | 'either'
  readonly figures: readonly ExpectedFigure[]
  /** Required unless noValueClaim: those cases pass the result check by `noValueClaim === true`. */
  readonly yearly?: YearlyRange
  readonly traps: readonly Trap[]
  /** The analyst's arithmetic behind `yearly`, or why the labels are what they are. */
  readonly note: string
}

export interface DescriptionCase extends CaseBase {
  readonly kind: 'description'
  readonly text: string
}

/** A figure the calculator must not use: e.g. pyconau's leftover "$10,000" text layer on the Gold page. */
export interface ForbiddenFigure {
  readonly value: number
  readonly pages: readonly number[]
  readonly why: string
}

export interface DocumentCase extends CaseBase {
  readonly kind: 'document'
  /** The file in ../shared/samples/documents (never copied into the repository). */
  readonly file: string
  /** What the document is, in a line. */
  readonly what: string
  /** Where the label is a judgement call (listed by the evaluation's report). */
  readonly uncertain?: string
  readonly forbidden?: readonly ForbiddenFigure[]
  /** Money figures whose words match this (e.g. rand amounts "R 500") must carry this currency. */
  readonly currencyOfText?: { readonly pattern: RegExp; readonly currency: StatedCurrency }
}

export type EvalCase = DescriptionCase | DocumentCase

type FigureExtras = Pick<ExpectedFigure, 'currency' | 'pages' | 'row'>

/** A figure the story needs. */
export function needed(
  text: string,
  value: number,
  kind: ExpectedKind,
  role: ExpectedFigure['role'],
  extras: FigureExtras = {},
): ExpectedFigure {
  return { text, value, kind, role, needed: true, ...extras }
}

/** A figure the text states that the story does not need (its role still counts). */
export function stated(
  text: string,
  value: number,
  kind: ExpectedKind,
  role: ExpectedFigure['role'],
  extras: FigureExtras = {},
): ExpectedFigure {
  return { text, value, kind, role, needed: false, ...extras }
}
