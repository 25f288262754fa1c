// A statement of work priced by the hour: task rows under an "Hours  Tasks" header ("74 Wireframe
// to PSD"), the arithmetic that explains them ("2 hours x 37 pages = 74", "4 x 37 = 148"),
// additions in percent of the hours ("QA … usually 20% of the total development hours") and the
// rate ("hours @ $16.44"). The hours are read as written; a task row and the line that derives it
// are one task, never two.
import { scanPage } from '../read/figures.ts'
import type { ScanOptions } from '../read/figures-types.ts'
import { parseNumberText } from '../read/number-format.ts'
import { quoteAround } from '../read/quotes.ts'
import type { HoursLine, Overhead, Stated, WorkBreakdown } from './lines.ts'

export interface WorkPage {
  readonly page: number
  readonly text: string
  readonly ocr?: true
}

const HOURS_WORD = '(?:hours?|hrs?|h|timmar|timme|tim)'
/** "Hours  Tasks", "Timmar\tAktivitet": the header of a task table whose rows start with their hours. */
const TASK_HEADER = new RegExp(
  `^\\s*${HOURS_WORD}\\s+(?:tasks?|activit\\p{L}*|descriptions?|work|deliverables?|uppgift\\p{L}*|aktivitet\\p{L}*|moment|beskrivning)\\s*$`,
  'iu',
)
/** A task row: its hours, then its name ("74 Wireframe to PSD", "8 This is only for …"). */
const TASK_ROW = /^\s*(\d{1,4}(?:[.,]\d{1,2})?)\s+(?=[\p{L}“"'(])(.{3,})$/u
/** "2 hours x 37 pages = 74", "4 x 37 = 148", "2 timmar × 37 sidor = 74 tim". */
const PER_UNIT = new RegExp(
  `(\\d{1,4}(?:[.,]\\d{1,2})?)\\s*(?:${HOURS_WORD}\\s*)?[x×*]\\s*(\\d{1,5})\\s*([\\p{L}]+)?\\s*=\\s*(\\d{1,6}(?:[.,]\\d{1,2})?)`,
  'iu',
)
/** "20% of the total development hours", "15 % av de totala timmarna". */
const OVERHEAD = /(\d{1,2}(?:[.,]\d)?)\s?%\s+(?:of|av)\s+(?:the\s+|de\s+)?(?:\p{L}+\s+){0,3}(?:hours|timmar|timmarna|tiden)/iu
/** "hours @ $16.44", "timmar à 950 kr", "@ $95/hour". */
const RATE = new RegExp(`(?:${HOURS_WORD}\\s*(?:@|à|at|á)|@)\\s*([^\\n=]{1,24})`, 'iu')

function numberOf(text: string | undefined): number | undefined {
  return text === undefined ? undefined : parseNumberText(text.replace(',', '.'))
}

function stated(page: WorkPage, start: number, end: number): Stated {
  return { page: page.page, quote: quoteAround(page.text, start, end), ...(page.ocr === true ? { ocr: true as const } : {}) }
}

interface Line {
  readonly start: number
  readonly end: number
  readonly text: string
}

function linesOf(text: string): Line[] {
  const lines: Line[] = []
  let start = 0
  for (const part of text.split('\n')) {
    lines.push({ start, end: start + part.length, text: part })
    start += part.length + 1
  }
  return lines
}

/** A task's name: its row less the words that only explain the estimate. */
function taskName(text: string): string {
  const name = text.replace(/\s*\((?:if required|please|optional)[^)]*\)?/giu, '').trim()
  const sentence = name.split(/(?<=[a-z)])\.\s/u)[0] ?? name
  return sentence.length > 80 ? `${sentence.slice(0, 77).trimEnd()}…` : sentence
}

function perUnitAt(line: string): { hours: number; units: number; noun: string; total: number; index: number; length: number } | undefined {
  const match = PER_UNIT.exec(line)
  if (match === null) return undefined
  const hours = numberOf(match[1])
  const units = numberOf(match[2])
  const total = numberOf(match[4])
  if (hours === undefined || units === undefined || total === undefined) return undefined
  // Only the arithmetic of hours: the product is the total as written, and the line speaks of hours.
  if (Math.abs(hours * units - total) > 0.5 || !new RegExp(HOURS_WORD, 'iu').test(line)) return undefined
  return { hours, units, noun: (match[3] ?? '').toLowerCase(), total, index: match.index, length: match[0].length }
}

