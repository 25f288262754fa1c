// The built-in analyzer over the 16 real sample documents (../shared/samples/documents, see
// SOURCES.md there), their text extracted by the service's own extractor as the upload route does.
// The samples are not part of the repository; CI has them, and under CI=true a missing folder fails
// instead of skipping. The end-to-end corpus test through the real endpoint lives in tests/integration.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createDocumentExtractor } from '@valueproof/documents'
import { compileFormula, createCalculator, type CalculatorData } from '@valueproof/formula'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GENERATION_COMPLEXITIES, SLIDERS_PER_COMPLEXITY, type TextPage } from '../types.ts'
import { createBuiltinAnalyzer } from './index.ts'

const repoRoot = fileURLToPath(new URL('../../../../..', import.meta.url))
const corpus = resolve(repoRoot, '../shared/samples/documents')
const available = existsSync(corpus)
if (!available && process.env.CI === 'true')
  throw new Error(`The sample documents are missing at ${corpus} (CI must have ../shared/samples)`)
if (!available) console.warn(`SKIPPED: sample documents not found at ${corpus}`)

/** The scanned proposal: a PDF of page images, no text layer. */
const SCANNED = 'metro-access-gate-proposal-scanned.pdf'

const files = available
  ? readdirSync(corpus)
      .filter((file) => /\.(pdf|docx)$/.test(file))
      .sort()
  : []

const extractor = createDocumentExtractor()
const analyzer = createBuiltinAnalyzer()
afterAll(() => Promise.all([extractor.close(), analyzer.close()]))

/** The sample's pages as the upload route hands them to the analyzer. */
async function pagesOf(file: string): Promise<TextPage[]> {
  return (await extractor.extract(readFileSync(resolve(corpus, file)))).pages
}

function analyze(file: string, pages: readonly TextPage[], complexity: (typeof GENERATION_COMPLEXITIES)[number]): Promise<CalculatorData> {
  const swedish = file.startsWith('sv-')
  return analyzer.analyze({
    kind: 'document',
    pages,
    complexity,
    language: swedish ? 'sv' : 'en',
    currency: swedish ? 'SEK' : 'USD',
    fileName: file,
  })
}

function parameter(calculator: CalculatorData, name: string) {
  const found = calculator.parameters.find((candidate) => candidate.name === name)
  if (found === undefined) throw new Error(`no ${name}: ${calculator.parameters.map((candidate) => candidate.name).join(', ')}`)
  return found
}

const allAssumptions = (calculator: CalculatorData): boolean =>
  calculator.parameters.every((candidate) => candidate.source?.kind === 'assumption')

/** A document that states no saving is modelled as what it contains, and says so (issue 14). */
function statesNoSaving(calculator: CalculatorData): void {
  expect(calculator.valueType).toBeUndefined()
  expect(calculator.description).toMatch(/states no saving|anger ingen besparing/)
}

/** A ceiling, budget, award or requested amount is never a default (it would read as money saved). */
function noMillions(calculator: CalculatorData): void {
  for (const candidate of calculator.parameters) expect(candidate.defaultValue ?? 0).toBeLessThan(1_000_000)
}

