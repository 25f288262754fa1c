// The 16 sample documents' extracted texts, where this machine has them (/tmp/sample-texts; the
// texts are not committed). The end-to-end corpus test through the real endpoint lives elsewhere.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { compileFormula, createCalculator, type CalculatorData } from '@valueproof/formula'
import { describe, expect, it } from 'vitest'
import { GENERATION_COMPLEXITIES, SLIDERS_PER_COMPLEXITY, type TextPage } from '../types.ts'
import { createBuiltinAnalyzer } from './index.ts'

const SAMPLE_TEXTS = '/tmp/sample-texts'
const available = existsSync(SAMPLE_TEXTS)

/** A PDF text has "=== page N ===" lines; a DOCX text is one page. */
function pagesOf(text: string): TextPage[] {
  const parts = text.split(/^=== page (\d+) ===$/m)
  if (parts.length === 1) return [{ page: 1, text }]
  const pages: TextPage[] = []
  for (let index = 1; index < parts.length; index += 2) pages.push({ page: Number(parts[index]), text: (parts[index + 1] ?? '').replace(/^\n/, '') })
  return pages
}

function loadSamples(): Array<{ readonly file: string; readonly pages: TextPage[] }> {
  if (!available) return []
  return readdirSync(SAMPLE_TEXTS)
    .filter((file) => file.endsWith('.txt'))
    .sort()
    .map((file) => ({ file, pages: pagesOf(readFileSync(join(SAMPLE_TEXTS, file), 'utf8')) }))
}

const analyzer = createBuiltinAnalyzer()
const samples = loadSamples()

function analyze(file: string, pages: TextPage[], complexity: (typeof GENERATION_COMPLEXITIES)[number]): Promise<CalculatorData> {
  const swedish = file.startsWith('sv-')
  return analyzer.analyze({
    kind: 'document',
    pages,
    complexity,
    language: swedish ? 'sv' : 'en',
    currency: swedish ? 'SEK' : 'USD',
    fileName: file.replace(/\.txt$/, ''),
  })
}

function parameter(calculator: CalculatorData, name: string) {
  const found = calculator.parameters.find((candidate) => candidate.name === name)
  if (found === undefined) throw new Error(`no ${name}: ${calculator.parameters.map((candidate) => candidate.name).join(', ')}`)
  return found
}

const allAssumptions = (calculator: CalculatorData): boolean => calculator.parameters.every((candidate) => candidate.source?.kind === 'assumption')

