// The built-in analyzer end to end on descriptions and every story, period and complexity (issue
// 14): the claimed improvement drives the formula, the seller's price is the cost side, no assumed
// scale multiplies silently, a contract value is never a saving, other currencies are converted at
// a named rate; plus quotes, slider ranges and Swedish labels.
import { conversionRate, convertCurrency, isSubscription, validateCalculatorData, type Currency } from '@valueproof/formula'
import { describe, expect, it } from 'vitest'
import { AnalysisError, GENERATION_COMPLEXITIES, type GenerationComplexity } from '../types.ts'
import type { AnalysisReport } from './analysis-report.ts'
import { ASSUMED, PER_YEAR, analyzer, description, figure, input, parameter, resultsAtDefaults } from './builtin-analyzer-fixtures.ts'
import { inspectAnalysis } from './inspect.ts'
import { quoteAround } from './quotes.ts'
import { sliderRange } from './slider-range.ts'
import { INDICATIVE_USD_RATES } from './terms.ts'

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
  it('Training costs $400 per participant; 25 participants per month.', () => {
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
  it('a placeholder template keeps its "$10,000" as an example figure, and says so in both languages', async () => {
    const text =
      'How We Can Help\n\nCompany Name\n\nSome introductory text.\n\nA Subhead\n\nSome intro text.\n\nTitle\t\t\t$10,000 / 8-10 weeks\n\nSome explanation text.'
    for (const complexity of GENERATION_COMPLEXITIES) {
      const calculator = await analyzer.analyze(input({ pages: [{ page: 1, text }], complexity }))
      const example = calculator.parameters.find((candidate) => candidate.defaultValue === 10_000)
      if (example === undefined) {
        // One slider: the price is a documented constant, named an example there.
        expect(complexity).toBe('minimal')
        expect(calculator.explanation).toContain('= $10,000 (from the proposal, page 1, an example figure of the template)')
      } else {
        expect(example.source).toEqual({ kind: 'document', quote: 'Title\t\t\t$10,000 / 8-10 weeks', page: 1 })
        expect(example.description).toContain('An example figure of the template, not a quoted price')
      }
      expect(calculator.description).toContain('its figures are example figures')
      expect(calculator.description).toContain('states no saving')
    }
    const swedish = await analyzer.analyze(input({ pages: [{ page: 1, text }], language: 'sv', currency: 'SEK' }))
    expect(swedish.description).toContain('dess siffror är exempelsiffror')
    expect(swedish.parameters.some((candidate) => candidate.description?.includes('En exempelsiffra ur mallen') === true)).toBe(true)
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

// Not yet built: a document that claims nothing is not given an assumed revenue uplift (decision 098), so a
// sponsorship prospectus's deal size has no story to use it in yet.
it.skip('converts an amount in a currency without a fixed rate at a named indicative rate', () => {
  const pages = [{ page: 1, text: 'Sponsorship prospectus. All prices in AUD.\nOver 700 attendees; average deal size $5,000.' }]
  const report = inspectAnalysis(input({ pages, currency: 'EUR' as Currency }))
  expect(figure(report, '$5,000')).toMatchObject({ currency: 'AUD', role: 'volume' })
  expect(figure(report, '700 attendees').use).not.toBe('unused')
  expect(figure(report, '$5,000').use).not.toBe('unused')
  const deal = report.calculatorData.parameters.find(
    (candidate) => candidate.source?.kind === 'document' && (candidate.source.quote ?? '').includes('$5,000'),
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
