// Pairs each labelled figure with a figure the analyzer reported: same value (within
// VALUE_TOLERANCE, in any unit the kind allows), compatible kind and currency, and for documents
// the labelled page. One reported figure answers one label, so two fee rows of $150 on a page need
// two reported figures. Labels the story needs choose first.
import type { ReportedFigure } from '../../services/calculator/src/analysis/builtin/analysis-report.ts'
import type { ExpectedFigure, StatedCurrency } from './cases/index.ts'
import { sameValue } from './text-numbers.ts'

export interface FigureMatch {
  readonly expected: ExpectedFigure
  /** The reported figure it was paired with, if any. */
  readonly reported?: ReportedFigure
  /** Paired with a figure used as a slider or a documented constant. */
  readonly surfaced: boolean
  readonly roleRight: boolean
}

export interface MatchContext {
  /** The currency the text states amounts in (a figure's own `currency` overrides it). */
  readonly statedCurrency: StatedCurrency
  /** What the analyzer's currency-less money means: the calculator currency. */
  readonly calculatorCurrency: StatedCurrency
}

const isMoney = (figure: ReportedFigure): boolean => figure.kind === 'money' || figure.currency !== undefined
const isPercent = (figure: ReportedFigure): boolean => /percent|point/i.test(figure.kind) || /%|procent|percent/i.test(figure.text)

function readings(expected: ExpectedFigure): number[] {
  switch (expected.kind) {
    case 'percent':
      return [expected.value, expected.value / 100]
    case 'minutes':
      return [expected.value, expected.value / 60]
    case 'hours':
      return [expected.value, expected.value * 60]
    case 'duration':
      return [expected.value, expected.value / 12, expected.value * 12]
    default:
      return [expected.value]
  }
}

function kindFits(expected: ExpectedFigure, reported: ReportedFigure, context: MatchContext): boolean {
  if (expected.kind === 'money') {
    if (!isMoney(reported)) return false
    const wanted = expected.currency ?? context.statedCurrency
    const currency = reported.currency ?? context.calculatorCurrency
    return typeof wanted === 'string' ? currency === wanted : wanted.some((candidate) => candidate === currency)
  }
  if (isMoney(reported)) return false
  // "halves", "one in five": a reader may give them any non-money kind; a count is never a percentage.
  return expected.kind === 'percent' || !isPercent(reported)
}

function fits(expected: ExpectedFigure, reported: ReportedFigure, context: MatchContext): boolean {
  if (expected.pages !== undefined && !expected.pages.includes(reported.page)) return false
  return kindFits(expected, reported, context) && readings(expected).some((value) => sameValue(value, reported.value))
}

function roleFits(expected: ExpectedFigure, reported: ReportedFigure): boolean {
  return typeof expected.role === 'string' ? expected.role === reported.role : expected.role.includes(reported.role)
}

/** Best first: surfaced with the right role, surfaced, right role, a percentage read as one. */
function preference(expected: ExpectedFigure, reported: ReportedFigure): number {
  const percentBonus = expected.kind === 'percent' && isPercent(reported) ? 1 : 0
  return (reported.use === 'unused' ? 0 : 4) + (roleFits(expected, reported) ? 2 : 0) + percentBonus
}

export function matchFigures(
  expected: readonly ExpectedFigure[],
  reported: readonly ReportedFigure[],
  context: MatchContext,
): FigureMatch[] {
  const taken = new Set<ReportedFigure>()
  const order = [...expected.filter((figure) => figure.needed), ...expected.filter((figure) => !figure.needed)]
  const matches = new Map<ExpectedFigure, FigureMatch>()
  for (const label of order) {
    let best: ReportedFigure | undefined
    for (const candidate of reported) {
      if (taken.has(candidate) || !fits(label, candidate, context)) continue
      if (best === undefined || preference(label, candidate) > preference(label, best)) best = candidate
    }
    if (best !== undefined) taken.add(best)
    matches.set(label, {
      expected: label,
      ...(best === undefined ? {} : { reported: best }),
      surfaced: best !== undefined && best.use !== 'unused',
      roleRight: best !== undefined && roleFits(label, best),
    })
  }
  return expected.map((label) => matches.get(label) ?? { expected: label, surfaced: false, roleRight: false })
}
