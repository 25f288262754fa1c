// The OpenAI-compatible path under the honesty rules: the model (faked at the HTTP boundary, the
// real client library talking to it) gets its problems back once, and the built-in analyzer answers
// when the repair still fails. createAnalyzer wires the two together as the service does.
import { jsonCompletion, startFakeOpenAiServer, type FakeOpenAiServer, type RecordedRequest } from '@valueproof/ai/testing'
import { validateCalculatorData, type CalculatorDataInput } from '@valueproof/formula'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { GenerationConfig } from '../../config.ts'
import { analyze as buildCalculator } from '@valueproof/analyzer'
import { createAnalyzer, type AnalyzerFallback } from '../index.ts'
import type { AnalysisInput, Analyzer } from '../types.ts'

const swedish: AnalysisInput = {
  kind: 'description',
  pages: [
    {
      page: 1,
      text: 'Vår tjänst minskar hanteringstiden med 45 %. Ert team hanterar 2 000 ärenden i månaden och varje ärende tar 12 minuter. En handläggare kostar 520 kr i timmen.',
    },
  ],
  complexity: 'balanced',
  language: 'sv',
  currency: 'SEK',
}

/** An honest answer for `swedish`: every default is in its quote, the reduction drives the formula. */
const honestAnswer = {
  name: 'Kortare hanteringstid',
  description: 'Vad 45 % kortare hanteringstid sparar åt ert team varje månad.',
  formula: 'arendenPerManad * minuterPerArende / 60 * minskningProcent / 100 * timkostnad',
  explanation: 'Ärenden i månaden × minuter per ärende ÷ 60 × minskningen × kostnaden per timme (alla från beskrivningen).',
  parameters: [
    {
      name: 'arendenPerManad',
      label: 'Ärenden per månad',
      description: 'Ärenden som teamet hanterar.',
      unit: 'ärenden',
      type: 'slider',
      min: 0,
      max: 10_000,
      step: 100,
      defaultValue: 2000,
      source: { kind: 'description', quote: 'Ert team hanterar 2 000 ärenden i månaden' },
    },
    {
      name: 'minskningProcent',
      label: 'Minskad hanteringstid',
      description: 'Hur mycket kortare varje ärende blir.',
      unit: '%',
      type: 'slider',
      min: 0,
      max: 100,
      step: 1,
      defaultValue: 45,
      source: { kind: 'description', quote: 'Vår tjänst minskar hanteringstiden med 45 %.' },
    },
    // Issue 35: the other figures are number inputs, never numbers hidden in the formula.
    {
      name: 'minuterPerArende',
      label: 'Minuter per ärende',
      description: 'Hur lång tid ett ärende tar i dag.',
      unit: 'minuter',
      type: 'number',
      min: 0,
      max: 120,
      step: 1,
      defaultValue: 12,
      source: { kind: 'description', quote: 'varje ärende tar 12 minuter' },
    },
    {
      name: 'timkostnad',
      label: 'Kostnad per timme',
      description: 'Vad en handläggare kostar.',
      unit: 'kr/timme',
      type: 'number',
      min: 0,
      max: 2000,
      step: 10,
      defaultValue: 520,
      source: { kind: 'description', quote: 'En handläggare kostar 520 kr i timmen.' },
    },
  ],
  baseCurrency: 'SEK',
  baseTimeframe: 'monthly',
  valueType: 'moneySaved',
  calculatorType: 'standard',
  valueFields: [],
} satisfies CalculatorDataInput

const [tickets, reduction, ...others] = honestAnswer.parameters
/** The same answer with a reduction the description does not state. */
const inventedReduction = { ...honestAnswer, parameters: [tickets, { ...reduction, defaultValue: 60 }, ...others] }

function lastMessage(request: RecordedRequest | undefined): string {
  return request?.chat?.messages.at(-1)?.content ?? ''
}

