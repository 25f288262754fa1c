// The honesty rules of issues 14 and 35, the same for every analyzer: quotes are in the text,
// sourced defaults come from their quotes, an assumption never stands in for a stated figure, "no
// figure" is never said when there is one, foreign money is converted with its rate named beside
// the input (or labelled), an assumption is an input and never a number hidden in a formula, a
// stated price is the calculator's price (so ROI and payback use it), ROI and payback without one
// are called estimates, and the result at the defaults stays within what the text makes plausible.
// Each problem is phrased for a person or a model to fix ('path: message'), so the OpenAI analyzer
// can send it back for a repair and the service can show it to the seller (docs/decisions/096, 128).
import { hiddenConstants, type CalculatorData, type CalculatorParameter } from '@valueproof/formula'
import { currencyProblem } from './honesty-currency.ts'
import { derivedFrom } from './honesty-derivations.ts'
import { dollarOf, readNumbers } from './honesty-numbers.ts'
import { createQuoteFinder, searchablePages } from './honesty-quotes.ts'
import { priceProblems, statedOfferPrice } from './honesty-price.ts'
import { yearlyValueAtDefaults } from './honesty-result.ts'
import {
  NO_FIGURE_CLAIM,
  citation,
  contentStems,
  isGeneralClaim,
  sentencesOf,
  statedFigureFor,
  statesAnyFigure,
  type TextSentence,
} from './honesty-stated.ts'
import type { AnalysisInput } from './types.ts'

export type HonestyRule =
  /** A document or description source whose quote is not in the text (for a document: not on its page). */
  | 'quote_not_in_text'
  /** A sourced default that neither appears in its quote nor is derived from numbers in it. */
  | 'figure_not_in_quote'
  /** A parameter marked as an assumption while the text states a figure for the same thing. */
  | 'assumption_replaces_stated'
  /** "No figure" / "ingen siffra" said while the text states one. */
  | 'false_no_figure'
  /** Foreign money shown as the base currency, or converted without saying so. */
  | 'currency_unlabelled'
  /** The yearly result at the defaults exceeds the bound the caller passed. */
  | 'implausible_result'
  /** A number in a formula that is not a unit conversion: an assumption the seller and prospect cannot change. */
  | 'hidden_constant'
  /** The text states the offer's price, but ROI and payback do not use it (no calculator price, no price field). */
  | 'price_not_used'
  /** The calculator's price is neither its quote's figure nor its formula at the defaults. */
  | 'price_not_in_quote'
  /** ROI or payback stated without a price and without saying they are an estimate. */
  | 'estimate_unlabelled'

export interface HonestyProblem {
  readonly rule: HonestyRule
  /** Where, e.g. 'parameters[1].source.quote'; 'formula' for the result. */
  readonly path: string
  readonly message: string
}

export interface HonestyOptions {
  /** The largest plausible yearly result at the defaults, e.g. the stated baseline the calculator improves on. */
  readonly maxYearlyValue?: number
}

/** A parameter's description that shows a derivation: "converted at …", "12 hours ÷ 5 days", "NOK 650 ≈ €57 at 0.088", "beräknat från …". */
const DERIVATION_WORDS =
  /(?<![\p{L}])(?:deriv\p{L}*|calculat\p{L}*|comput\p{L}*|convert\p{L}*|based on|härle\p{L}*|beräkn\p{L}*|omräkn\p{L}*|räknat|utifrån|baserat på|at (?:a rate of )?\d|kurs\p{L}*)(?![\p{L}])|[=×÷*≈]/iu

interface Context {
  readonly data: CalculatorData
  readonly input: AnalysisInput
  /** The pages a quote is on. */
  readonly findQuote: (quote: string) => number[]
  /** The text's sentences with figures, read on first use: most calculators never need them. */
  readonly sentences: () => readonly TextSentence[]
  readonly dollar: string
}

function shortened(text: string): string {
  const limit = 120
  return text.length > limit ? `${text.slice(0, limit)}…` : text
}

