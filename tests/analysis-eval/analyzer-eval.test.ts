// Issue 35, the evaluation that measures generalisation (docs/decisions/127): the labelled set is
// sound, and the built-in analyzer holds its floors on the HELD-OUT split. Runs in-process, no
// database; reads ../shared/eval and ../shared/samples (CI must have them). DEV is not run here:
// `npm run eval:analyzer` reports both sides.
import { existsSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { AIMS, share, splitTotals, type SplitTotals } from './aims.ts'
import {
  DESCRIPTION_SOURCES,
  DOCUMENT_LABELS,
  SAMPLES_DIR,
  SPLIT,
  documentCases,
  loadDescriptionCases,
  missingDescriptionSources,
} from './cases/index.ts'
import { runEvaluation, type EvaluationRun } from './evaluate.ts'
import { labelledFigure, parseExpected } from './figure-matching.ts'
import { statesValue } from './text-numbers.ts'

// Floors on the HELD-OUT split, a little under what it measures on the analyzer of this commit
// (2026-11-29, docs/decisions/140): figures carried 389/590 = 65.9 %, yearly ±35 % 31/93 = 33.3 %,
// invented 0, no-figure honest 10/10, document drivers 11/73 = 15.1 %, price filled 6/8, no cost as
// value 18/18. A figure counts as carried only by an input some formula computes with. The split
// includes the held-out thirds of writers w5 and w6 (each written without seeing the analyzer). The
// floors keep a regression out; they are not issue 35's aims (figures ≥ 90 %, yearly ±35 % in
// ≥ 80 % of the cases with figures, drivers ≥ 60 %, price filled whenever stated), which the
// analyzer does not reach.
const FIGURES_CARRIED_FLOOR = 0.64
const YEARLY_RIGHT_FLOOR = 0.31
const INVENTED_FIGURES_MAX = 0
const NO_FIGURE_HONEST_FLOOR = 1
const DRIVERS_SURFACED_FLOOR = 0.13
const PRICE_FILLED_FLOOR = 0.7
const NO_COST_AS_VALUE_FLOOR = 1

/** The set's own aims (issue 35): enough descriptions, half Swedish, a fifth quoting another currency. */
const MIN_DESCRIPTIONS = 200
/** Extracting the held-out documents (the 55- and 84-page ones) on a busy machine, then every analysis. */
const EVALUATION_TIMEOUT_MS = 300_000

const sharedPresent = missingDescriptionSources().length === 0 && existsSync(SAMPLES_DIR)
if (!sharedPresent && process.env.CI === 'true')
  throw new Error(`../shared is missing: ${missingDescriptionSources().join(', ')} ${SAMPLES_DIR}`)
if (!sharedPresent) console.warn('SKIPPED: ../shared/eval or ../shared/samples is missing beside the repository')

/** "n of m: k short of the aim" when a count falls short, for the assertion message. */
function shortBy(what: string, count: number, total: number, needed: number): string {
  return count >= needed ? `${what}: ${count} of ${total}` : `${what}: ${count} of ${total}, ${needed - count} short of ${needed}`
}

describe.runIf(sharedPresent)('the labelled set', () => {
  const descriptions = loadDescriptionCases()

  it('has unique ids', () => {
    const ids = [...descriptions.map((evalCase) => evalCase.id), ...DOCUMENT_LABELS.map((label) => label.file)]
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([])
  })

  it(`has at least ${MIN_DESCRIPTIONS} descriptions, at least half Swedish and a fifth quoting another currency`, () => {
    const total = descriptions.length
    const swedish = descriptions.filter((evalCase) => evalCase.language === 'sv').length
    const otherCurrency = descriptions.filter((evalCase) => evalCase.otherCurrency).length
    const counts = [
      shortBy('descriptions', total, total, MIN_DESCRIPTIONS),
      shortBy('Swedish', swedish, total, Math.ceil(total / 2)),
      shortBy('quoting a currency other than their display currency', otherCurrency, total, Math.ceil(total / 5)),
    ]
    console.info(`The labelled set: ${counts.join('; ')}`)
    expect(
      counts.filter((line) => line.includes('short')),
      counts.join('\n'),
    ).toEqual([])
  })

  it('states every expected figure in its text (a range: both ends)', () => {
    const missing = descriptions.flatMap((evalCase) =>
      evalCase.expect.flatMap((label) => {
        const figure = parseExpected(label)
        return figure.stated.every((value) => statesValue(evalCase.text, value)) ? [] : [`${evalCase.id}: ${label}`]
      }),
    )
    expect(missing).toEqual([])
  })

  it('gives a held-out id only to a case of its own source, and labels every held-out document', () => {
    const bySource = new Map(DESCRIPTION_SOURCES.map(({ source }) => [source, new Set<string>()]))
    for (const evalCase of descriptions) bySource.get(evalCase.source)?.add(evalCase.id)
    const files = new Set(DOCUMENT_LABELS.map((label) => label.file))
    const unknown = Object.entries(SPLIT.heldOut).flatMap(([source, ids]) =>
      ids
        .filter((id) => !(source === 'documents' ? files.has(id) : (bySource.get(source)?.has(id) ?? false)))
        .map((id) => `${source}: ${id}`),
    )
    expect(unknown).toEqual([])
    const heldOut = descriptions.filter((evalCase) => evalCase.split === 'held-out').length
    console.info(
      `HELD-OUT: ${heldOut} of ${descriptions.length} descriptions, ${SPLIT.heldOut.documents?.length ?? 0} of ${files.size} documents`,
    )
  })

  it('labels the 26 sample documents, each present, each figure stated by its own words', () => {
    const cases = documentCases()
    expect(cases).toHaveLength(26)
    expect(cases.filter((evalCase) => !existsSync(evalCase.path)).map((evalCase) => evalCase.path)).toEqual([])
    const unstated = DOCUMENT_LABELS.flatMap((label) =>
      label.figures
        .filter((figure) => !labelledFigure(figure.value).stated.every((value) => statesValue(figure.words, value)))
        .map((figure) => `${label.file}: ${figure.words} (${String(figure.value)})`),
    )
    expect(unstated).toEqual([])
  })
})

describe.runIf(sharedPresent)('the built-in analyzer on the HELD-OUT split (issue 35)', () => {
  let run: EvaluationRun | undefined
  let totals: SplitTotals | undefined
  beforeAll(async () => {
    run = await runEvaluation({ splits: ['held-out'] })
    totals = splitTotals(run, 'held-out')
    const measured = AIMS.map((aim) => {
      const value = totals === undefined ? undefined : aim.value(totals)
      return `${aim.name} ${value === undefined ? '-' : aim.count === true ? value : `${(100 * value).toFixed(1)} %`} (aim ${aim.aim})`
    })
    console.info(`HELD-OUT, ${run.seconds.toFixed(1)} s: ${measured.join('; ')}`)
  }, EVALUATION_TIMEOUT_MS)

  const measured = (): { run: EvaluationRun; totals: SplitTotals } => {
    if (run === undefined || totals === undefined) throw new Error('the evaluation did not run')
    return { run, totals }
  }

  it('analyses every held-out case without crashing', () => {
    const { run: done } = measured()
    const crashes = [
      ...done.descriptions.flatMap((score) => (score.outcome.ok ? [] : [`${score.evalCase.id}: ${score.outcome.error}`])),
      ...done.documents.flatMap((score) => [
        ...(score.extractionError === undefined ? [] : [`${score.evalCase.id}: not extracted: ${score.extractionError}`]),
        ...[score.advanced, score.value].flatMap((outcome) => (outcome?.ok === false ? [`${score.evalCase.id}: ${outcome.error}`] : [])),
      ]),
    ]
    expect(crashes).toEqual([])
  })

  it('invents no figure', () => {
    const { run: done } = measured()
    const invented = [
      ...done.descriptions.flatMap((score) =>
        score.outcome.ok ? score.outcome.score.invented.map((figure) => ({ id: score.evalCase.id, figure })) : [],
      ),
      ...done.documents.flatMap((score) =>
        [score.advanced, score.value].flatMap((outcome) =>
          outcome?.ok === true ? outcome.score.invented.map((figure) => ({ id: score.evalCase.id, figure })) : [],
        ),
      ),
    ].map(({ id, figure }) => `${id}: ${figure.input} = ${figure.value} (${figure.why})`)
    expect(invented.length, invented.join('\n')).toBeLessThanOrEqual(INVENTED_FIGURES_MAX)
  })

  it.each([
    ['stated figures carried', FIGURES_CARRIED_FLOOR, (t: SplitTotals) => t.descriptions.figures],
    ['net yearly within ±35 % of the label', YEARLY_RIGHT_FLOOR, (t: SplitTotals) => t.descriptions.yearly],
    ['no-figure texts answered honestly', NO_FIGURE_HONEST_FLOOR, (t: SplitTotals) => t.descriptions.honest],
    ['document drivers surfaced', DRIVERS_SURFACED_FLOOR, (t: SplitTotals) => t.documents.drivers],
    ['price filled when the document states one', PRICE_FILLED_FLOOR, (t: SplitTotals) => t.documents.priceFilled],
    ['no cost presented as value', NO_COST_AS_VALUE_FLOOR, (t: SplitTotals) => t.documents.noCostAsValue],
  ] as const)('%s: at least its floor', (name, floor, pick) => {
    const ratio = pick(measured().totals)
    expect(ratio.of, `${name}: nothing was measured`).toBeGreaterThan(0)
    expect(share(ratio) ?? 0, `${name}: ${ratio.hit}/${ratio.of}`).toBeGreaterThanOrEqual(floor)
  })
})
