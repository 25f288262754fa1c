import { validateCalculatorData, type CalculatorData, type CalculatorDataInput, type ParameterSource } from '@valueproof/formula'
import { describe, expect, it } from 'vitest'
import { showsAs } from './honesty-derivations.ts'
import { dollarOf, readNumbers } from './honesty-numbers.ts'
import { honestyProblems, type HonestyRule } from './honesty.ts'
import type { AnalysisInput } from './types.ts'

type ParameterInput = CalculatorDataInput['parameters'][number]

function describing(text: string, options: Partial<AnalysisInput> = {}): AnalysisInput {
  return { kind: 'description', pages: [{ page: 1, text }], complexity: 'balanced', language: 'en', currency: 'USD', ...options }
}

function parameter(name: string, defaultValue: number, source: ParameterSource, extra: Partial<ParameterInput> = {}): ParameterInput {
  return { name, label: name, unit: '', min: 0, max: 10_000_000, step: 0.01, defaultValue, source, ...extra }
}

const quoted = (quote: string): ParameterSource => ({ kind: 'description', quote })
const assumed = (note: string): ParameterSource => ({ kind: 'assumption', note })

function calculator(parameters: ParameterInput[], extra: Partial<CalculatorDataInput> = {}): CalculatorData {
  const validation = validateCalculatorData({
    name: 'Test',
    description: '',
    explanation: '',
    formula: parameters.map((each) => each.name).join(' * '),
    parameters,
    baseCurrency: 'USD',
    baseTimeframe: 'yearly',
    ...extra,
  })
  if (!validation.ok) throw new Error(JSON.stringify(validation.problems))
  return validation.calculatorData
}

/** The rules broken by one parameter quoting `text` (or part of it) with a default. */
function rulesFor(
  text: string,
  defaultValue: number,
  quote = text,
  extra: Partial<ParameterInput> = {},
  input: Partial<AnalysisInput> = {},
): HonestyRule[] {
  const data = calculator([parameter('figure', defaultValue, quoted(quote), extra)], { baseCurrency: input.currency ?? 'USD' })
  // One parameter's figure is the subject here; a text's price and its rule are tested in honesty-price.test.ts.
  return honestyProblems(data, describing(text, input))
    .map((problem) => problem.rule)
    .filter((rule) => rule !== 'price_not_used')
}

describe('readNumbers', () => {
  it.each([
    ['2 490 kr i månaden', [2490], 'SEK'],
    ['3,75 kr per sida', [3.75], 'SEK'],
    ['$12,500 a year', [12500, 12.5], 'USD'],
    ['2.4 FTE', [2.4], undefined],
    ['8 386 560 kr totalt', [8386560], 'SEK'],
    ['2 490,50 SEK', [2490.5], 'SEK'],
    ['1.234,56 €', [1234.56], 'EUR'],
    ['A$1,200 per month', [1200, 1.2], 'AUD'],
    ['R 1 200 per month', [1200], 'ZAR'],
    ['₹500 per seat', [500], 'INR'],
    ['2,5 MSEK', [2.5, 2_500_000], 'SEK'],
    ['45 %', [45, 0.45], undefined],
  ])('reads %s', (text, values, currency) => {
    const [first] = readNumbers(text)
    expect(first?.values).toEqual(values)
    expect(first?.currency).toBe(currency)
  })

  it('reads fraction and count words in both languages, and completes a range', () => {
    expect(readNumbers('halverar tiden').map((number) => number.values)).toEqual([[50, 0.5]])
    expect(readNumbers('cuts it by a third').map((number) => number.values[0])).toEqual([33.33])
    expect(readNumbers('dubbelt så många').map((number) => number.values)).toEqual([[100, 1, 2]])
    expect(readNumbers('five agents').map((number) => number.values)).toEqual([[5]])
    const range = readNumbers('10–20% faster')
    expect(range.map((number) => number.percent)).toEqual([true, true])
  })

  it.each([
    ['NOK 50,000 a month', [50_000, 50], 'NOK'],
    ['50 000 norska kronor', [50_000], 'NOK'],
    ['C$40,000', [40_000, 40], 'CAD'],
    ['1,200 CAD', [1_200, 1.2], 'CAD'],
    ['CHF 120 per hour', [120], 'CHF'],
    ['¥500,000', [500_000, 500], 'JPY'],
    ['PLN 50,000', [50_000, 50], 'PLN'],
    ['50 000 PLN', [50_000], 'PLN'],
  ])('reads the currency of %s, one it has no rate for too', (text, values, currency) => {
    const [first] = readNumbers(text)
    expect(first?.values).toEqual(values)
    expect(first?.currency).toBe(currency)
  })

  it("reads '$' as the only dollar a text names", () => {
    expect(readNumbers('All prices in AUD. Gold: $10,000.')[0]?.currency).toBe('AUD')
    expect(readNumbers('Gold: $10,000, about US$6,500.')[0]?.currency).toBe('USD')
  })

  it("names no dollars for words that only contain a code ('academic', 'decade', 'audience')", () => {
    for (const word of ['academic', 'decade', 'audience']) expect(dollarOf(`A ${word} fee: $10,000.`), word).toBe('USD')
    expect(dollarOf('A decade of audience research in Canadian dollars.')).toBe('CAD')
    expect(dollarOf('Academic fees: CA$2,000.')).toBe('CAD')
    expect(readNumbers('Our audience grew for a decade. Fee: $2,400.')[0]?.currency).toBe('USD')
  })
})