/** Task rows and their derivations on one page; `inTable` carries an open table over from the page before. */
function readPage(page: WorkPage, inTable: boolean): { lines: HoursLine[]; overheads: Overhead[]; inTable: boolean } {
  const lines: HoursLine[] = []
  const overheads: Overhead[] = []
  let table = inTable
  let lastTask: { index: number; hours: number; line: number } | undefined
  const pageLines = linesOf(page.text)
  pageLines.forEach((line, lineIndex) => {
    if (TASK_HEADER.test(line.text)) {
      table = true
      return
    }
    // "… usually 20% of the total development" / "hours": the phrase may wrap onto the next line.
    const joined = `${line.text} ${pageLines[lineIndex + 1]?.text ?? ''}`
    const overhead = OVERHEAD.exec(joined)
    const percent = numberOf(overhead?.[1])
    if (overhead !== null && percent !== undefined && overhead.index < line.text.length) {
      const description = line.text.replace(/^\s*[-–•*]\s*/u, '').split(/\s(?:this|which|detta|vilket)\s/iu)[0] ?? line.text
      overheads.push({
        description: taskName(description),
        percent,
        stated: stated(page, line.start + overhead.index, line.start + overhead.index + overhead[0].length),
      })
      return
    }
    const derived = perUnitAt(line.text)
    if (derived !== undefined) {
      const perUnit = { hours: derived.hours, units: derived.units, noun: derived.noun }
      const at = stated(page, line.start + derived.index, line.start + derived.index + derived.length)
      // The derivation of the task row just above ("74 Wireframe …" then "2 hours x 37 pages = 74").
      if (lastTask !== undefined && lineIndex - lastTask.line <= 12 && Math.abs(lastTask.hours - derived.total) < 0.5) {
        const task = lines[lastTask.index]
        if (task !== undefined && task.perUnit === undefined) lines[lastTask.index] = { ...task, perUnit, stated: at }
        lastTask = undefined
        return
      }
      lines.push({ description: taskName(line.text.slice(0, derived.index)) || derived.noun, hours: derived.total, perUnit, stated: at })
      return
    }
    const row = table ? TASK_ROW.exec(line.text) : null
    const hours = numberOf(row?.[1])
    if (row === null || hours === undefined || hours <= 0) return
    // "8 This is only for large projects …" / "Statement of work creation": a note first, the task's name on the next line.
    const next = pageLines[lineIndex + 1]?.text.trim() ?? ''
    const name =
      /^(?:this|these|it|note|detta|det)\s/iu.test(row[2] ?? '') && next.length > 0 && next.length <= 80 && !TASK_ROW.test(next)
        ? next
        : (row[2] ?? '')
    lines.push({ description: taskName(name), hours, stated: stated(page, line.start, line.end) })
    lastTask = { index: lines.length - 1, hours, line: lineIndex }
  })
  return { lines, overheads, inTable: table }
}

function rateOf(pages: readonly WorkPage[], options: ScanOptions): WorkBreakdown['rate'] {
  for (const page of pages) {
    for (const match of page.text.matchAll(new RegExp(RATE.source, 'giu'))) {
      const start = match.index + match[0].length - (match[1] ?? '').length
      const money = scanPage(page.page, page.text.slice(start, start + (match[1] ?? '').length), options).find(
        (figure) => figure.kind === 'money',
      )
      if (money === undefined || money.currency === undefined || !(money.value > 0)) continue
      return { value: money.value, currency: money.currency, stated: stated(page, match.index, start + money.end) }
    }
  }
  return undefined
}

/** The work breakdown of a document, or undefined when it has no hours to price. */
export function readWorkBreakdown(pages: readonly WorkPage[], options: ScanOptions): WorkBreakdown | undefined {
  const lines: HoursLine[] = []
  const overheads: Overhead[] = []
  let inTable = false
  for (const page of pages) {
    const read = readPage(page, inTable)
    lines.push(...read.lines)
    overheads.push(...read.overheads)
    // A table runs on to the next page only when that page repeats its header (checked there).
    inTable = false
  }
  // A lone product ("2 x 3 = 6 hours") is not a breakdown: a priced statement of work has several rows.
  if (lines.length < 2) return undefined
  const rate = rateOf(pages, options)
  return { lines, overheads, ...(rate === undefined ? {} : { rate }) }
}
