// Totals over the set and the aims of issue 14 as thresholds (docs/decisions/097), each with the
// cases that miss it, one compact line per case.
import type { CaseOutcome, EvaluationRun } from './evaluate.ts'
import type { CaseScore } from './score.ts'

/** Issue 14's aims on the labelled set. */
export const AIMS = {
  /** Needed stated figures surfaced as a slider or a documented constant. */
  minRecall: 0.9,
  /** Cases whose story (and no-value-claim flag) is right. */
  minStoryShare: 0.85,
  maxInvented: 0,
  maxFalseNoFigure: 0,
  /** Every result within its range (or, for no-value-claim texts, said to claim none). */
  minResultShare: 1,
  /** Documents: every fee or rate row the story uses is surfaced. */
  minRowShare: 1,
  /** The checker's other findings (unlabelled currency, implausible result, …): none. */
  maxOtherHonesty: 0,
} as const

/** The aims' names, in the order aimResults reports them (the test has one case per aim). */
export const AIM_NAMES = [
  'recall of needed stated figures',
  'right story',
  'invented figures',
  'false "no figure" claims',
  'results within the expected order of magnitude',
  'document fee/rate rows surfaced',
  'other honesty problems',
] as const
export type AimName = (typeof AIM_NAMES)[number]

export interface Totals {
  readonly cases: number
  readonly scored: number
  readonly skipped: number
  readonly neededFound: number
  readonly neededTotal: number
  /** undefined when no case of that kind was scored. */
  readonly descriptionRecall: number | undefined
  readonly documentRecall: number | undefined
  readonly rolesRight: number
  readonly rolesTotal: number
  readonly storyRight: number
  readonly rowsFound: number
  readonly rowsTotal: number
  readonly invented: number
  readonly falseNoFigure: number
  readonly otherHonesty: number
  readonly resultsRight: number
  readonly resultsChecked: number
}

export interface AimResult {
  readonly name: AimName
  readonly value: string
  readonly aim: string
  readonly met: boolean
  /** One line per case that misses it. */
  readonly failing: readonly string[]
}

type Scored = { readonly id: string; readonly kind: 'description' | 'document'; readonly score: CaseScore }

function scoredOf(outcomes: readonly CaseOutcome[]): Scored[] {
  return outcomes.flatMap((outcome) =>
    outcome.status === 'scored' ? [{ id: outcome.evalCase.id, kind: outcome.evalCase.kind, score: outcome.score }] : [],
  )
}

const share = (part: number, whole: number): number => (whole === 0 ? 1 : part / whole)
const percent = (value: number): string => `${(value * 100).toFixed(1)}%`
const sum = (items: readonly Scored[], pick: (score: CaseScore) => number): number =>
  items.reduce((total, item) => total + pick(item.score), 0)

function recallOf(items: readonly Scored[]): number | undefined {
  const total = sum(items, (score) => score.neededTotal)
  return total === 0 ? undefined : sum(items, (score) => score.neededFound) / total
}

export function totalsOf(run: EvaluationRun): Totals {
  const scored = scoredOf(run.outcomes)
  const checked = scored.filter((item) => item.score.resultRight !== undefined)
  return {
    cases: run.outcomes.length,
    scored: scored.length,
    skipped: run.outcomes.length - scored.length,
    neededFound: sum(scored, (score) => score.neededFound),
    neededTotal: sum(scored, (score) => score.neededTotal),
    descriptionRecall: recallOf(scored.filter((item) => item.kind === 'description')),
    documentRecall: recallOf(scored.filter((item) => item.kind === 'document')),
    rolesRight: sum(scored, (score) => score.rolesRight),
    rolesTotal: sum(scored, (score) => score.rolesTotal),
    storyRight: scored.filter((item) => item.score.storyRight).length,
    rowsFound: sum(scored, (score) => score.rowsFound),
    rowsTotal: sum(scored, (score) => score.rowsTotal),
    invented: sum(scored, (score) => score.invented.length),
    falseNoFigure: sum(scored, (score) => score.falseNoFigure.length),
    otherHonesty: sum(scored, (score) => score.otherHonesty.length),
    resultsRight: checked.filter((item) => item.score.resultRight === true).length,
    resultsChecked: checked.length,
  }
}

const clip = (text: string, length = 160): string => (text.length <= length ? text : `${text.slice(0, length - 1)}…`)

