import { describe, expect, it } from 'vitest'
import { readText } from '../analyze.ts'

function read(text: string, language: 'en' | 'sv' = 'en', currency: 'USD' | 'SEK' | 'EUR' = language === 'sv' ? 'SEK' : 'USD') {
  return readText([{ page: 1, text }], { language, currency })
}

describe("compose: the offer's thing as the subject of what it costs", () => {
  it("prices an amount the offer costs even when a customer's word stands earlier in a run-on sentence", () => {
    const swedish = read(
      'Ett tryckeri kör 3 000 timmar om året och vår service minskar stoppen med 4 %. En maskintimme är värd 1 800 kr. Analysen kostar 95 000 kr.',
      'sv',
    )
    expect(swedish.grossYearly).toBeCloseTo(3_000 * 0.04 * 1_800, 0)
    expect(swedish.oneOff).toBe(95_000)
    const english = read(
      'A plant runs 5,000 hours a year and our maintenance plan cuts stoppages by 3%. An hour of output is worth $2,000 to them. The audit costs $9,000.',
    )
    expect(english.oneOff).toBe(9_000)
  })

  it('reads "our X costs … a month" as the recurring price, not a cost of the customer', () => {
    const swedish = read(
      'Kontoret lägger 30 000 kr i månaden på papper och porto, och vår e-signering minskar det med 70 %. Vår e-signeringstjänst kostar 2 500 kr i månaden.',
      'sv',
    )
    expect(swedish.grossYearly).toBeCloseTo(30_000 * 12 * 0.7, 0)
    expect(swedish.priceYearly).toBe(2_500 * 12)
    const english = read(
      'A warehouse pays $4,000 a month in overtime and our scheduling cuts it by 30%. Each shift lead is worth $35 an hour to them. Our rostering module costs $600 a month.',
    )
    expect(english.priceYearly).toBe(600 * 12)
  })

  it('adds an amount joined by "plus" to a price, multiplied out by its own volume', () => {
    const swedish = read(
      'Kedjan har 6 lager och varje lager gör 200 felplock i månaden, och ett felplock kostar 300 kr. Vår skanning halverar felplocken. Vi tar 3 000 kr per lager och månad plus 2 kr per etikett, och det går åt 1 500 etiketter per lager och månad.',
      'sv',
    )
    expect(swedish.grossYearly).toBeCloseTo(6 * 200 * 12 * 300 * 0.5, 0)
    expect(swedish.priceYearly).toBe(3_000 * 6 * 12 + 2 * 1_500 * 6 * 12)
  })

  it("takes the customer's plan at its price over the price plans start at", () => {
    const english = read(
      'A support team spends 10,000 hours a year on ticket triage at $40 an hour, and our routing halves it. Plans start at $500/month; a team your size is on our Scale plan at $1,800/month.',
    )
    expect(english.priceYearly).toBe(1_800 * 12)
    const swedish = read(
      'Ett bemanningsföretag lägger 12 000 timmar om året på tidrapporter till 450 kr i timmen; vår app halverar den tiden. Paketen börjar på 4 000 kr i månaden, och med era 300 användare hamnar ni i vårt Pro-paket för 9 500 kr i månaden.',
      'sv',
    )
    expect(swedish.grossYearly).toBeCloseTo(12_000 * 450 * 0.5, 0)
    expect(swedish.priceYearly).toBe(9_500 * 12)
  })
})
