import { compileFormula } from '@valueproof/formula'
import { describe, expect, it } from 'vitest'
import { analyze } from '../analyze.ts'

function priceAtDefaults(text: string, language: 'en' | 'sv' = 'en'): { price: number; value: number } {
  const data = analyze({
    kind: 'description',
    pages: [{ page: 1, text }],
    language,
    currency: language === 'sv' ? 'SEK' : 'USD',
    complexity: 'advanced',
  })
  const names = data.parameters.map((parameter) => parameter.name)
  const values = Object.fromEntries(data.parameters.map((parameter) => [parameter.name, parameter.defaultValue ?? 0]))
  const run = (formula: string | undefined): number => {
    const compiled = compileFormula(formula ?? '0', names)
    if (!compiled.ok) throw new Error(`formula does not compile: ${formula ?? ''}`)
    const result = compiled.formula.evaluate(values)
    return result.ok ? result.value : Number.NaN
  }
  return { price: run(data.price?.formula), value: run(data.formula) }
}

describe("explain: a share of the gain as the calculator's price formula", () => {
  it('takes the share of the value the streams compute, so the price moves with their inputs', () => {
    const english = priceAtDefaults(
      'Your 12 stores lose about $40,000 each a year to shrink. Our shelf cameras cut shrink by 30%. We take 20% of the savings we deliver.',
    )
    expect(english.value).toBeCloseTo(12 * 40_000 * 0.3, 0)
    expect(english.price).toBeCloseTo(12 * 40_000 * 0.3 * 0.2, 0)
    const swedish = priceAtDefaults(
      'Ni har 3 000 prenumeranter à 200 kr i månaden och 4 % av dragningarna misslyckas. Vi räddar hälften av dem. Vi tar 10 % av de intäkter vi räddar.',
      'sv',
    )
    expect(swedish.price).toBeCloseTo(swedish.value * 0.1, 0)
    expect(swedish.price).toBeGreaterThan(0)
  })
})
