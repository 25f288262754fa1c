// The built-in analyzer end to end: a valid calculator for every complexity, verbatim quotes, and
// the ROI story a careful analyst would compute from the same text (issue 14): the claimed
// improvement drives the formula, the seller's price is the cost side, no assumed scale multiplies
// silently, a contract value is never a saving, other currencies are converted at a named rate.
import {
  compileFormula,
  conversionRate,
  convertCurrency,
  createCalculator,
  isSubscription,
  validateCalculatorData,
  type CalculatorData,
  type Currency,
} from '@valueproof/formula'
import { describe, expect, it } from 'vitest'
import {
  AnalysisError,
  GENERATION_COMPLEXITIES,
  SLIDERS_PER_COMPLEXITY,
  type AnalysisInput,
  type GenerationComplexity,
  type TextPage,
} from '../types.ts'
import type { AnalysisReport } from './analysis-report.ts'
import { analyzeText } from './build-calculator.ts'
import { createBuiltinAnalyzer } from './index.ts'
import { inspectAnalysis } from './inspect.ts'
import { quoteAround } from './quotes.ts'
import { sliderRange } from './slider-range.ts'
import { INDICATIVE_USD_RATES } from './terms.ts'

const analyzer = createBuiltinAnalyzer()

/** The analyzer's visible assumptions where a text states none (story-kit.ts, story-time.ts). */
const ASSUMED = { hourlyCostUsd: 50, timeReductionPercent: 20, relativeIncreasePercent: 20 } as const
/** SPEC §9's factors from a result's period to a year. */
const PER_YEAR = { daily: 365, weekly: 52, monthly: 12, yearly: 1 } as const

const PROPOSAL: TextPage[] = [
  {
    page: 1,
    text: [
      'Acme Support Automation Proposal',
      '',
      'Our consultants cost $150 / hour. The project fee is $14,000.',
      'Your team of 12 agents spends 10 hours per week each on manual ticket triage, which we save.',
      'Call us on 08-123 456 78. Offer valid until 2025-03-31. Section 10.2 applies.',
    ].join('\n'),
  },
  { page: 2, text: 'Page 2 of 2\nLicences are $15 per user per month.' },
]

const SWEDISH_OFFER: TextPage[] = [
  {
    page: 1,
    text: [
      'Offert: Automatiserad fakturahantering',
      'Vi hanterar 2 500 fakturor per månad åt er.',
      'Varje faktura tar i dag 6 minuter att registrera manuellt.',
      'Timkostnaden för en ekonomiassistent är 450 kr/timme.',
      'Pris: 1,80 kr per faktura. Startavgift SEK 100.',
    ].join('\n'),
  },
]

function input(overrides: Partial<AnalysisInput> = {}): AnalysisInput {
  return {
    kind: 'document',
    pages: PROPOSAL,
    complexity: 'advanced',
    language: 'en',
    currency: 'USD',
    fileName: 'acme-proposal.pdf',
    ...overrides,
  }
}

function description(text: string, overrides: Partial<AnalysisInput> = {}): AnalysisInput {
  return input({ kind: 'description', pages: [{ page: 1, text }], fileName: undefined, ...overrides })
}

/** The formula's result at the default values (the value calculator: its highlighted metrics). */
function resultsAtDefaults(calculator: CalculatorData): number[] {
  const computed = createCalculator(calculator).compute()
  if (computed.calculatorType === 'value') return computed.valueCalculation.highlighted.map((field) => field.value)
  expect(computed.formulaResult.ok).toBe(true)
  return [computed.result]
}

/** A value calculator's metric at the defaults ("yearlyCost", "netYearlyValue"). */
function metricAtDefaults(calculator: CalculatorData, name: string): number | undefined {
  const computed = createCalculator(calculator).compute()
  if (computed.calculatorType !== 'value') throw new Error(`not a value calculator: ${calculator.calculatorType}`)
  return computed.valueCalculation.fields.find((field) => field.name === name)?.value
}

function parameter(calculator: CalculatorData, name: string) {
  const found = calculator.parameters.find((candidate) => candidate.name === name)
  if (found === undefined) throw new Error(`no parameter ${name} in ${calculator.parameters.map((candidate) => candidate.name).join(', ')}`)
  return found
}

function figure(report: AnalysisReport, text: string) {
  const found = report.figures.find((candidate) => candidate.text.includes(text))
  if (found === undefined) throw new Error(`no figure "${text}": ${report.figures.map((candidate) => candidate.text).join(' | ')}`)
  return found
}

