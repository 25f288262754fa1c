// The evaluation as text: a row per case (DEV and HELD-OUT apart), then the totals per side of the
// split, per language and for the cases quoting another currency, then issue 35's aims.
import { AIMS, share, splitTotals, type DescriptionTotals, type DocumentTotals, type Ratio, type SplitTotals } from './aims.ts'
import { SPLIT_NAMES, type SplitName } from './cases/index.ts'
import type { EvaluationRun } from './evaluate.ts'
import type { DescriptionScore, DocumentRunScore, DocumentScore, Outcome } from './score.ts'

const SPLIT_TITLE: Readonly<Record<SplitName, string>> = { dev: 'DEV', 'held-out': 'HELD-OUT' }
const mark = (ok: boolean | undefined): string => (ok === undefined ? '-' : ok ? '✓' : '✗')
const money = (value: number | undefined | null): string =>
  value === undefined || value === null ? '-' : Math.round(value).toLocaleString('en-US')
const percent = (r: Ratio): string => {
  const value = share(r)
  return value === undefined ? `${r.hit}/${r.of}` : `${r.hit}/${r.of} ${(100 * value).toFixed(1)} %`
}
const cell = (text: string, width: number): string => (text.length >= width ? `${text} ` : text.padEnd(width))

function descriptionRow(score: DescriptionScore): string[] {
  const { evalCase, outcome } = score
  const head = `${cell(evalCase.id, 40)}${cell(evalCase.language, 4)}${cell(evalCase.currency + (evalCase.otherCurrency ? '*' : ''), 6)}`
  if (!outcome.ok) return [`${head}CRASH ${outcome.error}`]
  const s = outcome.score
  const carried = s.figures.filter((figure) => figure.carrier !== undefined).length
  const label = evalCase.yearly === undefined ? '-' : evalCase.yearly === null ? 'none' : money(evalCase.yearly)
  const row =
    `${head}${cell(`${carried}/${s.figures.length}`, 8)}${cell(money(s.netYearly), 14)}${cell(label, 13)}` +
    `${cell(mark(s.yearlyRight), 6)}${cell(String(s.invented.length), 5)}${mark(s.honest?.ok)}`
  const notes: string[] = []
  const missing = s.figures.filter((figure) => figure.carrier === undefined).map((figure) => figure.figure.label)
  if (missing.length > 0) notes.push(`    not carried: ${missing.join(', ')}`)
  for (const invented of s.invented) notes.push(`    invented: ${invented.input} = ${invented.value} (${invented.why})`)
  if (s.honest?.ok === false) notes.push(`    not honest: ${s.honest.why}`)
  return [row, ...notes]
}

const runMark = (run: Outcome<DocumentRunScore> | undefined, pick: (score: DocumentRunScore) => boolean | undefined): string =>
  run === undefined ? '-' : run.ok ? mark(pick(run.score)) : 'CRASH'

function documentRow(score: DocumentScore): string[] {
  const { evalCase } = score
  const head = `${cell(evalCase.id, 56)}${cell(evalCase.language, 4)}${cell(evalCase.currency + (evalCase.otherCurrency ? '*' : ''), 6)}`
  if (score.extractionError !== undefined) return [`${head}NOT EXTRACTED ${score.extractionError}`]
  const advanced = score.advanced?.ok === true ? score.advanced.score : undefined
  const drivers = evalCase.label.figures.filter((figure) => figure.illustrative !== true).length
  const carried = advanced?.figures.filter((figure) => figure.carrier !== undefined).length ?? 0
  const row =
    `${head}${cell(`${carried}/${drivers}`, 8)}` +
    `${cell(`${runMark(score.advanced, (s) => s.priceFilled)}/${runMark(score.value, (s) => s.priceFilled)}`, 10)}` +
    `${cell(`${runMark(score.advanced, (s) => s.costAsValue.length === 0)}/${runMark(score.value, (s) => s.costAsValue.length === 0)}`, 10)}` +
    `${cell(mark(score.valueDistinct), 9)}${cell(evalCase.label.claimsValue ? 'yes' : 'no', 7)}${money(advanced?.netYearly)}`
  const notes: string[] = []
  for (const [name, run] of [
    ['advanced', score.advanced],
    ['value', score.value],
  ] as const) {
    if (run?.ok === false) notes.push(`    ${name}: CRASH ${run.error}`)
    if (run?.ok !== true) continue
    if (run.score.costAsValue.length > 0) notes.push(`    ${name}: cost as value: ${run.score.costAsValue.join(', ')}`)
    for (const invented of run.score.invented) notes.push(`    ${name}: invented ${invented.input} = ${invented.value} (${invented.why})`)
  }
  return [row, ...notes]
}

