import { describe, expect, it } from 'vitest'
import { normalizeNumbers } from './number-words.ts'

const digits = (text: string) => normalizeNumbers(text).text

describe('read: numbers with hundreds and thousands in words', () => {
  it.each([
    ['a venue with seven hundred and eighty seats', 'a venue with 780 seats'],
    ['around three hundred performances a year', 'around 300 performances a year'],
    ['fifteen hundred calls a month', '1500 calls a month'],
    ['two thousand five hundred units', '2500 units'],
    ['sjuhundraåttio platser', '780 platser'],
    ['tre hundra femtio ärenden', '350 ärenden'],
    ['fyrtiotusen kronor', '40000 kronor'],
  ])('reads "%s"', (text, expected) => {
    expect(digits(text)).toBe(expected)
  })

  it('leaves words that only contain a scale alone', () => {
    expect(digits('tusentals filer och en hundradel')).toBe('tusentals filer och en hundradel')
  })

  it('keeps the seller words in quotes by mapping offsets back', () => {
    const normalized = normalizeNumbers('seven hundred and eighty seats')
    expect(normalized.toOriginal(normalized.text.indexOf('seats'))).toBe('seven hundred and eighty '.length)
  })
})
