// The evaluation's own tools, on hand-made inputs: its number reader, the figure matching and the
// fallback honesty rules. A wrong tool would blame the analyzer for honest output or excuse a wrong one.
import { describe, expect, it } from 'vitest'
import type { ReportedFigure } from '../../services/calculator/src/analysis/builtin/analysis-report.ts'
import type { AnalysisInput } from '../../services/calculator/src/analysis/types.ts'
import { needed, stated } from './cases/index.ts'
import { matchFigures } from './figure-matching.ts'
import { fallbackHonestyProblems } from './honesty-adapter.ts'
import { amongNumbers, derivedFrom, statedNumbers, statesForeignCurrency } from './text-numbers.ts'
import { validateCalculatorData, type CalculatorData } from '@valueproof/formula'

describe('statedNumbers', () => {
  it.each([
    ['2 490 kr', 2490],
    ['8 386 560 kr', 8_386_560],
    ['3,75 kr', 3.75],
    ['12,500 tickets', 12_500],
    ['2.4 hours', 2.4],
    ['R 1.8 million', 1_800_000],
    ['1,2 miljoner kr', 1_200_000],
    ['$0.15 per mile', 0.15],
    ['halves the time', 50],
    ['hälften så lång tid', 0.5],
    ['by a third', 100 / 3],
    ['One in five meetings', 20],
    ['tolv månader', 12],
  ])('reads %s', (text, value) => {
    expect(statedNumbers(text).some((read) => Math.abs(read - value) < 1e-9)).toBe(true)
  })

  it('reads an ambiguous "12,500" both ways and figures set side by side as two', () => {
    expect(statedNumbers('12,500')).toEqual(expect.arrayContaining([12_500, 12.5]))
    expect(statedNumbers('40 900')).toEqual(expect.arrayContaining([40_900, 40, 900]))
    expect(statedNumbers('Programmatic 9 0 % 1 0%')).toEqual(expect.arrayContaining([90, 10]))
  })
})

describe('amongNumbers and derivedFrom', () => {
  it('accept a unit, period or fixed-rate conversion of a stated figure', () => {
    expect(amongNumbers(0.45, [45])).toBe(true)
    expect(amongNumbers(2 / 15, [8])).toBe(true) // 8 minutes in hours
    expect(amongNumbers(456_000, [38_000])).toBe(true) // a month as a year
    expect(amongNumbers(1042, [100])).toBe(true) // USD 100 in SEK at SPEC §9's 10.42
  })

  it('refuse a figure no stated number gives', () => {
    expect(amongNumbers(23, [45, 3000, 8, 40])).toBe(false)
    expect(amongNumbers(17, [45, 3000, 8, 40])).toBe(false)
  })

  it('accept a conversion at a rate of its own only when the text states a foreign currency', () => {
    expect(statesForeignCurrency('pays AUD 22,000 a month')).toBe(true)
    expect(statesForeignCurrency('loses R 1.8 million')).toBe(true)
    expect(statesForeignCurrency('costs $40 per hour, 450 kr i timmen')).toBe(false)
    expect(amongNumbers(14_520, [22_000], true)).toBe(true)
    expect(amongNumbers(14_520, [22_000], false)).toBe(false)
  })

  it('accept a difference or product of two stated figures, not of one', () => {
    expect(derivedFrom(11, [18, 7])).toBe(true)
    expect(derivedFrom(72, [12, 6])).toBe(true)
    expect(derivedFrom(11, [18])).toBe(false)
  })
})

const figure = (value: number, use: ReportedFigure['use'], extras: Partial<ReportedFigure> = {}): ReportedFigure => ({
  value,
  text: String(value),
  kind: 'count',
  page: 1,
  role: 'volume',
  use,
  ...extras,
})

describe('matchFigures', () => {
  const context = { statedCurrency: 'SEK', calculatorCurrency: 'SEK' } as const

  it('pairs by value and kind, and a figure read but unused is not surfaced', () => {
    const [rate, share] = matchFigures(
      [needed('450 kr', 450, 'money', 'baseline'), needed('35 %', 35, 'percent', 'improvement')],
      [
        figure(450, 'unused', { kind: 'money', currency: 'SEK', role: 'baseline' }),
        figure(0.35, 'slider', { kind: 'percent', role: 'improvement' }),
      ],
      context,
    )
    expect(rate).toMatchObject({ surfaced: false, roleRight: true })
    expect(share).toMatchObject({ surfaced: true, roleRight: true })
  })

  it('needs one reported figure per label and the labelled currency and page', () => {
    const matches = matchFigures(
      [
        needed('$150 / hour', 150, 'money', 'price', { pages: [29] }),
        needed('$150 / hour', 150, 'money', 'price', { pages: [29] }),
        stated('AUD 900', 900, 'money', 'price', { currency: 'AUD' }),
      ],
      [
        figure(150, 'constant', { kind: 'money', currency: 'USD', role: 'price', page: 29 }),
        figure(150, 'constant', { kind: 'money', currency: 'USD', role: 'price', page: 30 }),
        figure(900, 'slider', { kind: 'money', currency: 'USD', role: 'price' }),
      ],
      { statedCurrency: 'USD', calculatorCurrency: 'USD' },
    )
    expect(matches.map((match) => match.surfaced)).toEqual([true, false, false])
  })
})

describe('fallbackHonestyProblems', () => {
  const input: AnalysisInput = {
    kind: 'description',
    pages: [{ page: 1, text: 'Your 12 agents spend 6 hours a week each on triage.' }],
    complexity: 'balanced',
    language: 'en',
    currency: 'USD',
  }
  const calculator = (parameters: unknown[]): CalculatorData => {
    const validated = validateCalculatorData({ name: 'Test', formula: 'a', parameters, baseCurrency: 'USD' })
    if (!validated.ok) throw new Error(JSON.stringify(validated.problems))
    return validated.calculatorData
  }

  it('flags a quote that is not in the text and a default its quote does not state', () => {
    const data = calculator([
      { name: 'a', label: 'Agents', defaultValue: 12, max: 100, step: 1, source: { kind: 'description', quote: 'Your 12 agents' } },
      { name: 'b', label: 'People', defaultValue: 5, max: 100, step: 1, source: { kind: 'description', quote: 'Your 12 agents' } },
      { name: 'c', label: 'Hours', defaultValue: 6, max: 100, step: 1, source: { kind: 'description', quote: 'spend 6 hours a day' } },
      { name: 'd', label: 'Rate', defaultValue: 50, max: 100, step: 1, source: { kind: 'assumption', note: 'Assumption' } },
    ])
    expect(fallbackHonestyProblems(data, input).map((finding) => [finding.rule, finding.parameter])).toEqual([
      ['figure_not_in_quote', 'b'],
      ['quote_not_in_text', 'c'],
    ])
  })
})
