import { describe, expect, it } from 'vitest'
import { FORMULA_HARD_LIMITS, FORMULA_LIMITS, parse, type ParseResult } from './parser.ts'
import { print } from './printer.ts'
import type { FormulaError } from './formula-error.ts'
import type { FormulaNode } from './syntax.ts'

function tree(source: string): FormulaNode {
  const result = parse(source)
  if (!result.ok) throw new Error(`expected ${source} to parse: ${result.error.message}`)
  return result.tree
}

function error(source: string, limits?: Parameters<typeof parse>[1]): FormulaError {
  const result: ParseResult = parse(source, limits)
  if (result.ok) throw new Error(`expected ${source} to be rejected, got ${print(result.tree)}`)
  return result.error
}

describe('parse: the language', () => {
  it('reads numbers with and without _ separators, decimals and exponents', () => {
    for (const [source, value] of [
      ['1_000_000', 1000000],
      ['1000000', 1000000],
      ['0.5', 0.5],
      ['.5', 0.5],
      ['5.', 5],
      ['1e3', 1000],
      ['2.5E-3', 0.0025],
      ['1_0.2_5', 10.25],
      ['1e1_0', 1e10],
    ] as const) {
      expect(tree(source)).toMatchObject({ kind: 'number', value })
    }
  })

  it('reads parameter names and keeps their positions', () => {
    expect(tree('  hoursPerWeek ')).toEqual({ kind: 'parameter', name: 'hoursPerWeek', start: 2, end: 14 })
  })

  it('gives * precedence over + and groups - from the left, as JavaScript does', () => {
    expect(print(tree('a + b * c'))).toBe('a + b * c')
    expect(tree('a + b * c')).toMatchObject({ operator: '+', right: { operator: '*' } })
    expect(tree('a - b - c')).toMatchObject({ operator: '-', left: { operator: '-' }, right: { name: 'c' } })
  })

  it('groups ** from the right and lets a unary operator follow it', () => {
    expect(tree('a ** b ** c')).toMatchObject({ operator: '**', left: { name: 'a' }, right: { operator: '**' } })
    expect(tree('a ** -b')).toMatchObject({ operator: '**', right: { kind: 'unary', operator: '-' } })
  })

  it('reads comparisons, && || ! and the conditional with JavaScript precedence', () => {
    expect(tree('a < b && c >= d || !e')).toMatchObject({
      operator: '||',
      left: { operator: '&&', left: { operator: '<' }, right: { operator: '>=' } },
      right: { kind: 'unary', operator: '!' },
    })
    expect(tree('a ? b : c ? d : e')).toMatchObject({ kind: 'conditional', alternate: { kind: 'conditional' } })
    for (const operator of ['==', '!=', '===', '!==', '<=', '>']) {
      expect(tree(`a ${operator} b`)).toMatchObject({ kind: 'binary', operator })
    }
  })

  it('reads the math functions written as Math.name(…) or name(…)', () => {
    expect(tree('Math.max(a, b)')).toMatchObject({ kind: 'call', callee: 'max', arguments: [{ name: 'a' }, { name: 'b' }] })
    expect(tree('max(a, b)')).toMatchObject({ kind: 'call', callee: 'max' })
    for (const callee of ['min', 'round', 'floor', 'ceil', 'abs', 'sqrt', 'log', 'exp']) {
      expect(tree(`Math.${callee}(a)`)).toMatchObject({ kind: 'call', callee })
    }
    expect(tree('pow(a, 2)')).toMatchObject({ kind: 'call', callee: 'pow' })
    expect(tree('clamp(a, 0, 10)')).toMatchObject({ kind: 'call', callee: 'clamp' })
    expect(tree('Math.min(a, b, c, 4)')).toMatchObject({ kind: 'call', arguments: { length: 4 } })
  })

  it('accepts every JavaScript white space, so that pasted formulas work', () => {
    expect(print(tree('a\u00a0*\tb\n+\u2003c'))).toBe('a * b + c')
  })

  it('does not take a function name alone for a call: it is a parameter name then', () => {
    expect(tree('max * 2')).toMatchObject({ left: { kind: 'parameter', name: 'max' } })
  })
})

