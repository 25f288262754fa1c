// Totals of a run, per side of the split (never pooled: DEV is what development looks at, HELD-OUT
// measures generalisation), per language and for the cases quoting another currency, and issue
// 35's aims against them.
import type { CaseLanguage, SplitName } from './cases/index.ts'
import type { EvaluationRun } from './evaluate.ts'
import type { DescriptionScore, DocumentRunScore, DocumentScore, Outcome } from './score.ts'

export interface Ratio {
  readonly hit: number
  readonly of: number
}

export interface DescriptionTotals {
  readonly cases: number
  /** Cases whose analysis threw. */
  readonly crashed: number
  /** Stated figures carried / stated figures (every description). */
  readonly figures: Ratio
  /** Net yearly within ±35 % / cases with a numeric yearly. */
  readonly yearly: Ratio
  /** Parameters sourced to the text with a default their quote does not state. */
  readonly invented: number
  /** Honest calculators / cases labelled yearly null. */
  readonly honest: Ratio
}

export interface DocumentTotals {
  readonly cases: number
  /** Documents not extracted, or calculators whose analysis threw. */
  readonly crashed: number
  /** Labelled drivers carried by the 'advanced' calculator / labelled drivers. */
  readonly drivers: Ratio
  /** Calculators ('advanced' and 'value') carrying a price / calculators of documents that state one. */
  readonly priceFilled: Ratio
  /** Calculators presenting no price-side amount as value / calculators. */
  readonly noCostAsValue: Ratio
  /** Documents whose 'value' calculator differs from the plain one / documents analysed both ways. */
  readonly valueDistinct: Ratio
  readonly invented: number
}

export interface SplitTotals {
  readonly split: SplitName
  readonly descriptions: DescriptionTotals
  readonly byLanguage: Readonly<Record<CaseLanguage, DescriptionTotals>>
  readonly otherCurrency: DescriptionTotals
  readonly documents: DocumentTotals
}

const ratio = (hit: number, of: number): Ratio => ({ hit, of })
const sum = (ratios: readonly Ratio[]): Ratio =>
  ratio(
    ratios.reduce((total, r) => total + r.hit, 0),
    ratios.reduce((total, r) => total + r.of, 0),
  )
export const share = (r: Ratio): number | undefined => (r.of === 0 ? undefined : r.hit / r.of)

export function descriptionTotals(scores: readonly DescriptionScore[]): DescriptionTotals {
  let crashed = 0
  let invented = 0
  const figures: Ratio[] = []
  const yearly: Ratio[] = []
  const honest: Ratio[] = []
  for (const { evalCase, outcome } of scores) {
    if (!outcome.ok) {
      // A crash carries nothing and gets nothing right.
      crashed += 1
      figures.push(ratio(0, evalCase.expect.length))
      if (typeof evalCase.yearly === 'number') yearly.push(ratio(0, 1))
      if (evalCase.yearly === null) honest.push(ratio(0, 1))
      continue
    }
    const { score } = outcome
    figures.push(ratio(score.figures.filter((figure) => figure.carrier !== undefined).length, score.figures.length))
    if (score.yearlyRight !== undefined) yearly.push(ratio(score.yearlyRight ? 1 : 0, 1))
    if (score.honest !== undefined) honest.push(ratio(score.honest.ok ? 1 : 0, 1))
    invented += score.invented.length
  }
  return { cases: scores.length, crashed, figures: sum(figures), yearly: sum(yearly), invented, honest: sum(honest) }
}

export function documentTotals(scores: readonly DocumentScore[]): DocumentTotals {
  let crashed = 0
  let invented = 0
  const drivers: Ratio[] = []
  const priceFilled: Ratio[] = []
  const noCost: Ratio[] = []
  const distinct: Ratio[] = []
  for (const score of scores) {
    const runs: Array<Outcome<DocumentRunScore> | undefined> = [score.advanced, score.value]
    if (score.extractionError !== undefined) crashed += 1
    crashed += runs.filter((run) => run?.ok === false).length
    const advanced = score.advanced?.ok === true ? score.advanced.score : undefined
    const driverCount = score.evalCase.label.figures.filter((figure) => figure.illustrative !== true).length
    drivers.push(ratio(advanced?.figures.filter((figure) => figure.carrier !== undefined).length ?? 0, driverCount))
    for (const run of runs) {
      const ran = run?.ok === true ? run.score : undefined
      if (score.evalCase.label.statesPrice) priceFilled.push(ratio(ran?.priceFilled === true ? 1 : 0, 1))
      noCost.push(ratio(ran !== undefined && ran.costAsValue.length === 0 ? 1 : 0, 1))
      invented += ran?.invented.length ?? 0
    }
    if (score.valueDistinct !== undefined) distinct.push(ratio(score.valueDistinct ? 1 : 0, 1))
  }
  return {
    cases: scores.length,
    crashed,
    drivers: sum(drivers),
    priceFilled: sum(priceFilled),
    noCostAsValue: sum(noCost),
    valueDistinct: sum(distinct),
    invented,
  }
}

export function splitTotals(run: EvaluationRun, split: SplitName): SplitTotals {
  const descriptions = run.descriptions.filter((score) => score.evalCase.split === split)
  const byLanguage = (language: CaseLanguage) => descriptionTotals(descriptions.filter((score) => score.evalCase.language === language))
  return {
    split,
    descriptions: descriptionTotals(descriptions),
    byLanguage: { en: byLanguage('en'), sv: byLanguage('sv') },
    otherCurrency: descriptionTotals(descriptions.filter((score) => score.evalCase.otherCurrency)),
    documents: documentTotals(run.documents.filter((score) => score.evalCase.split === split)),
  }
}

export interface Aim {
  readonly name: string
  /** As the issue states it. */
  readonly aim: string
  /** The measured value as a share (or a count for invented figures); undefined when nothing was measured. */
  readonly value: (totals: SplitTotals) => number | undefined
  readonly met: (value: number) => boolean
  readonly count?: true
}

/** Issue 35's aims. */
export const AIMS: readonly Aim[] = [
  { name: 'figures carried', aim: '≥ 90 %', value: (t) => share(t.descriptions.figures), met: (v) => v >= 0.9 },
  { name: 'yearly within ±35 %', aim: '≥ 80 % of cases with figures', value: (t) => share(t.descriptions.yearly), met: (v) => v >= 0.8 },
  {
    name: 'invented figures',
    aim: '0',
    value: (t) => t.descriptions.invented + t.documents.invented,
    met: (v) => v === 0,
    count: true,
  },
  { name: 'no-figure honest', aim: '100 %', value: (t) => share(t.descriptions.honest), met: (v) => v === 1 },
  { name: 'document drivers surfaced', aim: '≥ 60 %', value: (t) => share(t.documents.drivers), met: (v) => v >= 0.6 },
  { name: 'price filled when stated', aim: '100 %', value: (t) => share(t.documents.priceFilled), met: (v) => v === 1 },
  { name: 'no cost presented as value', aim: '100 %', value: (t) => share(t.documents.noCostAsValue), met: (v) => v === 1 },
]
