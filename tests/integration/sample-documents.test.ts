// Issue 4: every real third-party document in ../shared/samples/documents through the real endpoint
// (gateway → calculator → worker extraction → built-in analyzer). The samples are not part of the
// repository; CI has them, and under CI=true a missing folder fails instead of skipping.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { CALCULATOR_DATA_MAX_BYTES, PROPOSAL_BODY_LIMIT_BYTES, PROPOSAL_CONTENT_MAX_LENGTH } from '@valueproof/contracts'
import { validateCalculatorData, type CalculatorData } from '@valueproof/formula'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, GOOD_PASSWORD, uniqueUsername } from './support/http-client.ts'
import { grantCalculatorPro, startTestStack, type TestStack } from './support/stack.ts'

const samplesDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../../shared/samples/documents')
const haveSamples = existsSync(samplesDir)
if (!haveSamples && process.env.CI === 'true')
  throw new Error(`The sample documents are missing at ${samplesDir} (CI must have ../shared/samples)`)
if (!haveSamples) console.warn(`SKIPPED: sample documents not found at ${samplesDir}`)

type Expectation =
  /** Figures stated in the document: at least one default quotes it. */
  | { outcome: 'figures' }
  /** No usable figures (blank, placeholder or qualitative): every default is a marked assumption. */
  | { outcome: 'assumptions' }
  /**
   * A document that states no saving (a statement of work, a request for quotation, a grant, a
   * price list, a call-off): the calculator says so and shows no ceiling or budget as a default.
   * Issue 14 is open: the figures these documents do state are not yet all used as defaults.
   */
  | { outcome: 'noClaim' }

const expectations: Record<string, Expectation> = {
  'aws-textract-freelance-sow.docx': { outcome: 'noClaim' },
  'flow-media-rate-card-blank.pdf': { outcome: 'assumptions' },
  'freecook-website-design-hosting-agreement.pdf': { outcome: 'figures' },
  'freelance-proposal-template.docx': { outcome: 'noClaim' },
  'gsa-coe-discovery-bpa-rfq.pdf': { outcome: 'noClaim' },
  'kubient-ap-revenue-share-exhibit.pdf': { outcome: 'figures' },
  // Image only: read by OCR in the document workers (issue 14); a contractor's options, no saving claimed.
  'metro-access-gate-proposal-scanned.pdf': { outcome: 'noClaim' },
  'policyengine-nsf-cssi-grant-proposal.docx': { outcome: 'noClaim' },
  'pyconau-2019-sponsorship-prospectus.pdf': { outcome: 'noClaim' },
  'reynolds-transition-services-agreement.pdf': { outcome: 'figures' },
  // A one-page sales sheet whose only numbers are thresholds ("<320 timmar"): no value driver to quote.
  'sv-adda-avtalskort-it-konsulttjanster.pdf': { outcome: 'assumptions' },
  'sv-region-dalarna-avrop-rpa-team.pdf': { outcome: 'figures' },
  // An offer without prices or volumes (a three-week timeline only).
  'sv-student-offert-smart-sensor.pdf': { outcome: 'assumptions' },
  'sv-vaxholm-avrop-resurskonsult.docx': { outcome: 'noClaim' },
  'weatherzone-advertising-media-kit.pdf': { outcome: 'figures' },
  'za-government-tender-bulletin-3102-encrypted.pdf': { outcome: 'figures' },
}

const files = haveSamples
  ? readdirSync(samplesDir)
      .filter((name) => /\.(pdf|docx)$/.test(name))
      .sort()
  : []
const normalise = (text: string): string => text.replace(/\s+/g, ' ').trim().toLowerCase()

describe.skipIf(!haveSamples)('the sample documents through POST /api/calculator/analyze-document', () => {
  let stack: TestStack
  let client: ApiClient

  beforeAll(async () => {
    stack = await startTestStack('pglite+in-process')
    client = new ApiClient(stack.url)
    expect((await client.post('/api/register', { username: uniqueUsername('samples'), password: GOOD_PASSWORD })).status).toBe(201)
    // 16 documents need more than Free's 5 a month: Pro in calculator generation's projection.
    const { id } = (await (await client.get('/api/user')).json()) as { id: number }
    await grantCalculatorPro(stack, id)
  }, 120_000)
  afterAll(async () => {
    await stack?.close()
  })

  it('knows what to expect of every sample', () => {
    expect(files.sort()).toEqual(Object.keys(expectations).sort())
  })

  it.each(files)('%s', { timeout: 120_000 }, async (file) => {
    const expectation = expectations[file]
    if (expectation === undefined) throw new Error(`no expectation for ${file}`)
    const swedish = file.startsWith('sv-')
    const form = new FormData()
    form.append('complexity', 'balanced')
    form.append('language', swedish ? 'sv' : 'en')
    form.append('currency', swedish ? 'SEK' : 'USD')
    form.append('file', new Blob([readFileSync(join(samplesDir, file))]), file)
    const response = await client.request('POST', '/api/calculator/analyze-document', { body: form })
    const body = (await response.json()) as { message?: string; parameters?: unknown; content?: string }

    expect(response.status, body.message).toBe(200)
    const validation = validateCalculatorData(body.parameters)
    if (!validation.ok) throw new Error(validation.problems.map((problem) => `${problem.path}: ${problem.message}`).join('; '))
    const calculator: CalculatorData = validation.calculatorData
    expect(calculator.parameters).toHaveLength(2)
    const content = normalise(body.content ?? '')
    expect(content.length).toBeGreaterThan(0)

    const quoted = calculator.parameters.flatMap((parameter) => (parameter.source?.kind === 'document' ? [parameter.source] : []))
    for (const source of quoted) {
      expect(content, `quote on page ${source.page}`).toContain(normalise(source.quote ?? '<no quote>'))
      expect(source.quote).toMatch(/\d/)
    }
    if (expectation.outcome === 'figures') expect(quoted.length, 'defaults quoted from the document').toBeGreaterThan(0)
    else if (expectation.outcome === 'noClaim') {
      expect(calculator.description).toMatch(/states no saving|anger ingen besparing/)
      expect(calculator.valueType).toBeUndefined()
      for (const parameter of calculator.parameters) expect(parameter.defaultValue ?? 0).toBeLessThan(1_000_000)
    } else expect(calculator.parameters.map((parameter) => parameter.source?.kind)).toEqual(calculator.parameters.map(() => 'assumption'))

    if (swedish) {
      const words = [
        calculator.name,
        calculator.explanation,
        ...calculator.parameters.flatMap((parameter) => [parameter.label, parameter.description ?? '']),
      ].join(' ')
      expect(words).toMatch(/[åäö]/i)
    }

    // The proposal calls fit what a real document gives (docs/decisions/120): shared with its text,
    // and written from it, within the 320 KB body limit and the 64 KB calculator limit.
    const text = body.content ?? ''
    const shareBody = { title: file, content: text, calculatorData: body.parameters }
    const generateBody = { calculatorData: body.parameters, input: text, templateType: 'standard' }
    expect(Buffer.byteLength(JSON.stringify(body.parameters))).toBeLessThan(CALCULATOR_DATA_MAX_BYTES / 8)
    const expected = text.length <= PROPOSAL_CONTENT_MAX_LENGTH ? 201 : 400
    if (expected === 201) expect(Buffer.byteLength(JSON.stringify(shareBody))).toBeLessThan(PROPOSAL_BODY_LIMIT_BYTES)
    expect((await client.post('/api/proposals', shareBody)).status).toBe(expected)
    expect((await client.post('/api/proposals/generate', generateBody)).status).toBe(expected)
  })
})