describe('parse: what is rejected, with what and where', () => {
  const cases: Array<[source: string, code: FormulaError['code'], position: number, mentions: string]> = [
    ['', 'empty', 0, 'empty'],
    ['   ', 'empty', 0, 'empty'],
    ['a +', 'unexpected-end', 3, 'ends too early'],
    ['a b', 'unexpected-token', 2, "name 'b'"],
    ['(a + b', 'unclosed-parenthesis', 0, "Missing ')'"],
    ['a + b)', 'unexpected-token', 5, "Unmatched ')'"],
    ['a * (b + )', 'unexpected-token', 9, "')'"],
    ['foo(a)', 'unknown-function', 0, "Unknown function 'foo'"],
    ['Math.random()', 'unknown-function', 0, 'Math.random'],
    ['Math.PI * a', 'unknown-function', 0, 'Math.PI'],
    ['Math', 'unsupported-syntax', 0, 'Math.<function>'],
    ['Math.max', 'unsupported-syntax', 0, 'must be called'],
    ['max()', 'wrong-argument-count', 0, 'at least 1 argument'],
    ['round(a, 2)', 'wrong-argument-count', 0, 'takes 1 argument but got 2'],
    ['clamp(a, 1)', 'wrong-argument-count', 0, 'takes 3 arguments'],
    ['a.b', 'unsupported-syntax', 1, 'Property access'],
    ['a[0]', 'unsupported-syntax', 1, "'[ ]'"],
    ['a = 1', 'unsupported-syntax', 2, 'Assignment'],
    ['a += 1', 'unsupported-syntax', 2, 'Assignment'],
    ['a++', 'unsupported-syntax', 1, 'increment'],
    ['a--b', 'unsupported-syntax', 1, 'decrement'],
    ['a & b', 'unsupported-syntax', 2, 'Bitwise'],
    ['a ^ 2', 'unsupported-syntax', 2, 'Bitwise'],
    ['a ?? b', 'unsupported-syntax', 2, "'??'"],
    ['a?.b', 'unsupported-syntax', 1, 'Optional chaining'],
    ['"text"', 'unsupported-syntax', 0, 'quotes'],
    ["'text'", 'unsupported-syntax', 0, 'quotes'],
    ['`${a}`', 'unsupported-syntax', 0, 'Template literals'],
    ['a; b', 'unsupported-syntax', 1, "';'"],
    ['a // note', 'unsupported-syntax', 2, 'Comments'],
    ['a => a * 2', 'unsupported-syntax', 2, '=>'],
    ['{a: 1}', 'unsupported-syntax', 0, 'Braces'],
    ['-a ** 2', 'unsupported-syntax', 3, 'parentheses'],
    ['this', 'forbidden-name', 0, "'this'"],
    ['constructor', 'forbidden-name', 0, "'constructor'"],
    ['__proto__', 'forbidden-name', 0, "'__proto__'"],
    ['globalThis', 'forbidden-name', 0, "'globalThis'"],
    ['new Date()', 'forbidden-name', 0, "'new'"],
    ['eval(a)', 'forbidden-name', 0, "'eval'"],
    ['true ? a : b', 'forbidden-name', 0, "'true'"],
    ['1e400', 'invalid-number', 0, 'too large'],
    ['9'.repeat(400), 'invalid-number', 0, 'The number 999999999999…'],
    ['0x1f', 'invalid-number', 0, 'decimal'],
    ['012', 'invalid-number', 0, 'start with 0'],
    ['1__0', 'invalid-number', 1, "'_'"],
    ['1_', 'invalid-number', 1, "'_'"],
    ['2a', 'invalid-number', 1, 'followed by a letter'],
    ['1e', 'invalid-number', 1, 'exponent'],
    ['a # b', 'unexpected-character', 2, "'#'"],
    ['prisÖkning', 'unexpected-character', 4, "'Ö'"],
    ['a\u0000', 'unexpected-character', 1, 'U+0000'],
  ]

  it.each(cases)('%j → %s at %i', (source, code, position, mentions) => {
    const problem = error(source)
    expect(problem.code).toBe(code)
    expect(problem.position).toBe(position)
    expect(problem.message).toContain(mentions)
    if (code !== 'empty') expect(problem.message).toContain(`at character ${position + 1}`)
    expect(problem.end).toBeGreaterThanOrEqual(problem.position)
  })

  it('reports the first problem in the text, not the first one the reader would stumble on', () => {
    // The quote comes later in the text than 'constructor'.
    expect(error("constructor.constructor('return process')()")).toMatchObject({ code: 'forbidden-name', position: 0 })
  })
})

