import { calculatorDataSchema } from '@valueproof/formula'
import { describe, expect, it } from 'vitest'
import { perChoices, priceOfForm, yourPriceForm } from './your-price.ts'

const config = calculatorDataSchema.parse({
  name: 'Fleet',
  formula: 'vans * fuelPerVan * (saving / 100)',
  parameters: [
    { name: 'vans', label: 'Vans', unit: 'vans', min: 0, max: 200, step: 1, defaultValue: 60 },
    { name: 'fuelPerVan', label: 'Fuel per van', unit: 'USD', min: 0, max: 10000, step: 100, defaultValue: 4000 },
    { name: 'saving', label: 'Fuel saved', unit: '%', min: 0, max: 100, step: 1, defaultValue: 12 },
  ],
  baseCurrency: 'USD',
})

describe('your price', () => {
  it('offers the counted inputs to price per unit, not money or shares', () => {
    expect(perChoices(config).map((choice) => choice.name)).toEqual(['vans'])
  })

  it('prices per unit as a formula over the input, the amount at its default', () => {
    const reading = priceOfForm({ amount: '39', per: 'vans', period: 'month', setup: '500' }, config)
    expect(reading).toEqual({
      ok: true,
      price: { amount: 39 * 60, period: 'month', setup: 500, formula: '39 * vans', source: { kind: 'entered' } },
    })
    const priced = calculatorDataSchema.parse({ ...config, price: reading.ok ? reading.price : undefined })
    expect(yourPriceForm(priced)).toEqual({ amount: '39', per: 'vans', period: 'month', setup: '500' })
  })

  it('reads an empty amount as no price, and says what is wrong with a bad one', () => {
    expect(priceOfForm({ amount: '', per: '', period: 'year', setup: '' }, config)).toEqual({ ok: true, price: undefined })
    expect(priceOfForm({ amount: 'abc', per: '', period: 'year', setup: '' }, config)).toMatchObject({ ok: false, field: 'amount' })
    expect(priceOfForm({ amount: '', per: '', period: 'year', setup: '100' }, config)).toMatchObject({ ok: false, field: 'amount' })
    expect(priceOfForm({ amount: '24,000', per: '', period: 'one-off', setup: '100' }, config)).toEqual({
      ok: true,
      price: { amount: 24_000, period: 'one-off', source: { kind: 'entered' } },
    })
  })
})