describe('showsAs', () => {
  it('accepts rounding to the digits shown, by at most 1%', () => {
    expect(showsAs(66.7, 200 / 3)).toBe(true)
    expect(showsAs(67, 200 / 3)).toBe(true)
    expect(showsAs(470, 468.9)).toBe(true)
    expect(showsAs(10_000, 10_420)).toBe(false)
    expect(showsAs(3, 2.6)).toBe(false)
  })
})

describe('honestyProblems: quote_not_in_text', () => {
  it('flags a quote the text does not contain, and accepts one with other spacing and dashes', () => {
    const text = 'Setup takes 2–3 weeks.\nOur clients save 12 hours   per week.'
    expect(rulesFor(text, 12, 'Our clients save 12 hours a week')).toEqual(['quote_not_in_text'])
    expect(rulesFor(text, 12, 'our clients save 12 hours per week.')).toEqual([])
    expect(rulesFor(text, 2, 'Setup takes 2-3 weeks')).toEqual([])
  })

  it("flags a document quote on another page than its source's", () => {
    const input: AnalysisInput = {
      ...describing(''),
      kind: 'document',
      pages: [
        { page: 1, text: 'Introduction' },
        { page: 2, text: 'A support agent costs 45 USD per hour.' },
      ],
    }
    const on = (page: number) =>
      honestyProblems(
        calculator([parameter('cost', 45, { kind: 'document', quote: 'A support agent costs 45 USD per hour.', page })]),
        input,
      )
    expect(on(2)).toEqual([])
    expect(on(1)).toEqual([expect.objectContaining({ rule: 'quote_not_in_text', path: 'parameters[0].source.page' })])
  })

  it("flags a document source without its quote (only the prospect's copy may leave it out)", () => {
    const input: AnalysisInput = {
      ...describing(''),
      kind: 'document',
      pages: [{ page: 1, text: 'A support agent costs 45 USD per hour.' }],
    }
    expect(honestyProblems(calculator([parameter('cost', 45, { kind: 'document', page: 1 })]), input)).toEqual([
      expect.objectContaining({ rule: 'quote_not_in_text', path: 'parameters[0].source.quote' }),
    ])
  })
})

