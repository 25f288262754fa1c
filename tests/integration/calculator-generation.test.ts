// Issue 4: the four generation calls of SPEC §7 through the gateway, on the built-in analyzer, with
// documents the tests build themselves; the monthly allowance; and every bad input.
import { generationWarningsSchema } from '@valueproof/contracts'
import { validateCalculatorData, compileFormula, type CalculatorData } from '@valueproof/formula'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  buildDocx,
  buildElfExecutable,
  buildPdf,
  buildZipBombDocx,
  paragraph,
  paragraphOnNewPage,
} from '../../packages/documents/src/test-documents.ts'
import { ApiClient, GOOD_PASSWORD, uniqueUsername } from './support/http-client.ts'
import { grantCalculatorPro, stackKinds, startTestStack, type TestStack } from './support/stack.ts'
import { eventually } from '@valueproof/testing'

const kinds = await stackKinds('postgres+nats+minio+http')

const PROPOSAL_LINES = [
  'Proposal: support desk automation for Acme AB',
  'Your team of 12 agents spends 15 hours per week each on ticket triage.',
  'Our consultants bill $150 / hour; the platform costs $2,400 per month.',
  'Automation reduces manual triage time by 40%.',
]

function documentForm(bytes: Uint8Array, filename: string, fields: Record<string, string>, type = 'application/octet-stream'): FormData {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), filename)
  return form
}

async function signedInClient(stack: TestStack): Promise<ApiClient> {
  const client = new ApiClient(stack.url)
  const response = await client.post('/api/register', { username: uniqueUsername('gen'), password: GOOD_PASSWORD })
  expect(response.status).toBe(201)
  return client
}

async function userIdOf(client: ApiClient): Promise<number> {
  const response = await client.get('/api/user')
  expect(response.status).toBe(200)
  const user = (await response.json()) as { id: number }
  return user.id
}

/** The calculator came back valid, formula compiling over its parameters, every parameter with a source. */
function expectSoundCalculator(parameters: unknown): CalculatorData {
  const validation = validateCalculatorData(parameters)
  if (!validation.ok)
    throw new Error(`invalid calculator: ${validation.problems.map((problem) => `${problem.path}: ${problem.message}`).join('; ')}`)
  const calculator = validation.calculatorData
  for (const parameter of calculator.parameters) expect(parameter.source, `${parameter.name} has a source`).toBeDefined()
  if (calculator.calculatorType !== 'value') {
    const compiled = compileFormula(
      calculator.formula,
      calculator.parameters.map((parameter) => parameter.name),
    )
    expect(compiled.ok, calculator.formula).toBe(true)
  }
  return calculator
}

