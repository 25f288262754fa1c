// Amounts a document claims in a headline or caption, English and Swedish: each is a quoted value
// stream per year by its period (or how often, assumed); an amount the document's arithmetic
// already gives, a price, or an amount captioned as a cost is not a claim.
import { describe, expect, it } from 'vitest'
import { readRoles } from '../figures/reading.ts'
import type { Language } from '../types.ts'
import { claimedAmounts } from './claimed-amounts.ts'

function claimed(text: string, language: Language, known: number[] = [], priceAmounts: number[] = []) {
  const pages = [{ page: 1, text }]
  const { roled } = readRoles(pages, language)
  return claimedAmounts(pages, roled, { language, currency: language === 'sv' ? 'SEK' : 'USD', taken: new Set(), known, priceAmounts })
}

describe('amounts the document claims', () => {
  it('takes a headline amount with its caption on the next line, yearly by the caption', () => {
    const side = claimed(['IMPACT', '$42K', 'Annual overtime avoided', 'Rollout in 3 weeks'].join('\n'), 'en')
    expect(side?.inputs.map((input) => input.value)).toEqual([42_000])
    expect(side?.inputs[0]?.stated).toBeDefined()
    expect(side?.streams[0]?.yearly).toBe(42_000)
  })

  it('reads a Swedish claim per month as twelve a year', () => {
    const side = claimed('Lagerhållning: 18 000 kr sparas i månaden när plockfelen försvinner.', 'sv')
    expect(side?.streams[0]?.yearly).toBe(18_000 * 12)
  })

  it('makes how often an assumption when the claim gives no period', () => {
    const side = claimed(['RISK', '$250K', 'Fines avoided per audit'].join('\n'), 'en')
    expect(side?.inputs.filter((input) => input.stated === undefined).map((input) => input.value)).toEqual([1])
  })

  it('does not count the document’s own result again, a price, or a cost', () => {
    expect(claimed(['$80K', 'Annual labour saved'].join('\n'), 'en', [80_000])).toBeUndefined()
    expect(claimed(['$12,000', 'Savings plan fee'].join('\n'), 'en', [], [12_000])).toBeUndefined()
    expect(claimed('Driftkostnad: 40 000 kr per år för servrarna.', 'sv')).toBeUndefined()
    expect(claimed(['$1,800', 'Saved a year with annual billing'].join('\n'), 'en')).toBeUndefined()
    expect(claimed('2 400 kr sparas per år med rabatten på årsabonnemanget.', 'sv')).toBeUndefined()
  })
})
