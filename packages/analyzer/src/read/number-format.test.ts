import { describe, expect, it } from 'vitest'
import { parseNumberText, readNumber } from './number-format.ts'

describe('parseNumberText', () => {
  it.each([
    ['14,000', 14_000],
    ['1,280,900.50', 1_280_900.5],
    ['1 280 900', 1_280_900],
    ['1\u00a0280\u00a0900', 1_280_900],
    ['12´000', 12_000],
    ['1,80', 1.8],
    ['300,000.00', 300_000],
    ['2 500,75', 2_500.75],
    ['2.500,75', 2_500.75],
    ['1.280.900', 1_280_900],
    ['0.096', 0.096],
    ['150', 150],
    ['1.5', 1.5],
    ['2 490', 2_490],
    ['3,75', 3.75],
    ['0,35', 0.35],
    ['2,50', 2.5],
    ['12,500', 12_500],
    ['2.4', 2.4],
    ['0.15', 0.15],
    ['8 386 560', 8_386_560],
    ['2\u202f490', 2_490],
    ['2\u2009490', 2_490],
    ['1\u00a0250,50', 1_250.5],
  ])('reads %s as %d', (text, value) => {
    expect(parseNumberText(text)).toBe(value)
  })

  it('reads a single dot group as a decimal in English and as thousands in European writing', () => {
    expect(parseNumberText('2.500')).toBe(2.5)
    expect(parseNumberText('2.500', { europeanDots: true })).toBe(2_500)
    expect(parseNumberText('12.500', { europeanDots: true })).toBe(12_500)
  })

  it('reads a comma before one or two digits as a decimal comma, before three as thousands', () => {
    expect(parseNumberText('12,5')).toBe(12.5)
    expect(parseNumberText('12,50')).toBe(12.5)
    expect(parseNumberText('12,500')).toBe(12_500)
  })

  it('refuses section numbers and trailing text', () => {
    expect(parseNumberText('1.2.1')).toBeUndefined()
    expect(parseNumberText('12 apples')).toBeUndefined()
    expect(parseNumberText('')).toBeUndefined()
  })
})

describe('readNumber', () => {
  it('stops at the end of the number', () => {
    const text = 'cost 1 280 900 kr per year'
    const reading = readNumber(text, 5)
    expect(reading?.value).toBe(1_280_900)
    expect(text.slice(reading?.end)).toBe(' kr per year')
  })

  it('does not join groups that are not three digits long ("5 0 %", "114 55")', () => {
    expect(readNumber('5 0 %', 0)?.value).toBe(5)
    expect(readNumber('114 55 Stockholm', 0)?.value).toBe(114)
  })

  it('flags leading zeros (phone numbers, zip codes) and grouped thousands', () => {
    expect(readNumber('08-541 708 00', 0)?.leadingZero).toBe(true)
    expect(readNumber('0,5', 0)?.leadingZero).toBe(false)
    expect(readNumber('14,000', 0)?.grouped).toBe(true)
    expect(readNumber('2019', 0)?.grouped).toBe(false)
  })

  it('returns undefined when no digit is at the index', () => {
    expect(readNumber('abc', 0)).toBeUndefined()
  })
})
