// The PDF's pricing decisions on the service's thread: `options` read as ticks (its shape checked
// before the proposal is opened, its ids against the document's optional lines after), and the
// table's rows and totals as quoteTotals sums them.
import type { PricingBlock, ProposalDocument } from '@valueproof/contracts/proposal-document'
import { formatMoney, proposalTexts, quoteTotals } from '@valueproof/formula'
import { describe, expect, it } from 'vitest'
import { parseOptions, pdfPricingTable, PDF_OPTIONS_FORMAT_MESSAGE, PDF_OPTIONS_UNKNOWN_MESSAGE, ticksOf } from './pdf-pricing.ts'

const TABLE: PricingBlock = {
  id: 'pricing',
  type: 'pricing',
  items: [
    { id: 'base', description: 'Platform', quantity: 3, unit: 'seats', unitPrice: 100, recurrence: 'month' },
    {
      id: 'extra',
      description: 'Extra storage',
      quantity: 1,
      unit: '',
      unitPrice: 50,
      recurrence: 'month',
      optional: true,
      selected: true,
    },
    { id: 'audit', description: 'Audit', quantity: 1, unit: '', unitPrice: 1_000, recurrence: 'once', optional: true },
  ],
  discountPercent: 10,
}

function documentOf(...tables: PricingBlock[]): ProposalDocument {
  return { title: 'Offer', blocks: [{ id: 'calculator', type: 'calculator' }, ...tables] }
}

const money = (amount: number) => formatMoney(amount, 'USD')

describe('options', () => {
  it('reads ids separated by commas; absent is the seller’s choices and empty ticks nothing', () => {
    expect(parseOptions(undefined)).toBeUndefined()
    expect(parseOptions('')).toEqual([])
    expect(parseOptions('extra,audit')).toEqual(['extra', 'audit'])
  })

  it('refuses anything but ids, and too many of them, with 400', () => {
    for (const raw of [
      'extra,,audit',
      'extra;audit',
      '<script>',
      'a'.repeat(41),
      Array.from({ length: 51 }, (_, n) => `o${n}`).join(','),
    ]) {
      expect(() => parseOptions(raw), raw).toThrow(expect.objectContaining({ status: 400, message: PDF_OPTIONS_FORMAT_MESSAGE }))
    }
  })

  it('ticks the named optional lines and unticks the others; a name that is no optional line is refused', () => {
    const document = documentOf(TABLE)
    expect(ticksOf(document, undefined)).toBeUndefined()
    expect(ticksOf(document, ['audit'])).toEqual({ extra: false, audit: true })
    expect(ticksOf(document, [])).toEqual({ extra: false, audit: false })
    for (const ids of [['base'], ['nope'], ['audit', 'nope']]) {
      expect(() => ticksOf(document, ids), ids.join()).toThrow(
        expect.objectContaining({ status: 400, message: PDF_OPTIONS_UNKNOWN_MESSAGE }),
      )
    }
    // A hidden table's lines are not the prospect's to tick.
    expect(() => ticksOf(documentOf({ ...TABLE, hidden: true }), ['audit'])).toThrow(expect.objectContaining({ status: 400 }))
  })
})

describe('pdfPricingTable', () => {
  const format = { texts: proposalTexts('en').pricing, money, locale: 'en-US' }

  it('marks optional lines as the ticks leave them and totals only what is included', () => {
    const ticks = { extra: false, audit: true }
    const table = pdfPricingTable(TABLE, ticks, format)
    const totals = quoteTotals(TABLE, ticks)
    expect(table.rows.map((row) => [row.description, row.notes, row.quantity, row.amount, row.leftOut])).toEqual([
      ['Platform', [], '3 seats', money(300), false],
      ['Extra storage', ['Optional'], '1', 'Not included', true],
      ['Audit', ['Optional'], '1', money(1_000), false],
    ])
    expect(table.totals).toEqual([
      {
        heading: 'One-off',
        lines: [
          { label: 'Subtotal', amount: money(totals.once.subtotal) },
          { label: 'Discount (10%)', amount: money(-totals.once.discount) },
        ],
        total: { label: 'Total', amount: money(totals.once.total) },
      },
      {
        heading: 'Per month',
        lines: [
          { label: 'Subtotal', amount: money(300) },
          { label: 'Discount (10%)', amount: money(-30) },
        ],
        total: { label: 'Total', amount: money(270) },
      },
    ])
  })

  it('takes the seller’s starting choices without ticks, and the seller’s own heading', () => {
    const table = pdfPricingTable({ ...TABLE, heading: 'Your investment' }, undefined, format)
    expect(table.heading).toBe('Your investment')
    expect(table.rows.map((row) => row.leftOut)).toEqual([false, false, true])
    expect(table.totals[1]?.lines[0]).toEqual({ label: 'Subtotal', amount: money(350) })
    expect(table.note).toBeUndefined()
    expect(pdfPricingTable(TABLE, undefined, format, true).note).toBe(proposalTexts('en').pricing.priceNote)
  })
})
