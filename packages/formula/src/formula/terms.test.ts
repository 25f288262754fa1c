import { describe, expect, it } from 'vitest'
import { parse } from './parser.ts'
import { numberLiterals, parameterSigns } from './terms.ts'

function tree(source: string) {
  const parsed = parse(source)
  if (!parsed.ok) throw new Error(parsed.error.message)
  return parsed.tree
}

describe('numberLiterals', () => {
  it('lists every number the formula writes, in order, without its minus sign', () => {
    const literals = numberLiterals(tree('(a / 100) * b * 0.0328767 - -12 + max(0, c * 0.2) + (1 - d) * e'))
    expect(literals.map((literal) => [literal.value, literal.factor])).toEqual([
      [100, true],
      [0.0328767, true],
      [12, false],
      [0, false],
      [0.2, true],
      [1, false],
    ])
    expect(literals[1]).toMatchObject({ start: 16, end: 25 })
  })

  it('is empty for a formula of inputs only', () => {
    expect(numberLiterals(tree('a * b'))).toEqual([])
  })
})

describe('parameterSigns', () => {
  it('says whether an input is added, subtracted or used otherwise', () => {
    expect(parameterSigns(tree('a * b - price * 12'), 'price')).toEqual([-1])
    expect(parameterSigns(tree('a * b + price * 12'), 'price')).toEqual([1])
    expect(parameterSigns(tree('a - (b - price)'), 'price')).toEqual([1])
    expect(parameterSigns(tree('-price + a'), 'price')).toEqual([-1])
    expect(parameterSigns(tree('a / price'), 'price')).toEqual([0])
    expect(parameterSigns(tree('max(0, a - price)'), 'price')).toEqual([-1])
    expect(parameterSigns(tree('a > price ? a : 0'), 'price')).toEqual([0])
    expect(parameterSigns(tree('a * b'), 'price')).toEqual([])
  })
})
