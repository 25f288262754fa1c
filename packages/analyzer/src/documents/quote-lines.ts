// A supplier's quote as printed (and often read by text recognition): item lines with a quantity,
// a unit price and the line's amount ("110-0123 4.00EA 124.88 499.50"), charges under an
// "Ext. Price" header ("1.) Freight 8450.00") and the totals that close it ("Lines Total
// 50,933.96", "Quote Total 60,583.96"). Amounts in such a quote carry no currency sign: they are
// in the currency the document states elsewhere.
import type { CurrencyCode } from '../read/figures-types.ts'
import type { LineItem, Stated } from './lines.ts'

export interface QuotePage {
  readonly page: number
  readonly text: string
  readonly ocr?: true
}

/** An amount as a quote prints it: "5 576.00", "60,583.96", "163,78" (a comma read for the decimal point). */
const NUMBER = String.raw`\d{1,3}(?:[ ,.]\d{3})*[.,]\d{2}|\d+[.,]\d{2}`
const UNITS = String.raw`EA|PCS?|ST|STK|SET|EACH|UNITS?|LOT|HRS?|M2|M`
const ITEM = new RegExp(
  String.raw`(?<![\d.,])(\d{1,5}(?:[.,]\d{1,3})?)\s?(?:${UNITS})\.?\s+\$?\s?(${NUMBER})\s+\$?\s?(${NUMBER})\s*$`,
  'iu',
)
const CHARGE = new RegExp(String.raw`^\s*\d{1,2}\.?\)\s+(\p{L}[\p{L} /&-]{2,40}?)\s+\$?\s?(${NUMBER})\s*$`, 'u')
const CHARGE_HEADER = /ext\.?\s*price|amount|belopp/iu
const TOTAL_LINE = new RegExp(
  String.raw`^\s*((?:\p{L}+\s+){0,3}(?:total|totals|totalt|summa|sub-?total|delsumma|charges|taxes|tax|moms|freight|frakt))\s*:?\s*(?:[$€£]|kr|SEK|USD|EUR)?\s?(${NUMBER}|\d{1,3}(?:[ ,.]\d{3})+)\s*(?:kr|SEK|USD|EUR)?\s*$`,
  'iu',
)
const GRAND = /^(?:quote|grand|order|invoice|contract|offer|project)?\s*total$|^totalt?$|^summa$|^total\s+(?:price|amount|cost|sum)$/iu
const NOT_ADDED = /tax|moms/iu

/** A printed amount: the last separator followed by exactly two digits is the decimal point. */
export function amountOf(text: string): number | undefined {
  const compact = text.replace(/\s/g, '')
  const decimal = /[.,](\d{2})$/.exec(compact)
  const whole = (decimal === null ? compact : compact.slice(0, -3)).replace(/[.,]/g, '')
  if (!/^\d+$/.test(whole)) return undefined
  const value = Number(whole) + (decimal === null ? 0 : Number(decimal[1]) / 100)
  return Number.isFinite(value) ? value : undefined
}

function quantityOf(text: string): number | undefined {
  const value = Number(text.replace(',', '.'))
  return Number.isFinite(value) && value > 0 ? value : undefined
}

function stated(page: QuotePage, quote: string): Stated {
  return { page: page.page, quote: quote.trim(), ...(page.ocr === true ? { ocr: true as const } : {}) }
}

/** The words that name an item line: its own words before the quantity (less line and part numbers), else the description line after it. */
function itemName(lines: readonly string[], index: number, before: string): string {
  const own = before
    .trim()
    .split(/\s+/u)
    .filter((word) => !/\d/u.test(word) && word.length > 1)
    .join(' ')
  if (/\p{L}{3,}/u.test(own)) return own
  const next = (lines[index + 1] ?? '').trim()
  if (/\p{L}{3,}/u.test(next) && !ITEM.test(next) && !TOTAL_LINE.test(next)) return next.replace(/,\s*$/u, '')
  return before.trim().split(/\s+/u).at(-1) ?? before.trim()
}

function readLine(page: QuotePage, lines: readonly string[], index: number, currency: CurrencyCode): LineItem | undefined {
  const line = lines[index] ?? ''
  const item = ITEM.exec(line)
  if (item !== null) {
    const quantity = quantityOf(item[1] ?? '')
    const unitPrice = amountOf(item[2] ?? '')
    const amount = amountOf(item[3] ?? '')
    if (quantity === undefined || unitPrice === undefined || amount === undefined || amount <= 0) return undefined
    // Text recognition misreads digits: the line's amount is what the quote adds up.
    const consistent = Math.abs(quantity * unitPrice - amount) <= Math.max(0.02, amount * 0.01)
    return {
      description: itemName(lines, index, line.slice(0, item.index)),
      kind: 'fee',
      unitPrice: consistent ? unitPrice : amount / quantity,
      currency,
      period: 'one-off',
      ...(quantity === 1 ? {} : { quantity }),
      sign: 1,
      stated: stated(page, line.slice(item.index)),
    }
  }
  const total = TOTAL_LINE.exec(line)
  if (total !== null) {
    const label = (total[1] ?? '').trim()
    const amount = amountOf(total[2] ?? '')
    if (amount === undefined || amount <= 0 || NOT_ADDED.test(label)) return undefined
    const grand = GRAND.test(label)
    return {
      description: label,
      kind: 'total',
      unitPrice: amount,
      currency,
      period: 'one-off',
      sign: 1,
      stated: stated(page, line),
      ...(grand ? { grand: true as const } : {}),
    }
  }
  const charge = CHARGE.exec(line)
  const header = lines.slice(Math.max(0, index - 3), index).some((above) => CHARGE_HEADER.test(above))
  if (charge !== null && header) {
    const amount = amountOf(charge[2] ?? '')
    if (amount === undefined || amount <= 0) return undefined
    return {
      description: (charge[1] ?? '').trim(),
      kind: 'fee',
      unitPrice: amount,
      currency,
      period: 'one-off',
      sign: 1,
      stated: stated(page, line),
    }
  }
  return undefined
}

/** The item, charge and total lines of the quote pages of a document (pages with a "Qty"/"Unit Price" or "Total" layout). */
export function readQuoteLines(pages: readonly QuotePage[], currency: CurrencyCode): LineItem[] {
  const items: LineItem[] = []
  for (const page of pages) {
    const lines = page.text.split('\n')
    for (let index = 0; index < lines.length; index += 1) {
      const item = readLine(page, lines, index, currency)
      if (item !== undefined) items.push(item)
    }
  }
  return items
}
