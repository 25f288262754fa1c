// The ROI stories and the traps of issue 14, in English and Swedish: the claimed improvement
// drives the formula, the seller's price is the cost side, no assumed scale is hidden, a contract
// value is never a saving, currencies are named.
import { describe, expect, it } from 'vitest'
import { describeText, figure, used } from './builtin-analyzer-fixtures.ts'
import { inspectAnalysis } from './inspect.ts'

describe('time saved', () => {
  it('applies the claimed reduction to the time spent, never shows the time spent as the saving', () => {
    const report = describeText(
      'Our assistant reduces handling time by 45%. Your 12 agents each spend 20 hours a week on tickets at a cost of $40 per hour.',
    )
    expect(report.story).toBe('timeSaved')
    expect(figure(report, '45%')).toMatchObject({ role: 'improvement' })
    expect(['slider', 'constant']).toContain(figure(report, '45%').use)
    // 20 h × 12 × 45% × $40 × 52 weeks
    expect(report.yearlyAtDefaults).toBeCloseTo(20 * 12 * 0.45 * 40 * 52, 0)
  })

  it('reads volume × minutes with the reduction, in Swedish', () => {
    const report = describeText(
      'Vi minskar handläggningstiden med 30 %. Ni hanterar 1 200 fakturor i månaden och varje faktura tar 6 minuter.',
      { language: 'sv' },
    )
    expect(report.story).toBe('timeSaved')
    expect(used(report, '30 %')).toBe(true)
    expect(used(report, '1 200 fakturor')).toBe(true)
    expect(used(report, '6 minuter')).toBe(true)
    expect(report.calculatorData.parameters.every((parameter) => /\p{L}/u.test(parameter.label))).toBe(true)
    expect(report.calculatorData.description).toContain('bygger på')
  })

  it('values the time at the customer’s cost, not at the seller’s hourly rate', () => {
    const report = describeText(
      'Our consultants charge $180 per hour. We cut the time your team spends on month-end close by 40%; your 6 accountants spend 30 hours a month on it.',
    )
    expect(figure(report, '$180')).toMatchObject({ role: 'price' })
    const hourly = report.calculatorData.parameters.find((parameter) => parameter.name === 'hourlyCost')
    expect(hourly?.defaultValue).not.toBe(180)
  })

  it('never multiplies by an assumed team silently: the assumed number of people is a visible slider of 1', () => {
    const report = describeText('Our tool saves each user 3 hours a week.', { complexity: 'minimal' })
    const people = report.calculatorData.parameters.find((parameter) => parameter.name === 'numberOfPeople')
    expect(people).toMatchObject({ defaultValue: 1, source: { kind: 'assumption' } })
  })
})

describe('cost reduced', () => {
  it('applies "minskar kostnaden med 30 %" to a Swedish unit price and volume', () => {
    const report = describeText(
      'Vi minskar kostnaden för utskrifter med 30 %. Ni skriver ut 20 000 sidor i månaden till 2,50 kr per sida.',
      { language: 'sv' },
    )
    expect(report.story).toBe('costReduced')
    expect(figure(report, '2,50 kr')).toMatchObject({ value: 2.5, role: 'baseline' })
    expect(report.yearlyAtDefaults).toBeCloseTo(20_000 * 2.5 * 0.3 * 12, 0)
  })

  it('sets a recurring price against the saving, as the calculator’s price', () => {
    const report = describeText('You spend $8,000 per month on cloud hosting. We cut that cost by 25%. Our service is $500 per month.')
    expect(report.story).toBe('costReduced')
    expect(figure(report, '$500')).toMatchObject({ role: 'price' })
    // The value before the price; the price is the calculator's own, set against it (decision 101).
    expect(report.yearlyAtDefaults).toBeCloseTo(8000 * 0.25 * 12, 0)
    expect(report.calculatorData.price).toMatchObject({ amount: 500, period: 'month' })
  })
})

