// One case's metrics (docs/decisions/097): stated-figure recall, roles, story, invented figures,
// false "no figure" claims and the yearly result at the defaults against the labelled range.
import { CURRENCIES, conversionRate, type Currency } from '@valueproof/formula'
import type { AnalysisReport } from '../../services/calculator/src/analysis/builtin/analysis-report.ts'
import type { AnalysisInput } from '../../services/calculator/src/analysis/types.ts'
import type { EvalCase, StatedCurrency, YearlyRange } from './cases/index.ts'
import { matchFigures, type FigureMatch } from './figure-matching.ts'
import type { HonestyFinding } from './honesty-adapter.ts'
import {
  REFERENCE_RATE_SLACK,
  REFERENCE_RATES_TO_USD,
  amongNumbers,
  derivedFrom,
  sameValue,
  statedNumbers,
  statesForeignCurrency,
} from './text-numbers.ts'

export interface InventedFigure {
  readonly parameter: string
  readonly reason: string
}

export interface CaseScore {
  readonly matches: readonly FigureMatch[]
  readonly neededFound: number
  readonly neededTotal: number
  readonly rolesRight: number
  readonly rolesTotal: number
  readonly rowsFound: number
  readonly rowsTotal: number
  readonly story: string
  readonly noValueClaim: boolean | undefined
  readonly storyRight: boolean
  readonly invented: readonly InventedFigure[]
  readonly falseNoFigure: readonly string[]
  readonly otherHonesty: readonly string[]
  readonly yearly: number
  /** The accepted ranges in the calculator currency (a foreign currency may be kept or converted). */
  readonly accepted: readonly YearlyRange[]
  /** undefined: nothing to check (a qualitative claim). */
  readonly resultRight: boolean | undefined
  /** The analyzer threw: every aim fails for this case. */
  readonly error?: string
}

/** "No usable figure was found in the description", "Ingen siffra i beskrivningen" (not "no figure here is a saving"). */
const NO_FIGURE =
  /\bno (?:usable |stated )?(?:figures?|numbers?) (?:was |were )?(?:found|stated|in the)\b|\bingen (?:användbar |angiven )?siffra (?:hittades|angavs|i)\b|\binga siffror (?:hittades|angavs|i)\b/i
const INVENTED_RULES = new Set(['quote_not_in_text', 'figure_not_in_quote'])

function isCurrency(currency: StatedCurrency): currency is Currency {
  return CURRENCIES.some((candidate) => candidate === currency)
}

/** The labelled range in the calculator currency: SPEC §9's rate, or for other currencies kept as is or converted. */
export function acceptedRanges(evalCase: EvalCase): YearlyRange[] {
  const range = evalCase.yearly
  if (range === undefined) return []
  const stated = evalCase.statedCurrency ?? evalCase.currency
  if (isCurrency(stated)) {
    const rate = conversionRate(stated, evalCase.currency)
    return [{ min: range.min * rate, max: range.max * rate }]
  }
  const rate = REFERENCE_RATES_TO_USD[stated] * conversionRate('USD', evalCase.currency)
  return [range, { min: range.min * rate * (1 - REFERENCE_RATE_SLACK), max: range.max * rate * (1 + REFERENCE_RATE_SLACK) }]
}

function resultRight(evalCase: EvalCase, report: AnalysisReport, accepted: readonly YearlyRange[]): boolean | undefined {
  if (evalCase.noValueClaim === 'either') return undefined
  // A no-value-claim text has no saving to show; it passes by saying so, never by a ceiling shown as a saving.
  if (evalCase.noValueClaim) return report.noValueClaim
  return accepted.some((range) => report.yearlyAtDefaults >= range.min && report.yearlyAtDefaults <= range.max)
}

function storyRight(evalCase: EvalCase, report: AnalysisReport): boolean {
  const stories = [evalCase.story, ...(evalCase.alsoAccept ?? [])]
  const claimRight = evalCase.noValueClaim === 'either' || report.noValueClaim === evalCase.noValueClaim
  return stories.includes(report.story) && claimRight
}

