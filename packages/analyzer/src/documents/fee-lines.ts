// Fee and rate rows (fee-tables.ts) as line items: what each row is to the engagement's price — a
// fee, a recurring fee, a rate per hour or per unit, a tier among tiers, an option the buyer may
// add, a deduction, an instalment or a total — from the words of its row, its column and the
// lines around it. Rows that are not the buyer's price are left out: thresholds, evaluation
// weights and price deductions of a tender, and figures in tables about something else (a
// segment's revenue in a business case).
import type { FeeRow } from './fee-tables.ts'
import type { LineItem, LineKind, LinePeriod, Stated } from './lines.ts'
import { quoteAround } from '../read/quotes.ts'

export interface RowPage {
  readonly page: number
  readonly text: string
  readonly ocr?: true
}

/** Words that make an amount the buyer's price (in its row, column, group or heading). */
const PRICE_WORDS =
  /(?<![\p{L}])(?:price\p{L}*|pricing|fees?|costs?|charges?|rates?|quote\p{L}*|invoice\p{L}*|payments?|pay|payable|budget\p{L}*|amount|totals?|tiers?|rate ?cards?|packages?|plans?|licen[cs]e\p{L}*|subscriptions?|set-?up|one-time|installation|onboarding|retainer|deposit|prepayment|remaining|balance|milestones?|contract|cpms?|pris\p{L}*|prislista|\p{L}*avgift\p{L}*|\p{L}*kostnad\p{L}*|arvode\p{L}*|belopp\p{L}*|summa\p{L}*|totalt|offert\p{L}*|faktur\p{L}*|betal\p{L}*|licens\p{L}*|abonnemang\p{L}*|\p{L}*pris)(?![\p{L}])/iu
/** Not the buyer's price: limits, and the evaluation of a tender (weights, added value, deductions). */
const NOT_PRICE =
  /(?<![\p{L}])(?:threshold|tröskel\p{L}*|takpris\p{L}*|cap|not exceed|överstiga|limit|gräns\p{L}*|max\.?|maximum|maximalt|högst|mervärde\p{L}*|prisavdrag\p{L}*|avdrag|poäng|vikt|weight\p{L}*|points?|score|penalt\p{L}*|vite|late|interest|ränta|dröjsmål\p{L}*|insurance|försäkring\p{L}*|risks?|loss|lost|saved|savings?|violations?|breach\p{L}*|fines?|böter|revenue|profit\p{L}*|intäkt\p{L}*|vinst\p{L}*|besparing\p{L}*|förlust\p{L}*|omsättning\p{L}*)(?![\p{L}])/iu
/** A tender's evaluation table: a weight or points beside the amount. */
const EVALUATION = /(?<![\p{L}])(?:vikt|weight\p{L}*|poäng|points?|score)(?![\p{L}])/iu
/** A numbered section heading ("6.4 Mervärde", "19. Cost and Payment"). */
const SECTION = /^\s*\d{1,2}(?:\.\d{1,2})*\.?\s+\p{Lu}[^\n]{0,80}$/gmu
const SECTION_REACH = 3_000

/** What a figure alone on its line may be, said on the line after it ("$64–$96K" / "Annual Labor Saved"). */
const NOT_VALUE =
  /(?<![\p{L}])(?:risks?|loss|lost|saved|savings?|revenue|profit\p{L}*|penalt\p{L}*|avoided|sparad\p{L}*|besparing\p{L}*|förlust\p{L}*|intäkt\p{L}*)(?![\p{L}])/iu

/** The largest amount a line may be: a figure read past this is a misreading. */
const MAX_AMOUNT = 1e10
const TOTAL =
  /(?<![\p{L}])(?:total|totals|totalt|summa|totalsumma|totalbelopp|totalkostnad\p{L}*|grand total|contract price|requested amount|amount due|att betala)(?![\p{L}])/iu
