import type { PricingBlock, ProposalDocument } from '@valueproof/contracts/proposal-document'
import { calculatorDataSchema, moneyFormatter, proposalTexts } from '@valueproof/formula'
import { describe, expect, it } from 'vitest'
import { chosenOptions, pricedCalculatorData, pricingView, quoteTableOf, type PricingFormat } from './pricing.ts'

const TABLE: PricingBlock = {
  id: 'quote',
  type: 'pricing',
  items: [
    { id: 'seats', description: 'Seats', quantity: 10, unit: 'seats', unitPrice: 50, recurrence: 'month', discountPercent: 10 },
    { id: 'setup', description: 'Setup', quantity: 1, unit: '', unitPrice: 2000, recurrence: 'once' },
    { id: 'training', description: 'Training day', quantity: 2, unit: 'days', unitPrice: 1200, recurrence: 'once', optional: true },
    {
      id: 'support',
      description: 'Premium support',
      quantity: 1,
      unit: '',
      unitPrice: 100,
      recurrence: 'month',
      optional: true,
      selected: true,
    },
  ],
  discountPercent: 5,
  taxPercent: 25,
}

const english: PricingFormat = {
  money: moneyFormatter('USD', { currency: 'USD', locale: undefined }),
  locale: 'en-US',
  texts: proposalTexts('en').pricing,
}
const swedish: PricingFormat = {
  money: moneyFormatter('SEK', { currency: 'SEK', locale: 'sv-SE' }),
  locale: 'sv-SE',
  texts: proposalTexts('sv').pricing,
}

const calculatorData = calculatorDataSchema.parse({
  name: 'Support',
  description: '',
  formula: 'hours * rate',
  parameters: [
    { name: 'hours', label: 'Hours', type: 'slider', min: 0, max: 100, step: 1, defaultValue: 10 },
    { name: 'rate', label: 'Rate', type: 'slider', min: 0, max: 100, step: 1, defaultValue: 50 },
  ],
  baseCurrency: 'USD',
  baseTimeframe: 'weekly',
  valueType: 'moneySaved',
  calculatorType: 'standard',
})

describe('pricingView', () => {
  it('writes each line with its quantity, unit price, discount and amount, and an unticked option as not included', () => {
    const view = pricingView(TABLE, {}, english)
    expect(view.lines.map((line) => [line.quantity, line.unitPrice, line.discount, line.amount, line.recurrence, line.included])).toEqual([
      ['10 seats', '$50', '−10%', '$450', 'Per month', true],
      ['1', '$2,000', undefined, '$2,000', 'One-off', true],
      ['2 days', '$1,200', undefined, '$2,400', 'One-off', false],
      ['1', '$100', undefined, '$100', 'Per month', true],
    ])
    expect(view.lineDiscounts).toBe(true)
  })

  it('sums each recurrence the table has: subtotal, the quote discount, tax and total', () => {
    const view = pricingView(TABLE, {}, english)
    expect(view.parts.map((part) => part.label)).toEqual(['One-off', 'Per month'])
    expect(view.parts[1]?.rows).toEqual([
      { label: 'Subtotal', amount: '$550', total: false },
      { label: 'Discount (5%)', amount: '-$28', total: false },
      { label: 'Tax (25%)', amount: '$131', total: false },
      { label: 'Total', amount: '$653', total: true },
    ])
  })

  it('counts a ticked option and drops an unticked one', () => {
    const view = pricingView(TABLE, { training: true, support: false }, english)
    expect(view.lines.map((line) => line.included)).toEqual([true, true, true, false])
    // One-off: 2,000 + 2,400 = 4,400, less 5 % = 4,180, plus 25 % tax = 5,225.
    expect(view.parts[0]?.rows.at(-1)).toEqual({ label: 'Total', amount: '$5,225', total: true })
  })

  it('writes Swedish words and numbers for a Swedish proposal', () => {
    const view = pricingView(TABLE, {}, swedish)
    // Swedish writes a no-break space before "kr" and "%".
    expect(view.lines[0]).toMatchObject({ quantity: '10 seats', unitPrice: '50\u00a0kr', discount: '−10\u00a0%', recurrence: 'Per månad' })
    expect(view.parts[0]?.rows.map((row) => row.label)).toEqual(['Delsumma', 'Rabatt (5\u00a0%)', 'Moms (25\u00a0%)', 'Totalt'])
    expect(view.parts[0]?.label).toBe('Engångskostnad')
  })

  it('leaves out the subtotal and the recurrence of a plain one-off table', () => {
    const plain: PricingBlock = {
      id: 'p',
      type: 'pricing',
      items: [{ id: 'a', description: 'A', quantity: 3, unit: 'h', unitPrice: 10.5, recurrence: 'once' }],
    }
    const view = pricingView(plain, {}, english)
    expect(view.lines[0]?.recurrence).toBeUndefined()
    expect(view.parts).toEqual([{ recurrence: 'once', label: 'One-off', rows: [{ label: 'Total', amount: '$32', total: true }] }])
  })
})

describe('the calculator price that follows the quote', () => {
  const document: ProposalDocument = {
    title: 'T',
    blocks: [{ ...TABLE, id: 'hidden', hidden: true, items: [] }, { id: 'calculator', type: 'calculator' }, TABLE],
  }

  it('is the first visible table', () => {
    expect(quoteTableOf(document)?.id).toBe('quote')
    expect(quoteTableOf({ title: 'T', blocks: [{ id: 'calculator', type: 'calculator' }] })).toBeUndefined()
  })

  it('is monthly before tax, with the one-off lines as setup, and moves with the ticks', () => {
    // Per month: (450 + 100) less 5 % = 522.50; once: 2,000 less 5 % = 1,900.
    expect(pricedCalculatorData(calculatorData, TABLE, {}).price).toMatchObject({ amount: 522.5, period: 'month', setup: 1900 })
    expect(pricedCalculatorData(calculatorData, TABLE, { support: false, training: true }).price).toMatchObject({
      amount: 427.5,
      period: 'month',
      setup: 4180,
    })
  })

  it('leaves the calculator as it is without a table', () => {
    expect(pricedCalculatorData(calculatorData, undefined, {})).toBe(calculatorData)
  })

  it('names the optional lines counted now in every visible table, for the PDF', () => {
    const second: PricingBlock = {
      id: 'extras',
      type: 'pricing',
      items: [
        { id: 'audit', description: 'Audit', quantity: 1, unit: '', unitPrice: 500, recurrence: 'once', optional: true, selected: true },
      ],
    }
    const hiddenOne: PricingBlock = { ...second, id: 'old', hidden: true, items: [{ ...second.items[0]!, id: 'gone' }] }
    const withTables = (...tables: PricingBlock[]): ProposalDocument => ({ title: 'T', blocks: tables })
    expect(chosenOptions(withTables(TABLE, second, hiddenOne), {})).toEqual(['support', 'audit'])
    expect(chosenOptions(withTables(TABLE, second), { training: true, support: false, audit: false })).toEqual(['training'])
    expect(chosenOptions(withTables(TABLE), { support: false })).toEqual([])
    expect(chosenOptions(withTables({ ...TABLE, items: TABLE.items.filter((item) => item.optional !== true) }), {})).toBeUndefined()
  })
})
