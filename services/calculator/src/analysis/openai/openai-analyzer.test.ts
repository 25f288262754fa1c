import { createAiProvider } from '@valueproof/ai'
import {
  apiError,
  completion,
  hang,
  jsonCompletion,
  startFakeOpenAiServer,
  type FakeOpenAiServer,
  type RecordedRequest,
} from '@valueproof/ai/testing'
import { validateCalculatorData, type CalculatorDataInput } from '@valueproof/formula'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AnalysisError, analysisStatus, type AnalysisInput, type Analyzer } from '../types.ts'
import { createOpenAiAnalyzer } from './index.ts'

const API_KEY = 'sk-test-SECRET-analyzer-0123456789'

const documentInput: AnalysisInput = {
  kind: 'document',
  pages: [
    { page: 1, text: 'Acme Support Automation\nOur customers save 12 hours per week\non ticket triage.' },
    { page: 2, text: 'Pricing\nA support agent costs 45 USD per hour. Typical teams have 8 agents.' },
  ],
  complexity: 'balanced',
  language: 'en',
  currency: 'USD',
  fileName: 'acme-proposal.pdf',
}

/** A correct answer for documentInput; the second quote names the wrong page on purpose. */
const goodAnswer = {
  name: 'Support automation savings',
  description: 'What automated ticket triage saves your support team.',
  formula: 'hoursSavedPerWeek * hourlyCost',
  explanation: 'Hours saved each week times what an agent hour costs.',
  parameters: [
    {
      name: 'hoursSavedPerWeek',
      label: 'Hours saved per week',
      description: 'Triage hours the automation takes over.',
      unit: 'hours',
      type: 'slider',
      min: 0,
      max: 40,
      step: 1,
      defaultValue: 12,
      source: { kind: 'document', quote: 'Our customers save 12 hours per week on ticket triage.', page: 1 },
    },
    {
      name: 'hourlyCost',
      label: 'Cost of an agent hour',
      description: 'What one hour of a support agent costs.',
      unit: 'USD',
      type: 'slider',
      min: 10,
      max: 150,
      step: 5,
      defaultValue: 45,
      source: { kind: 'document', quote: 'A support agent costs 45 USD per hour.', page: 1 },
    },
  ],
  baseCurrency: 'USD',
  baseTimeframe: 'weekly',
  valueType: 'moneySaved',
  calculatorType: 'standard',
  valueFields: [],
} satisfies CalculatorDataInput

function messagesOf(request: RecordedRequest | undefined): Array<{ role: string; content: string }> {
  return request?.chat?.messages ?? []
}

function contentOf(request: RecordedRequest | undefined, role: 'system' | 'user'): string {
  return messagesOf(request)
    .filter((message) => message.role === role)
    .map((message) => message.content)
    .join('\n')
}

async function analysisFailure(promise: Promise<unknown>): Promise<AnalysisError> {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  )
  if (!(outcome instanceof AnalysisError)) throw new Error(`expected an AnalysisError, got ${String(outcome)}`)
  return outcome
}