/** Whether the quote states `value` as written in English or Swedish ("1,200", "2 500", "1,80"). */
function quoteStates(quote: string, value: number): boolean {
  const plain = quote.replace(/(\d)[,\s\u00a0](?=\d{3}(?!\d))/g, '$1')
  return plain.includes(String(value)) || plain.includes(String(value).replace('.', ','))
}

describe('every complexity', () => {
  it.each(GENERATION_COMPLEXITIES)('%s gives a valid calculator whose formula is positive at the defaults', async (complexity) => {
    const calculator = await analyzer.analyze(input({ complexity }))
    expect(validateCalculatorData(calculator).ok).toBe(true)
    expect(calculator.complexity).toBe(complexity)
    const names = calculator.parameters.map((candidate) => candidate.name)
    const compiled = compileFormula(calculator.formula, names)
    expect(compiled.ok).toBe(true)
    for (const value of resultsAtDefaults(calculator)) {
      expect(Number.isFinite(value)).toBe(true)
      expect(value).toBeGreaterThan(0)
    }
    for (const candidate of calculator.parameters) {
      expect(candidate.min).toBeLessThanOrEqual(candidate.defaultValue ?? Number.NaN)
      expect(candidate.defaultValue ?? Number.NaN).toBeLessThanOrEqual(candidate.max)
      expect(candidate.step).toBeGreaterThan(0)
      expect(candidate.source).toBeDefined()
    }
  })

  it.each(['minimal', 'balanced', 'advanced'] as const)(
    '%s has exactly its number of sliders, all used by the formula',
    async (complexity) => {
      // The proposal states its 12 agents, so no assumed scale factor adds a slider: the count is exact.
      expect(analyzeText(input({ complexity })).choice.design.terms.filter((term) => term.mustSlide)).toEqual([])
      const calculator = await analyzer.analyze(input({ complexity }))
      expect(calculator.calculatorType).toBe('standard')
      expect(calculator.parameters).toHaveLength(SLIDERS_PER_COMPLEXITY[complexity])
      expect(calculator.parameters.every((candidate) => candidate.type === 'slider')).toBe(true)
      const compiled = compileFormula(
        calculator.formula,
        calculator.parameters.map((candidate) => candidate.name),
      )
      if (!compiled.ok) throw new Error(compiled.error.message)
      expect([...compiled.formula.usedNames].sort()).toEqual(calculator.parameters.map((candidate) => candidate.name).sort())
    },
  )

  it.each(['minimal', 'balanced', 'advanced'] as const)(
    '%s shows an assumed number of people as a slider of 1; only such assumed scale factors add sliders',
    async (complexity) => {
      const text = 'Our tool saves each user 3 hours a week.'
      const mustSlide = analyzeText(description(text, { complexity })).choice.design.terms.filter((term) => term.mustSlide)
      expect(mustSlide.map((term) => term.name)).toEqual(['numberOfPeople'])
      const calculator = await analyzer.analyze(description(text, { complexity }))
      expect(calculator.parameters).toHaveLength(Math.max(SLIDERS_PER_COMPLEXITY[complexity], mustSlide.length))
      expect(parameter(calculator, 'numberOfPeople')).toMatchObject({ defaultValue: 1, source: { kind: 'assumption' } })
      // 3 hours × 1 person × the assumed cost of an hour, 52 weeks.
      expect(inspectAnalysis(description(text, { complexity })).yearlyAtDefaults).toBeCloseTo(3 * 1 * ASSUMED.hourlyCostUsd * 52, 6)
    },
  )

  it('value gives simple inputs and calculated key metrics, one or two highlighted', async () => {
    const calculator = await analyzer.analyze(input({ complexity: 'value' }))
    expect(calculator.calculatorType).toBe('value')
    expect(calculator.parameters.length).toBeGreaterThan(0)
    expect(calculator.parameters.every((candidate) => candidate.type === 'number')).toBe(true)
    expect(calculator.valueFields.length).toBeGreaterThanOrEqual(2)
    expect(calculator.valueFields.every((field) => field.calculated && (field.formula ?? '') !== '')).toBe(true)
    const highlighted = calculator.valueFields.filter((field) => field.highlight)
    expect(highlighted.length).toBeGreaterThanOrEqual(1)
    expect(highlighted.length).toBeLessThanOrEqual(2)
    expect(calculator.valueFields.some((field) => field.prefix === '$')).toBe(true)
  })
})

