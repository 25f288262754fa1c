// The stories added for issue 14's evaluation set, in English and Swedish: who pays an amount when a
// sentence states several, losses stated as amounts, capacity put to a stated use, work handed
// over, unit prices against today's, one-off prices, costs that disappear, and descriptions that
// ask for offers or list prices.
import { describe, expect, it } from 'vitest'
import { conversionRate } from '@valueproof/formula'
import { describeText, figure, used } from './builtin-analyzer-fixtures.ts'
import { inspectAnalysis } from './inspect.ts'
import { INDICATIVE_USD_RATES } from './terms.ts'

describe('who pays an amount, when a sentence states several', () => {
  it('takes "and the service costs $1,500 per month" as the price, beside the customer’s own spend', () => {
    const report = describeText(
      'Switching your fleet to our route optimisation cuts fuel costs by 12%. You spend $38,000 a month on fuel today, and the service costs $1,500 per month.',
    )
    expect(figure(report, '$1,500')).toMatchObject({ role: 'price' })
    expect(figure(report, '$38,000')).toMatchObject({ role: 'baseline' })
    // $38,000 × 12% × 12 months, before the price, which the calculator carries as its price (decision 101).
    expect(report.yearlyAtDefaults).toBeCloseTo(38_000 * 0.12 * 12, 0)
    expect(report.calculatorData.price).toMatchObject({ amount: 1_500, period: 'month' })
  })

  it('takes what a craftsman costs the company as the customer’s hourly cost, in Swedish', () => {
    const report = describeText(
      'Vår app för tidrapportering sparar varje hantverkare ungefär 20 minuter per dag. En hantverkare kostar företaget 480 kr i timmen.',
      { language: 'sv' },
    )
    expect(figure(report, '480 kr')).toMatchObject({ role: 'baseline' })
    // The calculator says which language it is written in, so its page can speak it (issue 15).
    expect(report.calculatorData.language).toBe('sv')
    // 20 minutes a day ÷ 60 × 480 kr × 365 days, for the one craftsman the text speaks of.
    expect(report.yearlyAtDefaults).toBeCloseTo((20 / 60) * 480 * 365, 0)
  })

  it('names what a claim is about by the word nearest to it: "handling time … falls by 70% and late fees disappear"', () => {
    const report = describeText(
      'Today your team handles 2,500 invoices a month at 12 minutes each, at a cost of $35 an hour. With us, handling time per invoice falls by 70% and late fees disappear.',
    )
    expect(report.story).toBe('timeSaved')
    expect(used(report, '70%')).toBe(true)
  })
})

describe('losses stated as amounts', () => {
  it('applies the reduction to the stated loss and converts rand at a named rate', () => {
    const report = describeText('A municipality loses R 1.8 million a year to meter tampering, and our rollout cuts that by 60%.', {
      currency: 'USD',
    })
    expect(report.story).toBe('lossAvoided')
    expect(figure(report, 'R 1.8 million')).toMatchObject({ currency: 'ZAR', role: 'baseline' })
    const loss = report.calculatorData.parameters.find((parameter) => parameter.name === 'lossPerYear')
    expect(loss?.description).toMatch(/1 ZAR = 0\.055 USD/)
    expect(report.yearlyAtDefaults).toBeCloseTo(1_800_000 * 0.055 * 0.6, 0)
  })

  it('converts Norwegian crowns at a named rate, in Swedish, never as kronor', () => {
    const text = 'Vår ruttplanering minskar bränslekostnaden med 12 %. Ett åkeri lägger i dag NOK 180 000 i månaden på bränsle.'
    const report = describeText(text, { language: 'sv' })
    expect(report.story).toBe('costReduced')
    expect(figure(report, 'NOK 180 000')).toMatchObject({ currency: 'NOK', role: 'baseline' })
    const rate = Number((INDICATIVE_USD_RATES.NOK * conversionRate('USD', 'SEK')).toPrecision(3))
    const cost = report.calculatorData.parameters.find((parameter) => parameter.source?.kind === 'description' && parameter.unit !== '%')
    expect(cost?.description).toContain(`1 NOK = ${String(rate).replace('.', ',')} SEK`)
    expect(report.yearlyAtDefaults).toBeCloseTo(180_000 * rate * 0.12 * 12, 0)
  })

  it('converts Canadian dollars written C$ or as a bare "$" in a text that names CAD, at a named rate', () => {
    for (const text of [
      'Our dispatch platform cuts courier spend by 15%. You spend C$40,000 a month on couriers today.',
      'All prices are in CAD. Our dispatch platform cuts courier spend by 15%. You spend $40,000 a month on couriers today.',
    ]) {
      const report = describeText(text, { currency: 'USD' })
      expect(figure(report, '40,000')).toMatchObject({ currency: 'CAD', role: 'baseline' })
      expect(report.calculatorData.parameters.some((parameter) => /1 CAD = 0\.73 USD/.test(parameter.description ?? ''))).toBe(true)
      expect(report.yearlyAtDefaults).toBeCloseTo(40_000 * 0.73 * 0.15 * 12, 0)
    }
  })

  it('values customers lost at what each is worth a year, in Swedish', () => {
    const report = describeText(
      'Vår lojalitetsplattform minskar kundbortfallet från 15 % till 11 % per år. Ni har 2 000 företagskunder som i snitt betalar 24 000 kr per år.',
      { language: 'sv' },
    )
    expect(report.story).toBe('lossAvoided')
    expect(report.yearlyAtDefaults).toBeCloseTo(2_000 * 0.04 * 24_000, 0)
  })
})

