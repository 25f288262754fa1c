import { describe, expect, it } from 'vitest'
import { compile, type CompiledFormula } from './compiler.ts'
import { compileFormula } from './compile-formula.ts'
import { valueOrFallback } from './evaluation.ts'
import { evaluateTree } from './interpreter.ts'
import { parse } from './parser.ts'

function formula(source: string, parameterNames: readonly string[] = ['a', 'b', 'c']): CompiledFormula {
  const compiled = compileFormula(source, parameterNames)
  if (!compiled.ok) throw new Error(`expected ${source} to compile: ${compiled.error.message}`)
  return compiled.formula
}

describe('compiled formulas compute what JavaScript computes', () => {
  it('evaluates a typical ROI formula', () => {
    const roi = formula('employees * hoursSavedPerWeek * hourlyRate * 52 / 12 + Math.max(employees - 10, 0) * 25', [
      'employees',
      'hoursSavedPerWeek',
      'hourlyRate',
    ])
    const employees = 40
    const hours = 3.5
    const rate = 62.5
    const expected = (employees * hours * rate * 52) / 12 + Math.max(employees - 10, 0) * 25
    expect(roi.evaluate({ employees, hoursSavedPerWeek: hours, hourlyRate: rate })).toEqual({ ok: true, value: expected })
    expect(roi.evaluateArray([employees, hours, rate])).toEqual({ ok: true, value: expected })
  })

  it('gives comparisons and ! the values 1 and 0, and && || the deciding operand, as numbers', () => {
    const values = { a: 3, b: 5, c: 0 }
    expect(formula('a < b').evaluate(values).value).toBe(1)
    expect(formula('a >= b').evaluate(values).value).toBe(0)
    expect(formula('a == 3').evaluate(values).value).toBe(1)
    expect(formula('a === 3').evaluate(values).value).toBe(1)
    expect(formula('a != 3').evaluate(values).value).toBe(0)
    expect(formula('!c').evaluate(values).value).toBe(1)
    expect(formula('!a').evaluate(values).value).toBe(0)
    expect(formula('a && b').evaluate(values).value).toBe(values.a && values.b)
    expect(formula('c && b').evaluate(values).value).toBe(values.c && values.b)
    expect(formula('c || b').evaluate(values).value).toBe(values.c || values.b)
    expect(formula('(a > 2) * 100').evaluate(values).value).toBe(100)
    expect(formula('a > 2 ? b : c').evaluate(values).value).toBe(values.b)
  })

  it('follows JavaScript for the math functions', () => {
    const values = { a: -2.5, b: 7, c: 2 }
    expect(formula('Math.round(a)').evaluate(values).value).toBe(Math.round(values.a))
    expect(formula('floor(a) + ceil(a)').evaluate(values).value).toBe(Math.floor(values.a) + Math.ceil(values.a))
    expect(formula('abs(a) * sqrt(b)').evaluate(values).value).toBe(Math.abs(values.a) * Math.sqrt(values.b))
    expect(formula('pow(b, c) + b ** c').evaluate(values).value).toBe(Math.pow(values.b, values.c) + values.b ** values.c)
    expect(formula('log(b) + exp(c)').evaluate(values).value).toBe(Math.log(values.b) + Math.exp(values.c))
    expect(formula('min(a, b, c, 1)').evaluate(values).value).toBe(Math.min(values.a, values.b, values.c, 1))
    expect(formula('Math.max(a, b, c, 9)').evaluate(values).value).toBe(Math.max(values.a, values.b, values.c, 9))
    expect(formula('max(a)').evaluate(values).value).toBe(values.a)
    expect(formula('b % c').evaluate(values).value).toBe(values.b % values.c)
    expect(formula('+a').evaluate(values).value).toBe(values.a)
  })

  it('clamps with clamp(x, low, high)', () => {
    const clamp = formula('clamp(a, b, c)')
    expect(clamp.evaluate({ a: 5, b: 0, c: 10 }).value).toBe(5)
    expect(clamp.evaluate({ a: -5, b: 0, c: 10 }).value).toBe(0)
    expect(clamp.evaluate({ a: 50, b: 0, c: 10 }).value).toBe(10)
  })

  it('folds constants without changing the result', () => {
    const folded = formula('a * (60 * 60 * 24) + 2 ** 10 - max(3, 4)')
    expect(folded.evaluate({ a: 2 }).value).toBe(2 * (60 * 60 * 24) + 2 ** 10 - Math.max(3, 4))
    expect(formula('1 ? a : b').evaluate({ a: 1, b: 2 }).value).toBe(1)
    expect(formula('0 && a').evaluate({ a: 1 }).value).toBe(0)
    expect(formula('-(3)').evaluate({}).value).toBe(-3)
  })
})

