// Issue 14 "Measured on your own labelled set": the labels are sound and cover the traps,
// and the built-in analyzer meets every aim (docs/decisions/097). Runs in-process, no
// database. The sample documents are read from ../shared/samples/documents; CI must have them.
import { existsSync, readdirSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { STORY_IDS } from '../../services/calculator/src/analysis/builtin/analysis-report.ts'
import { AIM_NAMES, aimResults } from './aims.ts'
import { ALL_CASES, DESCRIPTION_CASES, DOCUMENT_CASES, TRAPS } from './cases/index.ts'
import { SAMPLES_DIR, runEvaluation, type EvaluationRun } from './evaluate.ts'

const samplesAvailable = existsSync(SAMPLES_DIR)
if (!samplesAvailable && process.env.CI === 'true')
  throw new Error(`The sample documents are missing at ${SAMPLES_DIR} (CI must have them)`)
if (!samplesAvailable) console.warn(`SKIPPED document cases: sample documents not found at ${SAMPLES_DIR}`)

const MIN_DESCRIPTIONS = 40
/** Extraction of the 52- and 84-page samples on a busy machine, then the analysis of every case. */
const EVALUATION_TIMEOUT_MS = 300_000

const squash = (text: string): string => text.replace(/\s+/g, ' ').toLowerCase()

describe('the labelled set', () => {
  it(`has at least ${MIN_DESCRIPTIONS} descriptions, at least half of them Swedish, and unique ids`, () => {
    expect(DESCRIPTION_CASES.length).toBeGreaterThanOrEqual(MIN_DESCRIPTIONS)
    const swedish = DESCRIPTION_CASES.filter((evalCase) => evalCase.language === 'sv').length
    expect(swedish * 2).toBeGreaterThanOrEqual(DESCRIPTION_CASES.length)
    const ids = ALL_CASES.map((evalCase) => evalCase.id)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('covers every story and every trap of the issue in the descriptions', () => {
    const stories = new Set(DESCRIPTION_CASES.map((evalCase) => evalCase.story))
    expect(STORY_IDS.filter((story) => !stories.has(story))).toEqual([])
    const traps = new Set(DESCRIPTION_CASES.flatMap((evalCase) => evalCase.traps))
    expect(TRAPS.filter((trap) => !traps.has(trap))).toEqual([])
  })

  it.each(DESCRIPTION_CASES.map((evalCase) => [evalCase.id, evalCase] as const))('%s states what it is labelled with', (_id, evalCase) => {
    for (const figure of evalCase.figures) expect(squash(evalCase.text), figure.text).toContain(squash(figure.text))
    expect(evalCase.figures.some((figure) => figure.needed) || evalCase.noValueClaim === true).toBe(true)
  })

  it('gives a yearly range to every case with a value claim, and none to the others', () => {
    for (const evalCase of ALL_CASES) {
      if (evalCase.noValueClaim === false) {
        expect(evalCase.yearly, evalCase.id).toBeDefined()
        expect(evalCase.yearly?.min ?? 0, evalCase.id).toBeGreaterThan(0)
        expect(evalCase.yearly?.max ?? 0, evalCase.id).toBeGreaterThan(evalCase.yearly?.min ?? 0)
      } else {
        expect(evalCase.yearly, evalCase.id).toBeUndefined()
      }
    }
  })

  it.runIf(samplesAvailable)('labels every sample document, each once', () => {
    const files = readdirSync(SAMPLES_DIR).filter((file) => /\.(pdf|docx)$/.test(file))
    expect(DOCUMENT_CASES.map((evalCase) => evalCase.file).sort()).toEqual(files.sort())
  })
})

describe('the built-in analyzer on the labelled set (issue 14 aims)', () => {
  let run: EvaluationRun | undefined
  beforeAll(async () => {
    run = await runEvaluation()
    const skipped = run.outcomes.flatMap((outcome) => (outcome.status === 'skipped' ? [`${outcome.evalCase.id}: ${outcome.reason}`] : []))
    if (skipped.length > 0) console.warn(`Skipped cases:\n${skipped.join('\n')}`)
  }, EVALUATION_TIMEOUT_MS)

  // Issue 14's aims are thresholds on this set, every one of them (docs/decisions/097).
  it('reports every aim with the cases that miss it', () => {
    if (run === undefined) throw new Error('the evaluation did not run')
    const aims = aimResults(run)
    expect(aims.map((aim) => aim.name)).toEqual([...AIM_NAMES])
    for (const aim of aims) if (!aim.met) console.warn(`AIM MISSED ${aim.name}: ${aim.value}, aim ${aim.aim} (${aim.failing.length} cases)`)
  })

  it.each([...AIM_NAMES])('meets the aim: %s', (name) => {
    if (run === undefined) throw new Error('the evaluation did not run')
    const aim = aimResults(run).find((candidate) => candidate.name === name)
    expect(aim?.met, `${name}: ${aim?.value}, aim ${aim?.aim}\n${aim?.failing.join('\n')}`).toBe(true)
  })
})
