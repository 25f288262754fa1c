import { describe, expect, it } from 'vitest'
import { analyze } from '../analyze.ts'

const describeText = (text: string, language: 'en' | 'sv' = 'en') =>
  analyze({
    kind: 'description',
    pages: [{ page: 1, text }],
    language,
    currency: language === 'sv' ? 'SEK' : 'USD',
    complexity: 'advanced',
  })

describe('explain: a text whose figures build no value', () => {
  it('keeps the price the text states in the all-assumption calculator', () => {
    const english = describeText('Dispatchers say our route planner is a joy to use. Pricing: $2,000 a month plus a $5,000 setup fee.')
    expect(english.price).toMatchObject({ amount: 2000, period: 'month', setup: 5000 })
    expect(english.parameters.every((parameter) => parameter.source?.kind === 'assumption')).toBe(true)
    expect(english.explanation).toContain('$24,000 a year')
    const swedish = describeText('Vår bokningstjänst kostar 1 500 kr i månaden. Kunderna tycker om den.', 'sv')
    expect(swedish.price).toMatchObject({ amount: 1500, period: 'month' })
  })

  it('says the price is an estimate when the text states none', () => {
    const none = describeText('We help dental clinics run smoother days with friendly software.')
    expect(none.price).toBeUndefined()
    expect(none.explanation).toContain('states no price')
  })
})