describe('an English proposal', () => {
  it('tells whose each figure is: the consultants’ rate, the fee and the licences are the seller’s prices', () => {
    const report = inspectAnalysis(input({ complexity: 'value' }))
    expect(report.story).toBe('timeSaved')
    expect(figure(report, '$150 / hour')).toMatchObject({ role: 'price' })
    expect(figure(report, '$14,000')).toMatchObject({ role: 'price' })
    expect(figure(report, '$15 per user per month')).toMatchObject({ role: 'price' })
    expect(figure(report, '12 agents')).toMatchObject({ role: 'volume', use: 'slider' })
    expect(figure(report, '10 hours per week').use).toBe('slider')
    const calculator = report.calculatorData
    expect(parameter(calculator, 'numberOfPeople')).toMatchObject({ defaultValue: 12, source: { kind: 'document', page: 1 } })
    // The customer's cost of an hour is not stated: an assumption, never the consultants' $150.
    expect(parameter(calculator, 'hourlyCost')).toMatchObject({ defaultValue: ASSUMED.hourlyCostUsd, source: { kind: 'assumption' } })
    expect(calculator.valueType).toBe('moneySaved')
    expect(calculator.baseTimeframe).toBe('weekly')
    expect(isSubscription(calculator.explanation)).toBe(false)
    expect(calculator.name).toBe('Acme Support Automation Proposal — ROI Calculator')
  })

  it('takes the triage hours it says it saves ("10 hours per week each …, which we save") as the saving', () => {
    const report = inspectAnalysis(input({ pages: PROPOSAL.slice(0, 1) }))
    // 10 hours × 12 agents × the assumed cost of an hour × 52 weeks: the text claims all of it.
    expect(report.yearlyAtDefaults).toBeCloseTo(10 * 12 * ASSUMED.hourlyCostUsd * 52, 0)
  })

  // Not yet built (issue 14 stays open): see the closing note of the issue-14 session.
  it.skip('nets the licences, $15 per user per month for each of the 12 agents, off the value', () => {
    const calculator = inspectAnalysis(input({ complexity: 'value' })).calculatorData
    expect(metricAtDefaults(calculator, 'yearlyCost')).toBeCloseTo(15 * 12 * 12, 0)
  })

  // Not yet built (issue 14 stays open): see the closing note of the issue-14 session.
  it.skip('uses the one-off $14,000 project fee on the cost side of the ROI, never as a cost per week', () => {
    // A weekly result cannot carry a one-off fee: the standard calculator leaves it out of the formula.
    expect(figure(inspectAnalysis(input()), '$14,000').use).toBe('unused')
    expect(figure(inspectAnalysis(input({ complexity: 'value' })), '$14,000').use).not.toBe('unused')
  })

  it('quotes verbatim passages of the page it names, at most 200 characters, with the figure or its derivation', async () => {
    for (const complexity of GENERATION_COMPLEXITIES) {
      const calculator = await analyzer.analyze(input({ complexity }))
      for (const { source, defaultValue, description: note } of calculator.parameters) {
        if (source?.kind !== 'document') continue
        const page = PROPOSAL.find((candidate) => candidate.page === source.page)
        expect(page?.text).toContain(source.quote)
        expect(source.quote.length).toBeLessThanOrEqual(200)
        // A default that is not the quoted number says how it was converted, rescaled or derived.
        if (!quoteStates(source.quote, defaultValue ?? Number.NaN)) expect(note).toMatch(/converted|Stated per|Derived from/)
      }
    }
  })

  it('keeps every figure the story uses in the minimal calculator, as documented constants', () => {
    const advanced = inspectAnalysis(input())
    const minimal = inspectAnalysis(input({ complexity: 'minimal' }))
    expect(minimal.calculatorData.parameters).toHaveLength(1)
    expect(minimal.figures.map((entry) => entry.use !== 'unused')).toEqual(advanced.figures.map((entry) => entry.use !== 'unused'))
    expect(minimal.yearlyAtDefaults).toBeCloseTo(advanced.yearlyAtDefaults, 6)
    expect(figure(minimal, '10 hours per week').use).toBe('constant')
    expect(minimal.calculatorData.explanation).toContain('= 10 hours (from the document, page 1)')
  })

  it('converts amounts into the calculator’s currency at the fixed rates and says so', async () => {
    const text = 'You spend $8,000 per month on cloud hosting. We cut that cost by 25%.'
    const inSek = await analyzer.analyze(description(text, { currency: 'SEK' }))
    const cost = parameter(inSek, 'currentCostPerMonth')
    expect(inSek.baseCurrency).toBe('SEK')
    expect(cost.defaultValue).toBe(Math.round(convertCurrency(8_000, 'USD', 'SEK')))
    expect(cost.description).toContain('converted to SEK at the fixed rate 10.42')
    expect(resultsAtDefaults(inSek)[0]).toBeCloseTo(convertCurrency(8_000, 'USD', 'SEK') * 0.25, 0)
    const inEur = await analyzer.analyze(description(text, { currency: 'EUR' }))
    expect(parameter(inEur, 'currentCostPerMonth').defaultValue).toBe(Math.round(convertCurrency(8_000, 'USD', 'EUR')))
  })

  it('is deterministic', async () => {
    const first = await analyzer.analyze(input({ complexity: 'value' }))
    const second = await analyzer.analyze(input({ complexity: 'value' }))
    expect(JSON.stringify(second)).toBe(JSON.stringify(first))
  })
})

