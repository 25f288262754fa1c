// Fuzzing: hostile and random text only ever gives parse errors (or harmless arithmetic), quickly.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compileFormula } from './compile-formula.ts'
import { parameterNamesIn } from './names.ts'
import { FORMULA_HARD_LIMITS, FORMULA_LIMITS, parse } from './parser.ts'
import { print } from './printer.ts'
import { FORBIDDEN_NAMES } from './syntax.ts'

// Far above what parsing a 2,000-character formula takes (microseconds), far below a hang.
const TIME_BUDGET_MS = 250

function timed<T>(work: () => T): { result: T; milliseconds: number } {
  const start = performance.now()
  const result = work()
  return { result, milliseconds: performance.now() - start }
}

const HOSTILE = [
  "constructor.constructor('return process')()",
  'constructor.constructor`return process`()',
  'this',
  'this.constructor',
  'a[0]',
  "a['constructor']",
  '__proto__',
  'a.__proto__',
  'globalThis',
  'globalThis.process.exit(1)',
  'window.alert(1)',
  'self',
  'process.exit(1)',
  "require('child_process')",
  "import('fs')",
  'new Function("return 1")()',
  "eval('1')",
  'Function("return this")()',
  '(() => 1)()',
  'function () { return 1 }',
  'a => a',
  '`${process}`',
  '`a`',
  "'a'",
  '"a"',
  'a = 1',
  'a += 1',
  'a++',
  'delete a',
  'typeof a',
  'void 0',
  'a, b',
  'a; b',
  '{}',
  '[]',
  '[a]',
  '...a',
  'Math.constructor',
  'Math.max.constructor',
  "Math['max'](1)",
  'Math.max.call(null, 1)',
  'Math.max.apply(null, [1])',
  'Math.__proto__',
  'max.constructor',
  'toString()',
  'valueOf',
  'hasOwnProperty',
  'Object.keys(a)',
  'Reflect.ownKeys(a)',
  'a.b.c',
  'a?.b',
  'a ?? b',
  '/a/.test(b)',
  'a /* comment */',
  '<!-- a',
  '\\u0061',
  'a\u2028b',
  '0b101',
  '1n',
  '#a',
  '@a',
  'Infinity',
  'NaN',
  'undefined',
  'null',
  'true',
  'arguments',
  'a in b',
  'a instanceof b',
  'await a',
  'yield a',
]

const LONG_AND_DEEP = [
  'a'.repeat(1_000_000),
  '('.repeat(100_000) + 'a' + ')'.repeat(100_000),
  '('.repeat(FORMULA_LIMITS.maxLength - 1) + 'a',
  '- '.repeat(FORMULA_LIMITS.maxLength / 2 - 1) + 'a',
  '!'.repeat(FORMULA_LIMITS.maxLength - 1) + 'a',
  'a ** '.repeat(FORMULA_LIMITS.maxLength / 5 - 1) + 'a',
  'max('.repeat(FORMULA_LIMITS.maxLength / 4),
  'a ? '.repeat(FORMULA_LIMITS.maxLength / 4 - 1) + 'a',
  'Math.max(' + 'a, '.repeat(FORMULA_LIMITS.maxLength / 3) + 'a)',
  '1'.repeat(FORMULA_LIMITS.maxLength - 1) + '+',
]

