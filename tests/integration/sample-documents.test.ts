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

// What each document states is checked in packages/analyzer (sample-documents.test.ts, against the
// outside labels); here the route's part: every sample answers, quotes what it extracted, and fits
// the proposal calls.
const known = [
  'aws-textract-freelance-sow.docx',
  'flow-media-rate-card-blank.pdf',
  'freecook-website-design-hosting-agreement.pdf',
  'freelance-proposal-template.docx',
  'gsa-coe-discovery-bpa-rfq.pdf',
  'kubient-ap-revenue-share-exhibit.pdf',
  // Image only: read by OCR in the document workers (issue 14).
  'metro-access-gate-proposal-scanned.pdf',
  'policyengine-nsf-cssi-grant-proposal.docx',
  'pyconau-2019-sponsorship-prospectus.pdf',
  'reynolds-transition-services-agreement.pdf',
  'sv-adda-avtalskort-it-konsulttjanster.pdf',
  'sv-region-dalarna-avrop-rpa-team.pdf',
  'sv-student-offert-smart-sensor.pdf',
  'sv-vaxholm-avrop-resurskonsult.docx',
  'weatherzone-advertising-media-kit.pdf',
  'za-government-tender-bulletin-3102-encrypted.pdf',
]
const uses = (formula: string | undefined, name: string): boolean => new RegExp(`\\b${name}\\b`).test(formula ?? '')

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
    expect(files.sort()).toEqual([...known].sort())
  })

  it.each(files)('%s', { timeout: 120_000 }, async (file) => {
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
    // Balanced: two sliders (SPEC §2) among the value's inputs; a document's price lines are number inputs beside them.
    const valueInputs = calculator.parameters.filter((parameter) => uses(calculator.formula, parameter.name))
    expect(calculator.parameters.filter((parameter) => parameter.type === 'slider')).toHaveLength(Math.min(2, valueInputs.length))
    expect(valueInputs.length).toBeGreaterThan(0)
    const content = normalise(body.content ?? '')
    expect(content.length).toBeGreaterThan(0)

    const quoted = calculator.parameters.flatMap((parameter) => (parameter.source?.kind === 'document' ? [parameter.source] : []))
    for (const source of quoted) {
      expect(content, `quote on page ${source.page}`).toContain(normalise(source.quote ?? '<no quote>'))
      expect(source.quote).toMatch(/\d/)
    }
    // No input of the price is counted as value.
    const priceInputs = calculator.parameters.filter((parameter) => uses(calculator.price?.formula, parameter.name))
    expect(priceInputs.filter((parameter) => uses(calculator.formula, parameter.name))).toEqual([])

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
    expect(Buffer.byteLength(JSON.stringify(body.parameters))).toBeLessThan(CALCULATOR_DATA_MAX_BYTES / 2)
    const expected = text.length <= PROPOSAL_CONTENT_MAX_LENGTH ? 201 : 400
    if (expected === 201) expect(Buffer.byteLength(JSON.stringify(shareBody))).toBeLessThan(PROPOSAL_BODY_LIMIT_BYTES)
    expect((await client.post('/api/proposals', shareBody)).status).toBe(expected)
    expect((await client.post('/api/proposals/generate', generateBody)).status).toBe(expected)
  })
})
