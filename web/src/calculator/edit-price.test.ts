import { describe, expect, it } from 'vitest'
import { priceFormOf, priceOf, pricePlace } from './edit-price.ts'

const quoted = {
  amount: 499,
  period: 'month',
  setup: undefined,
  formula: undefined,
  source: { kind: 'description', quote: 'The plan is $499 per month.' },
} as const

describe('the price in the edit dialog', () => {
  it('keeps the original price, source and all, while nothing changes', () => {
    expect(priceOf(priceFormOf(quoted), { amount: 499, setup: undefined })).toEqual({ ok: true, price: quoted })
  })

  it('leaves the reading to the caller when a number is not one (the caller reports it at its field)', () => {
    expect(priceOf(priceFormOf(quoted), { amount: 'invalid', setup: undefined })).toEqual({ ok: true, price: undefined })
  })

  it('places validation problems at the price fields, and the rest of the price in the summary only', () => {
    expect(pricePlace('price.amount')).toEqual({ property: 'amount', where: 'Your price: Price' })
    expect(pricePlace('price.setup')).toEqual({ property: 'setup', where: 'Your price: Setup price (once)' })
    expect(pricePlace('price.source.quote')).toEqual({ property: undefined, where: 'Your price' })
    expect(pricePlace('price')).toEqual({ property: undefined, where: 'Your price' })
    expect(pricePlace('parameters[0].min')).toBeUndefined()
    expect(pricePlace('priceList')).toBeUndefined()
  })
})