describe('hostile formulas only give parse errors', () => {
  it.each(HOSTILE)('%j is rejected', (source) => {
    const { result, milliseconds } = timed(() => parse(source))
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error.message).not.toBe('')
    expect(result.error.position).toBeGreaterThanOrEqual(0)
    expect(result.error.position).toBeLessThanOrEqual(source.length)
    expect(milliseconds).toBeLessThan(TIME_BUDGET_MS)
  })

  it.each(LONG_AND_DEEP.map((source) => [`${source.slice(0, 24)}… (${source.length} characters)`, source]))(
    '%s is rejected in bounded time',
    (_, source) => {
      const { result, milliseconds } = timed(() => parse(source))
      expect(result.ok).toBe(false)
      expect(milliseconds).toBeLessThan(TIME_BUDGET_MS)
    },
  )

  it('handles the longest and deepest formulas the hard limits allow, in bounded time', () => {
    // A left-leaning chain is as deep as a tree can get within the length limit.
    const additions = Math.floor((FORMULA_HARD_LIMITS.maxLength - 1) / 4)
    const chain = 'a' + ' + a'.repeat(additions)
    expect(chain.length).toBeGreaterThan(FORMULA_HARD_LIMITS.maxLength - 4)
    const { result, milliseconds } = timed(() => {
      const compiled = compileFormula(chain, ['a'], { maxLength: FORMULA_HARD_LIMITS.maxLength })
      if (!compiled.ok) return undefined
      return { printed: print(compiled.tree), value: compiled.formula.evaluate({ a: 2 }).value }
    })
    expect(result?.value).toBe(2 * (additions + 1))
    expect(result?.printed).toBe(chain)
    expect(milliseconds).toBeLessThan(TIME_BUDGET_MS * 4)
    const nested = '('.repeat(FORMULA_HARD_LIMITS.maxDepth - 1) + 'a' + ')'.repeat(FORMULA_HARD_LIMITS.maxDepth - 1)
    expect(parse(nested, { maxDepth: FORMULA_HARD_LIMITS.maxDepth }).ok).toBe(true)
  })
})

// Pieces of formulas and of JavaScript, so random strings reach deep into the parser.
const TOKEN = fc.constantFrom(
  'a',
  'b',
  'rate',
  'Math',
  '.',
  'max',
  'min',
  'clamp',
  'round',
  '(',
  ')',
  ',',
  '+',
  '-',
  '*',
  '/',
  '%',
  '**',
  '<',
  '<=',
  '>',
  '==',
  '===',
  '!=',
  '&&',
  '||',
  '!',
  '?',
  ':',
  '=',
  '[',
  ']',
  '{',
  '}',
  '`',
  "'",
  '"',
  '$',
  '_',
  '0',
  '1',
  '2.5',
  '1e3',
  '1_000',
  ' ',
  '\n',
  'constructor',
  '__proto__',
  'this',
  'new',
  'e',
  ';',
  '=>',
  '?.',
  '#',
  '\\',
  '\u00a0',
  'Ö',
  '🙂',
)
const FORMULA_LIKE = fc.array(TOKEN, { maxLength: 40 }).map((tokens) => tokens.join(''))
const ANY_TEXT = fc.string({ unit: 'binary', maxLength: 300 })

describe('random text', () => {
  it('parses to a tree of declared-safe names or to an error, never throws, and compiled results are numbers', () => {
    fc.assert(
      fc.property(fc.oneof(FORMULA_LIKE, ANY_TEXT), fc.double(), (source, value) => {
        const { result, milliseconds } = timed(() => parse(source))
        expect(milliseconds).toBeLessThan(TIME_BUDGET_MS)
        if (!result.ok) {
          expect(result.error.position).toBeGreaterThanOrEqual(0)
          expect(result.error.position).toBeLessThanOrEqual(source.length)
          expect(result.error.message).toMatch(/\S/)
          return
        }
        const names = parameterNamesIn(result.tree)
        for (const name of names) {
          expect(FORBIDDEN_NAMES.has(name)).toBe(false)
          expect(name).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/)
        }
        const compiled = compileFormula(source, names)
        if (!compiled.ok) throw new Error(`${source} parsed but did not compile: ${compiled.error.message}`)
        const evaluation = compiled.formula.evaluate(Object.fromEntries(names.map((name) => [name, value])))
        expect(typeof evaluation.value).toBe('number')
        expect(parse(print(result.tree)).ok).toBe(true)
      }),
      { numRuns: 3000 },
    )
  })
})