function quoteProblem(context: Context, path: string, source: { quote?: string | undefined; page?: number }): HonestyProblem | undefined {
  const where = context.input.kind === 'document' ? 'document' : 'description'
  if (source.quote === undefined) {
    return {
      rule: 'quote_not_in_text',
      path: `${path}.quote`,
      message: `a ${where} source needs the passage it comes from: quote it word for word, or make the source an assumption`,
    }
  }
  const pages = context.findQuote(source.quote)
  if (pages.length === 0) {
    return {
      rule: 'quote_not_in_text',
      path: `${path}.quote`,
      message: `the quote "${shortened(source.quote)}" is not in the ${where} word for word: copy the passage exactly, or make the source an assumption`,
    }
  }
  if (context.input.kind === 'document' && source.page !== undefined && !pages.includes(source.page)) {
    return {
      rule: 'quote_not_in_text',
      path: `${path}.page`,
      message: `the quote "${shortened(source.quote)}" is on page ${pages.join(', ')}, not on page ${source.page}`,
    }
  }
  return undefined
}

/** From the quote's numbers, or from them and the numbers of a derivation the description shows. */
function defaultComesFromQuote(parameter: CalculatorParameter, value: number, quote: string, dollar: string): boolean {
  const quoted = readNumbers(quote, { dollar }).map((number) => number.values)
  if (derivedFrom(value, quoted)) return true
  const description = parameter.description ?? ''
  if (!DERIVATION_WORDS.test(description)) return false
  const shown = readNumbers(description, { dollar }).map((number) => number.values)
  return shown.length > 0 && derivedFrom(value, quoted, { shown })
}

function sourcedProblems(context: Context, parameter: CalculatorParameter, index: number): HonestyProblem[] {
  const source = parameter.source
  if (source === undefined || source.kind === 'assumption') return []
  const path = `parameters[${index}]`
  const problems: HonestyProblem[] = []
  const located = quoteProblem(context, `${path}.source`, source)
  if (located !== undefined) problems.push(located)
  if (source.quote === undefined) return problems
  const value = parameter.defaultValue
  if (value !== undefined && !defaultComesFromQuote(parameter, value, source.quote, context.dollar)) {
    problems.push({
      rule: 'figure_not_in_quote',
      path: `${path}.defaultValue`,
      message: `the default ${value} is not in its quote "${shortened(source.quote)}" nor derived from its numbers: quote the passage that states it, show the derivation in the parameter's description, or make it an assumption`,
    })
  }
  const currency = currencyProblem(parameter, source.quote, { data: context.data, dollar: context.dollar })
  if (currency !== undefined) problems.push({ rule: 'currency_unlabelled', path: `${path}.defaultValue`, message: currency })
  return problems
}

function statedProblems(context: Context, parameter: CalculatorParameter, index: number): HonestyProblem[] {
  if (parameter.source?.kind !== 'assumption' && !NO_FIGURE_CLAIM.test(parameter.description ?? '')) return []
  const stated = statedFigureFor(parameter, context.sentences())
  if (stated === undefined) return []
  const path = `parameters[${index}]`
  const said = `the text states ${citation(stated.figure)} for it: "${shortened(stated.sentence)}"`
  const problems: HonestyProblem[] = []
  const source = parameter.source
  if (source?.kind === 'assumption') {
    problems.push({
      rule: 'assumption_replaces_stated',
      path: `${path}.source`,
      message: `'${parameter.label}' is an assumption, but ${said}; use that figure with its quote`,
    })
    if (NO_FIGURE_CLAIM.test(source.note ?? '')) {
      problems.push({ rule: 'false_no_figure', path: `${path}.source.note`, message: `the note says there is no figure, but ${said}` })
    }
  }
  if (NO_FIGURE_CLAIM.test(parameter.description ?? '')) {
    problems.push({ rule: 'false_no_figure', path: `${path}.description`, message: `the description says there is no figure, but ${said}` })
  }
  return problems
}

