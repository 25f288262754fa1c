// The evaluation's own tools on hand-made inputs: its number reader, range parsing, the matching of
// stated figures to calculator inputs, and the checks behind invented figures, honesty and cost
// presented as value. A wrong tool would blame the analyzer for an honest calculator or excuse a wrong one.
import { parse, validateCalculatorData, type CalculatorData, type CalculatorDataInput } from '@valueproof/formula'
import { describe, expect, it } from 'vitest'
import { positiveNames, readCalculator } from './calculator-reading.ts'
import { driver, priceSide, type DocumentLabel } from './cases/index.ts'
import { carriersOf, matchFigures, parseExpected } from './figure-matching.ts'
import { costPresentedAsValue, distinctCalculators, honestAboutNoFigure, inventedFigures } from './score.ts'
import { quotedCurrencies, quotesOtherCurrency } from './text-currencies.ts'
import { conversionsIn, statedNumbers, statesValue } from './text-numbers.ts'

type ParameterInput = NonNullable<CalculatorDataInput['parameters']>[number]

function calculator(input: Partial<CalculatorDataInput> & Pick<CalculatorDataInput, 'formula' | 'parameters'>): CalculatorData {
  const validated = validateCalculatorData({
    name: 'Test',
    explanation: 'Test.',
    baseCurrency: 'USD',
    baseTimeframe: 'yearly',
    calculatorType: 'standard',
    ...input,
  })
  if (!validated.ok) throw new Error(validated.problems.map((problem) => `${problem.path}: ${problem.message}`).join('; '))
  return validated.calculatorData
}

const stated = (name: string, defaultValue: number, quote: string, description?: string): ParameterInput => ({
  name,
  label: name,
  type: 'number',
  min: 0,
  max: 1e9,
  step: 0.01,
  defaultValue,
  source: { kind: 'description', quote },
  ...(description === undefined ? {} : { description }),
})
const assumed = (name: string, defaultValue: number): ParameterInput => ({
  name,
  label: name,
  type: 'number',
  min: 0,
  max: 1e9,
  step: 0.01,
  defaultValue,
  source: { kind: 'assumption', note: 'An assumption: adjust it to the customer.' },
})

/** Which of `labels` the calculator carries, by the evaluation's matching. */
function carried(data: CalculatorData, labels: readonly string[]): string[] {
  const figures = labels.map(parseExpected)
  const carriers = matchFigures(figures, carriersOf(data, readCalculator(data)))
  return figures.filter((_, index) => carriers[index] !== undefined).map((figure) => figure.label)
}

describe('statedNumbers', () => {
  it.each([
    ['2 490 kr', 2490],
    ['3,75 kr', 3.75],
    ['12,500 tickets', 12_500],
    ['restaurangen köper för 2,4 mkr', 2_400_000],
    ['~110k miles', 110_000],
    ['fyra miljoner kWh', 4_000_000],
    ['twenty-two techs', 22],
    ['fyrtiofem minuter', 45],
    ['ett nittiotal anbud', 90],
    ['a dozen clients', 12],
    ['seven hundred and eighty seats', 780],
    ['tre hundra femtio platser', 350],
    ['all for 4¢ per screened order', 0.04],
    ['two thirds of the leakage', 66.67],
    ['tre fjärdedelar av ytan', 75],
    ['cuts returns by a fifth', 20],
    ['four out of five unused seats', 80],
    ['one day in five', 20],
    ['a 1-in-25 chance', 4],
    ['var tjugonde patient', 5],
    ['var 400:e leverans', 0.25],
    ['varannan kund', 50],
    ['an hour and a half a week', 1.5],
    ['en och en halv konsult', 1.5],
    ['räcker det med en halv tjänst', 0.5],
    ['läckaget har gått ner till en halv procent', 0.5],
    ['ett halvt år', 0.5],
    ['kunderna har halverat andelen', 50],
    ['ledtiden har fördubblats', 2],
    ['1h45m by hand', 1.75],
    ['tre kvart per butik', 45],
    ['8 cents per sq ft', 0.08],
    ['85 öre per sms', 0.85],
    ['mellan 70 och 100 tkr', 70_000],
    ['mellan 70 och 100 tkr', 85_000],
    ['$64K–$96K/yr', 80_000],
    ['L E S S T H A N $ 3 4 / DAY', 34],
  ])('reads %s as %d', (text, value) => {
    expect(statesValue(text, value)).toBe(true)
  })

  it('reads no number the text does not state', () => {
    expect(statesValue('40 minutes a day', 0.67)).toBe(false)
    expect(statesValue('14 site managers at $65/hour', 23)).toBe(false)
    expect(statesValue('reclaim four out of five seats', 4 / 5)).toBe(true)
    expect(statedNumbers('nothing here')).toEqual([])
  })
})

