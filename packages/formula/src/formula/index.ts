export { compile, type CompiledFormula, type CompileResult } from './compiler.ts'
export { compileFormula, type FormulaCompilation } from './compile-formula.ts'
export { valueOrFallback, type FormulaEvaluation, type FormulaEvaluationError } from './evaluation.ts'
export type { FormulaError, FormulaErrorCode } from './formula-error.ts'
export { evaluateTree } from './interpreter.ts'
export { checkNames, parameterNamesIn, type NameCheck } from './names.ts'
export { numberLiterals, parameterSigns, type NumberLiteral } from './terms.ts'
export { FORMULA_HARD_LIMITS, FORMULA_LIMITS, parse, type FormulaLimits, type ParseResult } from './parser.ts'
export { print } from './printer.ts'
export {
  FORBIDDEN_NAMES,
  MATH_FUNCTION_NAMES,
  type BinaryNode,
  type BinaryOperator,
  type CallNode,
  type ConditionalNode,
  type FormulaNode,
  type MathFunctionName,
  type NumberNode,
  type ParameterNode,
  type UnaryNode,
  type UnaryOperator,
} from './syntax.ts'
