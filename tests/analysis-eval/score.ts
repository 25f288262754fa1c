// Scores one case from its calculator definition and its text (never from the analyzer's internals,
// so the OpenAI analyzer can be scored the same way): stated figures carried, the net value per
// year against the label, invented figures, honesty when the text states no figure, and for a
// document the labelled drivers surfaced, its price filled and no cost presented as value.
import type { CalculatorData } from '@valueproof/formula'
import { readCalculator, type CalculatorReading } from './calculator-reading.ts'
import type { DescriptionCase, DocumentCase, DocumentLabel } from './cases/index.ts'
import {
  SAYS_ASSUMED,
  carriersOf,
  labelledFigure,
  matchFigures,
  parseExpected,
  readingsOf,
  type ExpectedFigure,
} from './figure-matching.ts'
import { conversionsIn, sameValue, statedNumbers } from './text-numbers.ts'

/** The "right yearly value": within ±35 % of the label. */
export const YEARLY_TOLERANCE = 0.35

export interface FigureOutcome {
  readonly figure: ExpectedFigure
  /** The input (or "price") that carries it. */
  readonly carrier: string | undefined
}

export interface InventedFigure {
  readonly input: string
  readonly value: number
  readonly why: string
}

/** What one calculator gives, read the same way for descriptions and documents. */
export interface CalculatorScore {
  readonly calculatorType: CalculatorData['calculatorType']
  readonly figures: readonly FigureOutcome[]
  readonly netYearly: number | undefined
  readonly invented: readonly InventedFigure[]
  readonly reading: CalculatorReading
}

export type Outcome<T> = { readonly ok: true; readonly score: T } | { readonly ok: false; readonly error: string }

export interface DescriptionRunScore extends CalculatorScore {
  /** Within YEARLY_TOLERANCE of the label's yearly; undefined when the label has no number. */
  readonly yearlyRight: boolean | undefined
  /** For a text with no usable figure (yearly null): the calculator claims no stated value. */
  readonly honest: { readonly ok: boolean; readonly why: string } | undefined
}

export interface DescriptionScore {
  readonly evalCase: DescriptionCase
  readonly outcome: Outcome<DescriptionRunScore>
}

export interface DocumentRunScore extends CalculatorScore {
  /** When the label says the document states a price: the calculator carries one. */
  readonly priceFilled: boolean | undefined
  /** Inputs holding a price-side amount that enter the value with a positive sign. */
  readonly costAsValue: readonly string[]
}

export interface DocumentScore {
  readonly evalCase: DocumentCase
  /** The extraction failed: nothing was analysed. */
  readonly extractionError: string | undefined
  readonly advanced: Outcome<DocumentRunScore> | undefined
  readonly value: Outcome<DocumentRunScore> | undefined
  /** The 'value' calculator differs from the plain one (not only by its complexity). */
  readonly valueDistinct: boolean | undefined
}

const quoteOf = (source: CalculatorData['parameters'][number]['source']): string | undefined =>
  source !== undefined && source.kind !== 'assumption' ? source.quote : undefined

/**
 * Inputs sourced to the text whose default is not a number their quote states (a percentage may be
 * held as a fraction), nor the converted value their note names for an amount the quote states.
 * Input value fields carry no source, so only parameters can be judged.
 */
export function inventedFigures(data: CalculatorData, reading: CalculatorReading): InventedFigure[] {
  const invented: InventedFigure[] = []
  for (const parameter of data.parameters) {
    if (parameter.source === undefined || parameter.source.kind === 'assumption') continue
    const value = parameter.defaultValue ?? reading.defaults[parameter.name] ?? Number.NaN
    const quote = quoteOf(parameter.source)
    if (quote === undefined) {
      invented.push({ input: parameter.name, value, why: `sourced to the ${parameter.source.kind} without a quote` })
      continue
    }
    const numbers = statedNumbers(quote)
    const stated = numbers.some((number) => sameValue(number, value) || sameValue(number, value * 100))
    const converted = conversionsIn(parameter.description ?? '').some(
      (conversion) =>
        sameValue(conversion.converted, value) &&
        conversion.originals.some((original) => numbers.some((number) => sameValue(number, original))),
    )
    if (!stated && !converted) invented.push({ input: parameter.name, value, why: `not in its quote "${quote.slice(0, 90)}"` })
  }
  return invented
}