/** What each sample's advanced calculator must read from it (the traps of SOURCES.md included). */
const EXPECTATIONS: Readonly<Record<string, (calculator: CalculatorData) => void>> = {
  'aws-textract-freelance-sow.docx': statesNoSaving,
  'flow-media-rate-card-blank.pdf': (calculator) => {
    expect(allAssumptions(calculator)).toBe(true)
    statesNoSaving(calculator)
  },
  'freecook-website-design-hosting-agreement.pdf': (calculator) => {
    expect(parameter(calculator, 'hourlyRate')).toMatchObject({ defaultValue: 40, source: { kind: 'document', page: 1 } })
    statesNoSaving(calculator)
  },
  'freelance-proposal-template.docx': (calculator) => {
    // Issue 14: a template's real figures are kept, marked as example figures.
    const example = calculator.parameters.find((candidate) => candidate.defaultValue === 10_000)
    expect(example?.source).toMatchObject({ kind: 'document', page: 3 })
    expect(example?.description).toContain('An example figure of the template')
    expect(calculator.description).toContain('its figures are example figures')
    statesNoSaving(calculator)
  },
  // Not yet right (issue 14 stays open): the revenue-share table is not read as rows, so the
  // exhibit still gets a losses-avoided calculator of assumptions; only the invariants are checked.
  'kubient-ap-revenue-share-exhibit.pdf': noMillions,
  'pyconau-2019-sponsorship-prospectus.pdf': (calculator) => {
    // The leftover "$10,000" layer under every tier is not a price.
    expect(calculator.parameters.some((candidate) => candidate.defaultValue === 10_000)).toBe(false)
    statesNoSaving(calculator)
  },
  'reynolds-transition-services-agreement.pdf': (calculator) => {
    const rate = parameter(calculator, 'hourlyRate')
    expect([150, 200]).toContain(rate.defaultValue)
    expect(rate.source?.kind === 'document' ? rate.source.quote : '').toMatch(/\$\d+ \/ hour/)
    statesNoSaving(calculator)
  },
  'sv-region-dalarna-avrop-rpa-team.pdf': (calculator) => {
    expect(parameter(calculator, 'hoursPerWeek')).toMatchObject({
      defaultValue: 40,
      label: 'Timmar per vecka',
      source: { kind: 'document', page: 2 },
    })
    expect(calculator.baseTimeframe).toBe('weekly')
    statesNoSaving(calculator)
  },
  'sv-vaxholm-avrop-resurskonsult.docx': (calculator) => {
    statesNoSaving(calculator)
    noMillions(calculator)
  },
  'weatherzone-advertising-media-kit.pdf': (calculator) => {
    expect(
      calculator.parameters.some((candidate) => candidate.source?.kind === 'document' && /CPM/i.test(candidate.source.quote ?? '')),
    ).toBe(true)
    statesNoSaving(calculator)
  },
  // Only a threshold ("<320 timmar"), and an offer without prices: nothing to build on.
  'sv-adda-avtalskort-it-konsulttjanster.pdf': (calculator) => {
    expect(allAssumptions(calculator)).toBe(true)
  },
  'sv-student-offert-smart-sensor.pdf': (calculator) => {
    expect(allAssumptions(calculator)).toBe(true)
    // Its title line only says it is an offer: the subject is unknown, the name neutral (issue 15).
    expect(calculator.name).toBe('ROI-kalkylator')
  },
  // A request for quotation with a $100 million ceiling: never money saved.
  'gsa-coe-discovery-bpa-rfq.pdf': (calculator) => {
    statesNoSaving(calculator)
    noMillions(calculator)
  },
  // The amount requested from the grant is not a saving either.
  'policyengine-nsf-cssi-grant-proposal.docx': (calculator) => {
    statesNoSaving(calculator)
    noMillions(calculator)
    expect(calculator.name).toBe('NSF CSSI Elements Proposal — ROI Calculator')
  },
  'za-government-tender-bulletin-3102-encrypted.pdf': (calculator) => {
    statesNoSaving(calculator)
    noMillions(calculator)
    // Rand has no fixed rate: a rand amount is converted at a rate the parameter names, never shown as dollars.
    for (const candidate of calculator.parameters) {
      if (candidate.source?.kind === 'document' && /R ?\d/.test(candidate.source.quote ?? ''))
        expect(candidate.description).toContain('1 ZAR =')
    }
  },
}

describe.skipIf(!available)('the sample documents', () => {
  it('are all here', () => {
    expect(files).toHaveLength(16)
    expect(files.filter((file) => file !== SCANNED).sort()).toEqual(Object.keys(EXPECTATIONS).sort())
  })

  // It has no text layer: the document workers read it by text recognition (issue 14), and every
  // page says so, so the analyzer's quotes can.
  it('a scanned document without a text layer is read by OCR', { timeout: 240_000 }, async () => {
    expect(files).toContain(SCANNED)
    const pages = await pagesOf(SCANNED)
    // Recognition stops before the extraction's time limit (decision 094): on a busy machine the last
    // pages may stay unread, but every page with text was read by OCR.
    const read = pages.filter((page) => page.text.trim() !== '')
    expect(read.length).toBeGreaterThan(0)
    expect(read.every((page) => page.ocr === true)).toBe(true)
    const text = read.map((page) => page.text).join('\n')
    expect(text).toMatch(/\d/)
    expect(text).toMatch(/\b(?:proposal|gate|price|total)\b/i)
  })

  describe.each(files.filter((file) => file !== SCANNED))('%s', (file) => {
    let pages: TextPage[] = []
    beforeAll(async () => {
      pages = await pagesOf(file)
    }, 60_000)

    it.each(GENERATION_COMPLEXITIES)('%s: a valid calculator, positive at its defaults, quoting its own pages', async (complexity) => {
      const calculator = await analyze(file, pages, complexity)
      // A story with fewer terms has fewer sliders; assumed scale factors may add one (they are never hidden).
      if (complexity !== 'value') {
        expect(calculator.parameters.length).toBeGreaterThanOrEqual(1)
        expect(calculator.parameters.length).toBeLessThanOrEqual(Math.max(SLIDERS_PER_COMPLEXITY[complexity], 2))
      }
      expect(
        compileFormula(
          calculator.formula,
          calculator.parameters.map((candidate) => candidate.name),
        ).ok,
      ).toBe(true)
      const computed = createCalculator(calculator).compute()
      const results =
        computed.calculatorType === 'value' ? computed.valueCalculation.highlighted.map((field) => field.value) : [computed.result]
      for (const result of results) {
        expect(Number.isFinite(result)).toBe(true)
        expect(result).toBeGreaterThan(0)
      }
      const note = file.startsWith('sv-') ? 'Antagande — ingen siffra i dokumentet' : 'Assumption — no figure in the document'
      for (const { source } of calculator.parameters) {
        if (source?.kind === 'document') {
          expect(pages.find((page) => page.page === source.page)?.text).toContain(source.quote)
          expect(source.quote?.length).toBeLessThanOrEqual(200)
          expect(source.quote).toMatch(/\d/)
        } else {
          expect(source).toEqual({ kind: 'assumption', note })
        }
      }
    })

    it('advanced reads the figures that matter', async () => {
      const expectation = EXPECTATIONS[file]
      expect(expectation).toBeDefined()
      expectation?.(await analyze(file, pages, 'advanced'))
    })
  })
})
