import { createAiProvider } from '@valueproof/ai'
import { apiError, jsonCompletion, startFakeOpenAiServer, type FakeOpenAiServer, type RecordedRequest } from '@valueproof/ai/testing'
import { validateCalculatorData, type CalculatorData, type CalculatorDataInput } from '@valueproof/formula'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  invoiceAutomationCalculator,
  invoiceAutomationInput,
  supportTriageCalculator,
  supportTriageInput,
} from '../../testing/calculators.ts'
import { NO_CONTACT } from '../../domain/accounts.ts'
import { WritingError, type ProposalWriter, type WritingInput } from '../types.ts'
import { createOpenAiWriter, PROBLEM_RULE, SECTION_SCHEMA_NAME, type WrittenSections } from './openai-writer.ts'

const API_KEY = 'sk-test-SECRET-writer-0123456789'

function calculator(input: CalculatorDataInput): CalculatorData {
  const validation = validateCalculatorData(input)
  if (!validation.ok) throw new Error('invalid test calculator')
  return validation.calculatorData
}

const englishInput: WritingInput = {
  calculatorData: calculator(supportTriageCalculator),
  input: supportTriageInput,
  templateType: 'standard',
  language: 'en',
  contact: { ...NO_CONTACT, companyName: 'Acme AB', companyLogo: null, companyWebsite: 'https://acme.example' },
}

const goodAnswer: WrittenSections = {
  title: 'Faster ticket triage for your support team',
  executiveSummary: 'With 12 agents each saving 6 hours a week, you save an estimated $168,480 per year.',
  problemStatement: 'Your agents sort incoming tickets by hand for about 6 hours each week.',
  solutionOverview: 'We read, tag and route every ticket within seconds.',
  valueProposition: '$14,040 per month, $168,480 per year and $505,440 over three years.',
  callToAction: 'Check the figures with your own numbers and let us agree on a start date.',
}

function messages(request: RecordedRequest | undefined, role: 'system' | 'user'): string {
  return (request?.chat?.messages ?? [])
    .filter((message) => message.role === role)
    .map((message) => message.content)
    .join('\n')
}

async function writingFailure(promise: Promise<unknown>): Promise<WritingError> {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  )
  if (!(outcome instanceof WritingError)) throw new Error(`expected a WritingError, got ${String(outcome)}`)
  return outcome
}

