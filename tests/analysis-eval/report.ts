// The evaluation as text: one row per case, the totals, the aims with the cases that miss them.
import { aimResults, totalsOf } from './aims.ts'
import type { CaseOutcome, EvaluationRun } from './evaluate.ts'

function compact(value: number): string {
  if (!Number.isFinite(value)) return '—'
  const magnitude = Math.abs(value)
  if (magnitude >= 1e6) return `${(value / 1e6).toFixed(2)}M`
  if (magnitude >= 1e4) return `${(value / 1e3).toFixed(0)}k`
  if (magnitude >= 1e3) return `${(value / 1e3).toFixed(1)}k`
  return value.toFixed(magnitude < 10 ? 2 : 0)
}

const ratio = (part: number, whole: number): string => (whole === 0 ? '–' : `${part}/${whole}`)

function row(outcome: CaseOutcome): string[] {
  const { evalCase } = outcome
  const head = [evalCase.id, evalCase.language]
  if (outcome.status === 'skipped') return [...head, `SKIP: ${outcome.reason}`, '', '', '', '', '', '', '']
  const { score } = outcome
  const story = `${evalCase.story}${score.storyRight ? '' : ` ✗ ${score.story}`}`
  const range = score.accepted.map((accepted) => `${compact(accepted.min)}–${compact(accepted.max)}`).join(' | ')
  let result: string
  if (score.error !== undefined) result = 'ERROR'
  else if (score.resultRight === undefined) result = 'n/a'
  else result = score.resultRight ? 'ok' : '✗'
  return [
    ...head,
    story,
    ratio(score.neededFound, score.neededTotal),
    ratio(score.rolesRight, score.rolesTotal),
    ratio(score.rowsFound, score.rowsTotal),
    String(score.invented.length),
    String(score.falseNoFigure.length),
    score.accepted.length === 0 ? `claim: ${String(score.noValueClaim)}` : compact(score.yearly),
    range === '' ? result : `${range} ${result}`,
  ]
}

function table(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string[] {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((cells) => (cells[column] ?? '').length)))
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join(' │ ')
      .trimEnd()
  return [line(header), widths.map((width) => '─'.repeat(width)).join('─┼─'), ...rows.map(line)]
}

export function formatRun(run: EvaluationRun): string {
  const lines: string[] = []
  lines.push(
    ...table(
      ['Case', 'Lang', 'Story (✗ got)', 'Recall', 'Roles', 'Rows', 'Invented', 'NoFig', 'Yearly', 'Expected'],
      run.outcomes.map(row),
    ),
  )
  const totals = totalsOf(run)
  const pct = (part: number, whole: number): string => (whole === 0 ? '–' : `${((part / whole) * 100).toFixed(1)}%`)
  const share = (value: number | undefined): string => (value === undefined ? '–' : pct(value, 1))
  lines.push(
    '',
    `Totals: ${totals.scored} cases scored, ${totals.skipped} skipped (honesty rules from ${run.honestySource}).`,
    `  stated-figure recall (needed): ${pct(totals.neededFound, totals.neededTotal)} (${totals.neededFound}/${totals.neededTotal}); descriptions ${share(totals.descriptionRecall)}, documents ${share(totals.documentRecall)}`,
    `  figures with the right role:   ${pct(totals.rolesRight, totals.rolesTotal)} (${totals.rolesRight}/${totals.rolesTotal})`,
    `  story chosen right:            ${pct(totals.storyRight, totals.scored)} (${totals.storyRight}/${totals.scored})`,
    `  invented figures:              ${totals.invented}`,
    `  false "no figure" claims:      ${totals.falseNoFigure}`,
    `  results in range:              ${totals.resultsRight}/${totals.resultsChecked}`,
    `  document fee/rate rows:        ${totals.rowsFound}/${totals.rowsTotal}`,
    `  other honesty problems:        ${totals.otherHonesty}`,
    '',
    'Aims (issue 14):',
  )
  for (const aim of aimResults(run)) {
    lines.push(`  ${aim.met ? 'MET   ' : 'MISSED'} ${aim.name}: ${aim.value} (aim ${aim.aim})`)
    for (const failing of aim.failing) lines.push(`           - ${failing}`)
  }
  const uncertain = run.outcomes.flatMap((outcome) =>
    outcome.evalCase.kind === 'document' && outcome.evalCase.uncertain !== undefined
      ? [`  ${outcome.evalCase.id}: ${outcome.evalCase.uncertain}`]
      : [],
  )
  if (uncertain.length > 0) lines.push('', 'Labels that are a judgement call:', ...uncertain)
  return lines.join('\n')
}
