// The column headers of a table whose cells are separated by tabs ("Type  Threshold  Customer …",
// "Tjänst  Pris (kr)"): which header a cell sits under, and the bare numbers of a column whose
// header names the currency ("Pris (kr)" over "2 490") read as amounts.
import { cellsOf, figuresBetween, isRowId, periodInWords, wordsOf, type Line } from './fee-tables-lines.ts'
import {
  CURRENCY_CODES,
  type CurrencyCode,
  type Figure,
  type FigureFlag,
  type MutableFigure,
  type ScanOptions,
} from '../read/figures-types.ts'
import { parseNumberText } from '../read/number-format.ts'

/** How far above a row its header row may be, and how many words a header cell has at most. */
const HEADER_REACH = 30
const HEADER_WORDS = 6

/** The header row above a tab-separated row: the nearest line with as many cells, all words and no figures. */
export function headerCells(text: string, lines: readonly Line[], lineIndex: number, figures: readonly Figure[]): string[] | undefined {
  const line = lines[lineIndex]
  const count = line === undefined ? 0 : cellsOf(line).length
  if (count === 0) return undefined
  for (let index = lineIndex - 1; index >= Math.max(0, lineIndex - HEADER_REACH); index -= 1) {
    const candidate = lines[index]
    const cells = candidate === undefined ? [] : cellsOf(candidate)
    if (candidate === undefined || cells.length === 0) continue
    // A row of its own ("G1.1.4  CRM  …") lies between the row and any header above it.
    if (isRowId(cells[0]?.text ?? '')) return undefined
    if (cells.length !== count) continue
    const headings = cells.every((cell) => {
      const title = cell.text.trim()
      return title === '' || (/\p{L}/u.test(title) && !/[.,;]$/u.test(title) && wordsOf(title).length <= HEADER_WORDS)
    })
    // "Year 1", "2021" name columns; an amount or a share in the line makes it a row, not a header.
    const amounts = figuresBetween(figures, candidate.start, candidate.end + 1).filter(
      (figure) => figure.kind === 'money' || figure.kind === 'percent',
    )
    if (headings && amounts.length === 0) {
      return cells.map((cell) => cell.text.trim())
    }
  }
  return undefined
}

const HEADER_CURRENCY =
  /\(\s*(?:in\s+)?(SEK|USD|EUR|AUD|ZAR|GBP|INR|NOK|DKK|CAD|NZD|CHF|JPY|kr|kronor|US\$|C\$|CA\$|NZ\$|A\$|\$|€|£|₹|¥)\s*\)|(?:^|\s)(SEK|USD|EUR|AUD|NOK|DKK|CAD|NZD|CHF|JPY|kr|kronor)(?:\s|:|$)/iu

function currencyOfHeader(header: string, options: ScanOptions): CurrencyCode | undefined {
  const match = HEADER_CURRENCY.exec(header)
  const symbol = (match?.[1] ?? match?.[2])?.toLowerCase()
  switch (symbol) {
    case undefined:
      return undefined
    case 'kr':
    case 'kronor':
    case 'sek':
      return 'SEK'
    case 'us$':
    case 'usd':
      return 'USD'
    case 'a$':
    case 'aud':
      return 'AUD'
    case '$':
      return options.dollar
    case '€':
    case 'eur':
      return 'EUR'
    case '£':
    case 'gbp':
      return 'GBP'
    case '₹':
    case 'inr':
      return 'INR'
    case 'c$':
    case 'ca$':
      return 'CAD'
    case 'nz$':
      return 'NZD'
    case '¥':
      return 'JPY'
    default:
      // A code as written: "Fee (CHF)", "NOK".
      return CURRENCY_CODES.find((code) => code.toLowerCase() === symbol)
  }
}

/** Amounts written as bare numbers under a header that names their currency ("Pris (kr)" → "2 490"). */
export function headerCurrencyFigures(
  page: number,
  text: string,
  lines: readonly Line[],
  figures: readonly Figure[],
  options: ScanOptions,
): Figure[] {
  const found: Figure[] = []
  for (const line of lines) {
    const cells = cellsOf(line)
    if (cells.length === 0) continue
    const header = headerCells(text, lines, line.index, figures)
    if (header === undefined) continue
    cells.forEach((cell, position) => {
      const title = header[position] ?? ''
      const currency = currencyOfHeader(title, options)
      const trimmed = cell.text.trim()
      if (currency === undefined || trimmed === '') return
      const value = parseNumberText(trimmed, { europeanDots: options.swedish || currency === 'SEK' || currency === 'EUR' })
      if (value === undefined || figuresBetween(figures, cell.start, cell.end + 1).length > 0) return
      const start = cell.start + cell.text.indexOf(trimmed)
      const flags: FigureFlag[] = ['headerCurrency']
      const figure: MutableFigure = {
        kind: 'money',
        value,
        currency,
        page,
        start,
        end: start + trimmed.length,
        text: trimmed,
        flags,
        header: title,
      }
      const period = periodInWords(title)
      if (period !== undefined) {
        figure.per = period
        flags.push('headerPeriod')
      }
      found.push(figure)
    })
  }
  return found
}