describe('parseExpected', () => {
  it('reads a figure, a range and a range with its midpoint', () => {
    expect(parseExpected('40')).toEqual({ label: '40', values: [40], stated: [40] })
    expect(parseExpected('18|24')).toEqual({ label: '18|24', values: [18, 24, 21], stated: [18, 24] })
    expect(parseExpected('10|12.5|15')).toEqual({ label: '10|12.5|15', values: [10, 12.5, 15], stated: [10, 15] })
  })

  it.each(['', 'forty', '1|2|3|4', '12|'])('refuses "%s"', (label) => {
    expect(() => parseExpected(label)).toThrow()
  })
})

describe('conversionsIn', () => {
  it('names the original amount and the converted default of a note', () => {
    expect(conversionsIn('21 NOK ≈ 19.95 SEK (1 NOK = 0.95 SEK)')).toEqual([{ originals: [21], converted: 19.95 }])
    const million = conversionsIn('NOK 1.4 million ≈ 123760 EUR (1 NOK = 0.0884 EUR)')
    expect(million[0]?.originals).toContain(1_400_000)
    expect(million[0]?.converted).toBe(123_760)
    expect(conversionsIn('As stated in the description.')).toEqual([])
  })
})

describe('figures carried', () => {
  const data = calculator({
    formula: '(minutesBefore - minutesAfter) / 60 * managers * daysPerYear * ratePerHour * (share / 100) + weeks',
    parameters: [
      stated('minutesBefore', 40, 'from 40 minutes to 10'),
      stated('minutesAfter', 10, 'from 40 minutes to 10'),
      stated('managers', 14, '14 site managers'),
      stated('daysPerYear', 220, '220 days a year'),
      stated('ratePerHour', 53.34, '£42 an hour', '£42 an hour ≈ 53.34 USD (1 GBP = 1.27 USD)'),
      stated('share', 0.3, '30 % of the time'),
      assumed('weeks', 46),
      stated('pricePerUser', 29, '$29 per user per month'),
    ],
    price: {
      amount: 4872,
      period: 'year',
      formula: 'pricePerUser * managers * 12',
      source: { kind: 'description', quote: '$29 per user per month' },
    },
  })

  it('counts defaults, converted originals, fractions of percentages, range midpoints and the price', () => {
    expect(carried(data, ['40', '10', '14', '220', '42', '30', '29', '4872'])).toEqual(['40', '10', '14', '220', '42', '30', '29', '4872'])
    expect(carried(data, ['200|240'])).toEqual(['200|240'])
  })

  it('does not count an assumption, a duration in another unit, a converted default or a figure off by more than 1.5 %', () => {
    expect(carried(data, ['46', '0.67', '53.34', '225'])).toEqual(['53.34'])
    expect(carried(data, ['46', '0.67', '225'])).toEqual([])
  })

  it('lets one input carry one figure only', () => {
    expect(carried(data, ['14', '14'])).toEqual(['14'])
  })

  it('does not count an input no formula computes with', () => {
    const shown = calculator({
      formula: 'hours * rate',
      parameters: [stated('hours', 25, '25 timmar'), stated('rate', 450, '450 kr'), stated('lineItemHours', 120, '120 timmar')],
    })
    expect(carried(shown, ['25', '450', '120'])).toEqual(['25', '450'])
  })

  it('reads a flat price said per month from its yearly amount', () => {
    const flat = calculator({
      formula: 'hours * rate',
      parameters: [stated('hours', 25, '25 timmar'), stated('rate', 450, '450 kr')],
      price: { amount: 23_880, period: 'year', source: { kind: 'description', quote: '1 990 kr per månad' } },
    })
    expect(carried(flat, ['1990', '25'])).toEqual(['1990', '25'])
  })
})

