import {
  compileFormula,
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
import { createBuiltinAnalyzer } from './index.ts'
import { quoteAround } from './quotes.ts'
import { sliderRange } from './slider-range.ts'

const analyzer = createBuiltinAnalyzer()

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

/** The formula's result at the default values (the value calculator: its highlighted metrics). */
function resultsAtDefaults(calculator: CalculatorData): number[] {
  const computed = createCalculator(calculator).compute()
  if (computed.calculatorType === 'value') return computed.valueCalculation.highlighted.map((field) => field.value)
  expect(computed.formulaResult.ok).toBe(true)
  return [computed.result]
}

function parameter(calculator: CalculatorData, name: string) {
  const found = calculator.parameters.find((candidate) => candidate.name === name)
  if (found === undefined) throw new Error(`no parameter ${name} in ${calculator.parameters.map((candidate) => candidate.name).join(', ')}`)
  return found
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
  it('builds hours saved × hourly rate × people from the document’s figures', async () => {
    const calculator = await analyzer.analyze(input())
    expect(calculator.formula).toBe('hoursSavedPerWeek * hourlyRate * numberOfAgents')
    expect(calculator.valueType).toBe('moneySaved')
    expect(calculator.baseTimeframe).toBe('weekly')
    expect(isSubscription(calculator.explanation)).toBe(false)
    expect(parameter(calculator, 'hourlyRate')).toMatchObject({ defaultValue: 150, source: { kind: 'document', page: 1 } })
    expect(parameter(calculator, 'hoursSavedPerWeek')).toMatchObject({ defaultValue: 10, source: { kind: 'document', page: 1 } })
    expect(parameter(calculator, 'numberOfAgents')).toMatchObject({ defaultValue: 12, label: 'Number of agents' })
    expect(calculator.name).toBe('Acme Support Automation Proposal — ROI Calculator')
    expect(calculator.explanation).toContain('hours saved per week per person × hourly rate × number of agents')
  })

  it('quotes verbatim passages of the page it names, at most 200 characters, with the figure', async () => {
    for (const complexity of GENERATION_COMPLEXITIES) {
      const calculator = await analyzer.analyze(input({ complexity }))
      for (const { source, defaultValue } of calculator.parameters) {
        if (source?.kind !== 'document') continue
        const page = PROPOSAL.find((candidate) => candidate.page === source.page)
        expect(page?.text).toContain(source.quote)
        expect(source.quote.length).toBeLessThanOrEqual(200)
        expect(source.quote).toContain(String(defaultValue))
      }
    }
  })

  it('keeps the document’s figures in the minimal calculator and says what is held constant', async () => {
    const calculator = await analyzer.analyze(input({ complexity: 'minimal' }))
    expect(calculator.parameters.map((candidate) => candidate.name)).toEqual(['hoursSavedPerWeek'])
    expect(calculator.formula).toBe('hoursSavedPerWeek * 150 * 12')
    expect(calculator.explanation).toContain(
      'Held constant in the formula: hourly rate = $150/hour (from the document, page 1), number of agents = 12 (from the document, page 1).',
    )
  })

  it('converts amounts into the calculator’s currency at the fixed rates and says so', async () => {
    const inSek = await analyzer.analyze(input({ currency: 'SEK' }))
    const rate = parameter(inSek, 'hourlyRate')
    expect(inSek.baseCurrency).toBe('SEK')
    expect(rate.defaultValue).toBe(Math.round(convertCurrency(150, 'USD', 'SEK')))
    expect(rate.unit).toBe('kr/hour')
    expect(rate.description).toContain('converted to SEK at the fixed rate 10.42')
    const inEur = await analyzer.analyze(input({ currency: 'EUR' }))
    expect(parameter(inEur, 'hourlyRate').defaultValue).toBe(Math.round(convertCurrency(150, 'USD', 'EUR')))
  })

  it('is deterministic', async () => {
    const first = await analyzer.analyze(input({ complexity: 'value' }))
    const second = await analyzer.analyze(input({ complexity: 'value' }))
    expect(JSON.stringify(second)).toBe(JSON.stringify(first))
  })
})

describe('a Swedish offer', () => {
  it('builds volume × minutes × hourly rate with Swedish labels and a monthly explanation', async () => {
    const calculator = await analyzer.analyze(input({ pages: SWEDISH_OFFER, language: 'sv', currency: 'SEK', fileName: undefined }))
    expect(calculator.formula).toBe('invoicesPerMonth * minutesSavedPerInvoice / 60 * hourlyRate')
    expect(calculator.baseTimeframe).toBe('monthly')
    expect(isSubscription(calculator.explanation)).toBe(true)
    expect(calculator.explanation).toContain('Besparing per månad = fakturor per månad × sparade minuter per faktura ÷ 60 × timpris.')
    expect(parameter(calculator, 'invoicesPerMonth')).toMatchObject({ defaultValue: 2_500, label: 'Fakturor per månad', unit: 'fakturor' })
    expect(parameter(calculator, 'minutesSavedPerInvoice')).toMatchObject({ defaultValue: 6, label: 'Sparade minuter per faktura' })
    expect(parameter(calculator, 'hourlyRate')).toMatchObject({ defaultValue: 450, label: 'Timpris', unit: 'kr/timme' })
    expect(calculator.name).toBe('Offert: Automatiserad fakturahantering — ROI-kalkylator')
    expect(calculator.description).toMatch(/^Skapad offline från dokumentet: 3 värden hämtade från dokumentet, 0 antagna\./)
  })

  it('writes Swedish assumption notes and labels for a Swedish text without figures', async () => {
    const pages = [{ page: 1, text: 'Offert/Lösningsförslag till kund\nVi utvecklar en prototyp och levererar dokumentation.' }]
    const calculator = await analyzer.analyze(input({ pages, language: 'sv', currency: 'SEK' }))
    expect(calculator.parameters.map((candidate) => candidate.source)).toEqual(
      calculator.parameters.map(() => ({ kind: 'assumption', note: 'Antagande — ingen siffra i dokumentet' })),
    )
    expect(calculator.parameters.map((candidate) => candidate.label)).toEqual([
      'Sparade timmar per vecka och person',
      'Timpris',
      'Antal personer',
    ])
    expect(calculator.description).toContain('så alla värden är antaganden')
  })
})