describe('division by zero and non-finite results are reported, never thrown', () => {
  it('reports division by zero with the raw JavaScript value', () => {
    const divide = formula('a / b')
    expect(divide.evaluate({ a: 1, b: 0 })).toMatchObject({ ok: false, error: 'division-by-zero', value: Infinity })
    const zeroByZero = divide.evaluate({ a: 0, b: 0 })
    expect(zeroByZero).toMatchObject({ ok: false, error: 'division-by-zero' })
    expect(zeroByZero.value).toBeNaN()
    expect(formula('a % b').evaluate({ a: 5, b: 0 })).toMatchObject({ ok: false, error: 'division-by-zero' })
  })

  it('reports a division by zero even when the final result comes out finite', () => {
    expect(formula('a / b > 1 ? 5 : 6').evaluate({ a: 1, b: 0 })).toMatchObject({ ok: false, error: 'division-by-zero', value: 5 })
    expect(formula('min(a / b, 3)').evaluate({ a: 1, b: 0 })).toMatchObject({ ok: false, error: 'division-by-zero', value: 3 })
  })

  it('does not report a guarded division whose branch is not taken', () => {
    const guarded = formula('b === 0 ? 0 : a / b')
    expect(guarded.evaluate({ a: 1, b: 0 })).toEqual({ ok: true, value: 0 })
    expect(guarded.evaluate({ a: 1, b: 4 })).toEqual({ ok: true, value: 0.25 })
    expect(formula('b && a / b').evaluate({ a: 1, b: 0 })).toEqual({ ok: true, value: 0 })
  })

  it('reports a constant division by zero at evaluation, not at compile time', () => {
    expect(compileFormula('a + 1 / 0', ['a']).ok).toBe(true)
    expect(formula('a + 1 / 0').evaluate({ a: 1 })).toMatchObject({ ok: false, error: 'division-by-zero' })
    expect(formula('1 % 0').evaluate({})).toMatchObject({ ok: false, error: 'division-by-zero' })
    expect(formula('a / 0').evaluate({ a: 2 })).toMatchObject({ ok: false, error: 'division-by-zero', value: Infinity })
  })

  it('starts every evaluation afresh', () => {
    const divide = formula('a / b')
    expect(divide.evaluate({ a: 1, b: 0 }).ok).toBe(false)
    expect(divide.evaluate({ a: 1, b: 2 })).toEqual({ ok: true, value: 0.5 })
    expect(divide.evaluateArray([1, 0]).ok).toBe(false)
    expect(divide.evaluateArray([1, 2])).toEqual({ ok: true, value: 0.5 })
  })

  it('reports NaN and infinite results as non-finite', () => {
    expect(formula('sqrt(a)').evaluate({ a: -1 })).toMatchObject({ ok: false, error: 'non-finite' })
    expect(formula('log(a)').evaluate({ a: 0 })).toMatchObject({ ok: false, error: 'non-finite', value: -Infinity })
    expect(formula('a * 10').evaluate({ a: Number.MAX_VALUE })).toMatchObject({ ok: false, error: 'non-finite', value: Infinity })
    expect(formula('a + 1').evaluate({ a: Number.NaN })).toMatchObject({ ok: false, error: 'non-finite' })
  })

  it('reports missing or non-number values as invalid input', () => {
    const sum = formula('a + b')
    expect(sum.evaluate({ a: 1 })).toMatchObject({ ok: false, error: 'invalid-input' })
    const text: unknown = '2'
    expect(sum.evaluate({ a: 1, b: text as number })).toMatchObject({ ok: false, error: 'invalid-input' })
    const big: unknown = 2n
    expect(sum.evaluateArray([1, big as number])).toMatchObject({ ok: false, error: 'invalid-input' })
    expect(sum.evaluateArray([1])).toMatchObject({ ok: false, error: 'invalid-input' })
    // Inherited properties are not values.
    expect(formula('a').evaluate(Object.create({ a: 1 }) as Record<string, number>)).toMatchObject({ ok: false, error: 'invalid-input' })
  })

  it('gives SPEC §8 callers the fallback through valueOrFallback', () => {
    expect(valueOrFallback(formula('a / b').evaluate({ a: 1, b: 0 }))).toBe(0)
    expect(valueOrFallback(formula('a / b').evaluate({ a: 1, b: 0 }), 7)).toBe(7)
    expect(valueOrFallback(formula('a / b').evaluate({ a: 1, b: 4 }), 7)).toBe(0.25)
  })
})

describe('evaluateArray reads values in parameterNames order', () => {
  it('ignores declared parameters the formula does not use', () => {
    const compiled = formula('c - a', ['a', 'unused', 'c'])
    expect(compiled.parameterNames).toEqual(['a', 'unused', 'c'])
    expect(compiled.usedNames).toEqual(['c', 'a'])
    expect(compiled.evaluateArray([1, Number.NaN, 10])).toEqual({ ok: true, value: 9 })
  })

  it.each([0, 1, 2, 3, 4, 5, 8])('agrees with evaluate for %i used parameters', (count) => {
    const names = Array.from({ length: count }, (_, index) => `p${index}`)
    const source = count === 0 ? '42' : names.map((name, index) => `${name} * ${index + 2}`).join(' + ')
    const compiled = formula(source, names)
    const values = names.map((_, index) => index * 1.5 + 1)
    const record = Object.fromEntries(names.map((name, index) => [name, values[index] ?? 0]))
    expect(compiled.evaluateArray(values)).toEqual(compiled.evaluate(record))
    const tree = parse(source)
    if (!tree.ok) throw new Error(tree.error.message)
    expect(compiled.evaluate(record)).toEqual(evaluateTree(tree.tree, record))
  })
})

describe('compile errors', () => {
  it('lists every unknown name and points at the first', () => {
    const compiled = compileFormula('rate * hours + bonus - hours * fee', ['rate', 'hours'])
    expect(compiled.ok).toBe(false)
    if (compiled.ok) return
    expect(compiled.unknownNames).toEqual(['bonus', 'fee'])
    expect(compiled.error).toMatchObject({ code: 'unknown-name', position: 15, end: 20 })
    expect(compiled.error.message).toContain("'bonus', 'fee'")
    expect(compiled.error.message).toContain('rate, hours')
  })

  it('refuses duplicate parameter names', () => {
    const parsed = parse('a')
    if (!parsed.ok) throw new Error(parsed.error.message)
    expect(compile(parsed.tree, ['a', 'a'])).toMatchObject({ ok: false, error: { code: 'duplicate-parameter' } })
  })

  it('passes parse errors through', () => {
    expect(compileFormula('a +', ['a'])).toMatchObject({ ok: false, error: { code: 'unexpected-end' }, unknownNames: [] })
  })
})
