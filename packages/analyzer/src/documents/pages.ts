// A document's pages as the read stage should see them: tables that extraction gave one cell per
// line (a DOCX table is a paragraph per cell) rebuilt as tab-separated rows under their header,
// markdown tables split into one row per line, and pages that repeat an earlier page (a proposal
// sent twice, a scanned copy) left out so no figure is counted twice. Only whitespace changes
// inside a page, so every quote of a rebuilt page is still a quote of the original.
import type { TextPage } from '../types.ts'

/** A cell that is a figure alone: "$33,750", "8 386 560 kr", "40 %", "TBD", "$-". */
const VALUE_CELL =
  /^[<(+−-]?\s*(?:[$€£₹¥]|kr|SEK|USD|EUR|GBP|AUD|R)?\s*\d[\d\s,.'’´]*(?:\s*(?:kr|sek|usd|eur|%|k|m|h|tim|timmar|hours?|ms|min|sec))?\s*[>)]?$|^(?:tbd|n\/a|[-–—]|\$\s*-)$/iu
const MAX_LABEL = 60
const MAX_LABEL_WORDS = 8
/** Fewer rows than this is a list of labelled figures, not a table. */
const MIN_ROWS = 2
const MIN_VALUES = 2

interface Cell {
  readonly line: number
  readonly text: string
}

function isValue(text: string): boolean {
  return VALUE_CELL.test(text.trim())
}

function isLabel(text: string): boolean {
  const trimmed = text.trim()
  if (trimmed.length === 0 || trimmed.length > MAX_LABEL || !/\p{L}/u.test(trimmed) || isValue(trimmed)) return false
  if (/[.;:]$/u.test(trimmed) || trimmed.includes('\t')) return false
  return trimmed.split(/\s+/u).length <= MAX_LABEL_WORDS
}

/** The number of value cells right after cell `index`. */
function valuesAfter(cells: readonly Cell[], index: number): number {
  let count = 0
  while (index + 1 + count < cells.length && isValue(cells[index + 1 + count]?.text ?? '')) count += 1
  return count
}

interface Table {
  /** The first and last line the table occupies. */
  readonly from: number
  readonly to: number
  readonly rows: readonly string[]
}

/** One table of label-then-values rows starting at cell `start`, with the header cells just before it. */
function tableAt(cells: readonly Cell[], start: number): { table: Table; next: number } | undefined {
  const width = valuesAfter(cells, start)
  if (width < MIN_VALUES || !isLabel(cells[start]?.text ?? '')) return undefined
  const rows: string[] = []
  let index = start
  while (index < cells.length && isLabel(cells[index]?.text ?? '') && valuesAfter(cells, index) === width) {
    rows.push(
      cells
        .slice(index, index + width + 1)
        .map((cell) => cell.text.trim())
        .join('\t'),
    )
    index += width + 1
  }
  if (rows.length < MIN_ROWS) return undefined
  const headerStart = start - (width + 1)
  const header = headerStart >= 0 ? cells.slice(headerStart, start) : []
  const hasHeader = header.length === width + 1 && header.every((cell) => isLabel(cell.text))
  const first = hasHeader ? (header[0]?.line ?? 0) : (cells[start]?.line ?? 0)
  const last = cells[index - 1]?.line ?? first
  const allRows = hasHeader ? [header.map((cell) => cell.text.trim()).join('\t'), ...rows] : rows
  return { table: { from: first, to: last, rows: allRows }, next: index }
}

/** Tables written one cell per line rebuilt as rows; lines with tabs are rows already and are left alone. */
export function rebuildCellTables(text: string): string {
  const lines = text.split('\n')
  const cells: Cell[] = []
  lines.forEach((line, index) => {
    if (line.trim() !== '') cells.push({ line: index, text: line })
  })
  const tables: Table[] = []
  for (let index = 0; index < cells.length;) {
    const found = tableAt(cells, index)
    if (found === undefined) {
      index += 1
      continue
    }
    tables.push(found.table)
    index = found.next
  }
  if (tables.length === 0) return text
  const out: string[] = []
  let line = 0
  for (const table of tables) {
    out.push(...lines.slice(line, table.from), ...table.rows)
    line = table.to + 1
  }
  out.push(...lines.slice(line))
  return out.join('\n')
}

/** "| Scenario | Current | | Single household | 50ms |": one table row per line, the pipes kept. */
export function splitPipeRows(text: string): string {
  if (!text.includes('| |')) return text
  return text
    .split('\n')
    .map((line) => ((line.match(/\|/g)?.length ?? 0) >= 6 ? line.replace(/\|\s+\|/g, '|\n|') : line))
    .join('\n')
}

/** A page's lines as compared for repetition: letters and digits only, lower case; short lines left out. */
function lineKeys(text: string): Set<string> {
  const keys = new Set<string>()
  for (const line of text.split('\n')) {
    const key = line.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '')
    if (key.length >= 12) keys.add(key)
  }
  return keys
}

/** Share of a page's lines an earlier page has too, for the page to be a copy of it. */
const SHARED_LINES = 0.5
const MIN_AMOUNTS = 2
const AMOUNT = /[$€£]\s?\d[\d,.]*\d|\d[\d ,.]*\d\s?(?:kr|SEK)(?![\p{L}])/gu

function amountsOf(text: string): Set<string> {
  return new Set([...text.matchAll(AMOUNT)].map((match) => match[0].replace(/[^\d]/g, '')))
}

/**
 * Pages that repeat an earlier page's prices (their numbers): at least two amounts, every one of them
 * on one earlier page that shares half the page's lines. A form that repeats its wording with other
 * figures, or none, is not a repeat.
 */
export function repeatedPages(pages: readonly TextPage[]): Set<number> {
  const keysOf = pages.map((page) => lineKeys(page.text))
  // Running headers and footers (on 3 pages or more, and on 40 % of them) make pages alike without repeating them.
  const pagesPerKey = new Map<string, number>()
  for (const keys of keysOf) for (const key of keys) pagesPerKey.set(key, (pagesPerKey.get(key) ?? 0) + 1)
  const running = (key: string): boolean => {
    const count = pagesPerKey.get(key) ?? 0
    return count >= 3 && count >= pages.length * 0.4
  }
  const repeated = new Set<number>()
  const seen: Array<{ keys: Set<string>; amounts: Set<string> }> = []
  pages.forEach((page, index) => {
    const keys = new Set([...(keysOf[index] ?? [])].filter((key) => !running(key)))
    const amounts = amountsOf(page.text)
    const copies = (other: { keys: Set<string>; amounts: Set<string> }): boolean => {
      if ([...amounts].some((amount) => !other.amounts.has(amount))) return false
      let shared = 0
      for (const key of keys) if (other.keys.has(key)) shared += 1
      return shared >= keys.size * SHARED_LINES
    }
    if (amounts.size >= MIN_AMOUNTS && seen.some(copies)) repeated.add(page.page)
    seen.push({ keys, amounts })
  })
  return repeated
}

/** The pages for reading: rebuilt tables, repeats left out, empty pages dropped. */
export function pagesForReading(pages: readonly TextPage[]): { pages: TextPage[]; repeated: Set<number> } {
  const repeated = repeatedPages(pages)
  const kept = pages
    .filter((page) => page.text.trim() !== '' && !repeated.has(page.page))
    .map((page) => ({ ...page, text: rebuildCellTables(splitPipeRows(page.text)) }))
  return { pages: kept, repeated }
}