describe('descriptions', () => {
  it('quotes the description for the figures it uses', async () => {
    const text =
      'We automate invoice processing. A typical firm handles 1,200 invoices per month; each invoice takes 6 minutes by hand. Staff cost is $45 per hour.'
    const calculator = await analyzer.analyze(input({ kind: 'description', pages: [{ page: 1, text }], fileName: undefined }))
    expect(calculator.formula).toBe('invoicesPerMonth * minutesSavedPerInvoice / 60 * hourlyRate')
    for (const { source } of calculator.parameters) {
      expect(source?.kind).toBe('description')
      if (source?.kind === 'description') expect(text).toContain(source.quote)
    }
    expect(resultsAtDefaults(calculator)).toEqual([((1_200 * 6) / 60) * 45])
  })

  it('gives a meaningful calculator of assumptions for a description without numbers', async () => {
    const text = 'We help dental clinics reduce no-shows with SMS reminders.'
    for (const complexity of GENERATION_COMPLEXITIES) {
      const calculator = await analyzer.analyze(input({ kind: 'description', pages: [{ page: 1, text }], complexity, fileName: undefined }))
      expect(
        calculator.parameters.every(
          (candidate) => candidate.source?.kind === 'assumption' && candidate.source.note === 'Assumption — no figure in the description',
        ),
      ).toBe(true)
      expect(calculator.name).toBe('We help dental clinics reduce no-shows with SMS reminders — ROI Calculator')
      for (const value of resultsAtDefaults(calculator)) expect(value).toBeGreaterThan(0)
    }
  })

  it('reads a subscription price per user per month as a monthly calculator', async () => {
    const text = 'Our platform costs $15 per user per month; a typical customer has 40 users.'
    const calculator = await analyzer.analyze(input({ kind: 'description', pages: [{ page: 1, text }] }))
    expect(calculator.formula).toBe('numberOfUsers * pricePerUserPerMonth * numberOfTeams')
    expect(calculator.baseTimeframe).toBe('monthly')
    expect(isSubscription(calculator.explanation)).toBe(true)
  })
})

describe('every recipe, period and complexity validates', () => {
  const cases: ReadonlyArray<readonly [string, string, string]> = [
    ['We save 200 hours per year for 3 consultants at $90 per hour.', 'hoursSavedPerYear * hourlyRate * numberOfConsultants', 'yearly'],
    ['Each employee saves 1 hour per day; 40 employees; $35 per hour.', 'hoursSavedPerDay * hourlyRate * numberOfEmployees', 'daily'],
    [
      'We process 300 tickets per week; each ticket takes 12 minutes.',
      'ticketsPerWeek * minutesSavedPerTicket / 60 * hourlyRate',
      'weekly',
    ],
    [
      'Our clients’ annual revenue of $2,000,000 grows 8% with our service.',
      'revenuePerYear * revenueIncreasePercent / 100 * grossMarginPercent / 100',
      'yearly',
    ],
    ['We cut cloud costs of €20,000 per month by 30%.', 'currentCostPerMonth * costReductionPercent / 100 * numberOfTeams', 'monthly'],
    [
      'Display advertising at $18 CPM, premium placements at $50 CPM.',
      'impressionsPerCampaign / 1000 * cpm * campaignsPerMonth',
      'monthly',
    ],
    ['Training costs $400 per participant; 25 participants per month.', 'attendeesPerMonth * pricePerAttendee * numberOfTeams', 'monthly'],
    [
      '1,200 attendees per year, 3% become customers, average deal size $5,000.',
      'attendeesPerYear * conversionRatePercent / 100 * averageDealValue',
      'yearly',
    ],
  ]
  it.each(cases)('%s', async (text, formula, baseTimeframe) => {
    for (const language of ['en', 'sv'] as const) {
      for (const complexity of GENERATION_COMPLEXITIES) {
        const calculator = await analyzer.analyze(
          input({ kind: 'description', pages: [{ page: 1, text }], complexity, language, fileName: undefined }),
        )
        expect(validateCalculatorData(calculator).ok).toBe(true)
        expect(calculator.baseTimeframe).toBe(baseTimeframe)
        expect(isSubscription(calculator.explanation)).toBe(baseTimeframe === 'monthly')
        if (complexity === 'advanced' || complexity === 'value') expect(calculator.formula).toBe(formula)
        for (const value of resultsAtDefaults(calculator)) expect(value).toBeGreaterThan(0)
      }
    }
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

it('treats amounts in a currency without a fixed rate as stated, and says so', async () => {
  const pages = [{ page: 1, text: 'Sponsorship prospectus. All prices in AUD.\nOver 700 attendees; average deal size $5,000.' }]
  const calculator = await analyzer.analyze(input({ pages, currency: 'EUR' as Currency }))
  const deal = parameter(calculator, 'averageDealValue')
  expect(deal.defaultValue).toBe(5_000)
  expect(deal.description).toContain('Stated in AUD; there is no fixed rate for AUD')
  expect(parameter(calculator, 'attendeesPerYear')).toMatchObject({ defaultValue: 700, source: { kind: 'document', page: 1 } })
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