describe('capacity put to a stated use', () => {
  it('values freed hours by the appointments they make room for, not by an hourly cost on top', () => {
    const report = describeText(
      "Our AI scribe frees about 6 hours a week of documentation time for each physician. Your clinic's 8 physicians could fill that time with appointments: two an hour at $110 each.",
    )
    expect(report.story).toBe('capacityFreed')
    expect(report.yearlyAtDefaults).toBeCloseTo(6 * 8 * 2 * 110 * 52, 0)
  })

  it('values the extra visits the freed time brings, in Swedish', () => {
    const report = describeText(
      'Vår bokningsrobot frigör 25 timmar i veckan i receptionen. Receptionisterna hinner i stället ringa kunder, vilket ger 10 extra besök i veckan à 1 200 kr.',
      { language: 'sv' },
    )
    expect(report.story).toBe('capacityFreed')
    expect(report.yearlyAtDefaults).toBeCloseTo(10 * 1_200 * 52, 0)
  })
})

describe('prices against today’s', () => {
  it('sets the hours handed over at the customer’s cost against the seller’s hours at the seller’s rate', () => {
    const report = describeText(
      "I'm a freelance bookkeeper and charge $65 an hour. I'd take over the 30 hours a month your operations manager spends on bookkeeping; I need about 12 hours for the same work. Your manager's time costs you $55 an hour.",
    )
    expect(report.story).toBe('priceComparison')
    expect(figure(report, '$65')).toMatchObject({ role: 'price' })
    expect(report.yearlyAtDefaults).toBeCloseTo((30 * 55 - 12 * 65) * 12, 0)
  })

  it('compares a price per unit with today’s, in Swedish', () => {
    const report = describeText(
      'Vi skriver ut och kuverterar era fakturor för 2,50 kr per sida. I dag kostar det er 4,10 kr per sida i egen regi, och ni skickar 18 000 sidor i månaden.',
      { language: 'sv' },
    )
    expect(report.story).toBe('priceComparison')
    expect(figure(report, '2,50 kr')).toMatchObject({ role: 'price' })
    expect(report.yearlyAtDefaults).toBeCloseTo(18_000 * (4.1 - 2.5) * 12, 0)
  })

  it('multiplies a per-vehicle claim by the fleet the text states "each"', () => {
    const report = describeText(
      "Our telematics program lowers your trucks' running cost from $0.62 to $0.47 per mile. Your 25 trucks drive 9,000 miles a month each.",
    )
    expect(report.story).toBe('costReduced')
    expect(used(report, '25 trucks')).toBe(true)
    // The reduction is derived from the pair and shown as 24.19% (two decimals).
    expect(report.yearlyAtDefaults).toBeCloseTo(25 * 9_000 * 0.62 * 0.2419 * 12, 0)
  })

  it('nets a price per unit of the volume off the value ("£2,500 per bid")', () => {
    const report = describeText(
      'Our bid-writing service raises your tender win rate from 15% to 25%. You submit about 40 bids a year with an average contract value of £80,000, and we charge a flat £2,500 per bid.',
      { currency: 'EUR' },
    )
    expect(figure(report, '£2,500')).toMatchObject({ role: 'price' })
    expect(used(report, '£2,500')).toBe(true)
  })
})