function isAssumption(data: CalculatorData, input: string): boolean {
  const parameter = data.parameters.find((candidate) => candidate.name === input)
  if (parameter !== undefined) return parameter.source?.kind === 'assumption'
  // An input value field has no source: it is an assumption only if its description says so.
  const field = data.valueFields.find((candidate) => candidate.name === input)
  return field !== undefined && SAYS_ASSUMED.test(field.description ?? '')
}

/** Every input that drives the value is an assumption, and the explanation says the value is assumed. */
export function honestAboutNoFigure(data: CalculatorData, reading: CalculatorReading): { ok: boolean; why: string } {
  const stated = reading.valueDrivers.filter((input) => !isAssumption(data, input))
  if (stated.length > 0) return { ok: false, why: `value from inputs not marked as assumptions: ${stated.join(', ')}` }
  if (reading.valueDrivers.length === 0 && (reading.netYearly ?? 0) !== 0) return { ok: false, why: 'a value with no inputs behind it' }
  if (!SAYS_ASSUMED.test(data.explanation)) return { ok: false, why: 'the explanation does not say the value is assumed' }
  return { ok: true, why: 'every value input an assumption, said so' }
}

function scoreCalculator(data: CalculatorData, figures: readonly ExpectedFigure[]): CalculatorScore {
  const reading = readCalculator(data)
  const carriers = matchFigures(figures, carriersOf(data, reading))
  return {
    calculatorType: data.calculatorType,
    figures: figures.map((figure, index) => ({ figure, carrier: carriers[index]?.name })),
    netYearly: reading.netYearly,
    invented: inventedFigures(data, reading),
    reading,
  }
}

export function scoreDescription(evalCase: DescriptionCase, data: CalculatorData): DescriptionRunScore {
  const score = scoreCalculator(data, evalCase.expect.map(parseExpected))
  const { yearly } = evalCase
  const yearlyRight =
    typeof yearly === 'number' && score.netYearly !== undefined
      ? Math.abs(score.netYearly - yearly) <= YEARLY_TOLERANCE * Math.abs(yearly)
      : undefined
  return {
    ...score,
    yearlyRight: typeof yearly === 'number' ? (yearlyRight ?? false) : undefined,
    honest: yearly === null ? honestAboutNoFigure(data, score.reading) : undefined,
  }
}

/** The label's figures that count as drivers (not a worked example's). */
export const driversOf = (label: DocumentLabel): ExpectedFigure[] =>
  label.figures.filter((figure) => figure.illustrative !== true).map((figure) => labelledFigure(figure.value))

/**
 * "No cost presented as value", approximated: an input whose default (or converted original) is a
 * price-side amount of the label — unless the label also lists that number as a driver, where a
 * number alone cannot tell them apart — must not enter the value formula with a positive sign (a
 * summand or a factor of one, see positiveNames; a divisor or a subtracted term does not count).
 * Inputs marked as assumptions are skipped: an assumed "2 hours" is not the document's 2-hour line item.
 */
export function costPresentedAsValue(label: DocumentLabel, data: CalculatorData, reading: CalculatorReading): string[] {
  const values = (priceSide: boolean) =>
    label.figures.filter((figure) => (figure.priceSide === true) === priceSide).flatMap((figure) => labelledFigure(figure.value).values)
  const driverValues = values(false)
  const priceValues = values(true).filter((price) => !driverValues.some((driver) => sameValue(driver, price)))
  const carriers = carriersOf(data, reading)
  return [...reading.positiveInValue].flatMap((input) => {
    if (isAssumption(data, input)) return []
    const held = carriers.find((carrier) => carrier.name === input)?.values ?? []
    const price = priceValues.find((amount) => readingsOf(amount).some((form) => held.some((value) => sameValue(value, form))))
    return price === undefined ? [] : [`${input} (${price})`]
  })
}

export function scoreDocumentRun(label: DocumentLabel, data: CalculatorData): DocumentRunScore {
  const score = scoreCalculator(data, driversOf(label))
  return {
    ...score,
    priceFilled: label.statesPrice ? data.price !== undefined || score.reading.priceField !== undefined : undefined,
    costAsValue: costPresentedAsValue(label, data, score.reading),
  }
}

/** The two calculators differ in more than the complexity they were asked for. */
export function distinctCalculators(plain: CalculatorData, value: CalculatorData): boolean {
  const comparable = (data: CalculatorData): string => JSON.stringify({ ...data, complexity: undefined })
  return plain.calculatorType !== value.calculatorType || comparable(plain) !== comparable(value)
}
