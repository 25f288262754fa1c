import { describe, expect, it } from 'vitest'
import { readText } from '../analyze.ts'

function read(text: string, language: 'en' | 'sv' = 'en', currency: 'USD' | 'SEK' | 'EUR' = language === 'sv' ? 'SEK' : 'USD') {
  return readText([{ page: 1, text }], { language, currency })
}

describe("compose: the seller's share as the price, and a contract total not paid twice", () => {
  it('takes "we take 15% of that uplift" as a share of the gain, not a factor of the value', () => {
    const english = read(
      'A hotel sells $500,000 of room upgrades a year and our prompts lift that by 30%. We just take 15% of that uplift.',
    )
    expect(english.grossYearly).toBeCloseTo(500_000 * 0.3, 0)
    expect(english.priceYearly).toBeCloseTo(500_000 * 0.3 * 0.15, 0)
  })

  it('takes a share of the spend with its minimum, in English and Swedish', () => {
    const english = read(
      'A hauler spends $4M a year on fuel. Our telematics cut fuel use by 5%. We charge 1% of fuel spend, minimum $3,000 a month.',
    )
    expect(english.grossYearly).toBeCloseTo(4_000_000 * 0.05, 0)
    expect(english.priceYearly).toBeCloseTo(40_000, 0)
    const floored = read(
      'A hauler spends $2M a year on fuel. Our telematics cut fuel use by 5%. We charge 1% of fuel spend, minimum $3,000 a month.',
    )
    expect(floored.priceYearly).toBeCloseTo(36_000, 0)
    const swedish = read(
      'Åkeriet lägger 6 miljoner kr om året på diesel och vår coachning sänker förbrukningen med 7 %. Vi tar 2 % av dieselkostnaden, dock minst 5 000 kr i månaden.',
      'sv',
    )
    expect(swedish.grossYearly).toBeCloseTo(6_000_000 * 0.07, 0)
    expect(swedish.priceYearly).toBeCloseTo(120_000, 0)
  })

  it('does not count a contract total that restates the recurring price, but keeps a setup fee', () => {
    const english = read(
      'A retailer ships 20,000 parcels a month and 4% are returned, each return costing $9. Our checkout cuts returns by a quarter. Our platform costs $2,000 a month, $72,000 over the 3-year contract.',
    )
    expect(english.priceYearly).toBe(24_000)
    expect(english.oneOff).toBe(0)
    const swedish = read(
      'Kedjan har 40 butiker och svinnet är 300 000 kr per butik och år. Våra kameror minskar svinnet med 20 %. Tjänsten kostar 15 000 kr i månaden, alltså 540 000 kr för hela avtalsperioden på tre år.',
      'sv',
    )
    expect(swedish.priceYearly).toBe(180_000)
    expect(swedish.oneOff).toBe(0)
    const setup = read(
      'A retailer ships 20,000 parcels a month and 4% are returned, each return costing $9. Our checkout cuts returns by a quarter. Setup $24,000 and $2,000 a month on a 12-month contract.',
    )
    expect(setup.oneOff).toBe(24_000)
    expect(setup.priceYearly).toBe(24_000)
  })

  it('reads "tar bort 70 %" as the reduction the offer makes, not a share the seller takes', () => {
    const swedish = read(
      'Kontoret lägger 30 000 kr i månaden på papper och porto, och vår e-signering tar bort 70 % av det. Vår e-signeringstjänst kostar 2 500 kr i månaden.',
      'sv',
    )
    expect(swedish.grossYearly).toBeCloseTo(30_000 * 12 * 0.7, 0)
    expect(swedish.priceYearly).toBe(2_500 * 12)
  })

  it('takes a share of the extra sales of the sales, before the margin the value applies', () => {
    const english = read(
      'An online wine shop sells $3M a year and our bundles lift average order value by 8%. Your gross margin is 35%. We take 5% of the extra sales.',
    )
    expect(english.grossYearly).toBeCloseTo(3_000_000 * 0.08 * 0.35, 0)
    expect(english.priceYearly).toBeCloseTo(3_000_000 * 0.08 * 0.05, 0)
    const swedish = read(
      'En sportkedja omsätter 40 miljoner kr om året online och våra produkttips höjer snittordern med 6 %. Bruttomarginalen är 40 %. Vi tar 4 % av merförsäljningen.',
      'sv',
    )
    expect(swedish.priceYearly).toBeCloseTo(40_000_000 * 0.06 * 0.04, 0)
  })
})
