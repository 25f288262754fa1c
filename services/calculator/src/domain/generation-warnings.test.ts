import { validateCalculatorData, type CalculatorData, type CalculatorDataInput } from '@valueproof/formula'
import { describe, expect, it } from 'vitest'
import { honestyProblems, type HonestyProblem } from '../analysis/honesty.ts'
import type { AnalysisInput } from '../analysis/types.ts'
import { reportDishonesty } from './generation.ts'
import { generationWarnings } from './generation-warnings.ts'

const TEXT = 'Today the office keeps two in-house cleaners at $7,500 a month. Our service replaces them. Our price is $4,900 per month.'

function input(language: 'en' | 'sv' = 'en'): AnalysisInput {
  return { kind: 'description', pages: [{ page: 1, text: TEXT }], complexity: 'balanced', language, currency: 'USD' }
}

function calculator(overrides: Partial<CalculatorDataInput> = {}): CalculatorData {
  const result = validateCalculatorData({
    name: 'Office cleaning',
    formula: 'inHouseCostPerMonth * 12',
    parameters: [
      {
        name: 'inHouseCostPerMonth',
        label: 'In-house cleaning per month',
        unit: 'USD',
        min: 0,
        max: 20_000,
        step: 100,
        defaultValue: 7500,
        source: { kind: 'description', quote: 'Today the office keeps two in-house cleaners at $7,500 a month.' },
      },
    ],
    baseCurrency: 'USD',
    baseTimeframe: 'yearly',
    ...overrides,
  })
  if (!result.ok) throw new Error(JSON.stringify(result.problems))
  return result.calculatorData
}

describe('generationWarnings', () => {
  it('is empty for an honest calculator with its price', () => {
    const data = calculator({
      price: {
        amount: 58_800,
        period: 'year',
        formula: 'pricePerMonth * 12',
        source: { kind: 'description', quote: 'Our price is $4,900 per month.' },
      },
      parameters: [
        ...calculator().parameters,
        {
          name: 'pricePerMonth',
          label: 'Price per month',
          unit: 'USD',
          min: 0,
          max: 20_000,
          step: 100,
          defaultValue: 4900,
          source: { kind: 'description', quote: 'Our price is $4,900 per month.' },
        },
      ],
    })
    expect(honestyProblems(data, input())).toEqual([])
    expect(generationWarnings(data, [])).toEqual([])
  })

  it('tells the seller of a stated price the calculator leaves out, with the checker’s finding as the detail', () => {
    const data = calculator()
    const honesty = honestyProblems(data, input())
    expect(honesty.map((problem) => problem.rule)).toEqual(['price_not_used'])
    expect(generationWarnings(data, honesty)).toEqual([
      {
        code: 'price_missing',
        message:
          "Your text states the offer's price, but the calculator has none, so ROI and payback are estimates. Enter the price in the calculator.",
        details: [expect.stringContaining('the text states the offer\'s price ($4,900: "Our price is $4,900 per month.")')],
      },
    ])
  })

  it('names the inputs whose figures failed the checks, in the calculator’s language, and leaves hidden numbers to the calculator’s own warning', () => {
    const data = calculator({
      language: 'sv',
      formula: 'inHouseCostPerMonth * 12 * 0.9',
      parameters: [
        { ...calculator().parameters[0], name: 'inHouseCostPerMonth', label: 'Städning i egen regi per månad', defaultValue: 9000 },
      ],
      price: { amount: 58_800, period: 'year', source: { kind: 'description', quote: 'Our price is $4,900 per month.' } },
    })
    const honesty = honestyProblems(data, input('sv'))
    expect(honesty.map((problem) => problem.rule).sort()).toEqual(['figure_not_in_quote', 'hidden_constant'])
    const warnings = generationWarnings(data, honesty)
    expect(warnings.map((warning) => warning.code)).toEqual(['hidden_constant', 'unchecked_figures'])
    expect(warnings[1]).toEqual({
      code: 'unchecked_figures',
      message:
        "Siffrorna för 'Städning i egen regi per månad' klarade inte ärlighetskontrollen. Kontrollera dem mot ditt dokument eller din beskrivning.",
      inputs: ['inHouseCostPerMonth'],
      details: [expect.stringContaining('parameters[0].defaultValue: the default 9000 is not in its quote')],
    })
  })
})

describe('reportDishonesty', () => {
  it('logs an analyzer’s dishonest calculator loudly, by rule and path only, never the text', () => {
    const logged: unknown[][] = []
    const problem: HonestyProblem = { rule: 'figure_not_in_quote', path: 'parameters[0].defaultValue', message: 'quotes "secret text"' }
    reportDishonesty(
      { error: (...args: unknown[]) => void logged.push(args) },
      { calculatorData: calculator(), honesty: [problem], analyzer: 'builtin' },
      input(),
    )
    expect(logged).toEqual([
      [
        {
          analyzer: 'builtin',
          inputKind: 'description',
          complexity: 'balanced',
          rules: ['figure_not_in_quote'],
          paths: ['parameters[0].defaultValue'],
        },
        expect.stringContaining('a bug in the analyzer'),
      ],
    ])
    expect(JSON.stringify(logged)).not.toContain('secret')
  })

  it('says nothing of an honest one', () => {
    const logged: unknown[] = []
    reportDishonesty(
      { error: (...args: unknown[]) => void logged.push(args) },
      { calculatorData: calculator(), honesty: [], analyzer: 'builtin' },
      input(),
    )
    expect(logged).toEqual([])
  })
})