function descriptionTotalsRow(title: string, totals: DescriptionTotals): string {
  return `${cell(title, 26)}${cell(String(totals.cases), 7)}${cell(percent(totals.figures), 22)}${cell(percent(totals.yearly), 18)}${cell(String(totals.invented), 10)}${cell(percent(totals.honest), 16)}${totals.crashed}`
}

function documentTotalsRow(title: string, totals: DocumentTotals): string {
  return `${cell(title, 26)}${cell(String(totals.cases), 7)}${cell(percent(totals.drivers), 20)}${cell(percent(totals.priceFilled), 18)}${cell(percent(totals.noCostAsValue), 18)}${cell(percent(totals.valueDistinct), 16)}${cell(String(totals.invented), 10)}${totals.crashed}`
}

function aimsTable(totals: readonly SplitTotals[]): string[] {
  const lines = [`${cell('AIMS (issue 35)', 30)}${cell('aim', 30)}${totals.map((t) => cell(SPLIT_TITLE[t.split], 16)).join('')}`]
  for (const aim of AIMS) {
    const values = totals.map((t) => {
      const value = aim.value(t)
      if (value === undefined) return cell('-', 16)
      return cell(`${aim.count === true ? String(value) : `${(100 * value).toFixed(1)} %`} ${mark(aim.met(value))}`, 16)
    })
    lines.push(`${cell(aim.name, 30)}${cell(aim.aim, 30)}${values.join('')}`)
  }
  return lines
}

export function formatRun(run: EvaluationRun): string {
  const lines: string[] = []
  for (const split of SPLIT_NAMES) {
    const descriptions = run.descriptions.filter((score) => score.evalCase.split === split)
    if (descriptions.length === 0) continue
    lines.push('', `DESCRIPTIONS, ${SPLIT_TITLE[split]} (complexity advanced; * = the text quotes another currency)`)
    lines.push(
      `${cell('id', 40)}${cell('lang', 4)}${cell('cur', 6)}${cell('figures', 8)}${cell('net yearly', 14)}${cell('label', 13)}${cell('±35%', 6)}${cell('inv', 5)}honest`,
    )
    for (const score of descriptions) lines.push(...descriptionRow(score))
  }
  for (const split of SPLIT_NAMES) {
    const documents = run.documents.filter((score) => score.evalCase.split === split)
    if (documents.length === 0) continue
    lines.push('', `DOCUMENTS, ${SPLIT_TITLE[split]} (price and cost marks: advanced/value)`)
    lines.push(
      `${cell('file', 56)}${cell('lang', 4)}${cell('cur', 6)}${cell('drivers', 8)}${cell('price', 10)}${cell('no cost', 10)}${cell('distinct', 9)}${cell('claims', 7)}net yearly`,
    )
    for (const score of documents) lines.push(...documentRow(score))
  }
  const totals = SPLIT_NAMES.map((split) => splitTotals(run, split))
  lines.push(
    '',
    `${cell('DESCRIPTIONS', 26)}${cell('cases', 7)}${cell('figures carried', 22)}${cell('yearly ±35 %', 18)}${cell('invented', 10)}${cell('no-figure honest', 16)}crashed`,
  )
  for (const t of totals) {
    const title = SPLIT_TITLE[t.split]
    lines.push(
      descriptionTotalsRow(`${title} all`, t.descriptions),
      descriptionTotalsRow(`${title} en`, t.byLanguage.en),
      descriptionTotalsRow(`${title} sv`, t.byLanguage.sv),
      descriptionTotalsRow(`${title} other currency`, t.otherCurrency),
    )
  }
  lines.push(
    '',
    `${cell('DOCUMENTS', 26)}${cell('cases', 7)}${cell('drivers surfaced', 20)}${cell('price filled', 18)}${cell('no cost as value', 18)}${cell('value distinct', 16)}${cell('invented', 10)}crashed`,
  )
  for (const t of totals) lines.push(documentTotalsRow(SPLIT_TITLE[t.split], t.documents))
  lines.push('', ...aimsTable(totals))
  return lines.join('\n')
}
