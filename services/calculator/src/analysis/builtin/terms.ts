// One term of a story's formula: a figure the text states (quoted, converted and rescaled where it
// must be, saying so), a value derived from stated figures (shown how), or an assumption said to
// be one. Each term becomes a slider or a documented constant (./assemble.ts).
import { CURRENCIES, conversionRate, convertCurrency, type Currency, type ParameterSource } from '@valueproof/formula'
import type { FigureRole } from './analysis-report.ts'
import type { DocumentReading, ScoredFigure } from './document-reading.ts'
import type { CurrencyCode } from './figures.ts'
import { quoteAround } from './quotes.ts'
import { sliderRange, type QuantityKind, type SliderRange } from './slider-range.ts'
import { formatAmount, formatNumber, type Texts } from './wording.ts'

export interface DesignContext {
  readonly texts: Texts
  /** The calculator's baseCurrency. */
  readonly currency: Currency
  readonly inputKind: 'document' | 'description'
  readonly reading: DocumentReading
}

/**
 * Currencies without a SPEC §9 fixed rate are converted through USD at these indicative rates,
 * which the parameter names ("1 AUD = 0.65 USD"), so a rand amount is never shown as dollars.
 */
export const INDICATIVE_USD_RATES: Readonly<Record<Exclude<CurrencyCode, Currency>, number>> = {
  AUD: 0.65,
  ZAR: 0.055,
  GBP: 1.27,
  INR: 0.012,
  NOK: 0.095,
  DKK: 0.15,
  CAD: 0.73,
  NZD: 0.59,
  CHF: 1.15,
  JPY: 0.0067,
}

export interface Term {
  /** The story's name for the term ('volume', 'minutes', 'reduction', 'hourlyCost', 'price'). */
  readonly key: string
  readonly role: FigureRole
  readonly name: string
  readonly label: string
  /** The label as it reads inside a sentence. */
  readonly phrase: string
  readonly unit: string
  readonly quantity: QuantityKind
  /** The default, in the base currency for money. */
  readonly value: number
  readonly range: SliderRange
  /** The stated figure(s) behind the default; empty for an assumption. */
  readonly figures: readonly ScoredFigure[]
  readonly source: ParameterSource
  readonly description: string
  /** The value with its unit, for the explanation ("$150/hour", "5"). */
  readonly display: string
  /** An assumed scale factor or claim: always a visible slider, never a hidden constant. */
  readonly mustSlide: boolean
  /** Lower comes first when sliders are chosen for a complexity. */
  readonly priority: number
  /** A documented constant at every complexity (a sum of listed fees): never a slider or an input. */
  readonly fixed: boolean
  /** How a derived default was reached ("The sum of the 44 fees …"), for the explanation of a constant. */
  readonly derivation?: string
}

export interface TermSpec {
  readonly key: string
  readonly role: FigureRole
  readonly name: string
  readonly label: string
  readonly unit: string
  readonly quantity: QuantityKind
  /** The assumed default when no figure backs the term; money in USD. */
  readonly assumption: number
  readonly priority: number
  readonly hourly?: boolean
  readonly hoursCap?: number
  readonly notes?: readonly string[]
  /** The figure's value times this (a period conversion); `scaleNote` says so. */
  readonly scale?: number
  readonly scaleNote?: string
  /** A value derived from several stated figures (from X to Y); `derivedNote` shows how. */
  readonly derived?: { readonly value: number; readonly figures: readonly ScoredFigure[]; readonly note: string }
  /** An assumption that multiplies the result: a slider even in the smallest calculator. */
  readonly mustSlide?: boolean
  /** Always a documented constant, at every complexity (a value derived from many rows cannot be one input). */
  readonly fixed?: boolean
}

const uncapitalize = (text: string): string => (/^\p{Lu}\p{Ll}/u.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text)

function isFixedRateCurrency(code: CurrencyCode): code is Currency {
  return (CURRENCIES as readonly string[]).includes(code)
}

/** Whole units from 100 up, cents from 1, three significant digits below. */
export function roundMoney(value: number): number {
  if (value >= 100) return Math.round(value)
  if (value >= 1) return Math.round(value * 100) / 100
  return Number(value.toPrecision(3))
}

/** An assumed amount in another currency: two significant digits (50 USD → 520 SEK, 47 EUR). */
function roundAssumption(value: number): number {
  return Number(value.toPrecision(2))
}

function roundQuantity(value: number): number {
  return Math.abs(value) >= 100 ? Math.round(value) : Math.round(value * 100) / 100
}