/** "No figure" sentences of the explanation and description: about a parameter, or about the whole text. */
function calculatorClaimProblems(context: Context): HonestyProblem[] {
  const problems: HonestyProblem[] = []
  for (const field of ['explanation', 'description'] as const) {
    for (const sentence of context.data[field].split(/(?<=[.!?])\s+|\n+/u)) {
      const claim = NO_FIGURE_CLAIM.exec(sentence)
      if (claim === null) continue
      const stems = contentStems(sentence)
      const about = context.data.parameters.filter((parameter) => [...contentStems(parameter.label)].some((stem) => stems.has(stem)))
      const stated =
        about.length > 0
          ? about.map((parameter) => statedFigureFor(parameter, context.sentences())).find((figure) => figure !== undefined)
          : isGeneralClaim(sentence, claim)
            ? statesAnyFigure(context.sentences())
            : undefined
      if (stated === undefined) continue
      problems.push({
        rule: 'false_no_figure',
        path: field,
        message: `"${shortened(sentence.trim())}" — but the text states ${citation(stated.figure)}: "${shortened(stated.sentence)}"`,
      })
    }
  }
  return problems
}

function resultProblem(data: CalculatorData, options: HonestyOptions): HonestyProblem | undefined {
  const bound = options.maxYearlyValue
  if (bound === undefined) return undefined
  const yearly = yearlyValueAtDefaults(data)
  if (yearly === undefined || Math.abs(yearly) <= bound) return undefined
  return {
    rule: 'implausible_result',
    path: 'formula',
    message: `at the defaults the result is ${Math.round(yearly)} ${data.baseCurrency} a year, more than the ${bound} ${data.baseCurrency} the text makes plausible: the value is the improvement on the baseline, not the baseline`,
  }
}

/** Every way the calculator misrepresents its text; empty when it is honest. */
export function honestyProblems(data: CalculatorData, input: AnalysisInput, options: HonestyOptions = {}): HonestyProblem[] {
  const dollar = dollarOf(input.pages.map((page) => page.text).join('\n\n'))
  let sentences: TextSentence[] | undefined
  const context: Context = {
    data,
    input,
    findQuote: createQuoteFinder(searchablePages(input)),
    sentences: () => (sentences ??= input.pages.flatMap((page) => sentencesOf(page.text, dollar))),
    dollar,
  }
  const problems = data.parameters.flatMap((parameter, index) => [
    ...sourcedProblems(context, parameter, index),
    ...statedProblems(context, parameter, index),
  ])
  problems.push(...calculatorClaimProblems(context))
  // The offer's price quotes its passage like any sourced default (decision 101).
  const priceSource = data.price?.source
  if (priceSource !== undefined && priceSource.kind !== 'entered') {
    const located = quoteProblem(context, 'price.source', priceSource)
    if (located !== undefined) problems.push(located)
  }
  problems.push(...hiddenConstantProblems(data))
  problems.push(...priceProblems(data, { stated: () => statedOfferPrice(context.sentences()), dollar }))
  const result = resultProblem(data, options)
  if (result !== undefined) problems.push(result)
  return problems
}

/** Numbers hidden in the formulas: each becomes an input (an assumption the seller and prospect can change). */
function hiddenConstantProblems(data: CalculatorData): HonestyProblem[] {
  return hiddenConstants(data).map((hidden) => ({
    rule: 'hidden_constant',
    path: hidden.path,
    message: `${hidden.value} in "${shortened(hidden.formula)}" is not a unit conversion (minutes, percent, periods, thousands): make it an input with its source (a quote, or an assumption the seller and prospect can change)`,
  }))
}

/** The problems as 'path: message' lines, the form a repair request and a log take. */
export function describeHonestyProblems(problems: readonly HonestyProblem[]): string[] {
  return problems.map((problem) => `${problem.path}: ${problem.message}`)
}
