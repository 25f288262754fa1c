import { conversionBodySchema } from '@valueproof/contracts'
import { describe, expect, it } from 'vitest'
import { conversionBody } from './analytics.ts'
import { asksNotToBeTracked } from './engagement/do-not-track.ts'

describe('a conversion sent to the product', () => {
  it('carries the event, and an amount and currency only when the conversion path accepts them', () => {
    expect(conversionBody('SIGN_UP', {})).toEqual({ event: 'SIGN_UP' })
    expect(conversionBody('CTA_CLICK', { amount: 9.99, currency: 'USD' })).toEqual({ event: 'CTA_CLICK', amount: 9.99, currency: 'USD' })
    expect(conversionBody('CTA_CLICK', { amount: -1, currency: 'usd' })).toEqual({ event: 'CTA_CLICK' })
    expect(conversionBody('CTA_CLICK', { amount: Number.NaN })).toEqual({ event: 'CTA_CLICK' })
    expect(conversionBody('CTA_CLICK', { amount: 2_000_000, currency: 'SEK' })).toEqual({ event: 'CTA_CLICK', currency: 'SEK' })
    for (const details of [{}, { amount: 9.99, currency: 'USD' }, { amount: -5, currency: 'dollars' }, { amount: Infinity }]) {
      expect(conversionBodySchema.safeParse(conversionBody('CTA_CLICK', details)).success).toBe(true)
    }
  })
})

describe("the browser's privacy signals", () => {
  it('Do Not Track or Global Privacy Control mean nothing is reported', () => {
    expect(asksNotToBeTracked({ doNotTrack: '1' })).toBe(true)
    expect(asksNotToBeTracked({ doNotTrack: null, globalPrivacyControl: true })).toBe(true)
    expect(asksNotToBeTracked({ doNotTrack: '0', globalPrivacyControl: false })).toBe(false)
    expect(asksNotToBeTracked({ doNotTrack: null })).toBe(false)
  })
})
