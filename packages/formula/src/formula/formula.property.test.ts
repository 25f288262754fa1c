// Property-based tests: for random trees of the language, the compiled evaluator agrees with the
// reference tree walk, and printing then parsing gives the same tree back.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compile } from './compiler.ts'
import type { FormulaEvaluation } from './evaluation.ts'
import { evaluateTree } from './interpreter.ts'
import { FORMULA_HARD_LIMITS, parse } from './parser.ts'
import { print } from './printer.ts'
import { MATH_FUNCTION_NAMES, type BinaryOperator, type FormulaNode, type MathFunctionName, type UnaryOperator } from './syntax.ts'

const PARAMETERS = ['a', 'b', 'c'] as const
const BINARY_OPERATORS: BinaryOperator[] = ['+', '-', '*', '/', '%', '**', '<', '<=', '>', '>=', '==', '!=', '===', '!==', '&&', '||']
const UNARY_OPERATORS: UnaryOperator[] = ['-', '+', '!']
const ARGUMENT_COUNTS: Readonly<Record<MathFunctionName, readonly [number, number]>> = {
  min: [1, 3],
  max: [1, 3],
  round: [1, 1],
  floor: [1, 1],
  ceil: [1, 1],
  abs: [1, 1],
  sqrt: [1, 1],
  pow: [2, 2],
  log: [1, 1],
  exp: [1, 1],
  clamp: [3, 3],
}

// Small values on both sides, so that parameters often equal literals (a < 2 with a = 2, a / b with b = 0).
const SMALL = [0, 1, 2, 0.5, 10] as const

