// Issue 35's currency rule: money in another currency is read (GBP, NOK, DKK, CHF, JPY, AUD, CAD and
// others) and converted to the calculator's currency at a rate named beside the input — in its own
// description — and the default is what the quote says at that rate.
import { validateCalculatorData, type CalculatorDataInput, type Currency } from '@valueproof/formula'
import { describe, expect, it } from 'vitest'
import { namedRates } from './honesty-currency.ts'
import { honestyProblems, type HonestyRule } from './honesty.ts'

type ParameterInput = CalculatorDataInput['parameters'][number]

function rules(text: string, parameter: Partial<ParameterInput>, currency: Currency, explanation = ''): HonestyRule[] {
  const result = validateCalculatorData({
    name: 'Test',
    explanation,
    formula: 'figure',
    parameters: [
      {
        name: 'figure',
        label: 'Technician hour',
        min: 0,
        max: 10_000_000,
        step: 0.01,
        source: { kind: 'description', quote: text },
        ...parameter,
      },
    ],
    baseCurrency: currency,
    baseTimeframe: 'yearly',
  })
  if (!result.ok) throw new Error(JSON.stringify(result.problems))
  const input = { kind: 'description', pages: [{ page: 1, text }], complexity: 'balanced', language: 'en', currency } as const
  return honestyProblems(result.calculatorData, input).map((problem) => problem.rule)
}

describe('currency: a rate named beside the input', () => {
  const nok = 'A technician hour costs NOK 650.'

  it('accepts "NOK 650 ≈ €57 at 0.088" and refuses a default the named rate does not give', () => {
    expect(rules(nok, { unit: 'EUR', defaultValue: 57, description: 'NOK 650 ≈ €57 at 0.088' }, 'EUR')).toEqual([])
    expect(rules(nok, { unit: 'EUR', defaultValue: 80, description: 'NOK 650 ≈ €80 at 0.088' }, 'EUR')).toContain('currency_unlabelled')
  })

  it('wants the conversion beside the input, not only in the explanation', () => {
    const explanation = 'Amounts in NOK are converted at 1 NOK = 0.088 EUR.'
    expect(rules(nok, { unit: 'EUR', defaultValue: 57.2 }, 'EUR', explanation)).toContain('currency_unlabelled')
    expect(rules(nok, { unit: 'EUR', defaultValue: 57.2, description: 'NOK 650 ≈ 57.2 EUR (1 NOK = 0.088 EUR)' }, 'EUR')).toEqual([])
    // SPEC §9's currencies too: the fixed rate is said where the default is shown.
    const usd = 'A support agent costs $45 per hour.'
    expect(rules(usd, { unit: 'SEK', defaultValue: 468.9 }, 'SEK', 'Converted at 1 USD = 10.42 SEK.')).toContain('currency_unlabelled')
    expect(rules(usd, { unit: 'SEK', defaultValue: 468.9, description: '$45 ≈ 468.90 kr (1 USD = 10.42 SEK)' }, 'SEK')).toEqual([])
  })

  it.each([
    ['GBP', 'An hour of a paralegal costs £38.', 38, 1.27],
    ['DKK', 'En tandläkartimme kostar 1 200 DKK.', 1200, 1.45],
    ['CHF', 'A reviewer hour costs CHF 950.', 950, 1.15],
    ['JPY', 'A failure costs ¥4.5 million.', 4_500_000, 0.0067],
    ['AUD', 'A stoppage hour costs A$45,000.', 45_000, 0.65],
    ['CAD', 'A survey costs C$6,250 a quarter.', 6250, 0.73],
    ['NOK', 'En liter diesel kostar 21 NOK.', 21, 0.95],
  ])('reads %s and wants its rate named: "%s"', (code, text, amount, rate) => {
    const converted = Math.round(amount * rate * 100) / 100
    expect(
      rules(
        text,
        { unit: 'USD', defaultValue: converted, description: `${amount} ${code} ≈ ${converted} USD (1 ${code} = ${rate} USD)` },
        'USD',
      ),
    ).toEqual([])
    expect(rules(text, { unit: 'USD', defaultValue: converted, description: 'As stated.' }, 'USD')).toContain('currency_unlabelled')
    expect(rules(text, { unit: code, defaultValue: amount, description: 'As stated.' }, 'USD')).toEqual([])
  })
})

describe('namedRates', () => {
  it('reads the ways a rate is written', () => {
    expect(namedRates(['NOK 650 ≈ €57 at 0.088'], 'NOK')).toEqual([0.088])
    expect(namedRates(['21 NOK ≈ 19.95 SEK (1 NOK = 0.95 SEK)'], 'NOK')).toEqual([0.95])
    expect(namedRates(['omräknat till kursen 0,95'], 'NOK')).toEqual([0.95])
    expect(namedRates(['As stated in the description.'], 'NOK')).toEqual([])
  })
})
