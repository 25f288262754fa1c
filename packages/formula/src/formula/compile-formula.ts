import { compile, type CompiledFormula } from './compiler.ts'
import type { FormulaError } from './formula-error.ts'
import { parse, type FormulaLimits } from './parser.ts'
import type { FormulaNode } from './syntax.ts'

export type FormulaCompilation =
  | { readonly ok: true; readonly tree: FormulaNode; readonly formula: CompiledFormula }
  | { readonly ok: false; readonly error: FormulaError; readonly unknownNames: string[] }

/** parse → checkNames → compile in one step, for callers that start from text. */
export function compileFormula(source: string, parameterNames: readonly string[], limits: Partial<FormulaLimits> = {}): FormulaCompilation {
  const parsed = parse(source, limits)
  if (!parsed.ok) return { ok: false, error: parsed.error, unknownNames: [] }
  const compiled = compile(parsed.tree, parameterNames)
  if (!compiled.ok) return compiled
  return { ok: true, tree: parsed.tree, formula: compiled.formula }
}
