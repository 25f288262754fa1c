import { describe, expect, it } from 'vitest'
import { FOLD_AFTER, foldedParts, foldSummary } from './live-calculator-folds.ts'

const fees = Array.from({ length: 44 }, (_, index) => `Service ${index + 1}: $${(index + 1) * 10} a month`)

describe('foldedParts', () => {
  it('leaves a short explanation as its lines', () => {
    expect(foldedParts('Hours saved times the hourly cost.\nThe price is $490 a month.')).toEqual([
      { kind: 'text', text: 'Hours saved times the hourly cost.' },
      { kind: 'text', text: 'The price is $490 a month.' },
    ])
  })

  it('folds a long list of lines, keeping its lead line in view and dropping the bullets', () => {
    const parts = foldedParts(['The fees:', ...fees.map((fee) => `- ${fee}`)].join('\n'))
    expect(parts[0]).toEqual({ kind: 'text', text: 'The fees:' })
    expect(parts[1]).toEqual({ kind: 'list', items: fees })
  })

  it('folds a long list written on one line, from after its lead', () => {
    const parts = foldedParts(`Price lines: ${fees.join('; ')}`)
    expect(parts).toEqual([
      { kind: 'text', text: 'Price lines:' },
      { kind: 'list', items: fees },
    ])
    // Up to FOLD_AFTER items stay a sentence.
    const few = fees.slice(0, FOLD_AFTER).join('; ')
    expect(foldedParts(few)).toEqual([{ kind: 'text', text: few }])
  })
})

describe('foldSummary', () => {
  it('counts fees when the items name money, else lines, in the calculator’s language', () => {
    expect(foldSummary(fees, 'en')).toBe('44 fees — show')
    expect(foldSummary(fees, 'sv')).toBe('44 avgifter — visa')
    expect(foldSummary(['a', 'b', 'c'], undefined)).toBe('3 lines — show')
  })
})
