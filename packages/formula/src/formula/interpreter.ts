import { invalidInput, settleEvaluation, type FormulaEvaluation } from './evaluation.ts'
import { parameterNamesIn } from './names.ts'
import type { BinaryOperator, FormulaNode, MathFunctionName } from './syntax.ts'

interface WalkState {
  readonly values: ReadonlyMap<string, number>
  divisionByZero: boolean
}

function applyFunction(callee: MathFunctionName, args: number[]): number {
  switch (callee) {
    case 'min':
      return Math.min(...args)
    case 'max':
      return Math.max(...args)
    case 'round':
      return Math.round(args[0] ?? Number.NaN)
    case 'floor':
      return Math.floor(args[0] ?? Number.NaN)
    case 'ceil':
      return Math.ceil(args[0] ?? Number.NaN)
    case 'abs':
      return Math.abs(args[0] ?? Number.NaN)
    case 'sqrt':
      return Math.sqrt(args[0] ?? Number.NaN)
    case 'pow':
      return Math.pow(args[0] ?? Number.NaN, args[1] ?? Number.NaN)
    case 'log':
      return Math.log(args[0] ?? Number.NaN)
    case 'exp':
      return Math.exp(args[0] ?? Number.NaN)
    case 'clamp':
      return Math.min(Math.max(args[0] ?? Number.NaN, args[1] ?? Number.NaN), args[2] ?? Number.NaN)
  }
}

function applyBinary(operator: Exclude<BinaryOperator, '&&' | '||'>, left: number, right: number, state: WalkState): number {
  switch (operator) {
    case '+':
      return left + right
    case '-':
      return left - right
    case '*':
      return left * right
    case '/':
      if (right === 0) state.divisionByZero = true
      return left / right
    case '%':
      if (right === 0) state.divisionByZero = true
      return left % right
    case '**':
      return left ** right
    case '<':
      return left < right ? 1 : 0
    case '<=':
      return left <= right ? 1 : 0
    case '>':
      return left > right ? 1 : 0
    case '>=':
      return left >= right ? 1 : 0
    case '==':
    case '===':
      return left === right ? 1 : 0
    case '!=':
    case '!==':
      return left !== right ? 1 : 0
  }
}

function walk(node: FormulaNode, state: WalkState): number {
  switch (node.kind) {
    case 'number':
      return node.value
    case 'parameter':
      return state.values.get(node.name) ?? Number.NaN
    case 'unary': {
      const operand = walk(node.operand, state)
      if (node.operator === '-') return -operand
      if (node.operator === '+') return +operand
      return operand ? 0 : 1
    }
    case 'binary': {
      const left = walk(node.left, state)
      // && and || do not evaluate their right side when the left side decides.
      if (node.operator === '&&') return left ? walk(node.right, state) : left
      if (node.operator === '||') return left ? left : walk(node.right, state)
      return applyBinary(node.operator, left, walk(node.right, state), state)
    }
    case 'conditional':
      return walk(node.test, state) ? walk(node.consequent, state) : walk(node.alternate, state)
    case 'call':
      return applyFunction(
        node.callee,
        node.arguments.map((argument) => walk(argument, state)),
      )
  }
}

/**
 * Evaluates a tree directly, without compiling. It is the reference the compiled evaluator is
 * tested against and is fine for one-off evaluations; use `compile` for repeated ones.
 */
export function evaluateTree(tree: FormulaNode, values: Readonly<Record<string, number>>): FormulaEvaluation {
  const known = new Map<string, number>()
  for (const name of parameterNamesIn(tree)) {
    const value: unknown = Object.hasOwn(values, name) ? values[name] : undefined
    if (typeof value !== 'number') return invalidInput()
    known.set(name, value)
  }
  const state: WalkState = { values: known, divisionByZero: false }
  const value = walk(tree, state)
  return settleEvaluation(value, state.divisionByZero)
}