/** Sourced defaults whose value is not among the text's numbers, forbidden figures, mislabelled currencies. */
function ownInventedChecks(evalCase: EvalCase, input: AnalysisInput, report: AnalysisReport): InventedFigure[] {
  const found: InventedFigure[] = []
  const text = input.pages.map((page) => page.text).join('\n')
  const textNumbers = statedNumbers(text)
  const foreign = statesForeignCurrency(text)
  for (const parameter of report.calculatorData.parameters) {
    const { source, defaultValue } = parameter
    if (source === undefined || source.kind === 'assumption' || defaultValue === undefined) continue
    const quoted = statedNumbers(source.quote ?? '')
    if (!amongNumbers(defaultValue, textNumbers, foreign) && !derivedFrom(defaultValue, quoted)) {
      found.push({ parameter: parameter.name, reason: `${defaultValue} is not among the text's numbers` })
    }
  }
  if (evalCase.kind !== 'document') return found
  for (const figure of report.figures) {
    if (figure.use === 'unused') continue
    for (const forbidden of evalCase.forbidden ?? []) {
      if (forbidden.pages.includes(figure.page) && sameValue(figure.value, forbidden.value)) {
        found.push({ parameter: `"${figure.text}" p${figure.page}`, reason: forbidden.why })
      }
    }
    const rule = evalCase.currencyOfText
    if (rule !== undefined && figure.kind === 'money' && rule.pattern.test(figure.text) && figure.currency !== rule.currency) {
      found.push({
        parameter: `"${figure.text}" p${figure.page}`,
        reason: `${rule.currency} amount shown as ${figure.currency ?? 'no currency'}`,
      })
    }
  }
  return found
}

function falseNoFigureClaims(report: AnalysisReport, neededTotal: number, honesty: readonly HonestyFinding[]): string[] {
  const claims = honesty.filter((finding) => finding.rule === 'false_no_figure').map((finding) => finding.message)
  if (neededTotal === 0) return claims
  const { description, explanation } = report.calculatorData
  for (const [where, text] of [
    ['description', description],
    ['explanation', explanation],
  ] as const) {
    const claim = NO_FIGURE.exec(text)
    if (claim !== null) claims.push(`${where}: "…${text.slice(Math.max(0, claim.index - 20), claim.index + 50)}…"`)
  }
  return claims
}

export function scoreCase(evalCase: EvalCase, input: AnalysisInput, report: AnalysisReport, honesty: readonly HonestyFinding[]): CaseScore {
  const matches = matchFigures(evalCase.figures, report.figures, {
    statedCurrency: evalCase.statedCurrency ?? evalCase.currency,
    calculatorCurrency: evalCase.currency,
  })
  const needed = matches.filter((match) => match.expected.needed)
  const rows = matches.filter((match) => match.expected.row === true)
  const fromChecker = honesty
    .filter((finding) => INVENTED_RULES.has(finding.rule))
    .map((finding) => ({ parameter: finding.parameter ?? '?', reason: `${finding.rule}: ${finding.message}` }))
  const invented = [...fromChecker, ...ownInventedChecks(evalCase, input, report)]
  const accepted = acceptedRanges(evalCase)
  return {
    matches,
    neededFound: needed.filter((match) => match.surfaced).length,
    neededTotal: needed.length,
    rolesRight: matches.filter((match) => match.roleRight).length,
    rolesTotal: matches.length,
    rowsFound: rows.filter((match) => match.surfaced).length,
    rowsTotal: rows.length,
    story: report.story,
    noValueClaim: report.noValueClaim,
    storyRight: storyRight(evalCase, report),
    // One line per parameter: the checker and the own checks often name the same one.
    invented: [...new Map(invented.map((item) => [item.parameter, item])).values()],
    falseNoFigure: falseNoFigureClaims(report, needed.length, honesty),
    otherHonesty: honesty
      .filter((finding) => !INVENTED_RULES.has(finding.rule) && finding.rule !== 'false_no_figure')
      .map((finding) => `${finding.rule}: ${finding.message}`),
    yearly: report.yearlyAtDefaults,
    accepted,
    resultRight: resultRight(evalCase, report, accepted),
  }
}

/** The score of a case whose analysis threw: nothing found, every aim missed. */
export function failedScore(evalCase: EvalCase, error: string): CaseScore {
  const needed = evalCase.figures.filter((figure) => figure.needed)
  return {
    matches: evalCase.figures.map((expected) => ({ expected, surfaced: false, roleRight: false })),
    neededFound: 0,
    neededTotal: needed.length,
    rolesRight: 0,
    rolesTotal: evalCase.figures.length,
    rowsFound: 0,
    rowsTotal: evalCase.figures.filter((figure) => figure.row === true).length,
    story: 'error',
    noValueClaim: undefined,
    storyRight: false,
    invented: [],
    falseNoFigure: [],
    otherHonesty: [],
    yearly: Number.NaN,
    accepted: acceptedRanges(evalCase),
    resultRight: evalCase.noValueClaim === 'either' ? undefined : false,
    error,
  }
}
