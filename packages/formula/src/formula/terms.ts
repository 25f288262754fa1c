// What a formula's terms are, for the honesty checks and the seller's warnings: the number literals
// it writes (a figure hidden in the formula instead of an input), and how a parameter enters the
// result (added as value, subtracted as a cost, or used some other way).
import type { FormulaNode } from './syntax.ts'

function children(node: FormulaNode): readonly FormulaNode[] {
  switch (node.kind) {
    case 'number':
    case 'parameter':
      return []
    case 'unary':
      return [node.operand]
    case 'binary':
      return [node.left, node.right]
    case 'conditional':
      return [node.test, node.consequent, node.alternate]
    case 'call':
      return node.arguments
  }
}

export interface NumberLiteral {
  readonly value: number
  readonly start: number
  readonly end: number
  /** A factor or divisor of a product (`x * 12`, `x / 60`), as a unit conversion is; else a summand, a bound, a condition. */
  readonly factor: boolean
}

/** Every number the formula writes, in source order (a minus sign is not part of it). */
export function numberLiterals(tree: FormulaNode): NumberLiteral[] {
  const found: NumberLiteral[] = []
  const visit = (node: FormulaNode, factor: boolean): void => {
    if (node.kind === 'number') found.push({ value: node.value, start: node.start, end: node.end, factor })
    const product = node.kind === 'binary' && (node.operator === '*' || node.operator === '/')
    // A sign keeps what its operand is ("x * -1" is still a factor).
    const keeps = node.kind === 'unary' && factor
    for (const child of children(node)) visit(child, product || keeps)
  }
  visit(tree, false)
  return found
}

/**
 * How a parameter enters the result, once per place it is used: 1 when it adds to the result (as a
 * summand, or a factor of one), -1 when it is subtracted, 0 when its effect has no plain sign (a
 * divisor, a function's argument, a condition). Factors are taken as positive: a calculator's
 * inputs are amounts, counts and shares.
 */
export function parameterSigns(tree: FormulaNode, name: string): Array<1 | -1 | 0> {
  const signs: Array<1 | -1 | 0> = []
  const visit = (node: FormulaNode, sign: 1 | -1 | 0): void => {
    switch (node.kind) {
      case 'number':
        return
      case 'parameter':
        if (node.name === name) signs.push(sign)
        return
      case 'unary':
        visit(node.operand, node.operator === '-' ? flip(sign) : node.operator === '+' ? sign : 0)
        return
      case 'binary':
        switch (node.operator) {
          case '+':
          case '*':
            visit(node.left, sign)
            visit(node.right, sign)
            return
          case '-':
            visit(node.left, sign)
            visit(node.right, flip(sign))
            return
          case '/':
            visit(node.left, sign)
            visit(node.right, 0)
            return
          default:
            visit(node.left, 0)
            visit(node.right, 0)
            return
        }
      case 'conditional':
        visit(node.test, 0)
        visit(node.consequent, sign)
        visit(node.alternate, sign)
        return
      case 'call':
        // min/max/round keep their arguments' direction; other functions do not have a plain one.
        for (const argument of node.arguments) visit(argument, ['min', 'max', 'round', 'floor', 'ceil'].includes(node.callee) ? sign : 0)
        return
    }
  }
  visit(tree, 1)
  return signs
}

function flip(sign: 1 | -1 | 0): 1 | -1 | 0 {
  return sign === 0 ? 0 : sign === 1 ? -1 : 1
}