describe.each(kinds)('calculator generation through the gateway (%s)', (kind) => {
  let stack: TestStack

  beforeAll(async () => {
    stack = await startTestStack(kind)
  })
  afterAll(async () => {
    await stack?.close()
  })

  describe('documents', () => {
    it('turns a PDF into a calculator whose defaults quote the document with their pages', async () => {
      const client = await signedInClient(stack)
      const pdf = buildPdf([{ lines: ['Cover page of the proposal'] }, { lines: PROPOSAL_LINES }])
      const response = await client.request('POST', '/api/calculator/analyze-document', {
        body: documentForm(pdf, 'proposal.pdf', { complexity: 'balanced', language: 'en', currency: 'USD' }, 'application/pdf'),
      })
      expect(response.status, await response.clone().text()).toBe(200)
      const body = (await response.json()) as { parameters: unknown; content: string }
      expect(body.content).toContain('15 hours per week')
      const calculator = expectSoundCalculator(body.parameters)
      // Balanced: two sliders (SPEC §2), the other inputs shown as numbers.
      expect(calculator.parameters.filter((parameter) => parameter.type === 'slider')).toHaveLength(2)
      expect(calculator.baseCurrency).toBe('USD')
      expect(calculator.complexity).toBe('balanced')
      const quoted = calculator.parameters.flatMap((parameter) => (parameter.source?.kind === 'document' ? [parameter.source] : []))
      expect(quoted.length).toBeGreaterThan(0)
      for (const source of quoted) {
        expect(source.page).toBe(2)
        expect(body.content.replace(/\s+/g, ' ')).toContain((source.quote ?? '<no quote>').replace(/\s+/g, ' '))
      }
    })

    it('turns a DOCX into a calculator, with page numbers from its page breaks', async () => {
      const client = await signedInClient(stack)
      const docx = buildDocx(
        paragraph('Offert: automatisering av kundtjänst') +
          paragraphOnNewPage('Teamet på 8 handläggare arbetar 40 timmar/vecka med manuell registrering.') +
          paragraph('Timpris 1 200 kr per timme. Tidsbesparing 30 %.'),
      )
      const response = await client.request('POST', '/api/calculator/analyze-document', {
        body: documentForm(docx, 'offert.docx', { complexity: 'advanced', language: 'sv', currency: 'SEK' }),
      })
      expect(response.status, await response.clone().text()).toBe(200)
      const body = (await response.json()) as { parameters: unknown; content: string }
      const calculator = expectSoundCalculator(body.parameters)
      expect(calculator.parameters.filter((parameter) => parameter.type === 'slider')).toHaveLength(3)
      expect(calculator.baseCurrency).toBe('SEK')
      const pages = calculator.parameters.flatMap((parameter) => (parameter.source?.kind === 'document' ? [parameter.source.page] : []))
      expect(pages.length).toBeGreaterThan(0)
      expect(pages.every((page) => page === 2)).toBe(true)
    })

    it('makes a value calculator from a document with analyze-document-for-value', async () => {
      const client = await signedInClient(stack)
      const pdf = buildPdf([{ lines: PROPOSAL_LINES }])
      const response = await client.request('POST', '/api/calculator/analyze-document-for-value', {
        body: documentForm(pdf, 'proposal.pdf', { language: 'en', currency: 'EUR' }),
      })
      expect(response.status, await response.clone().text()).toBe(200)
      const body = (await response.json()) as { parameters: unknown; content: string }
      const calculator = expectSoundCalculator(body.parameters)
      expect(calculator.calculatorType).toBe('value')
      expect(calculator.complexity).toBe('value')
      expect(calculator.baseCurrency).toBe('EUR')
      expect(calculator.valueFields.some((field) => field.calculated && field.highlight)).toBe(true)
    })
  })

  describe('descriptions', () => {
    it.each([
      ['minimal', 1],
      ['balanced', 2],
      ['advanced', 3],
    ] as const)('analyze-text with complexity %s gives %i slider(s)', async (complexity, sliders) => {
      const client = await signedInClient(stack)
      const response = await client.post('/api/calculator/analyze-text', {
        description: PROPOSAL_LINES.join(' '),
        complexity,
        language: 'en',
        currency: 'USD',
      })
      expect(response.status, await response.clone().text()).toBe(200)
      const body = (await response.json()) as { parameters: unknown; warnings: unknown }
      // SPEC §7's parameters, the calculator as it is kept for the account (docs/decisions/103) and
      // what the seller confirms before sharing (issue 35, docs/decisions/128).
      expect(Object.keys(body as object)).toEqual(['parameters', 'calculator', 'warnings'])
      expect(generationWarningsSchema.parse(body.warnings)).toBeInstanceOf(Array)
      // Decision 126: the sliders the complexity names; every other input is a number input.
      expect(expectSoundCalculator(body.parameters).parameters.filter((parameter) => parameter.type === 'slider')).toHaveLength(sliders)
    })

    it('writes Swedish labels for language sv, and generate-value gives a value calculator', async () => {
      const client = await signedInClient(stack)
      const description =
        'Vi automatiserar fakturahanteringen. Ekonomiavdelningen har 5 medarbetare som lägger 20 timmar/vecka på manuell hantering, timkostnad 450 kr.'
      const response = await client.post('/api/calculator/generate-value', { description, language: 'sv', currency: 'SEK' })
      expect(response.status, await response.clone().text()).toBe(200)
      const calculator = expectSoundCalculator(((await response.json()) as { parameters: unknown }).parameters)
      expect(calculator.calculatorType).toBe('value')
      const text = [calculator.name, calculator.explanation, ...calculator.parameters.map((parameter) => parameter.label)].join(' ')
      expect(text).toMatch(/[åäö]/i)
    })

    it('builds a calculator of marked assumptions from a description without numbers', async () => {
      const client = await signedInClient(stack)
      const response = await client.post('/api/calculator/analyze-text', {
        description: 'We help marketing teams plan campaigns faster with a shared planning board.',
        complexity: 'balanced',
        language: 'en',
        currency: 'USD',
      })
      expect(response.status, await response.clone().text()).toBe(200)
      const body = (await response.json()) as { parameters: unknown; warnings: unknown }
      const calculator = expectSoundCalculator(body.parameters)
      expect(calculator.parameters.every((parameter) => parameter.source?.kind === 'assumption')).toBe(true)
      // The seller is told no stated figure stands behind the value, and asked to confirm before sharing.
      expect(generationWarningsSchema.parse(body.warnings).map((warning) => warning.code)).toContain('all_assumed')
    })
  })

  describe('bad input', () => {
    let client: ApiClient
    beforeAll(async () => {
      client = await signedInClient(stack)
      await grantCalculatorPro(stack, await userIdOf(client))
    })

    it('answers 401 without a session', async () => {
      const anonymous = new ApiClient(stack.url)
      const response = await anonymous.post('/api/calculator/analyze-text', {
        description: 'x',
        complexity: 'minimal',
        language: 'en',
        currency: 'USD',
      })
      expect(response.status).toBe(401)
    })

    it('refuses a text file and a renamed executable by their bytes with 415', async () => {
      for (const [bytes, name, type] of [
        [new TextEncoder().encode('just some text, not a document'), 'notes.pdf', 'application/pdf'],
        [buildElfExecutable(), 'proposal.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ] as const) {
        const response = await client.request('POST', '/api/calculator/analyze-document', {
          body: documentForm(bytes, name, { complexity: 'minimal' }, type),
        })
        expect(response.status, name).toBe(415)
        expect(((await response.json()) as { message: string }).message).toMatch(/Only PDF and DOCX/)
      }
    })

    it('refuses a 51 MB file with 413 and the SPEC message', async () => {
      const big = new Uint8Array(51 * 1024 * 1024)
      big.set(new TextEncoder().encode('%PDF-1.7\n'))
      const response = await client.request('POST', '/api/calculator/analyze-document', {
        body: documentForm(big, 'big.pdf', { complexity: 'minimal' }),
      })
      expect(response.status).toBe(413)
      expect(await response.json()).toEqual({ message: 'File is too large. Maximum size is 50MB.' })
    })

    it('answers 422 with what to do for a truncated PDF, a zip bomb and an image-only PDF', async () => {
      const pdf = buildPdf([{ lines: PROPOSAL_LINES }])
      const cases: Array<[Uint8Array, string, RegExp]> = [
        [pdf.slice(0, Math.floor(pdf.length / 3)), 'truncated.pdf', /damaged|truncated|corrupt/i],
        [buildZipBombDocx(300), 'bomb.docx', /would expand to more than 256 MB/],
        [buildPdf([{ image: true }, { image: true }]), 'scan.pdf', /no text layer|scanned/i],
      ]
      for (const [bytes, name, message] of cases) {
        const response = await client.request('POST', '/api/calculator/analyze-document', {
          body: documentForm(bytes, name, { complexity: 'minimal' }),
        })
        expect(response.status, name).toBe(422)
        expect(((await response.json()) as { message: string }).message, name).toMatch(message)
      }
    })

    it('answers 400 naming the field for unknown complexity, language or currency, an empty description and malformed JSON', async () => {
      const good = { description: 'We save time.', complexity: 'minimal', language: 'en', currency: 'USD' }
      const cases: Array<[Record<string, unknown>, RegExp]> = [
        [{ ...good, complexity: 'huge' }, /complexity must be one of minimal, balanced, advanced, value/],
        [{ ...good, language: 'de' }, /language must be one of en, sv/],
        [{ ...good, currency: 'GBP' }, /currency must be one of USD, EUR, SEK/],
        [{ ...good, description: '   ' }, /description must not be empty/],
      ]
      for (const [body, message] of cases) {
        const response = await client.post('/api/calculator/analyze-text', body)
        expect(response.status, JSON.stringify(body)).toBe(400)
        expect(((await response.json()) as { message: string }).message).toMatch(message)
      }
      const malformed = await client.request('POST', '/api/calculator/analyze-text', {
        body: '{"description": "x",',
        headers: { 'content-type': 'application/json' },
      })
      expect(malformed.status).toBe(400)
      expect(await malformed.json()).toEqual({ message: 'Malformed JSON in request body' })
      const form = await client.request('POST', '/api/calculator/analyze-document', {
        body: documentForm(buildPdf([{ lines: PROPOSAL_LINES }]), 'p.pdf', { complexity: 'enormous' }),
      })
      expect(form.status).toBe(400)
      expect(((await form.json()) as { message: string }).message).toMatch(/complexity must be one of/)
    })

    it('answers 400 when the file field is missing', async () => {
      const form = new FormData()
      form.append('complexity', 'minimal')
      const response = await client.request('POST', '/api/calculator/analyze-document', { body: form })
      expect(response.status).toBe(400)
      expect(((await response.json()) as { message: string }).message).toMatch(/form field "file"/)
    })
  })

  describe('monthly allowance', () => {
    it('counts successful generations only, refuses the sixth on Free with 403, and reports the count in GET /api/user', async () => {
      const client = await signedInClient(stack)
      const description = { description: PROPOSAL_LINES.join(' '), complexity: 'minimal', language: 'en', currency: 'USD' }
      // A failed generation (an image-only PDF) counts nothing.
      const failed = await client.request('POST', '/api/calculator/analyze-document', {
        body: documentForm(buildPdf([{ image: true }]), 'scan.pdf', { complexity: 'minimal' }),
      })
      expect(failed.status).toBe(422)
      for (let generation = 1; generation <= 5; generation += 1) {
        const response = await client.post('/api/calculator/analyze-text', description)
        expect(response.status, `generation ${generation}`).toBe(200)
      }
      const refused = await client.post('/api/calculator/analyze-text', description)
      expect(refused.status).toBe(403)
      expect(((await refused.json()) as { message: string }).message).toMatch(/all 5 calculators of this month on the Free plan/)
      const refusedUpload = await client.request('POST', '/api/calculator/analyze-document', {
        body: documentForm(buildPdf([{ lines: PROPOSAL_LINES }]), 'p.pdf', { complexity: 'minimal' }),
      })
      expect(refusedUpload.status).toBe(403)

      const user = await eventually(async () => {
        const record = (await (await client.get('/api/user')).json()) as { calculatorsCreated: number; calculatorsLimit: number }
        return record.calculatorsCreated === 5 ? record : undefined
      })
      expect(user.calculatorsLimit).toBe(5)
    })

    it('never counts past the limit when generations race for the last one', async () => {
      const client = await signedInClient(stack)
      const description = { description: PROPOSAL_LINES.join(' '), complexity: 'minimal', language: 'en', currency: 'USD' }
      for (let generation = 1; generation <= 3; generation += 1)
        expect((await client.post('/api/calculator/analyze-text', description)).status).toBe(200)
      const statuses = await Promise.all(
        Array.from({ length: 6 }, () => client.post('/api/calculator/analyze-text', description).then((response) => response.status)),
      )
      expect(statuses.filter((status) => status === 200)).toHaveLength(2)
      expect(statuses.filter((status) => status === 403)).toHaveLength(4)
      const userId = await userIdOf(client)
      const table = stack.databases.calculator.schema ? `"${stack.databases.calculator.schema}".usage_month` : 'usage_month'
      const rows = await stack.databases.calculator.query<Array<{ count: number }>>(`SELECT count FROM ${table} WHERE user_id = $1`, userId)
      expect(rows.map((row) => Number(row.count))).toEqual([5])
    })
  })
})
