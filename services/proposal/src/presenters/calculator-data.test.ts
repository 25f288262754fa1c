import { describe, expect, it } from 'vitest'
import { presentCalculatorData } from './calculator-data.ts'

const QUOTE = 'Our agents spend 6 hours a week sorting tickets.'
const NOTE = 'Assumption — no figure in the document'

const stored = {
  name: 'Support triage',
  formula: 'agents * hours * rate',
  parameters: [
    { name: 'agents', label: 'Agents', defaultValue: 12, source: { kind: 'document', quote: QUOTE, page: 3, ocr: true } },
    { name: 'hours', label: 'Hours', defaultValue: 6, source: { kind: 'description', quote: QUOTE } },
    { name: 'rate', label: 'Rate', defaultValue: 45, source: { kind: 'assumption', note: NOTE } },
    { name: 'legacy', label: 'Legacy', defaultValue: 1 },
  ],
  price: { amount: 500, period: 'month', source: { kind: 'document', quote: '$500 per month', page: 4 } },
  startValues: { agents: 7 },
  branding: { contactName: 'Anna Berg' },
}

describe('presentCalculatorData', () => {
  it('gives a visitor each source as kind and page only: no quote, no note, no text-recognition flag', () => {
    const shown = presentCalculatorData(stored, { isOwner: false })
    expect(shown).toEqual({
      ...stored,
      parameters: [
        { name: 'agents', label: 'Agents', defaultValue: 12, source: { kind: 'document', page: 3 } },
        { name: 'hours', label: 'Hours', defaultValue: 6, source: { kind: 'description' } },
        { name: 'rate', label: 'Rate', defaultValue: 45, source: { kind: 'assumption' } },
        { name: 'legacy', label: 'Legacy', defaultValue: 1 },
      ],
      price: { amount: 500, period: 'month', source: { kind: 'document', page: 4 } },
    })
    expect(JSON.stringify(shown)).not.toMatch(/quote|note|ocr|hours a week|no figure/)
    // The stored calculator is not changed in place (the proposal cache keeps it).
    expect(stored.parameters[0]?.source).toEqual({ kind: 'document', quote: QUOTE, page: 3, ocr: true })
  })

  it('keeps the seller’s check of an assumed figure, so a checked figure that is fixed stays valid (issue 36)', () => {
    const checked = {
      name: 'rate',
      label: 'Rate',
      type: 'fixed',
      defaultValue: 45,
      source: { kind: 'assumption', note: NOTE, confirmed: true },
    }
    const shown = presentCalculatorData({ ...stored, parameters: [checked] }, { isOwner: false })
    expect(shown).toMatchObject({ parameters: [{ ...checked, source: { kind: 'assumption', confirmed: true } }] })
    expect(JSON.stringify(shown)).not.toContain(NOTE)
  })

  it('gives the owner the stored calculator as it is', () => {
    expect(presentCalculatorData(stored, { isOwner: true })).toBe(stored)
  })

  it('keeps an entered price, a calculator without a price and anything that is not a calculator as they are', () => {
    const entered = { ...stored, parameters: [], price: { amount: 9, period: 'one-off', source: { kind: 'entered' } } }
    expect(presentCalculatorData(entered, { isOwner: false })).toEqual(entered)
    const unpriced = { ...stored, price: undefined }
    expect(presentCalculatorData(unpriced, { isOwner: false })).toHaveProperty('price', undefined)
    for (const value of [null, 'text', 3, [stored]]) expect(presentCalculatorData(value, { isOwner: false })).toEqual(value)
  })
})
