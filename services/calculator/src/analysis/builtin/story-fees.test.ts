// The fee and rate rows of a document that claims no saving, as its calculator models them: a
// schedule of monthly fees summed into a documented constant that lists every row, a price list's
// tiers and a rate card's rates as options of one price, in English and Swedish.
import { describe, expect, it } from 'vitest'
import { honestyProblems } from '../honesty.ts'
import type { AnalysisInput, GenerationComplexity } from '../types.ts'
import { analyzeText } from './build-calculator.ts'
import { inspectAnalysis } from './inspect.ts'
import { readFeeRowFigures } from './story-fees.ts'

function documentInput(text: string, language: 'en' | 'sv', complexity: GenerationComplexity = 'advanced'): AnalysisInput {
  return { kind: 'document', pages: [{ page: 1, text }], complexity, language, currency: language === 'sv' ? 'SEK' : 'USD' }
}

function uses(report: ReturnType<typeof inspectAnalysis>): Record<string, string> {
  return Object.fromEntries(report.figures.map((figure) => [figure.text.replace(/\s+/g, ' '), figure.use]))
}

const SCHEDULE = [
  'Exhibit A – Transition Services',
  'Service ID\tService\tMonthly Fee',
  'G1.1\tEmail hosting\t$2,000',
  'G1.2\tHelp desk\t$3,500',
  'G1.3\tPayroll services\t$1,250',
  '',
  'Discretionary work:',
  'Project Manager at $150 / hour',
  'Senior Engineer at $200 / hour',
].join('\n')

describe('a schedule of monthly fees', () => {
  it('sums every row into a documented constant whose derivation lists each one', () => {
    const input = documentInput(SCHEDULE, 'en')
    const report = inspectAnalysis(input)
    expect(report.story).toBe('noValueClaim')
    expect(report.noValueClaim).toBe(true)
    expect(uses(report)).toMatchObject({ '$2,000': 'constant', '$3,500': 'constant', '$1,250': 'constant' })
    const { formula, description, explanation, parameters } = report.calculatorData
    expect(formula).toContain('6750 * shareOfScheduleTaken / 100')
    for (const row of ['Email hosting $2,000 (page 1)', 'Help desk $3,500 (page 1)', 'Payroll services $1,250 (page 1)'])
      expect(explanation).toContain(row)
    expect(description).toContain('states no saving')
    expect(explanation).toContain('listed fees per month = $6,750')
    // The share taken is an assumption, a visible slider; the rates are options of one hourly rate.
    expect(parameters.map((parameter) => [parameter.name, parameter.defaultValue, parameter.source?.kind])).toEqual([
      ['shareOfScheduleTaken', 100, 'assumption'],
      ['hoursPerMonth', 40, 'assumption'],
      ['hourlyRate', 150, 'document'],
    ])
    expect(parameters[2]?.description).toContain('Senior Engineer $200 / hour')
    expect(honestyProblems(report.calculatorData, input)).toEqual([])
  })

  it('keeps the summed fees a constant when fewer sliders are asked for, the stated rate before the share', () => {
    const report = inspectAnalysis(documentInput(SCHEDULE, 'en', 'balanced'))
    expect(report.calculatorData.parameters.map((parameter) => parameter.name)).toEqual(['hoursPerMonth', 'hourlyRate'])
    expect(uses(report)).toMatchObject({ '$2,000': 'constant', '$150 / hour': 'slider', '$200 / hour': 'slider' })
    expect(report.calculatorData.explanation).toContain('share of the fee schedule taken = 100% (assumed)')
  })
})

