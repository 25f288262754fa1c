// A pricing table as the PDF prints it (issue 37), decided on the service's thread: each line's
// quantity, unit price and amount in the calculator's currency and the proposal's words (formula's
// proposalTexts, as the page), the optional lines counted only when ticked, and the totals of each
// recurrence from formula's quoteTotals — the same sums the page shows.
import { PRICE_RECURRENCES, visibleBlocks, type PricingBlock, type ProposalDocument } from '@valueproof/contracts/proposal-document'
import { lineChosen, quoteTotals, type PricingTexts, type QuotePart } from '@valueproof/formula'
import { errors } from '@valueproof/http-kit'

/** The ids of the optional lines the prospect ticked, by line id; undefined: the seller's starting choices. */
export type QuoteTicks = Readonly<Record<string, boolean>> | undefined

export interface PdfPricingRow {
  description: string
  /** "Optional", "Discount 10%": under the description. */
  notes: string[]
  quantity: string
  unitPrice: string
  amount: string
  /** An optional line the prospect left out: printed muted, "Not included" as its amount. */
  leftOut: boolean
}

export interface PdfPricingTotals {
  /** "Per month". */
  heading: string
  lines: { label: string; amount: string }[]
  total: { label: string; amount: string }
}

export interface PdfPricingTable {
  heading: string
  columns: { description: string; quantity: string; unitPrice: string; amount: string }
  rows: PdfPricingRow[]
  totals: PdfPricingTotals[]
  /** Under the table whose price the calculator's figures use. */
  note: string | undefined
}

export interface PricingFormat {
  texts: PricingTexts
  money: (amount: number) => string
  /** The locale of plain numbers beside the money. */
  locale: string
}

export const PDF_OPTIONS_FORMAT_MESSAGE = 'options must be the ids of optional pricing lines, separated by commas'
export const PDF_OPTIONS_UNKNOWN_MESSAGE = 'options names a line that is not an optional line of this proposal’s pricing'
const OPTION_ID = /^[A-Za-z0-9_-]{1,40}$/
const OPTIONS_MAX = 50

/** `options=a,b` as ids, checked for shape before the proposal is opened; undefined when not asked. */
export function parseOptions(raw: string | undefined): string[] | undefined {
  if (raw === undefined) return undefined
  const ids = raw === '' ? [] : raw.split(',')
  if (ids.length > OPTIONS_MAX || !ids.every((id) => OPTION_ID.test(id)))
    throw errors.badRequest(PDF_OPTIONS_FORMAT_MESSAGE, 'invalid_options')
  return ids
}

/** The visible pricing tables, in order. */
export function pricingTablesOf(document: ProposalDocument): PricingBlock[] {
  return visibleBlocks(document).filter((block): block is PricingBlock => block.type === 'pricing')
}

/** The ticks of `options`: each optional line ticked when named, else not; a name that is no optional line is refused. */
export function ticksOf(document: ProposalDocument, ticked: readonly string[] | undefined): QuoteTicks {
  if (ticked === undefined) return undefined
  const optional = pricingTablesOf(document).flatMap((table) => table.items.filter((item) => item.optional === true).map((item) => item.id))
  if (ticked.some((id) => !optional.includes(id))) throw errors.badRequest(PDF_OPTIONS_UNKNOWN_MESSAGE, 'unknown_option')
  return Object.fromEntries(optional.map((id) => [id, ticked.includes(id)]))
}

function percentText(percent: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(percent / 100)
}

function totalsOf(part: QuotePart, table: PricingBlock, heading: string, format: PricingFormat): PdfPricingTotals {
  const { texts } = format
  const lines = [{ label: texts.subtotal, amount: format.money(part.subtotal) }]
  if ((table.discountPercent ?? 0) > 0)
    lines.push({ label: texts.quoteDiscount(percentText(table.discountPercent ?? 0, format.locale)), amount: format.money(-part.discount) })
  if ((table.taxPercent ?? 0) > 0)
    lines.push({ label: texts.tax(percentText(table.taxPercent ?? 0, format.locale)), amount: format.money(part.tax) })
  return { heading, lines, total: { label: texts.total, amount: format.money(part.total) } }
}

/**
 * The table's rows and totals with the prospect's ticks; a recurrence without lines has no totals.
 * `pricesCalculator`: the calculator's figures use this table's price, as a note under it says.
 */
export function pdfPricingTable(table: PricingBlock, ticks: QuoteTicks, format: PricingFormat, pricesCalculator = false): PdfPricingTable {
  const { texts } = format
  const totals = quoteTotals(table, ticks)
  const quantityFormat = new Intl.NumberFormat(format.locale, { maximumFractionDigits: 2 })
  const rows = table.items.map((item): PdfPricingRow => {
    const included = lineChosen(item, ticks)
    const notes: string[] = []
    if (item.optional === true) notes.push(texts.optional)
    if ((item.discountPercent ?? 0) > 0) notes.push(`${texts.discount} ${percentText(item.discountPercent ?? 0, format.locale)}`)
    return {
      description: item.description,
      notes,
      quantity: `${quantityFormat.format(item.quantity)} ${item.unit}`.trim(),
      unitPrice: format.money(item.unitPrice),
      amount: included ? format.money(totals.lines.get(item.id) ?? 0) : texts.notIncluded,
      leftOut: !included,
    }
  })
  const recurrences = PRICE_RECURRENCES.filter((recurrence) => table.items.some((item) => item.recurrence === recurrence))
  return {
    heading: table.heading ?? texts.heading,
    columns: { description: texts.description, quantity: texts.quantity, unitPrice: texts.unitPrice, amount: texts.amount },
    rows,
    totals: recurrences.map((recurrence) => totalsOf(totals[recurrence], table, texts.recurrence[recurrence], format)),
    note: pricesCalculator ? texts.priceNote : undefined,
  }
}
