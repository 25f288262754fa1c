import { describe, expect, it } from 'vitest'
import { readText } from '../analyze.ts'
import { expandDerived, moneyPerYear } from './units.ts'

describe('units: a season is the year it recurs in', () => {
  it('turns money per season into money per year', () => {
    expect(moneyPerYear(expandDerived({ money: 1, 'n:season': -1 }))).toEqual({ factor: 1, defaults: 0 })
    expect(expandDerived({ money: 1, 'n:säsong': -1, 'n:field': -1 })).toEqual({ money: 1, year: -1, 'n:field': -1 })
  })

  it('composes a cost per thing per season with a level that falls', () => {
    const english = readText(
      [
        {
          page: 1,
          text: 'A typical school runs 14 buses. Each bus costs $3,000 per bus per season in repairs. Today 10% of repairs are avoidable; with our telematics that falls to 4%.',
        },
      ],
      { language: 'en', currency: 'USD' },
    )
    expect(english.grossYearly).toBeCloseTo(14 * 3_000 * 0.06, 0)
    const swedish = readText(
      [
        {
          page: 1,
          text: 'Vi sköter 40 golfbanor. Gödseln kostar 90 000 kr per bana och säsong. I dag går 12 % till spillo; med våra sensorer sjunker spillet till 4 %.',
        },
      ],
      { language: 'sv', currency: 'SEK' },
    )
    expect(swedish.grossYearly).toBeCloseTo(40 * 90_000 * 0.08, 0)
  })
})
