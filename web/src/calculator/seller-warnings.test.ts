import { validateCalculatorData, type CalculatorData } from '@valueproof/formula'
import { describe, expect, it } from 'vitest'
import { confirmQuestion, fixOf, sellerWarnings } from './seller-warnings.ts'

function calculator(language: 'en' | 'sv' = 'en', overrides: Record<string, unknown> = {}): CalculatorData {
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
    ...overrides,
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

  it('writes a Swedish calculator’s money the Swedish way', () => {
    const [warning] = sellerWarnings(calculator('sv'), { values: {}, displayCurrency: 'SEK' })
    expect(warning?.code).toBe('price_above_value')
    expect(warning?.message.replace(/\s/g, ' ')).toContain('900 000 kr')
  })

  it('keeps the calculator’s language for its own messages and adds the checks of its text', () => {
    const checks = [{ code: 'price_missing' as const, message: 'Texten anger erbjudandets pris …', details: ['price: …'] }]
    const warnings = sellerWarnings(calculator('sv'), { values: {}, displayCurrency: 'SEK', checks })
    expect(warnings.map((warning) => warning.code)).toEqual(['price_above_value', 'price_missing'])
    expect(warnings[0]?.message).toMatch(/^Priset är högre än värdet/)
  })
})

describe('the checks before sharing (issue 36)', () => {
  const assumed = { kind: 'assumption', note: 'Ett antagande.' } as const
  const parameters = [
    { name: 'inHouse', label: 'Städning per månad', min: 0, max: 100_000, step: 100, defaultValue: 20_000, source: assumed },
    { name: 'months', label: 'Månader', min: 0, max: 12, step: 1, defaultValue: 12, source: { kind: 'description', quote: '12 månader' } },
  ]
  const unpriced = () => calculator('sv', { formula: 'inHouse * months', parameters, price: undefined })

  it('names a result without a price and the unconfirmed assumptions, each with the place to fix it', () => {
    const config = unpriced()
    const warnings = sellerWarnings(config, { values: {}, displayCurrency: 'SEK' })
    expect(warnings.map((warning) => warning.code)).toEqual(['no_price', 'unchecked_assumptions'])
    expect(warnings[1]?.message).toMatch(/^1 av 2 indata är ett antagande som du inte har bekräftat/)
    expect(warnings.map((warning) => fixOf(warning, config))).toEqual([{ kind: 'edit' }, { kind: 'input', name: 'inHouse' }])
    // Confirmed, the assumption is the seller's figure: nothing to count.
    const confirmed = calculator('sv', {
      formula: 'inHouse * months',
      parameters: parameters.map((parameter, index) =>
        index === 0 ? { ...parameter, source: { ...assumed, confirmed: true } } : parameter,
      ),
      price: undefined,
    })
    expect(sellerWarnings(confirmed, { values: {}, displayCurrency: 'SEK' }).map((warning) => warning.code)).toEqual(['no_price'])
  })

  it('says the count instead of “every input is an assumption”, and the text’s stated price instead of “no price”', () => {
    const config = calculator('en', {
      price: undefined,
      parameters: [{ name: 'inHouse', label: 'In-house', min: 0, max: 100_000, step: 100, defaultValue: 20_000, source: assumed }],
    })
    const checks = [{ code: 'price_missing' as const, message: 'Your text states the offer’s price …' }]
    expect(sellerWarnings(config, { values: {}, displayCurrency: 'SEK', checks }).map((warning) => warning.code)).toEqual([
      'unchecked_assumptions',
      'price_missing',
    ])
  })
})

describe('confirmQuestion', () => {
  const english = { language: 'en' } as const
  it('names a single warning and asks about the action', () => {
    expect(confirmQuestion([{ code: 'negative_value', message: '' }], 'share', english)).toBe(
      'This calculator shows a negative value at these figures. Share it anyway?',
    )
    expect(confirmQuestion([{ code: 'all_assumed', message: '' }], 'proposal', english)).toBe(
      'No figure from your document or description stands behind this calculator’s value. Create a proposal from it anyway?',
    )
  })

  it('counts several, in the calculator’s language', () => {
    const two = [
      { code: 'negative_value' as const, message: '' },
      { code: 'unchecked_assumptions' as const, message: '' },
    ]
    expect(confirmQuestion(two, 'share', english)).toBe('This calculator has 2 things to check. Share it anyway?')
    expect(confirmQuestion(two, 'share', { language: 'sv' })).toBe('Kalkylatorn har 2 saker att kontrollera. Dela den ändå?')
  })
})
