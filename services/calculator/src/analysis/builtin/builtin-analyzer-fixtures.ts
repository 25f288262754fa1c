// Shared texts and helpers of the built-in analyzer's end-to-end tests (builtin-analyzer*.test.ts,
// stories*.test.ts).
import { createCalculator, type CalculatorData } from '@valueproof/formula'
import { expect } from 'vitest'
import type { AnalysisInput, TextPage } from '../types.ts'
import type { AnalysisReport } from './analysis-report.ts'
import { createBuiltinAnalyzer } from './index.ts'
import { inspectAnalysis } from './inspect.ts'

export const analyzer = createBuiltinAnalyzer()

/** The analyzer's visible assumptions where a text states none (story-kit.ts, story-time.ts). */
export const ASSUMED = { hourlyCostUsd: 50, timeReductionPercent: 20, relativeIncreasePercent: 20 } as const
/** SPEC §9's factors from a result's period to a year. */
export const PER_YEAR = { daily: 365, weekly: 52, monthly: 12, yearly: 1 } as const

export const PROPOSAL: TextPage[] = [
  {
    page: 1,
    text: [
      'Acme Support Automation Proposal',
      '',
      'Our consultants cost $150 / hour. The project fee is $14,000.',
      'Your team of 12 agents spends 10 hours per week each on manual ticket triage, which we save.',
      'Call us on 08-123 456 78. Offer valid until 2025-03-31. Section 10.2 applies.',
    ].join('\n'),
  },
  { page: 2, text: 'Page 2 of 2\nLicences are $15 per user per month.' },
]

export const SWEDISH_OFFER: TextPage[] = [
  {
    page: 1,
    text: [
      'Offert: Automatiserad fakturahantering',
      'Vi hanterar 2 500 fakturor per månad åt er.',
      'Varje faktura tar i dag 6 minuter att registrera manuellt.',
      'Timkostnaden för en ekonomiassistent är 450 kr/timme.',
      'Pris: 1,80 kr per faktura. Startavgift SEK 100.',
    ].join('\n'),
  },
]

export function input(overrides: Partial<AnalysisInput> = {}): AnalysisInput {
  return {
    kind: 'document',
    pages: PROPOSAL,
    complexity: 'advanced',
    language: 'en',
    currency: 'USD',
    fileName: 'acme-proposal.pdf',
    ...overrides,
  }
}

export function description(text: string, overrides: Partial<AnalysisInput> = {}): AnalysisInput {
  return input({ kind: 'description', pages: [{ page: 1, text }], fileName: undefined, ...overrides })
}

/** The formula's result at the default values (the value calculator: its highlighted metrics). */
export function resultsAtDefaults(calculator: CalculatorData): number[] {
  const computed = createCalculator(calculator).compute()
  if (computed.calculatorType === 'value') return computed.valueCalculation.highlighted.map((field) => field.value)
  expect(computed.formulaResult.ok).toBe(true)
  return [computed.result]
}

/** A value calculator's metric at the defaults ("yearlyCost", "netYearlyValue"). */
export function metricAtDefaults(calculator: CalculatorData, name: string): number | undefined {
  const computed = createCalculator(calculator).compute()
  if (computed.calculatorType !== 'value') throw new Error(`not a value calculator: ${calculator.calculatorType}`)
  return computed.valueCalculation.fields.find((field) => field.name === name)?.value
}

export function parameter(calculator: CalculatorData, name: string) {
  const found = calculator.parameters.find((candidate) => candidate.name === name)
  if (found === undefined) throw new Error(`no parameter ${name} in ${calculator.parameters.map((candidate) => candidate.name).join(', ')}`)
  return found
}

/** The stories tests' description input: English in dollars, or Swedish in kronor. */
export function describeText(text: string, overrides: Partial<AnalysisInput> = {}): AnalysisReport {
  const swedish = overrides.language === 'sv'
  return inspectAnalysis({
    kind: 'description',
    pages: [{ page: 1, text }],
    complexity: 'advanced',
    language: swedish ? 'sv' : 'en',
    currency: swedish ? 'SEK' : 'USD',
    ...overrides,
  })
}

/** Whether the figure whose words contain `text` is a slider or a documented constant. */
export const used = (report: AnalysisReport, text: string): boolean => figure(report, text).use !== 'unused'

export function figure(report: AnalysisReport, text: string) {
  const found = report.figures.find((candidate) => candidate.text.includes(text))
  if (found === undefined) throw new Error(`no figure "${text}": ${report.figures.map((candidate) => candidate.text).join(' | ')}`)
  return found
}

/** Whether the quote states `value` as written in English or Swedish ("1,200", "2 500", "1,80"). */
export function quoteStates(quote: string, value: number): boolean {
  const plain = quote.replace(/(\d)[,\s\u00a0](?=\d{3}(?!\d))/g, '$1')
  return plain.includes(String(value)) || plain.includes(String(value).replace('.', ','))
}