const SUBTOTAL = /(?<![\p{L}])(?:lines? total|sub-?total|delsumma|miscellaneous charges)(?![\p{L}])/iu
const PART =
  /(?<![\p{L}])(?:prepayment|deposit|down payment|remaining|remainder|balance|instal+ments?|handpenning\p{L}*|förskott\p{L}*|delbetalning\p{L}*|slutbetalning\p{L}*|on completion|upon signing|on signing|on acceptance|mobilization)(?![\p{L}])|^on\s+(?:\d|acceptance|system|signing|completion)/iu
const OPTION =
  /(?<![\p{L}])(?:options?|optional|add-?ons?|if required|if needed|tillval|additional opportunit\p{L}*|circle options)(?![\p{L}])/iu
const UNAVAILABLE = /no longer available|sold out|slutsåld|ej tillgänglig|inte längre tillgänglig/iu
/** A document that lists alternatives the buyer picks one of. */
const CATALOGUE = /rate ?card|media kit|prospectus|price ?list|prislista|prisblad|sponsorship (?:tiers?|packages?|levels?|opportunit)/iu
const ADDED_FEE = /start|set-?up|installation|onboarding|avgift|fee|charge|freight|frakt|delivery|leverans/iu
const TIER_WORD = /(?<![\p{L}])(?:tier|package|plan|paket|nivå|level|page|sida|format)(?![\p{L}])/iu

/** A column per year of a budget ("Year 1", "År 2", "2021"), beside a total column. */
const YEAR_COLUMN = /^(?:year|yr|år)\s*\d{1,2}$|^(?:19|20)\d\d$/iu

const AMOUNT_COLUMN = /(?<![\p{L}])(?:total|amount|ext\.?\s*price|line total|belopp|summa|totalt)(?![\p{L}])/iu
const UNIT_COLUMN = /(?<![\p{L}])(?:unit|each|per unit|à[- ]?pris|a-pris|styckpris|enhetspris)(?![\p{L}])/iu

/** How far above a row its heading may be to name what the row's amounts are. */
const HEADING_REACH = 400

function periodOf(row: FeeRow): { period: LinePeriod; per?: string } {
  switch (row.period) {
    case 'month':
      return { period: 'month' }
    case 'year':
      return { period: 'year' }
    case 'hour':
      return { period: 'one-off', per: 'hour' }
    case 'week':
    case 'day':
      return { period: 'one-off', per: row.period }
    default:
      return { period: 'one-off' }
  }
}

/** A tab-separated value row under a header row of as many cells: the amount's column header names it ("DPS", "Full Page"). */
function columnLabel(text: string, row: FeeRow): string | undefined {
  const lineStart = text.lastIndexOf('\n', row.figure.start - 1) + 1
  const lineEnd = text.indexOf('\n', row.figure.start)
  const line = text.slice(lineStart, lineEnd === -1 ? text.length : lineEnd)
  if (!line.includes('\t') || lineStart === 0) return undefined
  const headerStart = text.lastIndexOf('\n', lineStart - 2) + 1
  const header = text.slice(headerStart, lineStart - 1).split('\t')
  const cells = line.split('\t')
  // A row with a label of its own is named by it; only a line of values takes its column headers.
  if (
    header.length !== cells.length ||
    header.length < 2 ||
    header.some((cell) => /\d/.test(cell)) ||
    cells.some((cell) => !/\d/.test(cell))
  )
    return undefined
  const position = text.slice(lineStart, row.figure.start).split('\t').length - 1
  return header[position]?.trim() || undefined
}

function statedOf(page: RowPage, row: FeeRow): Stated {
  // The row from its label to its amount when that is short enough to quote, else the amount's line.
  const span = page.text.slice(row.lineStart, row.figure.end)
  const quote =
    span.length <= 200 && row.figure.start >= row.lineStart ? span.trim() : quoteAround(page.text, row.figure.start, row.figure.end)
  return { page: page.page, quote, ...(page.ocr === true ? { ocr: true as const } : {}) }
}

