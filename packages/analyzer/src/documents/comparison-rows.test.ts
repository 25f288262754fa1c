// Today-against-with-the-offer tables, English and Swedish, tab- or pipe-separated: each row whose
// second time (or amount) is the smaller becomes the difference as a value stream, both cells quoted;
// how often and the cost of an hour are assumptions; other tables give nothing.
import { describe, expect, it } from 'vitest'
import { readRoles } from '../figures/reading.ts'
import type { Language } from '../types.ts'
import { comparisonRows } from './comparison-rows.ts'

function compared(text: string, language: Language) {
  const pages = [{ page: 1, text }]
  const { roled } = readRoles(pages, language)
  const quantities = roled.map((entry) => entry.quantity)
  return comparisonRows(pages, quantities, { language, currency: language === 'sv' ? 'SEK' : 'USD', taken: new Set() })
}

describe('today against with the offer', () => {
  it('turns a tab-separated row of times into the time saved', () => {
    const text = ['Where the time goes', 'Task\tToday\tWith the portal', 'Month-end close\t6 hours\t45 minutes', 'Contact: sales'].join(
      '\n',
    )
    const side = compared(text, 'en')
    expect(side?.inputs.filter((input) => input.stated !== undefined).map((input) => input.value)).toEqual([6, 45])
    expect(side?.streams[0]?.formula).toContain('/ 60')
    // Once a year at an assumed $60 an hour until the seller sets them.
    expect(side?.streams[0]?.yearly).toBeCloseTo((6 - 0.75) * 60)
    expect(side?.inputs.filter((input) => input.stated === undefined)).toHaveLength(2)
  })

  it('reads a Swedish pipe table of amounts, without a cost of an hour', () => {
    const text = [
      '| Post | Idag | Efter bytet |',
      '|---|---|---|',
      '| Frakt per order | 89 kr | 54 kr |',
      '| Emballage | 12 kr | 9 kr |',
    ].join('\n')
    const side = compared(text, 'sv')
    expect(side?.streams).toHaveLength(2)
    expect(side?.inputs.filter((input) => input.stated !== undefined).map((input) => input.value)).toEqual([89, 54, 12, 9])
    expect(side?.inputs.some((input) => input.label.startsWith('Kostnad för en timme'))).toBe(false)
  })

  it('leaves a row where the second figure is not the smaller', () => {
    expect(compared(['Step\tBefore\tAfter', 'Review\t2 hours\t3 hours', 'Filing\t1 hour\t1 hour'].join('\n'), 'en')).toBeUndefined()
  })

  it('leaves a table without a before and an after column', () => {
    const text = ['Plan\tSeats\tPrice', 'Basic\t5 seats\t$49', 'Team\t20 seats\t$149'].join('\n')
    expect(compared(text, 'en')).toBeUndefined()
  })
})
