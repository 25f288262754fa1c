import { formulaError, atCharacter, type FormulaError } from './formula-error.ts'
import type { FormulaNode, ParameterNode } from './syntax.ts'

function collectParameters(node: FormulaNode, found: ParameterNode[]): void {
  switch (node.kind) {
    case 'number':
      return
    case 'parameter':
      found.push(node)
      return
    case 'unary':
      collectParameters(node.operand, found)
      return
    case 'binary':
      collectParameters(node.left, found)
      collectParameters(node.right, found)
      return
    case 'conditional':
      collectParameters(node.test, found)
      collectParameters(node.consequent, found)
      collectParameters(node.alternate, found)
      return
    case 'call':
      for (const argument of node.arguments) collectParameters(argument, found)
      return
  }
}

/** The parameter names a formula uses, each once, in order of first use. */
export function parameterNamesIn(tree: FormulaNode): string[] {
  const found: ParameterNode[] = []
  collectParameters(tree, found)
  return [...new Set(found.map((node) => node.name))]
}

export type NameCheck =
  | { readonly ok: true; readonly usedNames: string[] }
  | { readonly ok: false; readonly unknownNames: string[]; readonly error: FormulaError }

/**
 * Checks that every name the formula uses is a declared parameter. The error lists all unknown
 * names and points at the first place one is used.
 */
export function checkNames(tree: FormulaNode, declaredNames: Iterable<string>): NameCheck {
  const declared = new Set(declaredNames)
  const found: ParameterNode[] = []
  collectParameters(tree, found)
  const unknown = found.filter((node) => !declared.has(node.name))
  const first = unknown[0]
  if (first === undefined) return { ok: true, usedNames: [...new Set(found.map((node) => node.name))] }
  const unknownNames = [...new Set(unknown.map((node) => node.name))]
  const listed = unknownNames.map((name) => `'${name}'`).join(', ')
  const subject = unknownNames.length === 1 ? `Unknown name ${listed}` : `Unknown names ${listed}`
  const declaredList = [...declared].join(', ')
  return {
    ok: false,
    unknownNames,
    error: formulaError(
      'unknown-name',
      `${subject} ${atCharacter(first.start)}: the formula may only use the parameters ${declaredList === '' ? '(none declared)' : declaredList}`,
      first.start,
      first.end,
    ),
  }
}
