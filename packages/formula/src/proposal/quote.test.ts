import { describe, expect, it } from 'vitest'
import { priceOfQuote, quoteTotals, type QuoteTable } from './quote.ts'

const table: QuoteTable = {
  items: [
    { id: 'seats', quantity: 12, unitPrice: 39.5, recurrence: 'month' },
    { id: 'setup', quantity: 1, unitPrice: 2500, recurrence: 'once', discountPercent: 10 },
    { id: 'support', quantity: 1, unitPrice: 1200, recurrence: 'year', optional: true },
  ],
  discountPercent: 5,
  taxPercent: 25,
}

describe('quoteTotals', () => {
  it('sums each recurrence after the line and table discounts, with tax on top', () => {
    const totals = quoteTotals(table)
    expect(totals.month).toEqual({ subtotal: 474, discount: 23.7, net: 450.3, tax: 112.58, total: 562.88 })
    expect(totals.once.net).toBe(2137.5)
    expect(totals.year.subtotal).toBe(0)
    expect(totals.lines.get('support')).toBe(0)
  })

  it('counts an optional line the prospect ticked', () => {
    expect(quoteTotals(table, { support: true }).year.net).toBe(1140)
  })
})

describe('priceOfQuote', () => {
  it('is the monthly net with the one-off lines as setup', () => {
    expect(priceOfQuote(table)).toMatchObject({ amount: 450.3, period: 'month', setup: 2137.5, source: { kind: 'entered' } })
  })

  it('turns yearly once a yearly line is chosen', () => {
    expect(priceOfQuote(table, { support: true })).toMatchObject({ amount: 450.3 * 12 + 1140, period: 'year', setup: 2137.5 })
  })

  it('is a one-off price when nothing recurs, and nothing for an empty quote', () => {
    expect(priceOfQuote({ items: [{ id: 'a', quantity: 2, unitPrice: 100, recurrence: 'once' }] })).toMatchObject({
      amount: 200,
      period: 'one-off',
    })
    expect(priceOfQuote({ items: [] })).toBeUndefined()
  })
})