/** What each sample's advanced calculator must read from it (the traps of SOURCES.md included). */
const EXPECTATIONS: Readonly<Record<string, (calculator: CalculatorData) => void>> = {
  'aws-textract-freelance-sow.docx.txt': (calculator) => {
    expect(parameter(calculator, 'reportsPerMonth')).toMatchObject({ defaultValue: 2, source: { kind: 'document', page: 1 } })
  },
  'flow-media-rate-card-blank.pdf.txt': (calculator) => {
    expect(allAssumptions(calculator)).toBe(true)
  },
  'freecook-website-design-hosting-agreement.pdf.txt': (calculator) => {
    expect(parameter(calculator, 'hourlyRate')).toMatchObject({ defaultValue: 40, source: { kind: 'document', page: 1 } })
  },
  'freelance-proposal-template.docx.txt': (calculator) => {
    expect(allAssumptions(calculator)).toBe(true)
    expect(calculator.parameters.some((candidate) => candidate.defaultValue === 10_000)).toBe(false)
  },
  'kubient-ap-revenue-share-exhibit.pdf.txt': (calculator) => {
    expect(parameter(calculator, 'revenuePerMonth')).toMatchObject({ defaultValue: 300_000, source: { kind: 'document', page: 2 } })
    expect(calculator.baseTimeframe).toBe('monthly')
    expect(calculator.explanation).toContain('per month')
  },
  'pyconau-2019-sponsorship-prospectus.pdf.txt': (calculator) => {
    // The leftover "$10,000" layer under every tier is not a price.
    expect(calculator.parameters.some((candidate) => candidate.defaultValue === 10_000)).toBe(false)
    expect(parameter(calculator, 'attendeesPerYear')).toMatchObject({ defaultValue: 700, source: { kind: 'document', page: 2 } })
  },
  'reynolds-transition-services-agreement.pdf.txt': (calculator) => {
    const rate = parameter(calculator, 'hourlyRate')
    expect([150, 200]).toContain(rate.defaultValue)
    expect(rate.source?.kind === 'document' ? rate.source.quote : '').toMatch(/\$\d+ \/ hour/)
  },
  'sv-region-dalarna-avrop-rpa-team.pdf.txt': (calculator) => {
    expect(parameter(calculator, 'hoursPerWeek')).toMatchObject({ defaultValue: 40, label: 'Timmar per vecka och person', source: { kind: 'document', page: 2 } })
    expect(calculator.baseTimeframe).toBe('weekly')
  },
  'sv-vaxholm-avrop-resurskonsult.docx.txt': (calculator) => {
    expect(parameter(calculator, 'numberOfPeople')).toMatchObject({ defaultValue: 60, source: { kind: 'document', page: 1 } })
  },
  'weatherzone-advertising-media-kit.pdf.txt': (calculator) => {
    expect(parameter(calculator, 'cpm')).toMatchObject({ defaultValue: 50, source: { kind: 'document', page: 5 } })
  },
  // Only a threshold ("<320 timmar"), and an offer without prices: nothing to build on.
  'sv-adda-avtalskort-it-konsulttjanster.pdf.txt': (calculator) => {
    expect(allAssumptions(calculator)).toBe(true)
  },
  'sv-student-offert-smart-sensor.pdf.txt': (calculator) => {
    expect(allAssumptions(calculator)).toBe(true)
    expect(calculator.name).toBe('Offert/Lösningsförslag till kund — ROI-kalkylator')
  },
  // Stated totals: the estimated three-year value, the amount requested over 3 years, an awarded contract.
  'gsa-coe-discovery-bpa-rfq.pdf.txt': (calculator) => {
    const cost = parameter(calculator, 'costPerYear')
    expect(cost).toMatchObject({ defaultValue: 33_333_333, source: { kind: 'document', page: 15 } })
    expect(cost.source?.kind === 'document' ? cost.source.quote : '').toContain('total three\nyear value of BPA obligations to be $100 million.')
    expect(cost.description).toContain('$100 million for 3 years; divided by 3')
    expect(calculator.baseTimeframe).toBe('yearly')
  },
  'policyengine-nsf-cssi-grant-proposal.docx.txt': (calculator) => {
    const cost = parameter(calculator, 'costPerYear')
    expect(cost).toMatchObject({ defaultValue: 199_989, source: { kind: 'document', page: 1 } })
    expect(cost.source?.kind === 'document' ? cost.source.quote : '').toContain('Requested Amount: $599,968 over 3 years')
    expect(calculator.name).toBe('NSF CSSI Elements Proposal — ROI Calculator')
  },
  'za-government-tender-bulletin-3102-encrypted.pdf.txt': (calculator) => {
    const cost = parameter(calculator, 'costPerYear')
    expect(cost).toMatchObject({ defaultValue: 9_886_041, source: { kind: 'document', page: 73 } })
    expect(cost.source?.kind === 'document' ? cost.source.quote : '').toMatch(/OF 36 MONTHS[\s\S]*R29 658 122\.80/)
    // Rand has no fixed rate: a rand amount is never shown as if converted.
    for (const candidate of calculator.parameters) {
      if (candidate.source?.kind === 'document' && /R ?\d/.test(candidate.source.quote)) expect(candidate.description).toContain('Stated in ZAR; there is no fixed rate for ZAR')
    }
  },
}

describe.skipIf(!available)('the sample documents', () => {
  it('are all here', () => {
    expect(samples).toHaveLength(16)
  })

  it('a scanned document without a text layer is no_content', async () => {
    const scanned = samples.find((sample) => sample.file.startsWith('metro-access-gate'))
    expect(scanned).toBeDefined()
    if (scanned !== undefined) await expect(analyze(scanned.file, scanned.pages, 'advanced')).rejects.toMatchObject({ code: 'no_content' })
  })

  describe.each(samples.filter((sample) => !sample.file.startsWith('metro-access-gate')))('$file', ({ file, pages }) => {
    it.each(GENERATION_COMPLEXITIES)('%s: a valid calculator, positive at its defaults, quoting its own pages', async (complexity) => {
      const calculator = await analyze(file, pages, complexity)
      if (complexity !== 'value') expect(calculator.parameters).toHaveLength(SLIDERS_PER_COMPLEXITY[complexity])
      expect(compileFormula(calculator.formula, calculator.parameters.map((candidate) => candidate.name)).ok).toBe(true)
      const computed = createCalculator(calculator).compute()
      const results = computed.calculatorType === 'value' ? computed.valueCalculation.highlighted.map((field) => field.value) : [computed.result]
      for (const result of results) {
        expect(Number.isFinite(result)).toBe(true)
        expect(result).toBeGreaterThan(0)
      }
      const note = file.startsWith('sv-') ? 'Antagande — ingen siffra i dokumentet' : 'Assumption — no figure in the document'
      for (const { source } of calculator.parameters) {
        if (source?.kind === 'document') {
          expect(pages.find((page) => page.page === source.page)?.text).toContain(source.quote)
          expect(source.quote.length).toBeLessThanOrEqual(200)
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