describe('the OpenAI-compatible proposal writer', () => {
  let server: FakeOpenAiServer
  let writer: ProposalWriter

  beforeEach(async () => {
    server = await startFakeOpenAiServer()
    writer = createOpenAiWriter(createAiProvider({ apiKey: API_KEY, baseUrl: server.baseUrl, model: 'test-model', timeoutMs: 5_000 }))
  })
  afterEach(async () => {
    await server.close()
  })

  it('sends the computed figures and the input, and keeps the contact line its own', async () => {
    server.respondWith(jsonCompletion({ ...goodAnswer, contactInformation: 'Call 555-0100 now!' }))
    const sections = await writer.write(englishInput)
    expect(sections).toEqual({ ...goodAnswer, contactInformation: 'Contact Acme AB at https://acme.example to discuss the next steps.' })
    const [request] = server.requests
    expect(request?.authorization).toBe(`Bearer ${API_KEY}`)
    expect(request?.chat?.model).toBe('test-model')
    expect(messages(request, 'system')).toContain('in English')
    expect(messages(request, 'system')).toContain("Template 'standard'")
    const user = messages(request, 'user')
    expect(user).toContain('result per year: $168,480')
    expect(user).toContain('input Cost of an agent hour: $45')
    expect(user).toContain('Our triage service reads each ticket')
  })

  it('asks in Swedish for a Swedish calculator and the executive template', async () => {
    server.respondWith(jsonCompletion(goodAnswer))
    await writer.write({
      calculatorData: calculator(invoiceAutomationCalculator),
      input: invoiceAutomationInput,
      templateType: 'executive',
      language: 'sv',
      contact: undefined,
    })
    const system = messages(server.requests[0], 'system')
    expect(system).toContain('in Swedish (svenska)')
    expect(system).toContain("Template 'executive'")
  })

  it('sends an invalid answer back once for repair', async () => {
    server.respondWith(jsonCompletion({ ...goodAnswer, problemStatement: '' }), jsonCompletion(goodAnswer))
    const sections = await writer.write(englishInput)
    expect(sections.problemStatement).toBe(goodAnswer.problemStatement)
    expect(server.requests).toHaveLength(2)
    expect(messages(server.requests[1], 'user')).toContain('problemStatement: must be a non-empty string')
  })

  it('refuses filler text even after the repair', async () => {
    const filler = { ...goodAnswer, executiveSummary: 'Lorem ipsum dolor sit amet.' }
    server.respondWith(jsonCompletion(filler), jsonCompletion(filler))
    const failure = await writingFailure(writer.write(englishInput))
    expect(failure.code).toBe('invalid_output')
    expect(failure.status).toBe(502)
  })

  it('turns a provider failure into a clear error without the key', async () => {
    server.respondWith(apiError(500, { message: 'upstream exploded', type: 'server_error' }))
    const failure = await writingFailure(writer.write(englishInput))
    expect(failure.code).toBe('provider_failed')
    expect(failure.status).toBe(502)
    expect(failure.message).toBe('The proposal could not be written: The AI provider failed (HTTP 500). Try again later.')

    server.respondWith(apiError(401, { message: `Incorrect API key provided: ${API_KEY}`, code: 'invalid_api_key' }))
    const auth = await writingFailure(writer.write(englishInput))
    expect(auth.message).toContain('rejected the API key')
    expect(auth.message).not.toContain(API_KEY)
  })

  it('tells the model the problem is the prospect’s, and sends a problem that quotes the seller’s pitch back once', async () => {
    const pitch = 'We sell an HR system for mid-sized companies.'
    const quoting = { ...goodAnswer, problemStatement: `The starting point: “${pitch}” Your team loses hours.` }
    server.respondWith(jsonCompletion(quoting), jsonCompletion(goodAnswer))
    const sections = await writer.write({ ...englishInput, input: `${pitch} HR teams of 8 spend 10 hours a week on paperwork.` })
    expect(sections.problemStatement).toBe(goodAnswer.problemStatement)
    expect(messages(server.requests[0], 'system')).toContain(PROBLEM_RULE)
    expect(server.requests).toHaveLength(2)
    expect(messages(server.requests[1], 'user')).toContain(`problemStatement: quotes the seller's own description ("${pitch}")`)
  })

  it('refuses a Swedish problem statement in the seller’s own voice even without a quote', async () => {
    const selling = { ...goodAnswer, problemStatement: 'Vi säljer ett HR-system som sparar tid.' }
    server.respondWith(jsonCompletion(selling), jsonCompletion(selling))
    const failure = await writingFailure(writer.write({ ...englishInput, language: 'sv' }))
    expect(failure.code).toBe('invalid_output')
  })

  it('writes one section again, alone, in the proposal’s language', async () => {
    server.respondWith(jsonCompletion({ text: 'Era handläggare lägger åtta timmar i veckan på fakturor.' }))
    const text = await writer.writeSection(
      {
        calculatorData: calculator(invoiceAutomationCalculator),
        input: invoiceAutomationInput,
        templateType: 'standard',
        language: 'sv',
        contact: undefined,
      },
      'problemStatement',
    )
    expect(text).toBe('Era handläggare lägger åtta timmar i veckan på fakturor.')
    const [request] = server.requests
    const system = messages(request, 'system')
    expect(system).toContain('Write one section only: problemStatement')
    expect(system).toContain('in Swedish (svenska)')
    expect(system).toContain(PROBLEM_RULE)
    expect(JSON.stringify(request?.chat)).toContain(SECTION_SCHEMA_NAME)
    expect(messages(request, 'user')).toContain('Vår tjänst läser fakturorna automatiskt')
  })

  it('sends a section that quotes the seller’s pitch as the problem back, and fails clearly when it stays', async () => {
    const pitch = { text: 'Vår tjänst läser fakturorna automatiskt och skickar dem för attest samma dag.' }
    server.respondWith(jsonCompletion(pitch), jsonCompletion(pitch))
    const failure = await writingFailure(
      writer.writeSection({ ...englishInput, input: invoiceAutomationInput, language: 'sv' }, 'problemStatement'),
    )
    expect([failure.code, failure.status]).toEqual(['invalid_output', 502])
    expect(messages(server.requests[1], 'user')).toContain("problemStatement: quotes the seller's own description")
  })
})