function kindOf(row: FeeRow, heading: string, catalogue: boolean): LineKind {
  const words = `${row.label} ${row.column ?? ''} ${row.group ?? ''} ${row.detail ?? ''}`
  // A "Total" column holds each line's amount; only a row named a total is one.
  if (SUBTOTAL.test(row.label)) return 'fee'
  if (TOTAL.test(row.label)) return 'total'
  if (PART.test(row.label)) return 'part'
  if (row.deduction === true || row.figure.flags.includes('plus') || OPTION.test(words)) return 'option'
  if (row.period === 'hour' || (row.perEntity !== undefined && row.period === undefined)) return 'rate'
  // A schedule of monthly or yearly fees is the engagement's price, whatever its headings say.
  if (row.period === 'month' || row.period === 'year') return 'fee'
  if (OPTION.test(heading)) return 'option'
  // A start fee in a price list is added to whatever is chosen, not chosen instead of it.
  if (TIER_WORD.test(row.label) || (catalogue && !ADDED_FEE.test(row.label))) return 'alternative'
  return 'fee'
}

/** The words around a row that say what its amount is: the row itself and the heading lines above it (on the page before, near a page's top). */
function contextOf(page: RowPage, row: FeeRow, previous: RowPage | undefined): { near: string; heading: string } {
  const near = page.text.slice(row.lineStart, Math.min(page.text.length, row.figure.end + 80))
  const above = page.text.slice(Math.max(0, row.lineStart - HEADING_REACH), row.lineStart)
  const carried = above.length < HEADING_REACH && previous !== undefined ? previous.text.slice(above.length - HEADING_REACH) : ''
  return { near, heading: `${carried}\n${above}` }
}

/** The title of the numbered section a row is in, on its page. */
function sectionOf(text: string, offset: number): string {
  const before = text.slice(Math.max(0, offset - SECTION_REACH), offset)
  const headings = before.match(SECTION)
  return headings?.at(-1) ?? ''
}

/** "Fee per Download", "Pris per sida": what a column's amounts are per. */
function perOfColumn(column: string | undefined): string | undefined {
  const noun = /(?<![\p{L}])per\s+(\p{L}{3,})/iu.exec(column ?? '')?.[1]?.toLowerCase()
  return noun === undefined || ['user', 'year', 'month', 'år', 'månad'].includes(noun) ? undefined : noun
}

