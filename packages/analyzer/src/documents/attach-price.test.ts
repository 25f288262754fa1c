// A document that claims value keeps the pipeline's value side; when the pipeline found no price, the
// document's price joins it (renamed where names meet), in the plain and the "for value" calculator.
import { createCalculator, validateCalculatorData, type CalculatorDataInput } from '@valueproof/formula'
import { describe, expect, it } from 'vitest'
import type { AnalysisInput } from '../types.ts'
import { withDocumentPrice } from './attach-price.ts'
import { readDocumentSide } from './document-side.ts'

const QUOTE = [
  'Quote',
  'Line Description Qty Unit Price Amount',
  'Site diary licences 14.00EA 348.00 4,872.00',
  'Onboarding workshop 1.00EA 1,500.00 1,500.00',
  'Quote Total 6,372.00',
].join('\n')
const analysis: AnalysisInput = {
  kind: 'document',
  pages: [{ page: 2, text: QUOTE }],
  complexity: 'balanced',
  language: 'en',
  currency: 'USD',
}

const side = readDocumentSide(analysis.pages, { language: 'en', currency: 'USD' })

/** What the pipeline explains for a claimed saving: its own inputs, one of them named like a price line. */
const explained: CalculatorDataInput = {
  name: 'Time saved for site managers',
  description:
    'The value per year is the time saved. The text states no price, so ROI and payback are an estimate until you enter the price.',
  explanation:
    'The value per year is the time saved. The text states no price, so ROI and payback are an estimate until you enter the price.',
  formula: 'onboardingWorkshop * hourlyCost',
  parameters: [
    { name: 'onboardingWorkshop', label: 'Hours saved a year', type: 'slider', min: 0, max: 1000, step: 1, defaultValue: 400 },
    { name: 'hourlyCost', label: 'Cost per hour', type: 'slider', min: 0, max: 200, step: 1, defaultValue: 65 },
  ],
  baseCurrency: 'USD',
  baseTimeframe: 'yearly',
  valueType: 'moneySaved',
  complexity: 'balanced',
  language: 'en',
  calculatorType: 'standard',
}

describe('the document’s price on a calculator of claimed value', () => {
  it('adds the price and its inputs, renaming an input whose name the calculator uses already', () => {
    if (side.price === undefined) throw new Error('the quote has a price')
    const data = withDocumentPrice(explained, side.price, analysis)
    const validated = validateCalculatorData(data)
    expect(validated.ok).toBe(true)
    expect(data.price).toMatchObject({ amount: 6_372, period: 'one-off', source: { kind: 'document', page: 2 } })
    expect(data.price?.formula).not.toMatch(/\bonboardingWorkshop\b/)
    expect(data.formula).toBe('onboardingWorkshop * hourlyCost')
    expect(data.explanation).toMatch(/The price is the document's: \$6,372, the sum of 2 stated lines\./)
    expect(data.explanation).not.toMatch(/states no price/)
  })

  it('fills the sliders Advanced promises with the price’s inputs when the pipeline has fewer inputs', () => {
    if (side.price === undefined) throw new Error('the quote has a price')
    const advanced = { ...explained, complexity: 'advanced' as const }
    const data = withDocumentPrice(advanced, side.price, { ...analysis, complexity: 'advanced' })
    const sliders = data.parameters.filter((parameter) => parameter.type === 'slider').map((parameter) => parameter.name)
    expect(sliders).toHaveLength(3)
    expect(sliders.slice(0, 2)).toEqual(['onboardingWorkshop', 'hourlyCost'])
    // Balanced's two sliders are the pipeline's already: the price's inputs stay numbers.
    const balanced = withDocumentPrice(explained, side.price, analysis)
    expect(balanced.parameters.filter((parameter) => parameter.type === 'slider')).toHaveLength(2)
  })

  it('keeps a price the pipeline found', () => {
    if (side.price === undefined) throw new Error('the quote has a price')
    const priced = { ...explained, price: { amount: 1_000, period: 'year' as const, source: { kind: 'entered' as const } } }
    expect(withDocumentPrice(priced, side.price, analysis).price?.amount).toBe(1_000)
  })

  it('adds a price field to a "for value" calculator and takes it from the net value', () => {
    if (side.price === undefined) throw new Error('the quote has a price')
    const value: CalculatorDataInput = {
      ...explained,
      formula: '',
      parameters: [],
      calculatorType: 'value',
      complexity: 'value',
      valueFields: [
        { name: 'hoursSaved', label: 'Hours saved a year', defaultValue: 400, calculated: false },
        { name: 'valuePerYear1', label: 'Value per year', calculated: true, formula: 'hoursSaved * 65' },
        { name: 'netValuePerYear', label: 'Net value per year', calculated: true, formula: 'valuePerYear1', highlight: true },
      ],
    }
    const data = withDocumentPrice(value, side.price, { ...analysis, complexity: 'value' })
    const validated = validateCalculatorData(data)
    if (!validated.ok) throw new Error(validated.problems.map((problem) => problem.message).join('; '))
    const computed = createCalculator(validated.calculatorData).compute()
    const values = computed.calculatorType === 'value' ? computed.values : {}
    expect(values.pricePerYear).toBeCloseTo(6_372 / 3, 2)
    expect(values.netValuePerYear).toBeCloseTo(400 * 65 - 6_372 / 3, 2)
  })
})