describe('a Swedish offer', () => {
  const offer = (overrides: Partial<AnalysisInput> = {}): AnalysisInput =>
    input({ pages: SWEDISH_OFFER, language: 'sv', currency: 'SEK', fileName: undefined, ...overrides })

  it('values the invoices’ minutes at the customer’s hourly cost, with Swedish labels, per month', () => {
    const report = inspectAnalysis(offer())
    expect(report.story).toBe('timeSaved')
    expect(figure(report, '450 kr/timme')).toMatchObject({ role: 'baseline' })
    const calculator = report.calculatorData
    expect(calculator.baseTimeframe).toBe('monthly')
    expect(isSubscription(calculator.explanation)).toBe(true)
    expect(calculator.explanation).toContain(
      'Besparing per månad = fakturor per månad × minuter per faktura i dag ÷ 60 × minskad tidsåtgång',
    )
    expect(parameter(calculator, 'invoicesPerMonth')).toMatchObject({ defaultValue: 2_500, label: 'Fakturor per månad', unit: 'per månad' })
    expect(parameter(calculator, 'minutesPerInvoice')).toMatchObject({ defaultValue: 6, label: 'Minuter per faktura i dag' })
    // The offer states no reduction: it is an assumption to adjust, a slider.
    expect(parameter(calculator, 'timeReductionPercent')).toMatchObject({
      defaultValue: ASSUMED.timeReductionPercent,
      source: { kind: 'assumption' },
    })
    expect(calculator.name).toBe('Offert: Automatiserad fakturahantering — ROI-kalkylator')
    expect(calculator.description).toContain('enligt dokumentet; minskad tidsåtgång är ett antagande att justera')
  })

  // Not yet built (issue 14 stays open): see the closing note of the issue-14 session.
  it('sets the offer’s price, 1,80 kr per faktura, against the saving', () => {
    const report = inspectAnalysis(offer())
    expect(figure(report, '1,80 kr per faktura')).toMatchObject({ value: 1.8, role: 'price' })
    expect(figure(report, '1,80 kr per faktura').use).not.toBe('unused')
    // (2 500 invoices × 6 min ÷ 60 × the assumed 20 % × 450 kr − 2 500 × 1,80 kr) × 12 months.
    const reduction = ASSUMED.timeReductionPercent / 100
    expect(report.yearlyAtDefaults).toBeCloseTo((2_500 * (6 / 60) * reduction * 450 - 2_500 * 1.8) * 12, 0)
    // "Startavgift SEK 100": a one-off fee of the seller's, not a cost of the customer's.
    expect(figure(report, 'SEK 100')).toMatchObject({ role: 'price' })
  })

  it('writes Swedish assumption notes and labels for a Swedish text without figures', async () => {
    const pages = [{ page: 1, text: 'Offert/Lösningsförslag till kund\nVi utvecklar en prototyp och levererar dokumentation.' }]
    const calculator = await analyzer.analyze(input({ pages, language: 'sv', currency: 'SEK' }))
    expect(calculator.parameters.length).toBeGreaterThan(0)
    expect(calculator.parameters.map((candidate) => candidate.source)).toEqual(
      calculator.parameters.map(() => ({ kind: 'assumption', note: 'Antagande — ingen siffra i dokumentet' })),
    )
    expect(calculator.parameters.map((candidate) => candidate.label)).toEqual(['Timmar per månad', 'Timpris'])
    expect(calculator.description).toContain('är antaganden att justera')
    expect(calculator.description).toContain('Dokumentet anger ingen besparing')
  })
})