describe('readCalculator', () => {
  it('takes the price per year off the value, a one-off price spread over three years', () => {
    const parameters = [stated('hours', 100, '100 hours'), stated('rate', 50, '$50 an hour')]
    const oneOff = calculator({
      formula: 'hours * rate',
      parameters,
      price: { amount: 9000, period: 'one-off', source: { kind: 'entered' } },
    })
    expect(readCalculator(oneOff).netYearly).toBeCloseTo(5000 - 3000)
    const monthly = calculator({
      formula: 'hours * rate',
      parameters,
      price: { amount: 100, period: 'month', setup: 600, source: { kind: 'entered' } },
    })
    expect(readCalculator(monthly).netYearly).toBeCloseTo(5000 - 1200 - 200)
    expect(readCalculator(calculator({ formula: 'hours * rate', parameters })).netYearly).toBeCloseTo(5000)
  })

  it("reads a value calculator's net field (the price highlighted too), its price field and the inputs behind the value", () => {
    const data = calculator({
      formula: '',
      parameters: [],
      calculatorType: 'value',
      valueFields: [
        { name: 'hours', label: 'Hours', defaultValue: 100 },
        { name: 'rate', label: 'Rate', defaultValue: 50 },
        { name: 'fee', label: 'Fee', defaultValue: 1000 },
        { name: 'valuePerYear1', label: 'Value per year', calculated: true, formula: 'hours * rate' },
        { name: 'pricePerYear', label: 'Price per year', calculated: true, formula: 'fee + 0', highlight: true },
        {
          name: 'netValuePerYear',
          label: 'Net value per year',
          calculated: true,
          formula: 'valuePerYear1 - pricePerYear',
          highlight: true,
        },
      ],
    })
    const reading = readCalculator(data)
    expect(reading.netYearly).toBe(4000)
    expect(reading.priceField).toEqual({ name: 'pricePerYear', value: 1000 })
    expect([...reading.valueDrivers].sort()).toEqual(['hours', 'rate'])
    expect([...reading.positiveInValue].sort()).toEqual(['hours', 'rate'])
  })
})

describe('positiveNames', () => {
  const positive = (formula: string): string[] => {
    const parsed = parse(formula)
    if (!parsed.ok) throw new Error(parsed.error.message)
    return [...positiveNames(parsed.tree)].sort()
  }

  it('takes summands and factors, through max, min and a condition; not divisors, subtracted terms or other functions', () => {
    expect(positive('max(0, a * b) - c / d')).toEqual(['a', 'b'])
    expect(positive('x > 1 ? e : f + round(g)')).toEqual(['e', 'f'])
    expect(positive('-(h - i)')).toEqual(['i'])
  })
})

describe('inventedFigures', () => {
  const invented = (parameter: ParameterInput): string[] => {
    const data = calculator({ formula: 'x', parameters: [parameter] })
    return inventedFigures(data, readCalculator(data)).map((figure) => figure.input)
  }

  it('accepts a number of its quote, a percentage as a fraction, a named conversion and an assumption', () => {
    expect(invented(stated('x', 65, 'a loaded cost of $65/hour'))).toEqual([])
    expect(invented(stated('x', 0.3, 'cuts it by 30 %'))).toEqual([])
    expect(invented(stated('x', 19.95, 'till 21 NOK litern', '21 NOK ≈ 19.95 SEK (1 NOK = 0.95 SEK)'))).toEqual([])
    expect(invented(assumed('x', 123))).toEqual([])
  })

  it('flags a default its quote does not state, a conversion of an amount the quote lacks, and a missing quote', () => {
    expect(invented(stated('x', 60, 'a loaded cost of $65/hour'))).toEqual(['x'])
    expect(invented(stated('x', 19.95, 'till 22 NOK litern', '21 NOK ≈ 19.95 SEK (1 NOK = 0.95 SEK)'))).toEqual(['x'])
    expect(invented({ name: 'x', label: 'x', defaultValue: 5, min: 0, max: 10, step: 1, source: { kind: 'description' } })).toEqual(['x'])
  })
})

