// The built-in analyzer end to end on whole documents: a valid calculator for every complexity,
// verbatim quotes, and the ROI story a careful analyst would compute from an English proposal and a
// Swedish offer (issue 14). Descriptions and every story: builtin-analyzer-stories.test.ts.
import { compileFormula, convertCurrency, isSubscription, validateCalculatorData } from '@valueproof/formula'
import { describe, expect, it } from 'vitest'
import { GENERATION_COMPLEXITIES, SLIDERS_PER_COMPLEXITY, type AnalysisInput } from '../types.ts'
import {
  ASSUMED,
  PROPOSAL,
  SWEDISH_OFFER,
  analyzer,
  description,
  figure,
  input,
  metricAtDefaults,
  parameter,
  quoteStates,
  resultsAtDefaults,
} from './builtin-analyzer-fixtures.ts'
import { analyzeText } from './build-calculator.ts'
import { inspectAnalysis } from './inspect.ts'

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

  it('nets the licences, $15 per user per month for each of the 12 agents, off the value', () => {
    const calculator = inspectAnalysis(input({ complexity: 'value' })).calculatorData
    // $15 a month is shown per week to the cent ($3.46), so the year comes to within a few dollars of $2,160.
    expect(metricAtDefaults(calculator, 'yearlyCost')).toBeCloseTo(15 * 12 * 12, -1)
  })

  it('uses the one-off $14,000 project fee on the cost side of the ROI, never as a cost per week', () => {
    // A weekly result cannot carry a one-off fee: the slider calculator names it outside the formula.
    const standard = inspectAnalysis(input())
    expect(figure(standard, '$14,000').use).toBe('constant')
    expect(standard.calculatorData.formula).not.toContain('14000')
    expect(standard.calculatorData.explanation).toContain(
      'One-off price: $14,000 (from the proposal, page 1), not included in the result per week.',
    )
    // A value calculator takes it as an input and shows the months it takes to pay back.
    const value = inspectAnalysis(input({ complexity: 'value' })).calculatorData
    expect(parameter(value, 'oneOffPrice').defaultValue).toBe(14_000)
    const weeklyValue = 10 * 12 * ASSUMED.hourlyCostUsd
    const monthlyNet = (weeklyValue * 52) / 12 - 15 * 12
    expect(metricAtDefaults(value, 'paybackMonths')).toBeCloseTo(14_000 / monthlyNet, 2)
  })

  it('quotes verbatim passages of the page it names, at most 200 characters, with the figure or its derivation', async () => {
    for (const complexity of GENERATION_COMPLEXITIES) {
      const calculator = await analyzer.analyze(input({ complexity }))
      for (const { source, defaultValue, description: note } of calculator.parameters) {
        if (source?.kind !== 'document') continue
        const page = PROPOSAL.find((candidate) => candidate.page === source.page)
        expect(page?.text).toContain(source.quote)
        expect(source.quote?.length).toBeLessThanOrEqual(200)
        // A default that is not the quoted number says how it was converted, rescaled or derived.
        if (!quoteStates(source.quote ?? '', defaultValue ?? Number.NaN)) expect(note).toMatch(/converted|Stated per|Derived from/)
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
    expect(minimal.calculatorData.explanation).toContain('= 10 hours (from the proposal, page 1)')
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
    // The heading's document type ('Offert:') is not the subject (issue 15).
    expect(calculator.name).toBe('Automatiserad fakturahantering — ROI-kalkylator')
    expect(calculator.description).toContain('enligt förslaget; minskad tidsåtgång är ett antagande att justera')
  })

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
    expect(calculator.description).toContain('Förslaget anger ingen besparing')
  })
})