/** A money figure in the base currency, with the note that names the conversion. */
export function moneyInBase(figure: ScoredFigure, context: DesignContext): { value: number; note: string | undefined } {
  const { texts, currency } = context
  const code = figure.currency ?? 'USD'
  const language = texts.language
  if (isFixedRateCurrency(code)) {
    if (code === currency) return { value: figure.value, note: undefined }
    return {
      value: convertCurrency(figure.value, code, currency),
      note: texts.converted(`${formatNumber(figure.value, language)} ${code}`, currency, conversionRate(code, currency)),
    }
  }
  // The rate the note names is the rate used, so the default is the quoted amount × the shown rate.
  const rate = Number((INDICATIVE_USD_RATES[code] * conversionRate('USD', currency)).toPrecision(3))
  return {
    value: figure.value * rate,
    note: texts.indicativeRate(`${formatNumber(figure.value, language)} ${code}`, code, currency, rate),
  }
}

function pageText(reading: DocumentReading, page: number): string {
  return reading.pages.find((candidate) => candidate.page === page)?.text ?? ''
}

/** A verbatim quote covering the figures (when they are close), else the first one. */
function sourceOf(figures: readonly ScoredFigure[], context: DesignContext): ParameterSource {
  const first = figures[0]
  if (first === undefined) return { kind: 'assumption', note: context.texts.assumptionNote(context.inputKind) }
  const samePage = figures.filter((figure) => figure.page === first.page)
  const start = Math.min(...samePage.map((figure) => figure.start))
  const end = Math.max(...samePage.map((figure) => figure.end))
  const text = pageText(context.reading, first.page)
  const quote = end - start <= 160 ? quoteAround(text, start, end) : quoteAround(text, first.start, first.end)
  const ocr = context.reading.pages.find((page) => page.page === first.page)?.ocr === true
  if (context.inputKind === 'document') return { kind: 'document', quote, page: first.page, ...(ocr ? { ocr: true } : {}) }
  return { kind: 'description', quote }
}

function displayOf(spec: TermSpec, value: number, context: DesignContext): string {
  const { texts, currency } = context
  const number = formatNumber(value, texts.language)
  switch (spec.quantity) {
    case 'money':
      return `${formatAmount(value, currency, texts.language)}${spec.hourly === true ? texts.say('/hour', '/timme') : ''}`
    case 'hours':
      return `${number} ${texts.hoursWord}`
    case 'minutes':
      return `${number} ${texts.minutesWord}`
    case 'percent':
      return texts.language === 'sv' ? `${number} %` : `${number}%`
    case 'count':
    case 'people':
      return number
  }
}

/** The term for `spec`, from `figure` (or the spec's derivation), or assumed when neither is given. */
export function makeTerm(spec: TermSpec, figure: ScoredFigure | undefined, context: DesignContext): Term {
  const { texts, currency, inputKind } = context
  const notes: string[] = []
  const figures = spec.derived?.figures ?? (figure === undefined ? [] : [figure])
  let value: number
  if (spec.derived !== undefined) {
    value = roundQuantity(spec.derived.value)
    notes.push(spec.derived.note)
  } else if (figure === undefined) {
    value = spec.quantity === 'money' ? roundAssumption(convertCurrency(spec.assumption, 'USD', currency)) : spec.assumption
  } else if (spec.quantity === 'money') {
    const money = moneyInBase(figure, context)
    value = roundMoney(money.value * (spec.scale ?? 1))
    if (money.note !== undefined) notes.push(money.note)
  } else {
    value = roundQuantity(figure.value * (spec.scale ?? 1))
  }
  if (spec.scale !== undefined && spec.scale !== 1 && spec.scaleNote !== undefined && figures.length > 0) notes.push(spec.scaleNote)
  if (figures.some((each) => each.flags.includes('example'))) notes.push(texts.exampleFigure)
  if (figure?.low !== undefined && figure.high !== undefined) {
    notes.push(texts.rangeMidpoint(formatNumber(figure.low, texts.language), formatNumber(figure.high, texts.language)))
  }
  notes.push(...(spec.notes ?? []))
  const source = sourceOf(figures, context)
  const first = figures[0]
  const origin =
    first === undefined
      ? texts.assumptionDescription(inputKind)
      : inputKind === 'document'
        ? texts.fromDocument(first.page)
        : texts.fromDescription
  const range = sliderRange(spec.quantity, value, spec.hoursCap === undefined ? {} : { hoursPerPeriodCap: spec.hoursCap })
  return {
    key: spec.key,
    role: spec.role,
    name: spec.name,
    label: spec.label,
    phrase: uncapitalize(spec.label),
    unit: spec.unit,
    quantity: spec.quantity,
    value,
    range,
    figures,
    source,
    description: [origin, ...notes].join(' '),
    display: displayOf(spec, value, context),
    mustSlide: spec.mustSlide === true && figures.length === 0,
    priority: spec.priority,
    fixed: spec.fixed === true,
    ...(spec.derived === undefined ? {} : { derivation: spec.derived.note }),
  }
}

/** Whether the term's default comes from the text. */
export const isStated = (term: Term): boolean => term.figures.length > 0