describe('the OpenAI-compatible analyzer under the honesty rules', () => {
  let server: FakeOpenAiServer
  let analyzer: Analyzer
  let fallbacks: AnalyzerFallback[]

  beforeEach(async () => {
    server = await startFakeOpenAiServer()
    fallbacks = []
    const config: GenerationConfig = {
      OPENAI_API_KEY: 'sk-test-honesty-0123456789',
      OPENAI_BASE_URL: server.baseUrl,
      OPENAI_MODEL: 'gpt-test',
      OPENAI_TIMEOUT_MS: 5_000,
      DOCUMENT_WORKERS: 1,
      DOCUMENT_QUEUE_LIMIT: 4,
      DOCUMENT_TIME_LIMIT_MS: 30_000,
      DOCUMENT_MEMORY_LIMIT_MB: 256,
    }
    analyzer = createAnalyzer(config, { onFallback: (fallback) => fallbacks.push(fallback) })
  })

  afterEach(async () => {
    await Promise.all([server.close(), analyzer.close?.()])
  })

  it('returns an honest answer untouched after one request', async () => {
    server.respondWith(jsonCompletion(honestAnswer))

    const { calculatorData: calculator } = await analyzer.analyze(swedish)

    const expected = validateCalculatorData(honestAnswer)
    if (!expected.ok) throw new Error('the honest answer must be a valid calculator')
    // Its complexity and language are the request's.
    expect(calculator).toEqual({ ...expected.calculatorData, complexity: 'balanced', language: 'sv' })
    expect(analyzer.name).toBe('openai')
    expect(server.requests).toHaveLength(1)
    expect(fallbacks).toEqual([])
    const system = server.requests[0]?.chat?.messages[0]?.content ?? ''
    expect(system).toContain('never the baseline itself')
    expect(system).toContain("The seller's own price or fee is the cost side, never value")
    expect(system).toContain('converted at 1 USD = 10.42 SEK')
    // Issue 35: no hidden numbers, and other currencies with their rate beside the input.
    expect(system).toContain('No hidden numbers')
    expect(system).toContain('NOK 650 ≈ 57 SEK (1 NOK = 0.088 SEK)')
  })

  it('names the calculator by its offer, not by an address block or a contact line the model copied', async () => {
    server.respondWith(
      jsonCompletion({
        ...honestAnswer,
        name: 'Job Address: 12 Main Street, Portland OR 97201 — Attention: Troy Deming — Kortare hanteringstid',
      }),
    )
    const { calculatorData: calculator } = await analyzer.analyze(swedish)
    expect(calculator.name).toBe('Kortare hanteringstid')
  })

  it('marks the quotes of a scanned page as read by text recognition, as the built-in analyzer does', async () => {
    const [first] = swedish.pages
    if (first === undefined) throw new Error('the description has a page')
    const scanned: AnalysisInput = {
      ...swedish,
      kind: 'document',
      pages: [
        { page: 1, text: 'Offert' },
        { ...first, page: 2, ocr: true },
      ],
    }
    server.respondWith(jsonCompletion(honestAnswer))

    const { calculatorData: calculator } = await analyzer.analyze(scanned)

    expect(calculator.parameters.map((parameter) => parameter.source)).toEqual([
      { kind: 'document', quote: 'Ert team hanterar 2 000 ärenden i månaden', page: 2, ocr: true },
      { kind: 'document', quote: 'Vår tjänst minskar hanteringstiden med 45 %.', page: 2, ocr: true },
      { kind: 'document', quote: 'varje ärende tar 12 minuter', page: 2, ocr: true },
      { kind: 'document', quote: 'En handläggare kostar 520 kr i timmen.', page: 2, ocr: true },
    ])
    expect(fallbacks).toEqual([])
  })

  it('drops start values (the seller’s), and sends back a price the model calls entered (issue 35)', async () => {
    const entered = {
      ...honestAnswer,
      price: { amount: 999, period: 'month', source: { kind: 'entered' } },
      startValues: { arendenPerManad: 5_000 },
    }
    server.respondWith(jsonCompletion(entered), jsonCompletion({ ...honestAnswer, startValues: { arendenPerManad: 5_000 } }))

    const { calculatorData: calculator } = await analyzer.analyze(swedish)

    expect(calculator.price).toBeUndefined()
    expect(calculator.startValues).toBeUndefined()
    expect(lastMessage(server.requests[1])).toContain('price.source: the seller enters a price; yours quotes the passage that states it')
    expect(fallbacks).toEqual([])
  })

  it('keeps the price the text states, and sends back an answer that leaves it out (issue 35)', async () => {
    const [first] = swedish.pages
    if (first === undefined) throw new Error('the description has a page')
    const priced: AnalysisInput = { ...swedish, pages: [{ page: 1, text: `${first.text} Abonnemanget kostar 4 900 kr i månaden.` }] }
    const price = { amount: 4900, period: 'month', source: { kind: 'description', quote: 'Abonnemanget kostar 4 900 kr i månaden.' } }
    server.respondWith(jsonCompletion(honestAnswer), jsonCompletion({ ...honestAnswer, price }))

    const { calculatorData: calculator } = await analyzer.analyze(priced)

    expect(calculator.price).toEqual(price)
    expect(lastMessage(server.requests[1])).toContain("- price: the text states the offer's price (4 900 kr")
    expect(fallbacks).toEqual([])
  })

  it('repairs a default that is not in its quote', async () => {
    server.respondWith(jsonCompletion(inventedReduction), jsonCompletion(honestAnswer))

    const { calculatorData: calculator } = await analyzer.analyze(swedish)

    expect(calculator.parameters[1]?.defaultValue).toBe(45)
    expect(server.requests).toHaveLength(2)
    expect(lastMessage(server.requests[1])).toContain('- parameters[1].defaultValue: the default 60 is not in its quote')
    expect(fallbacks).toEqual([])
  })

  it('falls back to the built-in analyzer when the repair still states a figure its quote does not', async () => {
    server.respondWith(jsonCompletion(inventedReduction), jsonCompletion(inventedReduction))

    const { calculatorData: calculator } = await analyzer.analyze(swedish)

    // The built-in analysis is deterministic: the worker's answer is the in-thread one (decision 061).
    expect(calculator).toStrictEqual(buildCalculator(swedish))
    expect(server.requests).toHaveLength(2)
    expect(fallbacks).toEqual([
      { reason: 'honesty', rules: ['figure_not_in_quote'], problems: [expect.stringContaining('the default 60')] },
    ])
  })

  it('falls back too when the repair is not a valid calculator', async () => {
    const unknownName = { ...honestAnswer, formula: 'arendenPerManad * handlaggare' }
    server.respondWith(jsonCompletion(unknownName), jsonCompletion(unknownName))

    const { calculatorData: calculator } = await analyzer.analyze(swedish)

    expect(calculator).toStrictEqual(buildCalculator(swedish))
    expect(fallbacks).toEqual([{ reason: 'invalid_output', rules: [], problems: [expect.stringContaining("Unknown name 'handlaggare'")] }])
  })

  it('sends back an AUD amount shown as USD, and accepts it converted at a named rate', async () => {
    const aud: AnalysisInput = {
      kind: 'description',
      pages: [{ page: 1, text: 'A gold sponsorship costs A$2,400 and brings 30 qualified leads.' }],
      complexity: 'balanced',
      language: 'en',
      currency: 'USD',
    }
    const sponsorship = {
      name: 'sponsorshipCost',
      label: 'Sponsorship cost',
      description: 'What the gold sponsorship costs.',
      unit: 'USD',
      type: 'slider',
      min: 0,
      max: 10_000,
      step: 10,
      defaultValue: 2400,
      source: { kind: 'description', quote: 'A gold sponsorship costs A$2,400' },
    }
    const leadValue = {
      name: 'valuePerLead',
      label: 'Value of a lead',
      description: 'What one qualified lead is worth to you.',
      unit: 'USD',
      type: 'slider',
      min: 0,
      max: 2_000,
      step: 10,
      defaultValue: 200,
      source: { kind: 'assumption', note: 'A typical value of a qualified lead; adjust it to yours.' },
    }
    const answer = {
      ...honestAnswer,
      name: 'Sponsorship return',
      description: 'The leads a gold sponsorship brings, net of its cost.',
      explanation: '30 leads (stated) × the value of a lead − the sponsorship cost.',
      formula: '30 * valuePerLead - sponsorshipCost',
      parameters: [sponsorship, leadValue],
      baseCurrency: 'USD',
      baseTimeframe: 'yearly',
      valueType: 'moneyGained',
    }
    const converted = { ...sponsorship, defaultValue: 1560, description: 'A$2,400 converted at 1 AUD = 0.65 USD (indicative rate).' }
    server.respondWith(jsonCompletion(answer), jsonCompletion({ ...answer, parameters: [converted, leadValue] }))

    const { calculatorData: calculator } = await analyzer.analyze(aud)

    expect(calculator.parameters[0]?.defaultValue).toBe(1560)
    expect(lastMessage(server.requests[1])).toContain(
      '- parameters[0].defaultValue: the quote states A$2,400 in AUD, but the default 2400 is shown as USD',
    )
    expect(fallbacks).toEqual([])
  })
})