describe('the roles of the rows', () => {
  it("reports every row the story models as the seller's price, whatever its line's words suggested", () => {
    const report = inspectAnalysis(documentInput(SCHEDULE, 'en'))
    const roles = Object.fromEntries(report.figures.map((figure) => [figure.text, figure.role]))
    expect(roles).toMatchObject({ '$2,000': 'price', '$3,500': 'price', '$1,250': 'price', '$150 / hour': 'price' })
  })

  it('lists a deduction after the prices, with its sign, and never makes it the default', () => {
    const quote = [
      'PROPOSAL',
      'OPTIONS — Circle options chosen to be added to totals:',
      'e Deduct for (1) dual-height gooseneck mounting pedestal',
      'powder-coated finish — Metro to provide concrete footing. <$ 1,071.00>',
      '* Single Gate $920.00',
      '* Double Gate $ 1,385.00',
    ].join('\n')
    const input = documentInput(quote, 'en')
    const report = inspectAnalysis(input)
    const price = report.calculatorData.parameters.find((parameter) => parameter.name === 'priceEach')
    expect(price?.defaultValue).toBe(920)
    expect(price?.description).toContain('Double Gate $ 1,385.00 (page 1); Deduct for (1) dual-height gooseneck mounting pedestal')
    expect(price?.description).toContain('−$ 1,071.00 (page 1)')
    const money = report.figures.filter((figure) => figure.kind === 'money').sort((a, b) => a.value - b.value)
    expect(money.map((figure) => [figure.value, figure.role, figure.use])).toEqual([
      [920, 'price', 'slider'],
      [1071, 'price', 'slider'],
      [1385, 'price', 'slider'],
    ])
    expect(honestyProblems(report.calculatorData, input)).toEqual([])
  })
})

describe('a price list of alternatives', () => {
  const PRICE_LIST = 'Prislista\nPaket\tMånadsavgift\nBas\t2 490 kr\nPlus\t4 990 kr\nPremium\t9 990 kr\n'

  it('makes the first tier the default price and lists the others, in Swedish', () => {
    const input = documentInput(PRICE_LIST, 'sv')
    const report = inspectAnalysis(input)
    expect(report.noValueClaim).toBe(true)
    expect(uses(report)).toEqual({ '2 490 kr': 'slider', '4 990 kr': 'slider', '9 990 kr': 'slider' })
    const price = report.calculatorData.parameters.find((parameter) => parameter.name === 'pricePerMonth')
    expect(price).toMatchObject({ defaultValue: 2490, label: 'Pris per månad', source: { kind: 'document', page: 1 } })
    expect(price?.description).toContain('Bas 2 490 kr (sida 1); Plus 4 990 kr (sida 1); Premium 9 990 kr (sida 1)')
    // Tiers are alternatives: the cost at the defaults is one tier, never their sum.
    expect(report.yearlyAtDefaults).toBe(2490 * 12)
    expect(honestyProblems(report.calculatorData, input)).toEqual([])
  })

  it('prices a CPM rate card per thousand impressions, the volume an assumption', () => {
    const report = inspectAnalysis(
      documentInput('Rate card\nDisplay formats\tCPM\nHomepage takeover\t$40 CPM\nStandard display\t$12 CPM\n', 'en'),
    )
    expect(uses(report)).toEqual({ '$40 CPM': 'slider', '$12 CPM': 'slider' })
    expect(report.calculatorData.parameters.map((parameter) => [parameter.name, parameter.defaultValue, parameter.source?.kind])).toEqual([
      ['thousandsPerMonth', 100, 'assumption'],
      ['pricePerThousand', 40, 'document'],
    ])
  })
})

describe('rows that price nothing', () => {
  function feeRows(text: string) {
    const input = documentInput(text, 'en')
    const analysis = analyzeText(input)
    return readFeeRowFigures(analysis.choice.roled, analysis.context)
  }

  it('leaves out thresholds and totals, and a request for offers is no price list', () => {
    const fees = feeRows('Revenue type\tThreshold\nDisplay\t$300,000 per month\n\nSetup: $500\nTotal: $1,500')
    expect(fees.rows.map(({ row }) => row.label)).toEqual(['Setup'])
    expect(fees.priceList).toBe(true)
    expect(feeRows('Request for quotation. Offerors shall state:\nSetup: $500\nSupport: $200').priceList).toBe(false)
  })
})