describe('descriptions', () => {
  it('quotes the description for the figures it uses and applies an assumed reduction to the time spent', async () => {
    const text =
      'We automate invoice processing. A typical firm handles 1,200 invoices per month; each invoice takes 6 minutes by hand. Staff cost is $45 per hour.'
    const calculator = await analyzer.analyze(description(text))
    for (const { source } of calculator.parameters) {
      if (source?.kind === 'description') expect(text).toContain(source.quote)
    }
    expect(parameter(calculator, 'invoicesPerMonth')).toMatchObject({ defaultValue: 1_200, source: { kind: 'description' } })
    expect(parameter(calculator, 'minutesPerInvoice')).toMatchObject({ defaultValue: 6, source: { kind: 'description' } })
    expect(parameter(calculator, 'timeReductionPercent').source?.kind).toBe('assumption')
    // 1,200 × 6 min at $45 an hour; the text claims no share of it, so the assumed 20 % applies.
    expect(resultsAtDefaults(calculator)[0]).toBeCloseTo(1_200 * (6 / 60) * (ASSUMED.timeReductionPercent / 100) * 45, 6)
  })

  it('gives a meaningful calculator of assumptions for a description without numbers', async () => {
    const text = 'We help dental clinics reduce no-shows with SMS reminders.'
    for (const complexity of GENERATION_COMPLEXITIES) {
      const calculator = await analyzer.analyze(description(text, { complexity }))
      expect(
        calculator.parameters.every(
          (candidate) => candidate.source?.kind === 'assumption' && candidate.source.note === 'Assumption — no figure in the description',
        ),
      ).toBe(true)
      expect(calculator.name).toBe('We help dental clinics reduce no-shows with SMS reminders — ROI Calculator')
      for (const value of resultsAtDefaults(calculator)) expect(value).toBeGreaterThan(0)
    }
  })

  it('tells the story the words tell when no number is given: fewer no-shows are losses avoided', () => {
    expect(inspectAnalysis(description('We help dental clinics reduce no-shows with SMS reminders.')).story).toBe('lossAvoided')
  })

  it('models a subscription price per user per month as the cost it is, not a saving', () => {
    const text = 'Our platform costs $15 per user per month; a typical customer has 40 users.'
    const report = inspectAnalysis(description(text))
    expect(report.story).toBe('noValueClaim')
    expect(report.calculatorData.valueType).toBeUndefined()
    expect(report.calculatorData.baseTimeframe).toBe('monthly')
    expect(isSubscription(report.calculatorData.explanation)).toBe(true)
    expect(report.calculatorData.description).toContain('states no saving')
    expect(report.yearlyAtDefaults).toBeCloseTo(40 * 15 * 12, 0)
  })
})

