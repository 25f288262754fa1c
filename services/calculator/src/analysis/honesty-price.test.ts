// Issue 35's price rules of the honesty checker: a stated price is the calculator's price (so ROI
// and payback use it), its amount is its quote's figure or its formula at the defaults, and without
// a price ROI and payback are never stated unless called estimates.
import { validateCalculatorData, type CalculatorData, type CalculatorDataInput } from '@valueproof/formula'
import { describe, expect, it } from 'vitest'
import { honestyProblems, type HonestyRule } from './honesty.ts'
import type { AnalysisInput } from './types.ts'

const CLEANING =
  'Today a typical customer keeps two in-house cleaners at $7,500 a month. Our service replaces that. Our price is $4,900 per month.'

function describing(text: string, language: 'en' | 'sv' = 'en'): AnalysisInput {
  return { kind: 'description', pages: [{ page: 1, text }], complexity: 'balanced', language, currency: language === 'sv' ? 'SEK' : 'USD' }
}

function calculator(
  extra: Partial<CalculatorDataInput> = {},
  quote = 'Today a typical customer keeps two in-house cleaners at $7,500 a month.',
): CalculatorData {
  const result = validateCalculatorData({
    name: 'Cleaning',
    formula: 'inHouse * 12',
    parameters: [
      {
        name: 'inHouse',
        label: 'In-house cleaning per month',
        unit: 'USD',
        min: 0,
        max: 20_000,
        step: 100,
        defaultValue: 7500,
        source: { kind: 'description', quote },
      },
    ],
    baseCurrency: 'USD',
    baseTimeframe: 'yearly',
    ...extra,
  })
  if (!result.ok) throw new Error(JSON.stringify(result.problems))
  return result.calculatorData
}

const rules = (data: CalculatorData, text = CLEANING, language: 'en' | 'sv' = 'en'): HonestyRule[] =>
  honestyProblems(data, describing(text, language)).map((problem) => problem.rule)

const priced = { amount: 58_800, period: 'year', source: { kind: 'description', quote: 'Our price is $4,900 per month.' } } as const

describe('price_not_used', () => {
  it('flags a stated price the calculator leaves out of ROI and payback, and accepts it as the price', () => {
    expect(rules(calculator())).toEqual(['price_not_used'])
    expect(rules(calculator({ price: priced }))).toEqual([])
  })

  it.each([
    'We charge $6 per payslip.',
    'The subscription is $45,000 a year.',
    'Pricing: $9 per lot per month.',
    'Our tool costs just $8 per user per month.',
    'A one-off setup fee of $2,000 applies.',
  ])('reads the offer’s price in "%s"', (sentence) => {
    expect(rules(calculator(), `${CLEANING.split(' Our price')[0] ?? ''} ${sentence}`)).toEqual(['price_not_used'])
  })

  it.each([
    'Vi tar 390 kr per maskin och månad.',
    'Licensen kostar 9 900 kr i månaden.',
    'Pris: 4 500 kr per butik och månad, installation 95 000 kr per butik.',
    'Abonnemanget kostar 1 200 DKK per månad.',
  ])('reads a Swedish price: "%s"', (sentence) => {
    const text = `I dag lägger kunden 60 000 kr i månaden på städning. ${sentence}`
    const swedish = calculator({
      baseCurrency: 'SEK',
      language: 'sv',
      parameters: [
        {
          name: 'idag',
          label: 'Städning per månad',
          unit: 'SEK',
          min: 0,
          max: 100_000,
          step: 100,
          defaultValue: 60_000,
          source: { kind: 'description', quote: 'I dag lägger kunden 60 000 kr i månaden på städning.' },
        },
      ],
      formula: 'idag * 12',
    })
    expect(rules(swedish, text, 'sv')).toEqual(['price_not_used'])
  })

  it.each([
    'Every waiting hour costs you €55 in detention charges.',
    'En sjukdag kostar er ca 2 900 kr.',
    'IT was paying for 1,450 seats at €33.75 per seat per month.',
    'Diesel costs $4.10 a gallon.',
    'Pricing: Starter is $29 per user per month, Team is $24 per user per month and Enterprise is $19 per user per month.',
  ])('does not take what the customer pays, or a price list, for the offer’s price: "%s"', (sentence) => {
    expect(rules(calculator(), `Today a typical customer keeps two in-house cleaners at $7,500 a month. ${sentence}`)).toEqual([])
  })

  it('asks a value calculator for a field that shows the price', () => {
    const value = (fields: CalculatorDataInput['valueFields']) =>
      calculator({ calculatorType: 'value', formula: '', parameters: [], valueFields: fields })
    expect(rules(value([{ name: 'saving', label: 'Saving per year', defaultValue: 90_000, highlight: true }]))).toEqual(['price_not_used'])
    expect(
      rules(
        value([
          { name: 'saving', label: 'Saving per year', defaultValue: 90_000 },
          { name: 'pricePerMonth', label: 'Price per month', defaultValue: 4900 },
          { name: 'net', label: 'Net value per year', calculated: true, formula: 'saving - pricePerMonth * 12', highlight: true },
        ]),
      ),
    ).toEqual([])
  })
})

