// The pipeline: read → roles → compose (→ explain), and what the evaluation inspects of it.
import type { CalculatorData, Currency } from '@valueproof/formula'
import { compose, type ComposedModel } from './compose/compose.ts'
import { calculatorFromFigures, readFigures, readRoles } from './figures/reading.ts'
import type { AnalysisInput, TextPage } from './types.ts'

export interface Reading {
  readonly model: ComposedModel
  /** The value of every stream per year, at the defaults. */
  readonly grossYearly: number
  /** The recurring price per year at the defaults. */
  readonly priceYearly: number
  /** One-off prices at the defaults. */
  readonly oneOff: number
  /** Gross minus the yearly price and a third of the one-off price (the 3-year horizon). */
  readonly netYearly: number
}

export function readText(pages: readonly TextPage[], options: { language: 'en' | 'sv'; currency: Currency }): Reading {
  const { roled, text } = readRoles(pages, options.language)
  const model = compose(roled, { currency: options.currency, language: options.language, text })
  return readingOf(model)
}

function readingOf(model: ComposedModel): Reading {
  const grossYearly = model.streams.reduce((sum, stream) => sum + stream.yearly, 0)
  const priceYearly = model.price.filter((term) => term.period === 'year').reduce((sum, term) => sum + term.amount, 0)
  const oneOff = model.price.filter((term) => term.period === 'one-off').reduce((sum, term) => sum + term.amount, 0)
  return { model, grossYearly, priceYearly, oneOff, netYearly: grossYearly - priceYearly - oneOff / 3 }
}

export interface Inspection extends Reading {
  readonly calculatorData: CalculatorData
}

/** The calculator for an input, with what the evaluation reads of its reasoning. */
export function inspectAnalysis(input: AnalysisInput): Inspection {
  const { model, calculatorData } = calculatorFromFigures(readFigures(input))
  return { ...readingOf(model), calculatorData }
}

/** The built-in analysis: text in, a validated calculator definition out (or an AnalysisError). */
export function analyze(input: AnalysisInput): CalculatorData {
  return inspectAnalysis(input).calculatorData
}