describe('every story, period and complexity validates, and tells the story an analyst would', () => {
  type Story = AnalysisReport['story']
  type Period = keyof typeof PER_YEAR
  const cases: ReadonlyArray<readonly [text: string, story: Story, period: Period, yearly: number]> = [
    // Each of 40 employees saves 1 hour a day at $35 an hour (SPEC §9: a day is 1/365 of a year).
    ['Each employee saves 1 hour per day; 40 employees; $35 per hour.', 'timeSaved', 'daily', 1 * 40 * 35 * PER_YEAR.daily],
    // No reduction and no hourly cost are stated: 20 % of the 12 minutes, at the assumed $50 an hour.
    [
      'We process 300 tickets per week; each ticket takes 12 minutes.',
      'timeSaved',
      'weekly',
      300 * (12 / 60) * (ASSUMED.timeReductionPercent / 100) * ASSUMED.hourlyCostUsd * PER_YEAR.weekly,
    ],
    // 8 % more of the clients' $2,000,000 a year: the revenue is the customer's, not a price.
    ['Our clients’ annual revenue of $2,000,000 grows 8% with our service.', 'revenueLift', 'yearly', 2_000_000 * 0.08],
    // 30 % of the customer's €20,000 a month, in dollars at SPEC §9's rate.
    [
      'We cut cloud costs of €20,000 per month by 30%.',
      'costReduced',
      'monthly',
      convertCurrency(20_000, 'EUR', 'USD') * 0.3 * PER_YEAR.monthly,
    ],
    // 3 % of 1,200 attendees convert today at $5,000 a deal; no lift is stated, so the assumed one applies.
    [
      '1,200 attendees per year, 3% become customers, average deal size $5,000.',
      'revenueLift',
      'yearly',
      1_200 * 0.03 * (ASSUMED.relativeIncreasePercent / 100) * 5_000,
    ],
  ]
  // Not yet built (issue 14 stays open): a seller's unit price without a claim is still read as the
  // customer's unit cost with an assumed reduction, not as the cost the description prices.
  it.skip('Training costs $400 per participant; 25 participants per month.', () => {
    const report = inspectAnalysis(description('Training costs $400 per participant; 25 participants per month.'))
    expect(report.story).toBe('noValueClaim')
    expect(report.yearlyAtDefaults).toBeCloseTo(25 * 400 * PER_YEAR.monthly, 0)
  })

  it.each(cases)('%s', async (text, story, period, yearly) => {
    const report = inspectAnalysis(description(text))
    expect(report.story).toBe(story)
    expect(report.yearlyAtDefaults).toBeCloseTo(yearly, 0)
    for (const language of ['en', 'sv'] as const) {
      for (const complexity of GENERATION_COMPLEXITIES) {
        const calculator = await analyzer.analyze(description(text, { complexity, language }))
        expect(validateCalculatorData(calculator).ok).toBe(true)
        expect(calculator.baseTimeframe).toBe(period)
        expect(isSubscription(calculator.explanation)).toBe(period === 'monthly')
        for (const value of resultsAtDefaults(calculator)) expect(value).toBeGreaterThan(0)
      }
    }
  })

  it('values hours saved for 3 consultants at their stated $90 an hour', () => {
    const report = inspectAnalysis(description('We save 200 hours per year for 3 consultants at $90 per hour.'))
    expect(report.story).toBe('timeSaved')
    expect(figure(report, '$90 per hour')).toMatchObject({ role: 'baseline' })
    expect(figure(report, '3 consultants').use).not.toBe('unused')
    // "No figure" is never said of a figure the text states.
    expect(report.calculatorData.parameters.find((candidate) => candidate.name === 'numberOfPeople')?.source?.kind).not.toBe('assumption')
    // The sentence does not say whether the 200 hours are each consultant's or the three's together.
    expect([200 * 90, 200 * 3 * 90]).toContain(Math.round(report.yearlyAtDefaults))
  })

  it('reads a list of CPM rates as the seller’s prices, not a saving', () => {
    const report = inspectAnalysis(description('Display advertising at $18 CPM, premium placements at $50 CPM.'))
    expect(report.story).toBe('noValueClaim')
    expect(figure(report, '$18 CPM')).toMatchObject({ role: 'price' })
    expect(figure(report, '$18 CPM').use).not.toBe('unused')
  })
})

describe('documents without usable figures', () => {
  it('a placeholder template gives only assumptions, never its "$10,000"', async () => {
    const text =
      'How We Can Help\n\nCompany Name\n\nSome introductory text.\n\nA Subhead\n\nSome intro text.\n\nTitle\t\t\t$10,000 / 8-10 weeks\n\nSome explanation text.'
    for (const complexity of GENERATION_COMPLEXITIES) {
      const calculator = await analyzer.analyze(input({ pages: [{ page: 1, text }], complexity }))
      expect(
        calculator.parameters.every(
          (candidate) => candidate.source?.kind === 'assumption' && candidate.source.note === 'Assumption — no figure in the document',
        ),
      ).toBe(true)
      expect(calculator.parameters.some((candidate) => candidate.defaultValue === 10_000)).toBe(false)
      expect(calculator.description).toContain('placeholder text')
    }
  })

  it('a blank rate card gives only assumptions', async () => {
    const text =
      'RATE CARD\nITEM UNIT QTY PRICE AMOUNT\nProfessional shoot per day\nSocial media management per month\nSUBTOTAL\nTOTAL\nQuote valid for 14 days unless noted.'
    const calculator = await analyzer.analyze(
      input({
        pages: [
          { page: 1, text },
          { page: 2, text: '' },
        ],
      }),
    )
    expect(calculator.parameters.every((candidate) => candidate.source?.kind === 'assumption')).toBe(true)
    expect(validateCalculatorData(calculator).ok).toBe(true)
  })

  it('an input without text is no_content', async () => {
    const empty = input({
      pages: [
        { page: 1, text: '' },
        { page: 2, text: ' \n\t' },
      ],
    })
    await expect(analyzer.analyze(empty)).rejects.toMatchObject({ code: 'no_content', status: 422 })
    await expect(analyzer.analyze(input({ kind: 'description', pages: [] }))).rejects.toBeInstanceOf(AnalysisError)
  })
})

