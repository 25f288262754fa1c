// Every reader of a document's price lines over its pages: fee and rate rows, a supplier's quote
// lines and totals, the totals running text states, and a work breakdown priced by the hour.
import { scanPage } from '../read/figures.ts'
import type { CurrencyCode, ScanOptions } from '../read/figures-types.ts'
import { quoteAround } from '../read/quotes.ts'
import { readEstimates, readPlanRange, readRecurringFees } from './estimates.ts'
import { feeLines } from './fee-lines.ts'
import { readFeeRows } from './fee-tables.ts'
import type { LineItem, PriceLines, StatedCount } from './lines.ts'
import { readQuantityRows } from './quantity-rows.ts'
import { readQuoteLines } from './quote-lines.ts'
import { readWorkBreakdown } from './work-breakdown.ts'

export interface LinePage {
  readonly page: number
  readonly text: string
  readonly ocr?: true
}

/** The currency a document's bare amounts are in: the one most of its amounts name. */
function mainCurrency(currencies: readonly CurrencyCode[], fallback: CurrencyCode): CurrencyCode {
  const counts = new Map<CurrencyCode, number>()
  for (const currency of currencies) counts.set(currency, (counts.get(currency) ?? 0) + 1)
  let best = fallback
  let most = 0
  for (const [currency, count] of counts) {
    if (count > most) {
      best = currency
      most = count
    }
  }
  return best
}

/** What a per-seat price is counted by. */
const COUNTED = new Set(['user', 'seat', 'license'])
/** "Number of Users  6", "Antal licenser: 25": a count in a table cell after its label. */
const COUNT_CELL =
  /(?:number of|no\.? of|antal)\s+(users?|seats?|licen[cs]es?|användare|licenser|platser)\s*[:\t ]\s*(\d{1,5})(?![\d.,])/giu
const COUNT_WORDS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^(?:users?|användare)$/iu, 'user'],
  [/^(?:seats?|platser)$/iu, 'seat'],
  [/^(?:licen[cs]es?|licenser)$/iu, 'license'],
]

/** The first count the document states of each thing a price may be per. */
function statedCounts(pages: readonly LinePage[], options: ScanOptions): Map<string, StatedCount> {
  const counts = new Map<string, StatedCount>()
  for (const page of pages) {
    for (const match of page.text.matchAll(COUNT_CELL)) {
      const entity = COUNT_WORDS.find(([pattern]) => pattern.test(match[1] ?? ''))?.[1]
      const value = Number(match[2])
      if (entity === undefined || counts.has(entity) || !(value > 0)) continue
      counts.set(entity, { value, stated: { page: page.page, quote: quoteAround(page.text, match.index, match.index + match[0].length) } })
    }
    for (const figure of scanPage(page.page, page.text, options)) {
      if (
        figure.kind !== 'count' ||
        figure.entity === undefined ||
        !COUNTED.has(figure.entity) ||
        counts.has(figure.entity) ||
        figure.flags.includes('threshold')
      )
        continue
      counts.set(figure.entity, {
        value: figure.value,
        stated: { page: page.page, quote: quoteAround(page.text, figure.start, figure.end) },
      })
    }
  }
  return counts
}

export function readPriceLines(pages: readonly LinePage[], options: ScanOptions): PriceLines {
  const rows = readFeeRows(pages, options)
  const fees = feeLines(rows, pages)
  const estimates = readEstimates(pages, options)
  const fallback = options.swedish ? 'SEK' : options.dollar
  const currency = mainCurrency(
    rows.flatMap((row) => (row.figure.currency === undefined ? [] : [row.figure.currency])),
    fallback,
  )
  const quoted = readQuoteLines(pages, currency)
  // A row that prices a quantity is read whole: the fees read from its cells are its parts.
  const priced = readQuantityRows(pages, currency)
  // A fee read inside a row's passage is one of its cells; a passage around the row is the row's
  // only when its amount is one of the row's numbers (a setup fee in the same sentence is not).
  const ofRow = (item: LineItem) =>
    priced.some(
      (row) =>
        row.stated.page === item.stated.page &&
        (row.stated.quote.includes(item.stated.quote) ||
          (item.stated.quote.includes(row.stated.quote) &&
            [row.unitPrice, row.unitPrice * (row.quantity ?? 1), row.quantity ?? 0].some(
              (value) => Math.abs(value - item.unitPrice) < 0.01,
            ))),
    )
  const work = readWorkBreakdown(pages, options)
  // A fee a sentence states is new only when no row has its amount for the same period.
  const known = new Set(fees.map((item) => `${item.period}|${item.unitPrice}`))
  const recurring = readRecurringFees(pages, options).filter((item) => !known.has(`${item.period}|${item.unitPrice}`))
  const counts = statedCounts(pages, options)
  const plans = readPlanRange(pages, options).filter((item) => !known.has(`${item.period}|${item.unitPrice}`))
  const read = [...estimates, ...fees, ...recurring, ...plans, ...quoted].filter((item) => item.kind === 'total' || !ofRow(item))
  return { items: [...read, ...priced], counts, ...(work === undefined ? {} : { work }) }
}