describe('cost reduced: what the customer uses up, and fewer of the units it pays for', () => {
  const FUEL = 'Our route planning cuts fuel use by 12%. A truck drives 2,000 miles per week at $0.60 of fuel per mile.'

  it.each(['minimal', 'balanced', 'advanced'] as const)(
    'reads "cuts fuel use by 12%" at "$0.60 of fuel per mile" as a cost reduced, all three figures stated (%s)',
    (complexity) => {
      const report = describeText(FUEL, { complexity })
      expect(report.story).toBe('costReduced')
      expect(figure(report, '12%')).toMatchObject({ role: 'improvement' })
      expect(figure(report, '$0.60')).toMatchObject({ text: '$0.60 of fuel per mile', role: 'baseline' })
      for (const text of ['12%', '$0.60', '2,000 miles']) expect(used(report, text)).toBe(true)
      // Nothing assumed: no invented "rate today", no assumed reduction in place of the stated 12%.
      expect(report.calculatorData.parameters.filter((parameter) => parameter.source?.kind === 'assumption')).toEqual([])
      expect(report.calculatorData.explanation).not.toMatch(/assumed|rate today/iu)
      // 2,000 miles × $0.60 × 12% × 52 weeks, for the one truck the text speaks of.
      expect(report.yearlyAtDefaults).toBeCloseTo(2_000 * 0.6 * 0.12 * 52, 0)
    },
  )

  it('tells the same story of a document', () => {
    const report = inspectAnalysis({
      kind: 'document',
      pages: [{ page: 1, text: `Proposal: route planning for Nordic Freight\n${FUEL}` }],
      complexity: 'balanced',
      language: 'en',
      currency: 'USD',
    })
    expect(report.story).toBe('costReduced')
    expect(report.calculatorData.parameters.every((parameter) => parameter.source?.kind === 'document')).toBe(true)
    expect(report.yearlyAtDefaults).toBeCloseTo(2_000 * 0.6 * 0.12 * 52, 0)
  })

  it.each([
    ['Our sensors cut energy use by 8%. Your plant uses 400,000 kWh a month at $0.12 per kWh.', 'en', 400_000 * 0.12 * 0.08 * 12],
    [
      'Our print management reduces paper consumption by 30 %. You print 40,000 pages a month at $0.05 per page.',
      'en',
      40_000 * 0.05 * 0.3 * 12,
    ],
    ['Our software reduces the use of paper by 30%. You print 40,000 pages a month at $0.05 per page.', 'en', 40_000 * 0.05 * 0.3 * 12],
    [
      'Vår ruttplanering minskar bränsleförbrukningen med 12 %. En lastbil kör 800 mil i veckan till 0,60 kr per mil.',
      'sv',
      800 * 0.6 * 0.12 * 52,
    ],
    [
      'Vår ruttplanering minskar bränsleförbrukningen med 12 %. En lastbil kör 800 mil i veckan och bränslet kostar 0,60 kr per mil.',
      'sv',
      800 * 0.6 * 0.12 * 52,
    ],
    [
      'Med vårt styrsystem minskar energianvändningen med 8 %. Fastigheten använder 400 000 kWh per år till 1,20 kr per kWh.',
      'sv',
      400_000 * 1.2 * 0.08,
    ],
  ] as const)('applies the stated reduction to the units used at their stated cost: %s', (text, language, yearly) => {
    const report = describeText(text, { language })
    expect(report.story).toBe('costReduced')
    expect(report.calculatorData.parameters.filter((parameter) => parameter.source?.kind === 'assumption')).toEqual([])
    expect(report.yearlyAtDefaults).toBeCloseTo(yearly, 0)
  })

  it('reads fewer of the units the customer pays for as a cost reduced ("cuts inbound calls by 30%")', () => {
    const report = describeText('Our chatbot cuts inbound calls by 30%. Your centre takes 2,000 calls a month, and each call costs $5.')
    expect(report.story).toBe('costReduced')
    expect(report.yearlyAtDefaults).toBeCloseTo(2_000 * 5 * 0.3 * 12, 0)
  })

  it('never replaces a reduction claimed on the volume itself with an assumed one, nor adds an assumed rate', () => {
    const report = describeText('Vår chattbot minskar inkommande samtal med 30 %. Ni tar emot 2 000 samtal i månaden.', { language: 'sv' })
    expect(figure(report, '30 %')).toMatchObject({ role: 'improvement', use: 'slider' })
    expect(report.calculatorData.parameters.map((parameter) => parameter.name)).not.toContain('ratePercent')
    expect(report.calculatorData.explanation).not.toMatch(/andel i dag/iu)
  })
})

