// A proposal's pricing table on the prospect's page (issue 37): the lines and totals as the table
// writes them, the optional lines the prospect ticked, and the calculator's price that follows the
// quote so the headline, ROI, payback, chart and PDF all use the price on screen.
import { visibleBlocks, type PricingBlock, type ProposalDocument } from '@valueproof/contracts/proposal-document'
import {
  lineChosen,
  priceOfQuote,
  quoteTotals,
  type CalculatorData,
  type PricingTexts,
  type QuotePart,
  type QuoteRecurrence,
} from '@valueproof/formula'

/** The prospect's ticks of optional lines, by line id (an untouched line keeps the seller's choice). */
export type Ticks = Readonly<Record<string, boolean>>

/** The table the calculator's price follows: the first one the prospect sees. */
export function quoteTableOf(document: ProposalDocument): PricingBlock | undefined {
  return document.blocks.find((block): block is PricingBlock => block.type === 'pricing' && block.hidden !== true)
}

/** The calculator with the quote's price (before tax); a value calculator has no price of its own and stays as it is. */
export function pricedCalculatorData(calculatorData: CalculatorData, table: PricingBlock | undefined, ticks: Ticks): CalculatorData {
  if (table === undefined || calculatorData.calculatorType === 'value') return calculatorData
  return { ...calculatorData, price: priceOfQuote(table, ticks) }
}

/**
 * The optional lines counted now in every table the prospect sees, for the PDF's `options` (it
 * ticks exactly these); undefined when there is no line to tick.
 */
export function chosenOptions(document: ProposalDocument, ticks: Ticks): string[] | undefined {
  const optional = visibleBlocks(document)
    .flatMap((block) => (block.type === 'pricing' ? block.items : []))
    .filter((item) => item.optional === true)
  if (optional.length === 0) return undefined
  return optional.filter((item) => lineChosen(item, ticks)).map((item) => item.id)
}

export interface PricingLineView {
  id: string
  description: string
  /** "3 seats". */
  quantity: string
  unitPrice: string
  /** "−10 %"; undefined without a line discount. */
  discount: string | undefined
  /** The line's amount after its discount, counted or not. */
  amount: string
  /** "Per month" when the table has more than one-off lines; undefined otherwise. */
  recurrence: string | undefined
  optional: boolean
  included: boolean
}

export interface PricingTotalRow {
  label: string
  amount: string
  /** The row that sums the part. */
  total: boolean
}

export interface PricingPartView {
  recurrence: QuoteRecurrence
  label: string
  rows: PricingTotalRow[]
}

export interface PricingView {
  lines: PricingLineView[]
  /** Whether any line has a discount of its own (the table then shows the column). */
  lineDiscounts: boolean
  parts: PricingPartView[]
}

/** How the table writes money and plain numbers. */
export interface PricingFormat {
  money: (amount: number) => string
  locale: string
  texts: PricingTexts
}

function percentOf(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(value / 100)
}

function partRows(part: QuotePart, table: PricingBlock, format: PricingFormat): PricingTotalRow[] {
  const { money, locale, texts } = format
  const rows: PricingTotalRow[] = []
  const discount = (table.discountPercent ?? 0) > 0
  const tax = (table.taxPercent ?? 0) > 0
  if (discount || tax) rows.push({ label: texts.subtotal, amount: money(part.subtotal), total: false })
  if (discount)
    rows.push({ label: texts.quoteDiscount(percentOf(table.discountPercent ?? 0, locale)), amount: money(-part.discount), total: false })
  if (tax) rows.push({ label: texts.tax(percentOf(table.taxPercent ?? 0, locale)), amount: money(part.tax), total: false })
  rows.push({ label: texts.total, amount: money(part.total), total: true })
  return rows
}

/** The table as the page shows it with the prospect's ticks: every line, and the totals of each recurrence it has. */
export function pricingView(table: PricingBlock, ticks: Ticks, format: PricingFormat): PricingView {
  const { money, locale, texts } = format
  const totals = quoteTotals(table, ticks)
  // What each line costs when counted, so an unticked option still says what ticking it adds.
  const everything = quoteTotals(table, Object.fromEntries(table.items.map((item) => [item.id, true])))
  const onlyOnce = table.items.every((item) => item.recurrence === 'once')
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 })
  const lines = table.items.map((item) => ({
    id: item.id,
    description: item.description,
    quantity: item.unit.trim() === '' ? number.format(item.quantity) : `${number.format(item.quantity)} ${item.unit.trim()}`,
    unitPrice: money(item.unitPrice),
    discount: (item.discountPercent ?? 0) > 0 ? `−${percentOf(item.discountPercent ?? 0, locale)}` : undefined,
    amount: money(everything.lines.get(item.id) ?? 0),
    recurrence: onlyOnce ? undefined : texts.recurrence[item.recurrence],
    optional: item.optional === true,
    included: lineChosen(item, ticks),
  }))
  const recurrences = (['once', 'month', 'year'] as const).filter((recurrence) =>
    table.items.some((item) => item.recurrence === recurrence),
  )
  return {
    lines,
    lineDiscounts: lines.some((line) => line.discount !== undefined),
    parts: recurrences.map((recurrence) => ({
      recurrence,
      label: texts.recurrence[recurrence],
      rows: partRows(totals[recurrence], table, format),
    })),
  }
}