function missingNeeded(score: CaseScore, rowsOnly: boolean): string {
  return score.matches
    .filter((match) => (rowsOnly ? match.expected.row === true : match.expected.needed) && !match.surfaced)
    .map((match) => (match.reported === undefined ? match.expected.text : `${match.expected.text} (read, unused)`))
    .join('; ')
}

function resultLine(score: CaseScore): string {
  if (score.error !== undefined) return `analysis failed: ${score.error}`
  if (score.accepted.length === 0) return `noValueClaim ${String(score.noValueClaim)} (expected true)`
  const ranges = score.accepted.map((range) => `${Math.round(range.min)}–${Math.round(range.max)}`).join(' or ')
  return `yearly ${Math.round(score.yearly)}, expected ${ranges}`
}

export function aimResults(run: EvaluationRun): AimResult[] {
  const scored = scoredOf(run.outcomes)
  const totals = totalsOf(run)
  const recall = share(totals.neededFound, totals.neededTotal)
  const storyShare = share(totals.storyRight, totals.scored)
  const line = (item: Scored, detail: string): string => clip(`${item.id}: ${detail}`)
  return [
    {
      name: AIM_NAMES[0],
      value: `${percent(recall)} (${totals.neededFound}/${totals.neededTotal})`,
      aim: `≥ ${percent(AIMS.minRecall)}`,
      met: recall >= AIMS.minRecall,
      failing: scored
        .filter((item) => item.score.neededFound < item.score.neededTotal)
        .map((item) => line(item, `${item.score.neededFound}/${item.score.neededTotal}, missing ${missingNeeded(item.score, false)}`)),
    },
    {
      name: AIM_NAMES[1],
      value: `${percent(storyShare)} (${totals.storyRight}/${totals.scored})`,
      aim: `≥ ${percent(AIMS.minStoryShare)}`,
      met: storyShare >= AIMS.minStoryShare,
      failing: scored
        .filter((item) => !item.score.storyRight)
        .map((item) => {
          const evalCase = run.outcomes.find((outcome) => outcome.evalCase.id === item.id)?.evalCase
          return line(item, `${item.score.story} (noValueClaim ${String(item.score.noValueClaim)}), expected ${evalCase?.story ?? '?'}`)
        }),
    },
    {
      name: AIM_NAMES[2],
      value: String(totals.invented),
      aim: `= ${AIMS.maxInvented}`,
      met: totals.invented <= AIMS.maxInvented,
      failing: scored
        .filter((item) => item.score.invented.length > 0)
        .map((item) => line(item, item.score.invented.map((found) => `${found.parameter}: ${found.reason}`).join('; '))),
    },
    {
      name: AIM_NAMES[3],
      value: String(totals.falseNoFigure),
      aim: `= ${AIMS.maxFalseNoFigure}`,
      met: totals.falseNoFigure <= AIMS.maxFalseNoFigure,
      failing: scored.filter((item) => item.score.falseNoFigure.length > 0).map((item) => line(item, item.score.falseNoFigure.join('; '))),
    },
    {
      name: AIM_NAMES[4],
      value: `${totals.resultsRight}/${totals.resultsChecked}`,
      aim: 'all',
      met: share(totals.resultsRight, totals.resultsChecked) >= AIMS.minResultShare,
      failing: scored.filter((item) => item.score.resultRight === false).map((item) => line(item, resultLine(item.score))),
    },
    {
      name: AIM_NAMES[5],
      value: `${totals.rowsFound}/${totals.rowsTotal}`,
      aim: 'all',
      met: share(totals.rowsFound, totals.rowsTotal) >= AIMS.minRowShare,
      failing: scored
        .filter((item) => item.kind === 'document' && item.score.rowsFound < item.score.rowsTotal)
        .map((item) => line(item, `${item.score.rowsFound}/${item.score.rowsTotal}, missing ${missingNeeded(item.score, true)}`)),
    },
    {
      name: AIM_NAMES[6],
      value: String(totals.otherHonesty),
      aim: `= ${AIMS.maxOtherHonesty}`,
      met: totals.otherHonesty <= AIMS.maxOtherHonesty,
      failing: scored.filter((item) => item.score.otherHonesty.length > 0).map((item) => line(item, item.score.otherHonesty.join('; '))),
    },
  ]
}
