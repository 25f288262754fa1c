import { describe, expect, it } from 'vitest'
import { checkNames, parameterNamesIn } from './names.ts'
import { parse } from './parser.ts'
import { print } from './printer.ts'
import type { FormulaNode } from './syntax.ts'

function tree(source: string): FormulaNode {
  const result = parse(source)
  if (!result.ok) throw new Error(`expected ${source} to parse: ${result.error.message}`)
  return result.tree
}

describe('print', () => {
  it.each([
    ['a+b*c', 'a + b * c'],
    ['(a+b)*c', '(a + b) * c'],
    ['((a))', 'a'],
    ['a-(b-c)', 'a - (b - c)'],
    ['(a-b)-c', 'a - b - c'],
    ['a/(b*c)', 'a / (b * c)'],
    ['a - (-b)', 'a - -b'],
    ['-(-a)', '- -a'],
    ['+(+a)', '+ +a'],
    ['-(+a)', '-+a'],
    ['!(!a)', '!!a'],
    ['(-a)**2', '(-a) ** 2'],
    ['(a**b)**c', '(a ** b) ** c'],
    ['a**(b**c)', 'a ** b ** c'],
    ['-(a**2)', '-(a ** 2)'],
    ['(a?b:c)?d:e', '(a ? b : c) ? d : e'],
    ['a?b:(c?d:e)', 'a ? b : c ? d : e'],
    ['(a?b:c)+1', '(a ? b : c) + 1'],
    ['a||(b&&c)', 'a || b && c'],
    ['(a||b)&&c', '(a || b) && c'],
    ['max(a,b)', 'Math.max(a, b)'],
    ['Math.clamp(a,0,1)', 'clamp(a, 0, 1)'],
    ['1_000_000', '1000000'],
    ['1e21', '1e+21'],
    ['0.0000001', '1e-7'],
  ])('%s prints as %s', (source, printed) => {
    expect(print(tree(source))).toBe(printed)
  })
})

describe('names', () => {
  it('lists the names a formula uses once each, in order of first use', () => {
    expect(parameterNamesIn(tree('b * a + b / c'))).toEqual(['b', 'a', 'c'])
    expect(parameterNamesIn(tree('max(1, 2)'))).toEqual([])
  })

  it('checks names against the declared parameters', () => {
    expect(checkNames(tree('b * a'), ['a', 'b', 'c'])).toEqual({ ok: true, usedNames: ['b', 'a'] })
    const check = checkNames(tree('x + a * y + x'), ['a'])
    expect(check).toMatchObject({ ok: false, unknownNames: ['x', 'y'], error: { code: 'unknown-name', position: 0, end: 1 } })
    const none = checkNames(tree('x'), [])
    expect(none.ok ? '' : none.error.message).toContain('(none declared)')
  })
})
