import { validateCalculatorData, type CalculatorData } from '@valueproof/formula'
import { describe, expect, it } from 'vitest'
import { confirmQuestion, sellerWarnings } from './seller-warnings.ts'

function calculator(language: 'en' | 'sv' = 'en'): CalculatorData {
  const result = validateCalculatorData({
    name: 'Office cleaning',
    formula: 'inHouse * 12',
    parameters: [
      {
        name: 'inHouse',
        label: 'In-house cleaning per month',
        unit: 'SEK',
        min: 0,
        max: 100_000,
        step: 100,
        defaultValue: 20_000,
        source: { kind: 'description', quote: '20 000 kr i månaden' },
      },
    ],
    baseCurrency: 'SEK',
    baseTimeframe: 'yearly',
    language,
    price: { amount: 300_000, period: 'year', source: { kind: 'entered' } },
  })
  if (!result.ok) throw new Error(JSON.stringify(result.problems))
  return result.calculatorData
}

describe('sellerWarnings', () => {
  it('judges the values on screen and writes money as the generator screen does', () => {
    const config = calculator()
    // 240 000 kr a year against 300 000 kr: the price is above the value.
    const [warning] = sellerWarnings(config, { values: {}, displayCurrency: 'USD' })
    expect(warning?.code).toBe('price_above_value')
    expect(warning?.message).toContain('it costs $86,400')
    expect(sellerWarnings(config, { values: { inHouse: 30_000 }, displayCurrency: 'SEK' })).toEqual([])
  })

  it('keeps the calculator’s language for its own messages and adds the checks of its text', () => {
    const checks = [{ code: 'price_missing' as const, message: 'Texten anger erbjudandets pris …', details: ['price: …'] }]
    const warnings = sellerWarnings(calculator('sv'), { values: {}, displayCurrency: 'SEK', checks })
    expect(warnings.map((warning) => warning.code)).toEqual(['price_above_value', 'price_missing'])
    expect(warnings[0]?.message).toMatch(/^Priset är högre än värdet/)
  })
})

describe('confirmQuestion', () => {
  it('names a single warning and asks about the action', () => {
    expect(confirmQuestion([{ code: 'negative_value', message: '' }], 'share')).toBe(
      'This calculator shows a negative value at these figures. Share it anyway?',
    )
    expect(confirmQuestion([{ code: 'all_assumed', message: '' }], 'proposal')).toBe(
      'No figure from your document or description stands behind this calculator’s value. Create a proposal from it anyway?',
    )
  })

  it('counts several', () => {
    const two = [
      { code: 'negative_value' as const, message: '' },
      { code: 'hidden_constant' as const, message: '' },
    ]
    expect(confirmQuestion(two, 'share')).toBe('This calculator has 2 warnings. Share it anyway?')
  })
})