/** The line items of a document's fee and rate rows. */
export function feeLines(rows: readonly FeeRow[], pages: readonly RowPage[]): LineItem[] {
  const byPage = new Map(pages.map((page) => [page.page, page]))
  const previousOf = new Map(pages.slice(1).map((page, index) => [page.page, pages[index]]))
  const catalogue = pages.some((page) => CATALOGUE.test(page.text))
  const items: LineItem[] = []
  for (const row of rows) {
    const page = byPage.get(row.page)
    const currency = row.figure.currency
    // "<$ 1,071.00>" is a deduction, not a "less than".
    const threshold = row.figure.flags.includes('threshold') && row.deduction !== true
    if (page === undefined || currency === undefined || threshold || row.figure.value > MAX_AMOUNT) continue
    const { near, heading } = contextOf(page, row, previousOf.get(row.page))
    const columns = (row.cells ?? []).map((cell) => cell.column ?? '')
    // A budget's year columns add up to its total column: the total is the line, the years are not.
    const yearColumns =
      columns.filter((column) => YEAR_COLUMN.test(column.trim())).length + (YEAR_COLUMN.test(row.column?.trim() ?? '') ? 1 : 0)
    const hasTotalColumn = columns.some((column) => TOTAL.test(column))
    if (YEAR_COLUMN.test(row.column?.trim() ?? '') && hasTotalColumn) continue
    // A unit price beside the line's amount ("Qty  Unit price  Amount"): the amount is the line.
    const hasAmountColumn = (row.cells ?? []).some((cell) => cell.figure.kind === 'money' && AMOUNT_COLUMN.test(cell.column ?? ''))
    if (UNIT_COLUMN.test(row.column ?? '') && hasAmountColumn) continue
    const years = TOTAL.test(row.column ?? '') && yearColumns >= 2 ? yearColumns : undefined
    const words = `${row.label} ${row.column ?? ''} ${row.group ?? ''} ${row.detail ?? ''}`
    // The amount's own line and the one after it ("$64–$96K" / "Annual Labor Saved") say what it is, as does its section.
    const lineStart = page.text.lastIndexOf('\n', row.figure.start - 1) + 1
    const [ownLine = '', nextLine = ''] = page.text.slice(lineStart, lineStart + 240).split('\n')
    const alone = !/\p{L}{3,}/u.test(ownLine.replace(row.figure.text, ''))
    const ownLines = alone ? `${ownLine} ${nextLine}` : ownLine
    if (
      NOT_PRICE.test(words) ||
      NOT_PRICE.test(ownLine) ||
      (alone && NOT_VALUE.test(nextLine)) ||
      NOT_PRICE.test(sectionOf(page.text, row.lineStart))
    )
      continue
    // A table of statistics (a segment's size, shares and revenue) or of a tender's weights, not of prices.
    const cellKinds = (row.cells ?? []).map((cell) => cell.figure.kind)
    if (
      columns.some((column) => EVALUATION.test(column)) ||
      (row.layout === 'line' && cellKinds.includes('percent') && !PRICE_WORDS.test(row.label))
    )
      continue
    const plus = row.figure.flags.includes('plus')
    // A row about something else: no price word in it, its column or its heading, no fee period.
    const priced =
      catalogue ||
      plus ||
      OPTION.test(heading) ||
      OPTION.test(ownLines) ||
      PRICE_WORDS.test(words) ||
      PRICE_WORDS.test(near) ||
      PRICE_WORDS.test(heading) ||
      row.layout === 'phrase' ||
      row.period === 'month' ||
      row.period === 'year'
    if (!priced) continue
    const tableTotal = years !== undefined && !TOTAL.test(row.label)
    const columnPer = perOfColumn(row.column)
    const kind = tableTotal
      ? 'fee'
      : columnPer !== undefined && row.period === undefined
        ? 'rate'
        : kindOf(row, `${heading}\n${ownLine}`, catalogue)
    const fromColumn = columnLabel(page.text, row)
    // "$1,997" / "ONE-TIME SETUP": a price sheet names an amount on the line after it.
    const trailer =
      alone && row.layout === 'block' && nextLine.trim().length <= 40 && PRICE_WORDS.test(nextLine) ? nextLine.trim() : undefined
    const named = trailer === undefined ? undefined : trailer.charAt(0) + trailer.slice(1).toLowerCase()
    // "(1) Fire access": the count of one is not part of its name.
    const label = (fromColumn ?? named ?? row.label).replace(/^\(\d+\)\s+/u, '')
    const grouped =
      row.group === undefined || fromColumn !== undefined || named !== undefined || label.includes(row.group)
        ? label
        : `${label}, ${row.group}`
    const description = row.detail === undefined ? grouped : `${grouped} (${row.detail})`
    const { period, per } = periodOf(row)
    // "$100 per person / per hour" is bought by the hour.
    const entity = per === 'hour' ? per : (row.perEntity ?? per ?? columnPer)
    items.push({
      description,
      // "no longer available" in the tier's own block, not a neighbour's.
      kind: kind === 'alternative' && UNAVAILABLE.test(page.text.slice(row.lineStart, row.figure.end + 40)) ? 'option' : kind,
      unitPrice: row.figure.value,
      currency,
      period,
      ...(entity === undefined ? {} : { per: entity }),
      sign: row.deduction === true ? -1 : 1,
      stated:
        named === undefined
          ? statedOf(page, row)
          : { ...statedOf(page, row), quote: quoteAround(page.text, row.figure.start, row.figure.end) },
      ...(years === undefined ? {} : { years }),
      ...(kind === 'total' && !tableTotal ? { grand: true as const } : {}),
    })
  }
  return items
}
