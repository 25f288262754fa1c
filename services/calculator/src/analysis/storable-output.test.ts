import { isStorableText } from '@valueproof/contracts'
import { describe, expect, it } from 'vitest'
import { storableCopy, storableText } from './storable-output.ts'

// Text as a PDF's extraction can give it: a NUL inside a word, a form feed between pages, CR LF
// line ends, a vertical tab, and half of an emoji (a lone high surrogate) cut off at a boundary.
const DOCUMENT_TEXT =
  'Reynolds Transition\u0000 Services Agreement\r\nMonthly fee: $12\u0000,500\f\r\nPage 2\u000bHours per week: 40\rSavings \ud83d\n\tTotal \ud83d\ude00 \udc00end'

describe('storableText', () => {
  it('drops NUL and C0 controls but tab and newline, turns CR and CR LF into LF, and lone surrogates into U+FFFD', () => {
    expect(storableText(DOCUMENT_TEXT)).toBe(
      'Reynolds Transition Services Agreement\nMonthly fee: $12,500\nPage 2Hours per week: 40\nSavings \ufffd\n\tTotal \ud83d\ude00 \ufffdend',
    )
    expect(isStorableText(DOCUMENT_TEXT)).toBe(false)
    expect(isStorableText(storableText(DOCUMENT_TEXT))).toBe(true)
  })

  it('returns clean text as it is', () => {
    const clean = 'Kostnad per månad: 12 500 kr\n\tvärde 😀'
    expect(storableText(clean)).toBe(clean)
    expect(storableText('')).toBe('')
  })
})

describe('storableCopy', () => {
  it('cleans every string and key of a generated calculator, leaving numbers, booleans and the shape alone', () => {
    const generated = {
      name: 'Reynolds\u0000 savings',
      parameters: [
        { label: 'Monthly fee\r\n', defaultValue: 12_500, slider: true, source: { quote: 'Monthly fee: $12\u0000,500', page: 1 } },
        { label: `Hours \ud83d`, defaultValue: 40, slider: false, source: null },
      ],
      [`note\u0000`]: 'x',
    }
    expect(storableCopy(generated)).toEqual({
      name: 'Reynolds savings',
      parameters: [
        { label: 'Monthly fee\n', defaultValue: 12_500, slider: true, source: { quote: 'Monthly fee: $12,500', page: 1 } },
        { label: 'Hours \ufffd', defaultValue: 40, slider: false, source: null },
      ],
      note: 'x',
    })
  })
})
