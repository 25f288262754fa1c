// The value a document works out itself ("A × B = C"), English and Swedish: its factors become
// quoted inputs, the period comes from the units or a restated result, a result per something is
// multiplied by the document's volume of it, and neither a product that disagrees with its result
// nor the offer's own price worked out becomes a value.
import { describe, expect, it } from 'vitest'
import { readRoles } from '../figures/reading.ts'
import type { Language } from '../types.ts'
import { statedProducts } from './stated-products.ts'

function worked(text: string, language: Language, priceAmounts: number[] = []) {
  const pages = [{ page: 1, text }]
  const { roled } = readRoles(pages, language)
  return statedProducts(pages, roled, {
    language,
    currency: language === 'sv' ? 'SEK' : 'USD',
    priceAmounts,
    taken: new Set(),
  })
}

describe('a value the document works out', () => {
  it('takes the factors of a product per week, a year being 52 of them', () => {
    const side = worked('Late deliveries today\n• 35 late deliveries a week × $42 credit each = $1,470 in credits', 'en')
    expect(side?.inputs.map((input) => input.value)).toEqual([35, 42])
    expect(side?.inputs.every((input) => input.stated !== undefined)).toBe(true)
    expect(side?.streams[0]?.formula).toMatch(/\* 52$/u)
    expect(side?.streams[0]?.yearly).toBeCloseTo(35 * 42 * 52)
  })

  it('reads a Swedish product per month with three factors', () => {
    const side = worked('Fakturahantering: 120 fakturor i månaden × 0,5 timmar × 600 kr/timme = 36 000 kr', 'sv')
    expect(side?.inputs.map((input) => input.value)).toEqual([120, 0.5, 600])
    expect(side?.streams[0]?.yearly).toBeCloseTo(36_000 * 12)
  })

  it('multiplies a result per thing by the volume of that thing the document states', () => {
    const text = ['The site runs 40 turbines.', 'Manual inspection: 3 hours × $95/hour = $285 per turbine'].join('\n')
    const side = worked(text, 'en')
    expect(side?.inputs.filter((input) => input.stated !== undefined).map((input) => input.value)).toEqual([3, 95, 40])
    // How often is not said: an assumption, said to be one.
    const assumed = side?.inputs.filter((input) => input.stated === undefined) ?? []
    expect(assumed.map((input) => input.value)).toEqual([1])
  })

  it('takes the period from the same result restated with one', () => {
    const text = ['Kassan: 25 reklamationer × 160 kr = 4 000 kr', 'Det blir 4 000 kr per vecka i förlorad marginal.'].join('\n')
    const side = worked(text, 'sv')
    expect(side?.streams[0]?.yearly).toBeCloseTo(4_000 * 52)
    expect(side?.inputs.every((input) => input.stated !== undefined)).toBe(true)
  })

  it('leaves a product whose result is not its factors multiplied', () => {
    expect(worked('Returns: 10 parcels a week × $50 = $2,000', 'en')).toBeUndefined()
  })

  it('leaves the offer’s own price worked out', () => {
    expect(worked('Implementation: 40 hours × $150/hour = $6,000', 'en', [6_000])).toBeUndefined()
    expect(worked('Licenser: 12 användare × 450 kr = 5 400 kr', 'sv', [5_400])).toBeUndefined()
    // The price lines give the unit price only: the product is still the price worked out.
    expect(worked('Support: 10 tickets × $45 = $450', 'en', [45])).toBeUndefined()
  })

  it('sets a factor’s time against the time the document says it comes down to', () => {
    const text = ['Customs check: 3 hours × $70/hour = $210 per shipment', 'WITH THE PORTAL', '20 minutes per shipment, was 3 hours'].join(
      '\n',
    )
    const side = worked(text, 'en')
    expect(side?.inputs.filter((input) => input.stated !== undefined).map((input) => input.value)).toEqual([3, 70, 20])
    expect(side?.streams[0]?.formula).toMatch(/^\(\w+ - \w+ \/ 60\) \* /u)
    expect(side?.streams[0]?.yearly).toBeCloseTo((3 - 20 / 60) * 70)
  })

  it('reads the Swedish "tidigare" the same way', () => {
    const text = ['Kontroll: 2 timmar × 600 kr/timme = 1 200 kr', 'Med tjänsten: 15 minuter, tidigare 2 timmar'].join('\n')
    const side = worked(text, 'sv')
    expect(side?.streams[0]?.yearly).toBeCloseTo((2 - 0.25) * 600)
  })
})