describe('honestAboutNoFigure', () => {
  const honest = (data: CalculatorData) => honestAboutNoFigure(data, readCalculator(data)).ok
  const parameters = [assumed('people', 5), assumed('hours', 2), stated('pricePerUser', 29, '$29 per user')]
  const explanation = 'The text states no figure of the value, so every input is an assumption to adjust.'

  it('holds when every value input is an assumption and the explanation says so, whatever the price', () => {
    expect(honest(calculator({ formula: 'people * hours', parameters, explanation }))).toBe(true)
  })

  it('fails on a stated input in the value, or an explanation that does not say the value is assumed', () => {
    expect(honest(calculator({ formula: 'people * hours * pricePerUser', parameters, explanation }))).toBe(false)
    expect(honest(calculator({ formula: 'people * hours', parameters, explanation: 'You save this much.' }))).toBe(false)
    expect(honest(calculator({ formula: '100000', parameters, explanation }))).toBe(false)
  })
})

describe('costPresentedAsValue', () => {
  const label: DocumentLabel = {
    file: 'media-kit.pdf',
    folder: 'documents',
    language: 'en',
    statesPrice: true,
    claimsValue: false,
    figures: [
      priceSide('$18 Market CPM', 18),
      driver('5,000 advertisements each day', 5000),
      priceSide('37 hours', 37),
      driver('37 pages', 37),
    ],
  }
  const offending = (formula: string, parameters: ParameterInput[]): string[] => {
    const data = calculator({ formula, parameters })
    return costPresentedAsValue(label, data, readCalculator(data))
  }
  const cpm = stated('cpm', 18, '$18 Market CPM')
  const ads = stated('ads', 5000, '5,000 advertisements each day')

  it('flags a stated price-side amount that adds to the value', () => {
    expect(offending('cpm * ads / 1000', [cpm, ads])).toEqual(['cpm (18)'])
  })

  it('passes a price subtracted or divided by, an assumption, and a number the label also lists as a driver', () => {
    expect(offending('ads - cpm', [cpm, ads])).toEqual([])
    expect(offending('ads / cpm', [cpm, ads])).toEqual([])
    expect(offending('cpm * ads', [assumed('cpm', 18), ads])).toEqual([])
    expect(offending('pages * ads', [stated('pages', 37, '37 pages'), ads])).toEqual([])
  })
})

describe('quotedCurrencies', () => {
  it('reads the currencies a text quotes, in whole words', () => {
    expect([...quotedCurrencies('21 NOK litern, 900 kr per bil')].sort()).toEqual(['NOK', 'SEK'])
    expect([...quotedCurrencies('14 kr styck allt inräknat')]).toEqual(['SEK'])
    expect([...quotedCurrencies('A$280,000 a year per site')]).toEqual(['AUD'])
    expect([...quotedCurrencies('at C$0.14/kWh')]).toEqual(['CAD'])
    expect([...quotedCurrencies('awarded R29 658 122.80')]).toEqual(['ZAR'])
    expect([...quotedCurrencies('$45 per truck per month')]).toEqual(['USD'])
  })

  it('says whether a text quotes a currency other than its display currency', () => {
    expect(quotesOtherCurrency('£42 an hour', 'USD')).toBe(true)
    expect(quotesOtherCurrency('$45 per truck', 'USD')).toBe(false)
    expect(quotesOtherCurrency('1 990 kr per månad', 'SEK')).toBe(false)
    expect(quotesOtherCurrency('2 900 euro per år', 'SEK')).toBe(true)
  })
})

describe('distinctCalculators', () => {
  const plain = calculator({ formula: 'x', parameters: [stated('x', 1, '1 x')], complexity: 'advanced' })

  it('tells a calculator that differs only by its complexity from one that differs in substance', () => {
    expect(distinctCalculators(plain, { ...plain, complexity: 'value' })).toBe(false)
    expect(distinctCalculators(plain, { ...plain, formula: 'x * 2' })).toBe(true)
  })
})