describe('createOpenAiAnalyzer', () => {
  let server: FakeOpenAiServer
  let analyzer: Analyzer

  beforeEach(async () => {
    server = await startFakeOpenAiServer()
    analyzer = createOpenAiAnalyzer(createAiProvider({ apiKey: API_KEY, baseUrl: server.baseUrl, model: 'gpt-test', timeoutMs: 5_000 }))
  })

  afterEach(async () => {
    await server.close()
  })

  it('returns a valid calculator and asks with the model, the schema and the request rules', async () => {
    server.respondWith(jsonCompletion(goodAnswer))

    const { calculatorData: calculator } = await analyzer.analyze(documentInput)

    expect(analyzer.name).toBe('openai')
    expect(validateCalculatorData(calculator).ok).toBe(true)
    expect(calculator.complexity).toBe('balanced')
    expect(calculator.formula).toBe('hoursSavedPerWeek * hourlyCost')
    expect(calculator.parameters.map((parameter) => parameter.source)).toEqual([
      { kind: 'document', quote: 'Our customers save 12 hours per week on ticket triage.', page: 1 },
      // Found on page 2, not on the page the model named.
      { kind: 'document', quote: 'A support agent costs 45 USD per hour.', page: 2 },
    ])

    expect(server.requests).toHaveLength(1)
    const [sent] = server.requests
    expect(sent?.chat?.model).toBe('gpt-test')
    expect(sent?.chat?.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: {
        name: 'calculator_definition',
        strict: false,
        schema: {
          properties: {
            parameters: { minItems: 2, maxItems: 14 },
            baseCurrency: { enum: ['USD'] },
            calculatorType: { enum: ['standard'] },
          },
        },
      },
    })
    const system = contentOf(sent, 'system')
    expect(system).toContain("Complexity 'balanced': exactly 2 parameters")
    expect(system).toContain('in English')
    expect(system).toContain('baseCurrency is USD')
    expect(system).toContain('1 SEK = 0.096 USD; 1 EUR = 1.08 USD')
    expect(system).toContain('clamp')
    const user = contentOf(sent, 'user')
    // Never the file name (issue 15): a name taken from it would reach the buyer.
    expect(user).not.toContain('acme-proposal')
    expect(system).toContain('never after a file name; call the source "the proposal"')
    expect(user).toContain('[page 1]\nAcme Support Automation')
    expect(user).toContain('[page 2]\nPricing\nA support agent costs 45 USD per hour.')
  })

  it('repairs malformed JSON and returns the repaired calculator', async () => {
    server.respondWith(completion(JSON.stringify(goodAnswer).slice(0, 200)), jsonCompletion(goodAnswer))

    const { calculatorData: calculator } = await analyzer.analyze(documentInput)

    expect(calculator.name).toBe('Support automation savings')
    expect(server.requests).toHaveLength(2)
    expect(contentOf(server.requests[1], 'user')).toContain('not valid JSON')
  })

  it('repairs a formula that does not parse, naming the position', async () => {
    server.respondWith(jsonCompletion({ ...goodAnswer, formula: 'hoursSavedPerWeek * (hourlyCost' }), jsonCompletion(goodAnswer))

    const { calculatorData: calculator } = await analyzer.analyze(documentInput)

    expect(calculator.formula).toBe('hoursSavedPerWeek * hourlyCost')
    expect(server.requests).toHaveLength(2)
    const repair = messagesOf(server.requests[1]).at(-1)?.content ?? ''
    expect(repair).toContain('Your previous answer had these problems:')
    expect(repair).toContain("formula: Missing ')' for the '(' at character 21")
  })

  it('fails with invalid_output when the repair is wrong too, after exactly two requests', async () => {
    const badFormula = { ...goodAnswer, formula: 'hoursSavedPerWeek * agents' }
    server.respondWith(jsonCompletion(badFormula), jsonCompletion(badFormula), jsonCompletion(goodAnswer))

    const error = await analysisFailure(analyzer.analyze(documentInput))

    expect(error.code).toBe('invalid_output')
    expect(analysisStatus(error)).toBe(502)
    expect(error.message).toContain("Unknown name 'agents'")
    expect(server.requests).toHaveLength(2)
    expect(messagesOf(server.requests[1]).at(-1)?.content).toContain("formula: Unknown name 'agents' at character 21")
  })

  it('asks for a repair when the parameter count does not match the complexity', async () => {
    const [firstParameter] = goodAnswer.parameters
    server.respondWith(
      jsonCompletion({ ...goodAnswer, formula: 'hoursSavedPerWeek * 45', parameters: [firstParameter] }),
      jsonCompletion(goodAnswer),
    )

    const { calculatorData: calculator } = await analyzer.analyze(documentInput)

    expect(calculator.parameters).toHaveLength(2)
    expect(messagesOf(server.requests[1]).at(-1)?.content).toContain(
      "parameters: complexity balanced needs exactly 2 sliders (got 1); make every other figure an input of type 'number'",
    )
  })

  it("maps the model's context length error to context_length", async () => {
    server.respondWith(
      apiError(400, {
        message: "This model's maximum context length is 8192 tokens. However, your messages resulted in 20000 tokens.",
        code: 'context_length_exceeded',
      }),
    )

    const error = await analysisFailure(analyzer.analyze(documentInput))

    expect(error.code).toBe('context_length')
    expect(analysisStatus(error)).toBe(413)
    expect(error.message).toContain('context length')
  })

  it('maps a provider that does not answer in time to timeout', async () => {
    const impatient = createOpenAiAnalyzer(
      createAiProvider({ apiKey: API_KEY, baseUrl: server.baseUrl, model: 'gpt-test', timeoutMs: 100 }),
    )
    server.respondWith(hang())

    const error = await analysisFailure(impatient.analyze(documentInput))

    expect(error.code).toBe('timeout')
    expect(analysisStatus(error)).toBe(504)
  })

  it.each([
    [500, { message: 'The server had an error while processing your request.', type: 'server_error' }],
    [401, { message: `Incorrect API key provided: ${API_KEY}.`, code: 'invalid_api_key' }],
  ])('maps HTTP %i to provider_failed without the key in the message', async (status, body) => {
    server.respondWith(apiError(status, body))

    const error = await analysisFailure(analyzer.analyze(documentInput))

    expect(error.code).toBe('provider_failed')
    expect(error.message).toContain(`HTTP ${status}`)
    expect(error.message).not.toContain(API_KEY)
  })

  it('asks for a repair of a quote that is not in the document, and returns the repaired calculator', async () => {
    const [hours, cost] = goodAnswer.parameters
    const invented = { ...cost, source: { kind: 'document', quote: 'Agents cost 45 USD an hour on average.', page: 2 } }
    server.respondWith(jsonCompletion({ ...goodAnswer, parameters: [hours, invented] }), jsonCompletion(goodAnswer))

    const { calculatorData: calculator } = await analyzer.analyze(documentInput)

    expect(calculator.parameters[1]?.source).toEqual({ kind: 'document', quote: 'A support agent costs 45 USD per hour.', page: 2 })
    expect(server.requests).toHaveLength(2)
    expect(messagesOf(server.requests[1]).at(-1)?.content).toContain(
      'parameters[1].source.quote: the quote "Agents cost 45 USD an hour on average." is not in the document word for word',
    )
  })

  it('writes a Swedish request and sends back an assumption that replaces a stated figure', async () => {
    const swedish: AnalysisInput = {
      kind: 'document',
      pages: [{ page: 3, text: 'Vi sparar 10 timmar i veckan åt ert team.' }],
      complexity: 'minimal',
      language: 'sv',
      currency: 'SEK',
    }
    const answer = {
      name: 'Tidsbesparing',
      description: 'Vad automatiseringen sparar åt ert team.',
      formula: 'timmarPerVecka * timkostnad',
      explanation: 'Sparade timmar i veckan gånger en antagen timkostnad.',
      parameters: [
        {
          name: 'timmarPerVecka',
          label: 'Sparade timmar per vecka',
          description: 'Timmar som teamet slipper lägga.',
          unit: 'timmar',
          type: 'slider',
          min: 0,
          max: 40,
          step: 1,
          defaultValue: 10,
          source: { kind: 'assumption', note: 'Antagande — ingen siffra i dokumentet' },
        },
        // Issue 35: an assumption is an input, never a number in the formula.
        {
          name: 'timkostnad',
          label: 'Timkostnad',
          description: 'Vad en timme kostar teamet.',
          unit: 'kr/timme',
          type: 'number',
          min: 0,
          max: 2000,
          step: 10,
          defaultValue: 450,
          source: { kind: 'assumption', note: 'Ett antagande: anpassa det till kunden.' },
        },
      ],
      baseCurrency: 'SEK',
      baseTimeframe: 'weekly',
      valueType: 'moneySaved',
      calculatorType: 'standard',
      valueFields: [],
    }
    const [hours, rate] = answer.parameters
    const quoted = { ...hours, source: { kind: 'document', quote: 'Vi sparar 10 timmar i veckan', page: 3 } }
    server.respondWith(jsonCompletion(answer), jsonCompletion({ ...answer, parameters: [quoted, rate] }))

    const { calculatorData: calculator } = await analyzer.analyze(swedish)

    expect(calculator.complexity).toBe('minimal')
    expect(calculator.baseCurrency).toBe('SEK')
    expect(calculator.parameters[0]?.label).toBe('Sparade timmar per vecka')
    expect(calculator.parameters[0]?.source).toEqual({ kind: 'document', quote: 'Vi sparar 10 timmar i veckan', page: 3 })
    const repair = messagesOf(server.requests[1]).at(-1)?.content ?? ''
    expect(repair).toContain("parameters[0].source: 'Sparade timmar per vecka' is an assumption, but the text states 10 timmar")
    expect(repair).toContain('parameters[0].source.note: the note says there is no figure')
    const system = contentOf(server.requests[0], 'system')
    expect(system).toContain('in Swedish (svenska)')
    expect(system).toContain("Complexity 'minimal': exactly 1 parameter of type 'slider'")
    expect(system).toContain('1 USD = 10.42 SEK; 1 EUR = 11.24 SEK')
    expect(contentOf(server.requests[0], 'user')).toContain('[page 3]\nVi sparar 10 timmar i veckan åt ert team.')
  })

  it('builds a value calculator from a description, quoting the description', async () => {
    const description: AnalysisInput = {
      kind: 'description',
      pages: [{ page: 1, text: 'We help clinics fill   empty slots. A clinic books about 40 extra patients a month.' }],
      complexity: 'value',
      language: 'en',
      currency: 'EUR',
    }
    const answer = {
      name: 'Clinic bookings',
      description: 'Extra revenue from filled slots.',
      formula: 'extraPatients * revenuePerPatient * 12',
      explanation: 'Extra patients a month times revenue per patient, for a year.',
      parameters: [
        {
          name: 'extraPatients',
          label: 'Extra patients per month',
          description: 'Patients booked into slots that were empty.',
          unit: 'patients',
          type: 'slider',
          min: 0,
          max: 500,
          step: 5,
          defaultValue: 40,
          // The wrong kind and the description's spacing: kept, as a description quote.
          source: { kind: 'document', quote: 'A clinic books about 40 extra patients a month', page: 1 },
        },
        {
          name: 'revenuePerPatient',
          label: 'Revenue per patient',
          description: 'What one visit brings in.',
          unit: 'EUR',
          type: 'slider',
          min: 10,
          max: 500,
          step: 10,
          defaultValue: 80,
          source: { kind: 'assumption', note: 'A typical visit fee.' },
        },
      ],
      baseCurrency: 'EUR',
      baseTimeframe: 'yearly',
      valueType: 'moneyGained',
      calculatorType: 'value',
      valueFields: [
        {
          name: 'yearlyRevenue',
          label: 'Extra revenue per year',
          description: 'From filled slots.',
          calculated: true,
          formula: 'extraPatients * revenuePerPatient * 12',
          unit: '',
          prefix: 'EUR',
          highlight: true,
        },
      ],
    }
    server.respondWith(jsonCompletion(answer))

    const { calculatorData: calculator } = await analyzer.analyze(description)

    expect(calculator.calculatorType).toBe('value')
    expect(calculator.complexity).toBe('value')
    expect(calculator.valueFields.map((field) => field.name)).toEqual(['yearlyRevenue'])
    expect(calculator.parameters.map((parameter) => parameter.source)).toEqual([
      { kind: 'description', quote: 'A clinic books about 40 extra patients a month' },
      { kind: 'assumption', note: 'A typical visit fee.' },
    ])
    const system = contentOf(server.requests[0], 'system')
    expect(system).toContain("calculatorType 'value'")
    expect(system).toContain("{ kind: 'description', quote }")
    expect(contentOf(server.requests[0], 'user')).toContain('The description of the service follows.')
  })

  it('says in the prompt when the text was cut to the character budget', async () => {
    const capped = createOpenAiAnalyzer(
      createAiProvider({ apiKey: API_KEY, baseUrl: server.baseUrl, model: 'gpt-test', timeoutMs: 5_000 }),
      { maxTextCharacters: 100 },
    )
    const [hours, cost] = goodAnswer.parameters
    server.respondWith(
      jsonCompletion({ ...goodAnswer, parameters: [hours, { ...cost, source: { kind: 'assumption', note: 'Typical agent cost.' } }] }),
    )

    await capped.analyze(documentInput)

    const user = contentOf(server.requests[0], 'user')
    expect(user).toContain('Only the beginning of the document is included (78 of 153 characters, up to page 1)')
    expect(user).not.toContain('[page 2]')
  })

  it('rejects an empty description without calling the provider', async () => {
    const error = await analysisFailure(analyzer.analyze({ ...documentInput, kind: 'description', pages: [{ page: 1, text: '  \n ' }] }))

    expect(error.code).toBe('no_content')
    expect(server.requests).toHaveLength(0)
  })
})
