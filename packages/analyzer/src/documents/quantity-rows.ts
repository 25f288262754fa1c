// Table rows that price a quantity: "Developer 120 $120.00 $14,400.00", "Utvecklare 200 950 kr
// 190 000 kr" — a label, a quantity (hours under an hours column), a unit price and the row's
// amount, read only when the quantity times the unit price is the amount (the row checks itself);
// and hours at a rate in running text ("120 hours at $150 per hour", "300 timmar à 1 100 kr").
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

/** "120 hours at $150 per hour", "40 hrs @ €95/h", "300 timmar à 1 100 kr per timme". */
const HOURS_AT = new RegExp(
  String.raw`(?<![\d.,])(\d{1,3}(?:[ ,]\d{3})*|\d{1,5})\s?(?:hours|hrs|timmar|tim)\s+(?:at|@|x|×|à|á|a)\s+(?:a rate of\s+|an hourly rate of\s+|ett timpris på\s+)?(${MONEY})(?:\s*(?:per hour|an hour|/\s?h(?:our|r)?|per timme|/\s?tim(?:me)?))?`,
  'giu',
)

/** Words that make hours at a rate the seller's price, not the buyer's cost ("analysts spend 300 hours at $55"). */
const PRICE_CONTEXT =
  /(?<![\p{L}])(?:fees?|billed|invoiced|charged|quoted?|estimated?|engagement|budget|price|pricing|hourly rate|arvode\p{L}*|debiter\p{L}*|fakturer\p{L}*|offert\p{L}*|uppdraget|\p{L}*pris\p{L}*)(?![\p{L}])/iu

/** The sentence around a passage. */
function sentenceAround(text: string, start: number, end: number): string {
  const from = Math.max(text.lastIndexOf('. ', start), text.lastIndexOf('\n\n', start), 0)
  const stop = text.indexOf('. ', end)
  return text.slice(from, stop < 0 ? text.length : stop)
}

function moneyOf(text: string): number | undefined {
  return amountOf(text.replace(/[$€£]|kr|SEK/gu, '').trim())
}

/** Hours at a rate that running text states: a fee of that many hours at the rate. */
function hoursAtRate(page: RowPage, currency: CurrencyCode): LineItem[] {
  return [...page.text.matchAll(HOURS_AT)].flatMap((match) => {
    const hours = Number((match[1] ?? '').replace(/[ ,]/gu, ''))
    const unitPrice = moneyOf(match[2] ?? '')
    if (unitPrice === undefined || !(hours > 0)) return []
    if (!PRICE_CONTEXT.test(sentenceAround(page.text, match.index, match.index + match[0].length))) return []
    const quote = match[0].replace(/\s+/gu, ' ').trim()
    const label = /timmar|tim/iu.test(match[0]) ? 'Timpris' : 'Hourly rate'
    return [
      {
        description: label,
        kind: 'fee' as const,
        unitPrice,
        currency,
        period: 'one-off' as const,
        quantity: hours,
        per: 'hour',
        sign: 1 as const,
        stated: { page: page.page, quote, ...(page.ocr === true ? { ocr: true as const } : {}) },
      },
    ]
  })
}

export function readQuantityRows(pages: readonly RowPage[], currency: CurrencyCode): LineItem[] {
  const items: LineItem[] = []
  for (const page of pages) {
    items.push(...hoursAtRate(page, currency))
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
