import { describe, expect, it } from 'vitest'
import { formatMoney, GENERATOR_SCREEN_LOCALE, MONEY_LOCALES } from './money-format.ts'

// ICU separates groups and the currency with no-break spaces; compare with plain ones.
function plain(text: string): string {
  return text.replace(/[\u00a0\u202f]/g, ' ').replace(/\u2212/g, '-')
}

describe("SPEC §9 'Money is shown with no decimals; locales sv-SE, en-US, en-EU for SEK, USD, EUR'", () => {
  it('pairs each currency with its locale', () => {
    expect(MONEY_LOCALES).toEqual({ SEK: 'sv-SE', USD: 'en-US', EUR: 'en-EU' })
  })

  it('formats SEK the Swedish way', () => {
    expect(plain(formatMoney(1_234_567, 'SEK'))).toBe('1 234 567 kr')
  })

  it('formats USD the US way', () => {
    expect(formatMoney(1_234_567, 'USD')).toBe('$1,234,567')
  })

  it('formats EUR with en-EU', () => {
    expect(formatMoney(1_234_567, 'EUR')).toBe('€1,234,567')
  })

  it('shows no decimals, rounding halves away from zero', () => {
    expect(formatMoney(1_234.5, 'USD')).toBe('$1,235')
    expect(formatMoney(1_234.49, 'USD')).toBe('$1,234')
    expect(plain(formatMoney(-1_234.5, 'USD'))).toBe('-$1,235')
  })

  it('never shows minus zero, and shows 0 for a non-finite amount (SPEC §8)', () => {
    expect(formatMoney(-0.4, 'USD')).toBe('$0')
    expect(formatMoney(Number.NaN, 'USD')).toBe('$0')
    expect(plain(formatMoney(Infinity, 'SEK'))).toBe('0 kr')
  })

  it("uses en-US for every currency 'in the generator screen'", () => {
    expect(GENERATOR_SCREEN_LOCALE).toBe('en-US')
    expect(plain(formatMoney(1_234_567, 'SEK', GENERATOR_SCREEN_LOCALE))).toBe('SEK 1,234,567')
    expect(formatMoney(1_234_567, 'EUR', GENERATOR_SCREEN_LOCALE)).toBe('€1,234,567')
  })
})
