// A revenue-share schedule ("Monthly Revenue Threshold $300,000 … below the threshold Customer 90%
// / Kubient 10%, above it 50% / 50%"): what the provider's share comes to per month for a revenue
// the reader sets, defaulting to the first threshold. Every channel's threshold is listed; the
// shares are the document's. It is what the customer pays out of its revenue, never a saving.
import { readFeeRows, type FeeCell, type FeeRow } from './fee-tables.ts'
import type { RoledFigure } from './roles.ts'
import type { NamedModel } from './story-contract.ts'
import { makeTerm, moneyInBase, type DesignContext, type Term } from './terms.ts'

/** A threshold column ("Threshold", "Tröskel", "Revenue threshold"). */
const THRESHOLD = /\bthreshold|tröskel/iu
/** The column of the party that receives the customer's share back: the customer's own. */
const CUSTOMER_COLUMN = /\b(?:customer|client|kund|beställare|publisher)\b/iu

interface ShareRow {
  readonly row: FeeRow
  readonly below: FeeCell
  readonly above: FeeCell
}

/** Rows whose amount is a threshold and whose cells give the provider's share below and above it. */
function shareRows(context: DesignContext): ShareRow[] {
  const { pages, scan } = context.reading
  if (!pages.some((page) => THRESHOLD.test(page.text))) return []
  return readFeeRows(pages, scan).flatMap((row) => {
    if (!THRESHOLD.test(`${row.column ?? ''} ${row.label}`)) return []
    const provider = (row.cells ?? []).filter((cell) => cell.figure.kind === 'percent' && !CUSTOMER_COLUMN.test(cell.column ?? ''))
    const [below, above] = provider
    return below === undefined || above === undefined || provider.length !== 2 ? [] : [{ row, below, above }]
  })
}

function percentTerm(key: string, name: string, label: [string, string], figure: RoledFigure | undefined, context: DesignContext): Term {
  return makeTerm(
    { key, role: 'price', name, label: context.texts.say(...label), unit: '%', quantity: 'percent', assumption: 0, priority: 3 },
    figure?.figure,
    context,
  )
}

/** The provider's share per month of a revenue set by the reader; undefined without a threshold schedule. */
export function revenueShareModel(roled: readonly RoledFigure[], context: DesignContext): NamedModel | undefined {
  const rows = shareRows(context)
  const first = rows[0]
  if (first === undefined) return undefined
  const at = new Map(roled.map((entry) => [`${entry.figure.page}:${entry.figure.start}`, entry]))
  const entryOf = (page: number, start: number): RoledFigure | undefined => at.get(`${page}:${start}`)
  const thresholds = rows.flatMap(({ row }) => {
    const entry = entryOf(row.page, row.figure.start)
    return entry === undefined ? [] : [{ row, entry }]
  })
  const firstEntry = thresholds[0]?.entry
  if (firstEntry === undefined) return undefined
  const { texts } = context
  const document = context.inputKind === 'document'
  const listing = thresholds
    .map(({ row }) => `${row.label} ${row.figure.text.replace(/\s+/g, ' ').trim()}${document ? ` (${texts.pageShort(row.page)})` : ''}`)
    .join('; ')
  const note = texts.say(
    `The document lists ${thresholds.length} monthly revenue thresholds: ${listing}. The first is the default; set your revenue.`,
    `Dokumentet anger ${thresholds.length} tröskelvärden för månadsintäkter: ${listing}. Det första är förvalt; ange era intäkter.`,
  )
  const revenue = makeTerm(
    {
      key: 'revenue',
      role: 'volume',
      name: 'revenuePerMonth',
      label: texts.say(`Revenue per month (${first.row.label})`, `Intäkter per månad (${first.row.label})`),
      unit: texts.perPeriod('monthly'),
      quantity: 'money',
      assumption: 10_000,
      priority: 0,
      derived: { value: moneyInBase(firstEntry.figure, context).value, figures: thresholds.map(({ entry }) => entry.figure), note },
    },
    undefined,
    context,
  )
  const threshold = makeTerm(
    {
      key: 'threshold',
      role: 'other',
      name: 'thresholdPerMonth',
      label: texts.say('Threshold per month', 'Tröskel per månad'),
      unit: texts.perPeriod('monthly'),
      quantity: 'money',
      assumption: 0,
      priority: 5,
      fixed: true,
    },
    firstEntry.figure,
    context,
  )
  const below = entryOf(first.row.page, first.below.figure.start)
  const above = entryOf(first.row.page, first.above.figure.start)
  const party = first.below.column ?? texts.say('the provider', 'leverantören')
  return {
    period: 'monthly',
    terms: [
      revenue,
      threshold,
      percentTerm(
        'below',
        'shareBelowThreshold',
        [`Share to ${party} below the threshold`, `Andel till ${party} under tröskeln`],
        below,
        context,
      ),
      percentTerm(
        'above',
        'shareAboveThreshold',
        [`Share to ${party} above the threshold`, `Andel till ${party} över tröskeln`],
        above,
        context,
      ),
    ],
    result: texts.say(`Revenue share to ${party} per month`, `Intäktsandel till ${party} per månad`),
    formula: (n) => `min(${n.revenue}, ${n.threshold}) * ${n.below} / 100 + max(${n.revenue} - ${n.threshold}, 0) * ${n.above} / 100`,
    explain: (p) => `min(${p.revenue}, ${p.threshold}) × ${p.below} + max(${p.revenue} − ${p.threshold}, 0) × ${p.above}`,
  }
}
