// Table rows that price a quantity: "Developer 120 $120.00 $14,400.00", "Utvecklare 200 950 kr
// 190 000 kr" — a label, a quantity (hours under an hours column), a unit price and the row's
// amount, read only when the quantity times the unit price is the amount (the row checks itself).
import type { CurrencyCode } from '../read/figures-types.ts'
import type { LineItem } from './lines.ts'
import { amountOf } from './quote-lines.ts'

interface RowPage {
  readonly page: number
  readonly text: string
  readonly ocr?: true
}

const MONEY = String.raw`(?:[$€£]\s?\d{1,3}(?:,\d{3})*(?:\.\d{2})?|\d{1,3}(?:[ \u00a0]\d{3})*(?:,\d{2})?\s?(?:kr|SEK))`
const ROW = new RegExp(String.raw`^\s*(\p{L}[\p{L}\p{N} ./&()-]*?)\s+(\d{1,5}(?:[.,]\d{1,2})?)\s+(${MONEY})\s+(${MONEY})\s*$`, 'u')
/** A column header that says the quantities are hours. */
const HOURS_HEADER = /\b(?:hours|hrs|timmar|tim)\b/iu
const HEADER_REACH = 12

function moneyOf(text: string): number | undefined {
  return amountOf(text.replace(/[$€£]|kr|SEK/gu, '').trim())
}

export function readQuantityRows(pages: readonly RowPage[], currency: CurrencyCode): LineItem[] {
  const items: LineItem[] = []
  for (const page of pages) {
    const lines = page.text.split('\n')
    lines.forEach((line, index) => {
      const row = ROW.exec(line)
      if (row === null) return
      const quantity = Number((row[2] ?? '').replace(',', '.'))
      const unitPrice = moneyOf(row[3] ?? '')
      const amount = moneyOf(row[4] ?? '')
      if (unitPrice === undefined || amount === undefined || !(quantity > 1)) return
      if (Math.abs(quantity * unitPrice - amount) > Math.max(0.02, amount * 0.005)) return
      const hours = lines.slice(Math.max(0, index - HEADER_REACH), index).some((above) => HOURS_HEADER.test(above))
      items.push({
        description: (row[1] ?? '').trim(),
        kind: 'fee',
        unitPrice,
        currency,
        period: 'one-off',
        quantity,
        ...(hours ? { per: 'hour' } : {}),
        sign: 1,
        stated: { page: page.page, quote: line.trim(), ...(page.ocr === true ? { ocr: true as const } : {}) },
      })
    })
  }
  return items
}