describe('parse: limits', () => {
  it(`rejects formulas longer than ${FORMULA_LIMITS.maxLength} characters with their length`, () => {
    const source = 'a + '.repeat(FORMULA_LIMITS.maxLength / 4) + 'a'
    const problem = error(source)
    expect(problem.code).toBe('too-long')
    expect(problem.message).toContain(`${source.length} characters`)
    expect(problem.message).toContain(`at most ${FORMULA_LIMITS.maxLength}`)
    expect(problem.position).toBe(FORMULA_LIMITS.maxLength)
  })

  it('accepts a formula of exactly the maximum length', () => {
    const source = 'a+'.repeat(FORMULA_LIMITS.maxLength / 2 - 1) + 'aa'
    expect(source).toHaveLength(FORMULA_LIMITS.maxLength)
    expect(parse(source).ok).toBe(true)
  })

  it(`rejects nesting deeper than ${FORMULA_LIMITS.maxDepth} levels and says where`, () => {
    const deep = '('.repeat(FORMULA_LIMITS.maxDepth) + 'a' + ')'.repeat(FORMULA_LIMITS.maxDepth)
    const problem = error(deep)
    expect(problem.code).toBe('too-deep')
    expect(problem.message).toContain(`more than ${FORMULA_LIMITS.maxDepth} levels`)
    const shallow = '('.repeat(FORMULA_LIMITS.maxDepth - 1) + 'a' + ')'.repeat(FORMULA_LIMITS.maxDepth - 1)
    expect(parse(shallow).ok).toBe(true)
  })

  it('counts unary operators, powers, calls and conditionals as nesting', () => {
    const depth = FORMULA_LIMITS.maxDepth + 1
    expect(error('- '.repeat(depth) + 'a').code).toBe('too-deep')
    expect(
      error(
        Array(depth + 1)
          .fill('a')
          .join(' ** '),
      ).code,
    ).toBe('too-deep')
    expect(error('abs('.repeat(depth) + 'a' + ')'.repeat(depth)).code).toBe('too-deep')
    expect(
      error(
        Array(depth + 1)
          .fill('a ? b')
          .join(' : ') + ' : c',
      ).code,
    ).toBe('too-deep')
  })

  it('lets callers lower the limits, and raise them only up to the hard limits', () => {
    expect(error('a + b', { maxLength: 3 }).code).toBe('too-long')
    expect(error('((a))', { maxDepth: 2 }).code).toBe('too-deep')
    const veryDeep = '('.repeat(FORMULA_HARD_LIMITS.maxDepth + 5) + 'a' + ')'.repeat(FORMULA_HARD_LIMITS.maxDepth + 5)
    expect(error(veryDeep, { maxDepth: 1_000_000 }).code).toBe('too-deep')
    expect(error('a'.repeat(FORMULA_HARD_LIMITS.maxLength + 1), { maxLength: Number.MAX_SAFE_INTEGER }).code).toBe('too-long')
    expect(error('a'.repeat(FORMULA_LIMITS.maxLength + 1), { maxLength: Number.NaN }).code).toBe('too-long')
  })

  it('rejects anything that is not text', () => {
    const notText: unknown = 42
    expect(parse(notText as string)).toMatchObject({ ok: false, error: { code: 'not-text' } })
  })
})
