import { describe, expect, it } from 'vitest'
import type { ScanOptions } from '../read/figures-types.ts'
import { readEstimates, readRecurringFees } from './estimates.ts'
import { amountOf, readQuoteLines } from './quote-lines.ts'

const ENGLISH: ScanOptions = { dollar: 'USD', rand: false, swedish: false }
const SWEDISH: ScanOptions = { dollar: 'USD', rand: false, swedish: true }

describe("a supplier's quote", () => {
  const quote = [
    'Line Part Rev Expected Qty UnitPrice Ext Price',
    '110-0123 4.00EA 124.88 499.50',
    'Detector Loop EDI',
    '12 P-0167-BK zz 3.00EA 120.00 360.00',
    'Kit, Gate Guard, STD, Black',
    'QUOTE - Miscellaneous Charge -',
    'Description Ext. Price',
    '1.) Freight 8450.00',
    'Lines Total 859.50',
    'Total Taxes 0.00',
    'Quote Total 9,309.50',
  ].join('\n')

  it('reads item lines with their quantity, unit price and name, the charges and the totals', () => {
    const lines = readQuoteLines([{ page: 12, text: quote, ocr: true }], 'USD')
    expect(lines.map((line) => [line.kind, line.description, line.quantity, line.unitPrice, line.grand === true])).toEqual([
      ['fee', 'Detector Loop EDI', 4, 124.88, false],
      ['fee', 'Kit, Gate Guard, STD, Black', 3, 120, false],
      ['fee', 'Freight', undefined, 8450, false],
      ['total', 'Lines Total', undefined, 859.5, false],
      ['total', 'Quote Total', undefined, 9309.5, true],
    ])
    // Read by text recognition: the quote says so.
    expect(lines[0]?.stated).toEqual({ page: 12, quote: '4.00EA 124.88 499.50', ocr: true })
  })

  it('reads amounts as a quote prints them, a comma read for the decimal point included', () => {
    expect([amountOf('5 576.00'), amountOf('60,583.96'), amountOf('163,78'), amountOf('1.234,50'), amountOf('abc')]).toEqual([
      5_576,
      60_583.96,
      163.78,
      1_234.5,
      undefined,
    ])
  })
})

describe('totals and fees that running text states', () => {
  it('reads an estimate of the whole engagement with the years it covers', () => {
    const text =
      'At the time of award, the Government estimates the total three\nyear value of BPA obligations to be $100 million. The estimates are not ceilings.'
    expect(readEstimates([{ page: 15, text }], ENGLISH)).toMatchObject([
      { kind: 'total', grand: true, unitPrice: 100_000_000, years: 3, estimate: true, stated: { page: 15 } },
    ])
  })

  it('reads a requested amount and a Swedish estimate per year', () => {
    expect(readEstimates([{ page: 1, text: 'PI: Jane Doe. Requested Amount: $599,968 over 3 years' }], ENGLISH)).toMatchObject([
      { unitPrice: 599_968, years: 3 },
    ])
    const swedish = 'Uppskattat kontraktsvärde\nVolymen uppskattas till 2 miljoner SEK/år. Det verkliga utfallet kan bli större.'
    expect(readEstimates([{ page: 2, text: swedish }], SWEDISH)).toMatchObject([
      { unitPrice: 2_000_000, period: 'year', currency: 'SEK', estimate: true },
    ])
  })

  it('reads a recurring fee once, however often it is referred to, and not money at risk', () => {
    const pages = [
      { page: 4, text: 'The annual fee for the licence for the Software shall be $150,000 per annum, including upgrades.' },
      { page: 5, text: 'The Publishers shall deduct the fees for such licences from the $150,000 per annum for the Software.' },
      { page: 6, text: 'Late fees and penalties could cost you $20,000 per year in lost revenue.' },
    ]
    expect(readRecurringFees(pages, ENGLISH).map((item) => [item.description, item.unitPrice, item.period, item.stated.page])).toEqual([
      ['annual fee for the licence', 150_000, 'year', 4],
    ])
  })
})