describe('price_not_in_quote', () => {
  it('wants the amount to be its formula at the defaults', () => {
    const parameters = [
      ...calculator().parameters,
      {
        name: 'pricePerMonth',
        label: 'Price per month',
        unit: 'USD',
        min: 0,
        max: 10_000,
        step: 100,
        defaultValue: 4900,
        source: { kind: 'description' as const, quote: 'Our price is $4,900 per month.' },
      },
    ]
    expect(rules(calculator({ parameters, price: { ...priced, formula: 'pricePerMonth * 12' } }))).toEqual([])
    // A share of the gain whose formula forgot the gain: the amount on screen would follow the share alone.
    const problems = honestyProblems(
      calculator({ parameters, price: { ...priced, formula: '(pricePerMonth / 100)' } }),
      describing(CLEANING),
    )
    expect(problems.map((problem) => [problem.rule, problem.path])).toEqual([['price_not_in_quote', 'price.amount']])
    expect(problems[0]?.message).toContain('at the defaults (49)')
  })

  it('wants an amount without a formula to come from its quote, converted at a rate the calculator names', () => {
    expect(rules(calculator({ price: { ...priced, amount: 60_000 } }))).toEqual(['price_not_in_quote'])
    const zar = 'A municipality loses $99,000 a year to tampering. Installation is a once-off R 120,000.'
    const installation = {
      amount: 6600,
      period: 'one-off',
      source: { kind: 'description', quote: 'Installation is a once-off R 120,000.' },
    } as const
    const loss = calculator({}, 'A municipality loses $99,000 a year to tampering.').parameters[0]
    const base = { formula: 'loss', parameters: [{ ...loss, name: 'loss', label: 'Loss per year', max: 500_000, defaultValue: 99_000 }] }
    expect(rules(calculator({ ...base, price: installation }), zar)).toEqual(['price_not_in_quote'])
    expect(rules(calculator({ ...base, price: installation, explanation: 'Rand are converted at 1 ZAR = 0.055 USD.' }), zar)).toEqual([])
  })
})

describe('estimate_unlabelled', () => {
  const assumptionOnly = (explanation: string) => calculator({ explanation, price: priced })

  it('flags an ROI or payback figure stated without a price unless it is called an estimate', () => {
    const text = 'Today a typical customer keeps two in-house cleaners at $7,500 a month.'
    expect(rules(calculator({ explanation: 'It pays back in 4 months, an ROI of 300%.' }), text)).toEqual(['estimate_unlabelled'])
    expect(rules(calculator({ explanation: 'Estimated payback: 4 months.' }), text)).toEqual([])
    expect(rules(calculator({ explanation: 'Återbetalningstiden är 4 månader.' }), text)).toEqual(['estimate_unlabelled'])
    expect(rules(calculator({ explanation: 'En uppskattad återbetalningstid på 4 månader.' }), text)).toEqual([])
    expect(rules(assumptionOnly('It pays back in 4 months.'))).toEqual([])
  })

  it('asks a value calculator’s ROI field for a price or an estimate label', () => {
    const text = 'Today a typical customer keeps two in-house cleaners at $7,500 a month.'
    const value = (label: string, formula: string) =>
      calculator({
        calculatorType: 'value',
        formula: '',
        parameters: [],
        valueFields: [
          { name: 'saving', label: 'Saving per year', defaultValue: 90_000 },
          { name: 'cost', label: 'Price per year', defaultValue: 58_800 },
          { name: 'roi', label, calculated: true, formula, highlight: true },
        ],
      })
    expect(rules(value('ROI (%)', 'saving / (saving * 0.2) * 100'), text)).toEqual(['estimate_unlabelled'])
    expect(rules(value('ROI, estimated (%)', 'saving / (saving * 0.2) * 100'), text)).toEqual([])
    expect(rules(value('ROI (%)', '(saving - cost) / cost * 100'), text)).toEqual([])
  })
})