describe('one-off prices and costs that disappear', () => {
  const hotel =
    "Our energy management system lowers a hotel's electricity bill by 18%. A 120-room hotel spends €14,500 a month on electricity. Installation is a one-off €9,000."

  it('names a one-off price in a slider calculator’s explanation, outside the monthly result', () => {
    const report = describeText(hotel, { currency: 'EUR' })
    expect(used(report, '€9,000')).toBe(true)
    expect(report.calculatorData.formula).not.toContain('9000')
    expect(report.calculatorData.explanation).toContain('One-off price: €9,000')
  })

  it('gives a value calculator the one-off price as an input and its payback as a metric', () => {
    const calculator = describeText(hotel, { currency: 'EUR', complexity: 'value' }).calculatorData
    expect(calculator.parameters.find((parameter) => parameter.name === 'oneOffPrice')?.defaultValue).toBe(9_000)
    expect(calculator.valueFields.find((field) => field.name === 'paybackMonths')?.formula).toContain('oneOffPrice')
  })

  it('adds a cost the text says disappears, in full, to the value', () => {
    const report = describeText(
      'Today your 4 clerks handle 2,500 invoices a month at 12 minutes each, at a loaded cost of $35 an hour, and late-payment fees add $1,200 a month. With us, handling time per invoice falls by 70% and late fees disappear.',
      { complexity: 'minimal' },
    )
    expect(used(report, '$1,200')).toBe(true)
    expect(report.yearlyAtDefaults).toBeCloseTo((2_500 * (12 / 60) * 0.7 * 35 + 1_200) * 12, 0)
  })
})

describe('descriptions that claim nothing', () => {
  it.each([
    'Request for quotation: the City of Maple Ridge seeks a contractor for janitorial services at 14 municipal buildings for a 36-month term. The estimated contract value is $2.4 million.',
    'We request $450,000 over three years from the foundation to expand our literacy program to 1,200 students.',
    'Prislista 2025: Bas kostar 1 495 kr per månad för upp till 5 användare, Plus kostar 2 490 kr per månad för upp till 20 användare.',
    'Vi söker 2,4 miljoner kronor från Vinnova för ett tvåårigt projekt: 1,8 miljoner kronor till personal.',
  ])('%s', (text) => {
    const report = describeText(text, { language: /[åäö]/u.test(text) ? 'sv' : 'en', currency: /kr/u.test(text) ? 'SEK' : 'USD' })
    expect(report.story).toBe('noValueClaim')
    expect(report.noValueClaim).toBe(true)
  })
})

describe('contracts and revenue shares in texts that claim nothing', () => {
  it('spreads an estimated contract value over its term and the units it covers', () => {
    const report = describeText(
      'Request for quotation: janitorial services at 14 municipal buildings for a 36-month term. The estimated contract value is $2.4 million.',
    )
    expect(report.story).toBe('noValueClaim')
    expect(report.calculatorData.formula).toBe('contractValue / termInMonths / unitsCovered')
    expect(report.yearlyAtDefaults).toBeCloseTo((2_400_000 / 36 / 14) * 12, 0)
  })

  it('names a ceiling but never spreads it over months as if spent', () => {
    const report = describeText('Request for quotation: the total value of the BPA may not exceed a ceiling of $100 million over 3 years.')
    expect(report.story).toBe('noValueClaim')
    expect(figure(report, '$100 million').use).toBe('unused')
  })

  it('gives the provider’s share of a revenue the reader sets, below and above the threshold', () => {
    const text = [
      'Schedule 1',
      'Monthly Revenue\tBelow Threshold\tAbove Threshold',
      'Type\tThreshold\tCustomer\tKubient\tCustomer\tKubient',
      'Programmatic/Display\t$ 300,000.00\t90 %\t10%\t50 %\t50 %',
      'Video\t$ 30,000.00\t100%\t0 %\t50 %\t50 %',
    ].join('\n')
    const report = inspectAnalysis({
      kind: 'document',
      pages: [{ page: 2, text }],
      complexity: 'advanced',
      language: 'en',
      currency: 'USD',
    })
    expect(report.story).toBe('noValueClaim')
    expect(report.calculatorData.formula).toBe(
      'min(revenuePerMonth, 300000) * shareBelowThreshold / 100 + max(revenuePerMonth - 300000, 0) * shareAboveThreshold / 100',
    )
    expect(used(report, '$ 30,000.00')).toBe(true)
    // $300,000 at the first threshold × 10% to the provider, per month.
    expect(report.yearlyAtDefaults).toBeCloseTo(300_000 * 0.1 * 12, 0)
  })
})