describe('honestyProblems: figure_not_in_quote', () => {
  it('flags a default that is not in its quote', () => {
    expect(rulesFor('Our clients save 12 hours per week.', 30)).toEqual(['figure_not_in_quote'])
    expect(rulesFor('Our clients save 12 hours per week.', 12)).toEqual([])
  })

  it.each([
    ['Priset är 2 490 kr i månaden.', 2490],
    ['Utskrift kostar 3,75 kr per sida.', 3.75],
    ['The licence is $12,500 a year.', 12500],
    ['Kontraktsvärdet är 8 386 560 kr.', 8386560],
    ['A call takes 2.4 minutes.', 2.4],
  ])('reads the number formats of both languages: %s', (text, value) => {
    expect(rulesFor(text, value, text, {}, { currency: text.includes('kr') ? 'SEK' : 'USD' })).toEqual([])
  })

  it.each([
    ['handling time drops from 12 to 4 minutes', 66.7],
    ['handling time drops from 12 to 4 minutes', 8],
    ['errors fall from 12% to 8%', 4],
    ['errors fall from 12% to 8%', 33.3],
    ['the service costs $1,200 per month', 14_400],
    ['each agent spends 8 hours a week on triage', 416],
    ['conversion improves by 10–20%', 15],
    ['5 agents each handle 40 tickets a day', 200],
    ['det halverar tiden för avstämning', 50],
    ['it cuts rework by a third', 33.3],
    ['churn drops by 45 %', 0.45],
    ['Data/Newsletter\t$ -\t0 %\t0 %\t5 0 %', 50],
  ])('accepts a derivation: "%s" → %d', (text, value) => {
    expect(rulesFor(text, value)).toEqual([])
  })

  it('accepts a derivation the description shows, with a number from the quote', () => {
    const text = 'Ticket volume is 3 000 a month.'
    expect(rulesFor(text, 900)).toEqual(['figure_not_in_quote'])
    expect(
      rulesFor(text, 900, text, { description: 'The 30% of the 3 000 monthly tickets that are password resets (3 000 × 0.3).' }),
    ).toEqual([])
    expect(rulesFor(text, 900, text, { description: 'Calculated: 30 × 30 = 900.' })).toEqual(['figure_not_in_quote'])
    const yearly = 'Subscription rate is R55.89 per annum.'
    const shown = 'Stated as 55.89 ZAR; converted to USD at 1 ZAR = 0.055 USD. Stated per year; × 0.083 for one month.'
    expect(rulesFor(yearly, 0.256, yearly, { description: shown, unit: 'USD per month' })).toEqual([])
    expect(rulesFor('Our fee is $1,500 per month.', 375, undefined, { description: 'Stated per month; × 0.25 for one week.' })).toEqual([])
  })
})

describe('honestyProblems: currency_unlabelled', () => {
  const aud = 'Sponsorship costs A$2,400 per event.'

  it('flags an AUD amount shown as USD', () => {
    expect(rulesFor(aud, 2400, aud, { unit: 'USD', label: 'Sponsorship cost' })).toEqual(['currency_unlabelled'])
    expect(rulesFor('All prices are in AUD. Gold sponsorship: $2,400.', 2400, 'Gold sponsorship: $2,400.', { unit: '$' })).toEqual([
      'currency_unlabelled',
    ])
    expect(rulesFor('Fees are R 1 200 per month.', 1200, 'Fees are R 1 200 per month.', { unit: 'USD' })).toEqual(['currency_unlabelled'])
  })

  it('accepts an AUD amount labelled AUD, or converted with a named rate', () => {
    expect(rulesFor(aud, 2400, aud, { unit: 'AUD', label: 'Sponsorship cost' })).toEqual([])
    const converted = { unit: 'USD', label: 'Sponsorship cost', description: 'A$2,400 converted at 1 AUD = 0.65 USD.' }
    expect(rulesFor(aud, 1560, aud, converted)).toEqual([])
    expect(rulesFor(aud, 1560, aud, { ...converted, description: 'What a sponsorship costs.' })).toEqual([
      'figure_not_in_quote',
      'currency_unlabelled',
    ])
  })

  it('asks that a SPEC conversion be said, and leaves amounts in the base currency alone', () => {
    const usd = 'A support agent costs $45 per hour.'
    const sek = { currency: 'SEK' } as const
    expect(rulesFor(usd, 469, usd, { unit: 'kr/h', label: 'Agent cost' }, sek)).toEqual(['currency_unlabelled'])
    expect(rulesFor(usd, 469, usd, { unit: 'kr/h', label: 'Agent cost', description: 'Converted at 1 USD = 10.42 SEK.' }, sek)).toEqual([])
    expect(rulesFor(usd, 45, usd, { unit: 'kr/h', label: 'Agent cost' }, sek)).toEqual(['currency_unlabelled'])
    expect(rulesFor(usd, 45, usd, { unit: 'USD/h', label: 'Agent cost' }, sek)).toEqual([])
    expect(rulesFor('Priset är 2 490 kr i månaden.', 2490, undefined, { unit: 'kr' }, sek)).toEqual([])
    expect(rulesFor('AUD 2,400 for 8 seats.', 8, 'AUD 2,400 for 8 seats.', { unit: 'seats', label: 'Seats' })).toEqual([])
  })

  it("takes a '$' as US dollars in a text whose words only contain a code ('academic', 'decade', 'audience')", () => {
    const text = 'An academic team with a decade of research costs $45 per hour.'
    expect(rulesFor(text, 45, text, { unit: 'USD/h', label: 'Team cost' })).toEqual([])
  })
})

