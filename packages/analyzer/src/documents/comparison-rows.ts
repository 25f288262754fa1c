// Tables that set the customer's situation today against the situation with the offer ("Task |
// Today | With us", "Scenario | Current | Target", "Moment | Idag | Efter"): each row whose two
// cells state a time (or an amount) and the second is the smaller becomes a value stream — the
// difference, as often a year as the seller sets, at the cost of an hour for a time. Both cells are
// inputs quoted from the document; how often and the cost of an hour are assumptions said to be.
import type { Currency } from '@valueproof/formula'
import { literal } from '../explain/formula.ts'
import { nameOf } from '../explain/inputs.ts'
import type { Quantity } from '../model.ts'
import type { Language, TextPage } from '../types.ts'
import { assumedAmount } from './value-domains.ts'
import { statedOf, type ValueInput, type ValueSide, type ValueStream } from './value-side.ts'

const BEFORE =
  /^(?:current(?:ly)?|today|now|before|manual(?:ly)?|baseline|as[- ]is|idag|i dag|nu|nuläge|nuvarande|före|innan|manuellt)(?![\p{L}])/iu
const AFTER = /(?<![\p{L}])(?:target|after|with|new|automated|future|to[- ]be|efter|med|mål|nytt?|framtida|automatiserat)(?![\p{L}])/iu
const CELL_SPLIT = /\t|\|/u
const MAX_ROWS = 12

const TEXTS: Readonly<Record<Language, { times: string; hourly: string; stream: (row: string) => string }>> = {
  en: { times: 'Times a year', hourly: 'Cost of an hour (loaded)', stream: (row) => `${row}: time saved` },
  sv: { times: 'Gånger om året', hourly: 'Kostnad för en timme (inkl. påslag)', stream: (row) => `${row}: sparad tid` },
}

interface Cell {
  readonly text: string
  readonly start: number
  readonly end: number
}

/** A line's cells with their offsets in the page (empty cells of a leading or trailing pipe left out). */
function cellsOf(line: string, offset: number): Cell[] {
  const cells: Cell[] = []
  let start = 0
  for (const part of line.split(CELL_SPLIT)) {
    if (part.trim() !== '') cells.push({ text: part.trim(), start: offset + start, end: offset + start + part.length })
    start += part.length + 1
  }
  return cells
}

interface Row {
  readonly label: string
  readonly before: Quantity
  readonly after: Quantity
}

/** The first quantity inside a cell. */
const inCell = (cell: Cell | undefined, quantities: readonly Quantity[]): Quantity | undefined =>
  cell === undefined ? undefined : quantities.find((quantity) => quantity.start >= cell.start && quantity.end <= cell.end)

/** The rows of comparison tables on a page: a header with a before and an after column, the rows under it. */
function rowsOn(page: TextPage, quantities: readonly Quantity[]): Row[] {
  const rows: Row[] = []
  const lines = page.text.split('\n')
  let offset = 0
  let columns: { before: number; after: number; left: number } | undefined
  let taken = 0
  for (const line of lines) {
    const cells = cellsOf(line, offset)
    offset += line.length + 1
    // A caption before the header's cells ("Targets: | Scenario | Current | Target |") is not a column.
    const header = cells.filter((cell, index) => index > 0 || !/:$/u.test(cell.text)).map((cell) => cell.text)
    const before = header.findIndex((text) => BEFORE.test(text))
    const after = header.findIndex((text, index) => index > before && AFTER.test(text))
    if (header.length >= 3 && before > 0 && after > before) {
      columns = { before, after, left: header.length }
      taken = 0
      continue
    }
    if (columns === undefined || cells.length !== columns.left || taken >= MAX_ROWS) {
      if (!/^[\s|—–-]*$/u.test(line)) columns = undefined
      continue
    }
    taken += 1
    const was = inCell(cells[columns.before], quantities)
    const now = inCell(cells[columns.after], quantities)
    if (was === undefined || now === undefined || was.kind !== now.kind || !['duration', 'money'].includes(was.kind)) continue
    if (was.currency !== now.currency || was.value * was.scale <= now.value * now.scale) continue
    rows.push({ label: cells[0]?.text.replace(/\s*\(.*\)\s*$/u, '') ?? '', before: was, after: now })
  }
  return rows
}

const scaled = (name: string, scale: number): string =>
  scale === 1 ? name : scale < 1 ? `${name} / ${literal(1 / scale)}` : `${name} * ${literal(scale)}`

const unitText = (quantity: Quantity, currency: Currency): string =>
  quantity.kind === 'money' ? currency : quantity.scale === 1 / 60 ? 'min' : 'h'

export interface ComparisonOptions {
  readonly language: Language
  readonly currency: Currency
  readonly taken: Set<string>
}

/** The value streams of a document's today-against-with-the-offer tables, or undefined when it has none. */
export function comparisonRows(
  pages: readonly TextPage[],
  quantities: readonly Quantity[],
  options: ComparisonOptions,
): ValueSide | undefined {
  const rows = pages.flatMap((page) =>
    rowsOn(
      page,
      quantities.filter((quantity) => quantity.page === page.page),
    ),
  )
  if (rows.length === 0) return undefined
  const texts = TEXTS[options.language]
  const assumption = (label: string, value: number, unit: string, kind: ValueInput['kind']): ValueInput => ({
    name: nameOf(label, options.taken),
    label,
    value,
    unit,
    kind,
  })
  const times = assumption(texts.times, 1, '×', 'count')
  const hourly = rows.some((row) => row.before.kind === 'duration')
    ? assumption(texts.hourly, assumedAmount(60, options.currency), options.currency, 'money')
    : undefined
  const inputs: ValueInput[] = []
  const streams: ValueStream[] = rows.map((row) => {
    const stated = (quantity: Quantity, header: string): ValueInput => {
      const label = `${row.label}: ${header}`
      const input: ValueInput = {
        name: nameOf(label, options.taken),
        label,
        value: quantity.value,
        unit: unitText(quantity, options.currency),
        kind: quantity.kind === 'money' ? 'money' : 'hours',
        stated: statedOf(quantity),
      }
      inputs.push(input)
      return input
    }
    const before = stated(row.before, options.language === 'sv' ? 'före' : 'before')
    const after = stated(row.after, options.language === 'sv' ? 'efter' : 'after')
    const difference = `(${scaled(before.name, row.before.scale)} - ${scaled(after.name, row.after.scale)})`
    const perHour = row.before.kind === 'duration' && hourly !== undefined
    const formula = [difference, times.name, ...(perHour ? [hourly.name] : [])].join(' * ')
    const saved = row.before.value * row.before.scale - row.after.value * row.after.scale
    return { label: texts.stream(row.label), formula, yearly: saved * times.value * (perHour ? hourly.value : 1) }
  })
  return { inputs: [...inputs, times, ...(hourly === undefined ? [] : [hourly])], streams }
}
