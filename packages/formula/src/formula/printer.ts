import { PRECEDENCE, precedenceOf, type FormulaNode } from './syntax.ts'

// Functions JavaScript's Math has print as Math.name(…), so printed formulas stay valid JavaScript.
const NOT_IN_JAVASCRIPT_MATH: ReadonlySet<string> = new Set(['clamp'])

function wrap(text: string, needsParentheses: boolean): string {
  return needsParentheses ? `(${text})` : text
}

/**
 * Prints a tree as canonical formula text with only the parentheses it needs:
 * `parse(print(tree))` gives the same tree (positions aside).
 */
export function print(node: FormulaNode): string {
  switch (node.kind) {
    case 'number':
      // String() of a finite double is the shortest text that reads back as the same double.
      return String(node.value)
    case 'parameter':
      return node.name
    case 'unary': {
      const operand = node.operand
      const operandText = wrap(print(operand), precedenceOf(operand) < PRECEDENCE.unary)
      // '- -a' and '+ +a' need the space: '--' and '++' are other operators.
      const separator = operandText.startsWith(node.operator) && node.operator !== '!' ? ' ' : ''
      return `${node.operator}${separator}${operandText}`
    }
    case 'binary': {
      const precedence = PRECEDENCE[node.operator]
      if (node.operator === '**') {
        // Right-associative, and a unary left side must be parenthesised: (-a) ** 2.
        const left = wrap(print(node.left), precedenceOf(node.left) <= PRECEDENCE.unary)
        const right = wrap(print(node.right), precedenceOf(node.right) < precedence)
        return `${left} ** ${right}`
      }
      const left = wrap(print(node.left), precedenceOf(node.left) < precedence)
      const right = wrap(print(node.right), precedenceOf(node.right) <= precedence)
      return `${left} ${node.operator} ${right}`
    }
    case 'conditional': {
      const test = wrap(print(node.test), precedenceOf(node.test) <= PRECEDENCE.conditional)
      return `${test} ? ${print(node.consequent)} : ${print(node.alternate)}`
    }
    case 'call': {
      const prefix = NOT_IN_JAVASCRIPT_MATH.has(node.callee) ? '' : 'Math.'
      return `${prefix}${node.callee}(${node.arguments.map(print).join(', ')})`
    }
  }
}