describe('honestyProblems: assumption_replaces_stated and false_no_figure', () => {
  const invoicing = 'We automate invoicing. Our clients spend 12 hours a week on invoicing today.'
  const hours = (source: ParameterSource, extra: Partial<ParameterInput> = {}) =>
    calculator([parameter('hours', 10, source, { label: 'Hours spent on invoicing per week', unit: 'hours', ...extra })])

  it('flags an assumption where the text states the figure, and says so of a "no figure" note', () => {
    const rules = (source: ParameterSource) => honestyProblems(hours(source), describing(invoicing)).map((problem) => problem.rule)
    expect(rules(assumed('A typical value.'))).toEqual(['assumption_replaces_stated'])
    expect(rules(assumed('Assumption — no figure in the description'))).toEqual(['assumption_replaces_stated', 'false_no_figure'])
    const swedish = 'Handläggarna lägger 6 timmar i veckan på manuell registrering.'
    const registration = calculator([
      parameter('timmar', 5, assumed('Antagande — ingen siffra i beskrivningen'), {
        label: 'Timmar på manuell registrering',
        unit: 'timmar',
      }),
    ])
    expect(honestyProblems(registration, describing(swedish, { language: 'sv' })).map((problem) => problem.rule)).toEqual([
      'assumption_replaces_stated',
      'false_no_figure',
    ])
  })

  it('flags an assumption that replaces an amount in a currency the analyzer has no rate for, whose unit is only a period', () => {
    const cost = calculator([
      parameter('currentCostPerMonth', 1000, assumed('Assumption — no figure in the description'), {
        label: 'Current cost per month',
        unit: 'per month',
      }),
    ])
    for (const text of [
      'You spend NOK 50,000 a month on courier services today. Our network cuts that cost by 20%.',
      'You spend PLN 50,000 a month on courier services today. Our network cuts that cost by 20%.',
      'You spend 50 000 PLN a month on courier services today. Our network cuts that cost by 20%.',
    ]) {
      expect(
        honestyProblems(cost, describing(text)).map((problem) => problem.rule),
        text,
      ).toEqual(['assumption_replaces_stated', 'false_no_figure'])
    }
  })

  it('ties a label to the claim or the baseline it is about', () => {
    const rules = (label: string, text: string, language: 'en' | 'sv' = 'en') =>
      honestyProblems(
        calculator([parameter('share', 20, assumed('A typical value.'), { label, unit: '%' })]),
        describing(text, { language }),
      ).map((problem) => problem.rule)
    expect(rules('Reduction in time spent', 'We halve the time your accountants spend on reconciliation.')).toEqual([
      'assumption_replaces_stated',
    ])
    expect(rules('Andel uteblivna i dag', 'Vi minskar uteblivna besök från 12 % till 4 %.', 'sv')).toEqual(['assumption_replaces_stated'])
    expect(rules('Increase', 'We raise the close rate by 0.5 percentage points.')).toEqual(['assumption_replaces_stated'])
    expect(rules('Reduction in cost', 'Your fee is reduced by 10% with annual billing.')).toEqual([])
  })

  it("leaves an assumption alone when the text's figure is about something else or is the seller's price", () => {
    const unrelated = honestyProblems(
      hours(assumed('Assumption — no figure in the description')),
      describing('Support answers within 4 hours.'),
    )
    expect(unrelated).toEqual([])
    const staffCost = calculator([
      parameter('kostnad', 450, assumed('Antagande — ingen siffra i beskrivningen'), {
        label: 'Timkostnad för era medarbetare',
        unit: 'kr/h',
      }),
    ])
    const seller = describing('Vårt timpris är 950 kr. Era medarbetare slipper manuell registrering.', { language: 'sv', currency: 'SEK' })
    expect(honestyProblems({ ...staffCost, baseCurrency: 'SEK' }, seller)).toEqual([])
  })

  it('flags a general "no usable figure" explanation only when the text states figures', () => {
    const allAssumed = calculator([parameter('hours', 10, assumed('A typical value.'), { label: 'Hours saved', unit: 'hours' })], {
      explanation: 'No usable figure was found in the description, so every value is an assumption.',
    })
    expect(honestyProblems(allAssumed, describing('We cut reporting time. A team of 5 people spends 30 hours a month on it.'))).toEqual([
      expect.objectContaining({ rule: 'false_no_figure', path: 'explanation' }),
    ])
    expect(honestyProblems(allAssumed, describing('We make reporting painless for small teams.'))).toEqual([])
    const tender = { ...allAssumed, explanation: 'The tender states no saving; the contract value is shown as it is.' }
    expect(honestyProblems(tender, describing('The contract is worth $2,000,000 over 4 years.'))).toEqual([])
  })
})