// Literals in the tree are finite and not negative: a minus sign is a unary node.
const literal = fc
  .oneof(
    fc.constantFrom(...SMALL),
    fc.integer({ min: 0, max: 1000 }),
    fc.double({ min: 0, max: 1e12, noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom(0, 0.5, 0.1, 1e-7, 1e21, Number.MAX_VALUE, Number.MIN_VALUE),
  )
  .map((value): FormulaNode => ({ kind: 'number', value: Object.is(value, -0) ? 0 : value, start: 0, end: 0 }))

const parameter = fc.constantFrom(...PARAMETERS).map((name): FormulaNode => ({ kind: 'parameter', name, start: 0, end: 0 }))

const { node: formulaTree } = fc.letrec<{ node: FormulaNode }>((tie) => ({
  node: fc.oneof(
    { maxDepth: 6, depthSize: 'small', depthIdentifier: 'formula' },
    literal,
    parameter,
    fc
      .tuple(fc.constantFrom(...UNARY_OPERATORS), tie('node'))
      .map(([operator, operand]): FormulaNode => ({ kind: 'unary', operator, operand, start: 0, end: 0 })),
    fc
      .tuple(fc.constantFrom(...BINARY_OPERATORS), tie('node'), tie('node'))
      .map(([operator, left, right]): FormulaNode => ({ kind: 'binary', operator, left, right, start: 0, end: 0 })),
    fc
      .tuple(tie('node'), tie('node'), tie('node'))
      .map(([test, consequent, alternate]): FormulaNode => ({ kind: 'conditional', test, consequent, alternate, start: 0, end: 0 })),
    fc.constantFrom(...MATH_FUNCTION_NAMES).chain((callee) => {
      const [minLength, maxLength] = ARGUMENT_COUNTS[callee]
      return fc
        .array(tie('node'), { minLength, maxLength })
        .map((args): FormulaNode => ({ kind: 'call', callee, arguments: args, start: 0, end: 0 }))
    }),
  ),
}))

const parameterValue = fc.oneof(
  fc.constantFrom(...SMALL),
  fc.integer({ min: -20, max: 20 }),
  fc.double(),
  fc.constantFrom(0, -0, 1, -1, 0.5, Number.NaN, Infinity, -Infinity),
)

const parameterValues = fc.record({ a: parameterValue, b: parameterValue, c: parameterValue })

/** The same tree with every position set to 0, so that parsed and generated trees compare. */
function withoutPositions(node: FormulaNode): FormulaNode {
  switch (node.kind) {
    case 'number':
      return { kind: 'number', value: node.value, start: 0, end: 0 }
    case 'parameter':
      return { kind: 'parameter', name: node.name, start: 0, end: 0 }
    case 'unary':
      return { kind: 'unary', operator: node.operator, operand: withoutPositions(node.operand), start: 0, end: 0 }
    case 'binary':
      return {
        kind: 'binary',
        operator: node.operator,
        left: withoutPositions(node.left),
        right: withoutPositions(node.right),
        start: 0,
        end: 0,
      }
    case 'conditional':
      return {
        kind: 'conditional',
        test: withoutPositions(node.test),
        consequent: withoutPositions(node.consequent),
        alternate: withoutPositions(node.alternate),
        start: 0,
        end: 0,
      }
    case 'call':
      return { kind: 'call', callee: node.callee, arguments: node.arguments.map(withoutPositions), start: 0, end: 0 }
  }
}

function sameEvaluation(actual: FormulaEvaluation, expected: FormulaEvaluation): boolean {
  const errorOf = (evaluation: FormulaEvaluation): string | undefined => (evaluation.ok ? undefined : evaluation.error)
  return errorOf(actual) === errorOf(expected) && Object.is(actual.value, expected.value)
}

/** Each operand shape the compiler specialises: a parameter, a literal, or a sub-expression. */
const operandShape = fc.oneof(
  parameter,
  fc.constantFrom(...SMALL).map((value): FormulaNode => ({ kind: 'number', value, start: 0, end: 0 })),
  parameter.map((operand): FormulaNode => ({ kind: 'unary', operator: '-', operand, start: 0, end: 0 })),
  fc.tuple(parameter, parameter).map(([left, right]): FormulaNode => ({ kind: 'binary', operator: '+', left, right, start: 0, end: 0 })),
)

describe('formula properties', () => {
  it('every operator and function agrees with the reference for every operand shape', () => {
    const operation = fc.oneof(
      fc
        .tuple(fc.constantFrom(...BINARY_OPERATORS), operandShape, operandShape)
        .map(([operator, left, right]): FormulaNode => ({ kind: 'binary', operator, left, right, start: 0, end: 0 })),
      fc
        .tuple(fc.constantFrom(...UNARY_OPERATORS), operandShape)
        .map(([operator, operand]): FormulaNode => ({ kind: 'unary', operator, operand, start: 0, end: 0 })),
      fc.constantFrom(...MATH_FUNCTION_NAMES).chain((callee) => {
        const [minLength, maxLength] = ARGUMENT_COUNTS[callee]
        return fc
          .array(operandShape, { minLength, maxLength: maxLength + (callee === 'min' || callee === 'max' ? 2 : 0) })
          .map((args): FormulaNode => ({ kind: 'call', callee, arguments: args, start: 0, end: 0 }))
      }),
      fc
        .tuple(operandShape, operandShape, operandShape)
        .map(([test, consequent, alternate]): FormulaNode => ({ kind: 'conditional', test, consequent, alternate, start: 0, end: 0 })),
    )
    fc.assert(
      fc.property(operation, parameterValues, (tree, values) => {
        const compiled = compile(tree, PARAMETERS)
        if (!compiled.ok) return false
        const expected = evaluateTree(tree, values)
        return (
          sameEvaluation(compiled.formula.evaluate(values), expected) &&
          sameEvaluation(compiled.formula.evaluateArray([values.a, values.b, values.c]), expected)
        )
      }),
      { numRuns: 5000 },
    )
  })

  it('the compiled evaluator agrees with the reference tree walk', () => {
    fc.assert(
      fc.property(formulaTree, parameterValues, (tree, values) => {
        const compiled = compile(tree, PARAMETERS)
        if (!compiled.ok) return false
        const expected = evaluateTree(tree, values)
        const byName = compiled.formula.evaluate(values)
        const byIndex = compiled.formula.evaluateArray([values.a, values.b, values.c])
        return sameEvaluation(byName, expected) && sameEvaluation(byIndex, expected)
      }),
      { numRuns: 2000 },
    )
  })

  it('printing a tree and parsing it again gives the same tree', () => {
    fc.assert(
      fc.property(formulaTree, (tree) => {
        const printed = print(tree)
        fc.pre(printed.length <= FORMULA_HARD_LIMITS.maxLength)
        const reparsed = parse(printed, { maxLength: FORMULA_HARD_LIMITS.maxLength })
        if (!reparsed.ok) throw new Error(`${printed} did not parse: ${reparsed.error.message}`)
        expect(withoutPositions(reparsed.tree)).toEqual(withoutPositions(tree))
        expect(print(reparsed.tree)).toBe(printed)
      }),
      { numRuns: 2000 },
    )
  })

  it('parsed positions point at the text of each parameter', () => {
    fc.assert(
      fc.property(formulaTree, (tree) => {
        const printed = print(tree)
        fc.pre(printed.length <= FORMULA_HARD_LIMITS.maxLength)
        const reparsed = parse(printed, { maxLength: FORMULA_HARD_LIMITS.maxLength })
        if (!reparsed.ok) return false
        const names: Array<{ name: string; start: number; end: number }> = []
        const visit = (node: FormulaNode): void => {
          if (node.kind === 'parameter') names.push(node)
          if (node.kind === 'unary') visit(node.operand)
          if (node.kind === 'binary') [node.left, node.right].forEach(visit)
          if (node.kind === 'conditional') [node.test, node.consequent, node.alternate].forEach(visit)
          if (node.kind === 'call') node.arguments.forEach(visit)
        }
        visit(reparsed.tree)
        return names.every(({ name, start, end }) => printed.slice(start, end) === name)
      }),
      { numRuns: 500 },
    )
  })
})