describe('price comparison', () => {
  it('compares what the customer pays today with the offer', () => {
    const report = describeText('You spend $2,000 per month on your current telephony provider. Our plan is $900 per month.')
    expect(report.story).toBe('priceComparison')
    expect(report.yearlyAtDefaults).toBeCloseTo((2000 - 900) * 12, 0)
  })
})

describe('revenue lift', () => {
  it('applies the stated growth to the stated revenue', () => {
    const report = describeText('Your online store turns over $150,000 per month. Our recommendations increase revenue by 6%.')
    expect(report.story).toBe('revenueLift')
    expect(report.yearlyAtDefaults).toBeCloseTo(150_000 * 0.06 * 12, 0)
  })
})

describe('losses avoided', () => {
  it('applies a relative reduction to the stated loss rate', () => {
    const report = describeText(
      'Clinics see a no-show rate of 15% on 400 appointments a month; each missed appointment costs $120. Our reminders reduce no-shows by 40%.',
    )
    expect(report.story).toBe('lossAvoided')
    expect(used(report, '15%')).toBe(true)
    expect(used(report, '40%')).toBe(true)
    expect(report.yearlyAtDefaults).toBeCloseTo(400 * 0.15 * 0.4 * 120 * 12, 0)
  })
})

describe('documents and descriptions that claim nothing', () => {
  it('never turns a purchasing ceiling into savings', () => {
    const report = inspectAnalysis({
      kind: 'document',
      pages: [
        {
          page: 1,
          text: 'Request for Quotation. The estimated total value of the BPA is $100 million over five years. Offerors shall submit hourly labor rates.',
        },
      ],
      complexity: 'advanced',
      language: 'en',
      currency: 'USD',
    })
    expect(report.story).toBe('noValueClaim')
    expect(report.noValueClaim).toBe(true)
    expect(figure(report, '$100 million')).toMatchObject({ role: 'contractValue', use: 'unused' })
    expect(report.calculatorData.valueType).toBeUndefined()
    expect(report.calculatorData.description).toContain('states no saving')
  })

  it('says so in Swedish for a call-off request', () => {
    const report = inspectAnalysis({
      kind: 'document',
      pages: [
        { page: 1, text: 'Avropsförfrågan enligt ramavtal. Uppdraget omfattar 40 timmar per vecka. Leverantören anger timpris i anbudet.' },
      ],
      complexity: 'advanced',
      language: 'sv',
      currency: 'SEK',
    })
    expect(report.story).toBe('noValueClaim')
    expect(figure(report, '40 timmar')).toMatchObject({ use: 'slider' })
    expect(report.calculatorData.description).toContain('anger ingen besparing')
  })
})

describe('currencies', () => {
  it('converts an amount without a fixed rate at a named indicative rate, never shows rand as dollars', () => {
    const report = inspectAnalysis({
      kind: 'document',
      pages: [{ page: 1, text: 'South Africa. You spend R 40 000 per month on courier services. We reduce that cost by 20%.' }],
      complexity: 'advanced',
      language: 'en',
      currency: 'USD',
    })
    const cost = report.calculatorData.parameters.find(
      (parameter) => parameter.source?.kind === 'document' && (parameter.source.quote ?? '').includes('R 40 000'),
    )
    expect(cost?.defaultValue).toBeCloseTo(40_000 * 0.055, 0)
    expect(cost?.description).toContain('1 ZAR = 0.055 USD')
  })
})

describe('honesty', () => {
  it('never says "no figure" when the text states one, and quotes every stated default', () => {
    const report = describeText('We process 300 tickets per week; each ticket takes 12 minutes. Our triage cuts that time by a third.')
    for (const parameter of report.calculatorData.parameters) {
      if (parameter.source?.kind === 'description')
        expect('We process 300 tickets per week; each ticket takes 12 minutes. Our triage cuts that time by a third.').toContain(
          parameter.source.quote,
        )
    }
    expect(report.calculatorData.description).not.toMatch(/No usable figure/)
  })
})