describe('honestyProblems: implausible_result', () => {
  const weekly = calculator(
    [
      parameter('hours', 12, quoted('save 12 hours per week'), { unit: 'hours' }),
      parameter('rate', 45, quoted('an agent costs $45 per hour'), { unit: 'USD' }),
    ],
    { baseTimeframe: 'weekly' },
  )
  const input = describing('We save 12 hours per week; an agent costs $45 per hour.')

  it('compares the yearly value at the defaults (12 × 45 × 52 = 28,080) with the bound', () => {
    expect(honestyProblems(weekly, input)).toEqual([])
    expect(honestyProblems(weekly, input, { maxYearlyValue: 28_080 })).toEqual([])
    expect(honestyProblems(weekly, input, { maxYearlyValue: 28_000 })).toEqual([
      expect.objectContaining({ rule: 'implausible_result', path: 'formula' }),
    ])
  })

  it('reads a subscription wording as a monthly result', () => {
    const subscription = { ...weekly, explanation: 'The saving per month.' }
    // 12 × 45 = 540 a month, 6,480 a year.
    expect(honestyProblems(subscription, input, { maxYearlyValue: 6_500 })).toEqual([])
    expect(honestyProblems(subscription, input, { maxYearlyValue: 6_400 }).map((problem) => problem.rule)).toEqual(['implausible_result'])
  })
})

describe("the offer's price (decision 101)", () => {
  const text = 'You spend $8,000 per month on hosting. We cut that by 25%. Our service is $500 per month.'
  const withPrice = (quote: string) =>
    calculator([parameter('spend', 8000, quoted('You spend $8,000 per month on hosting'))], {
      price: { amount: 500, period: 'month', source: { kind: 'description', quote } },
    })

  it('quotes its passage word for word, like any sourced default', () => {
    expect(honestyProblems(withPrice('Our service is $500 per month'), describing(text))).toEqual([])
    const problems = honestyProblems(withPrice('Our service is only $400 per month'), describing(text))
    expect(problems).toMatchObject([
      { rule: 'quote_not_in_text', path: 'price.source.quote' },
      // Issue 35: the amount comes from its quote too.
      { rule: 'price_not_in_quote', path: 'price.amount' },
    ])
  })

  it('needs no quote when the seller entered it', () => {
    const entered = calculator([parameter('spend', 8000, quoted('You spend $8,000 per month on hosting'))], {
      price: { amount: 500, period: 'month', source: { kind: 'entered' } },
    })
    expect(honestyProblems(entered, describing(text))).toEqual([])
  })
})