it('stops when the signal is aborted', async () => {
  const controller = new AbortController()
  controller.abort()
  await expect(analyzer.analyze(input(), controller.signal)).rejects.toMatchObject({ code: 'timeout' })
})

// Not yet built (issue 14 stays open): see the closing note of the issue-14 session.
it.skip('converts an amount in a currency without a fixed rate at a named indicative rate', () => {
  const pages = [{ page: 1, text: 'Sponsorship prospectus. All prices in AUD.\nOver 700 attendees; average deal size $5,000.' }]
  const report = inspectAnalysis(input({ pages, currency: 'EUR' as Currency }))
  expect(figure(report, '$5,000')).toMatchObject({ currency: 'AUD', role: 'volume' })
  expect(figure(report, '700 attendees').use).not.toBe('unused')
  expect(figure(report, '$5,000').use).not.toBe('unused')
  const deal = report.calculatorData.parameters.find(
    (candidate) => candidate.source?.kind === 'document' && candidate.source.quote.includes('$5,000'),
  )
  const rate = INDICATIVE_USD_RATES.AUD * conversionRate('USD', 'EUR')
  expect(deal?.defaultValue).toBeCloseTo(5_000 * rate, 0)
  expect(deal?.description).toContain(`1 AUD = ${Number(rate.toPrecision(3))} EUR`)
})

describe('quoteAround', () => {
  it('returns the figure’s sentence from a long line, verbatim', () => {
    const text = `${'Intro sentence that goes on. '.repeat(10)}We save 10 hours per week for each agent. ${'More words follow here. '.repeat(10)}`
    const start = text.indexOf('10 hours')
    const quote = quoteAround(text, start, start + '10 hours per week'.length)
    expect(quote).toBe('We save 10 hours per week for each agent.')
  })

  it('adds the previous line to a short one', () => {
    const text = 'Payroll Services – Systems\nDecember 31, 2020 $11,000 per\nmonth\nPlus pass-through'
    const start = text.indexOf('$11,000')
    const quote = quoteAround(text, start, text.indexOf('month') + 5)
    expect(text).toContain(quote)
    expect(quote).toContain('$11,000 per\nmonth')
  })
})

describe('sliderRange', () => {
  it.each([
    ['money', 150],
    ['money', 1_563],
    ['money', 0.173],
    ['money', 8_386_560],
    ['hours', 40],
    ['hours', 1.5],
    ['count', 27.5],
    ['people', 60],
    ['percent', 12.5],
    ['minutes', 6],
  ] as const)('%s %d: min ≤ default ≤ max and a positive step', (kind, value) => {
    const range = sliderRange(kind, value, kind === 'hours' ? { hoursPerPeriodCap: 168 } : {})
    expect(range.min).toBeLessThanOrEqual(value)
    expect(value).toBeLessThanOrEqual(range.max)
    expect(range.step).toBeGreaterThan(0)
    expect(range.step).toBeLessThanOrEqual(range.max / 10)
  })

  it('picks a step the default sits on when a round one exists', () => {
    expect(sliderRange('money', 150)).toEqual({ min: 0, max: 500, step: 5 })
    expect(sliderRange('people', 60)).toEqual({ min: 1, max: 200, step: 1 })
  })
})

it.each(GENERATION_COMPLEXITIES)('%s: every label is Swedish when the language is sv', async (complexity: GenerationComplexity) => {
  const calculator = await analyzer.analyze(input({ complexity, language: 'sv', currency: 'SEK' }))
  const texts = [
    calculator.name,
    calculator.description,
    calculator.explanation,
    ...calculator.parameters.flatMap((candidate) => [candidate.label, candidate.description ?? '', candidate.unit ?? '']),
  ]
  texts.push(...calculator.valueFields.map((field) => field.label))
  for (const text of texts) expect(text).not.toMatch(/\b(?:hours|saved|per week|Number of|Hourly rate|from the document|assumed|Yearly)\b/)
  expect(calculator.explanation).toMatch(/Besparing per vecka|Årlig besparing/)
})
