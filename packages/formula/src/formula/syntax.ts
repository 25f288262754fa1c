// The formula language's tree, operators and function list (see docs/decisions/010).

export type UnaryOperator = '-' | '+' | '!'

export type ArithmeticOperator = '+' | '-' | '*' | '/' | '%' | '**'
export type ComparisonOperator = '<' | '<=' | '>' | '>=' | '==' | '!=' | '===' | '!=='
export type LogicalOperator = '&&' | '||'
export type BinaryOperator = ArithmeticOperator | ComparisonOperator | LogicalOperator

/** Functions callable as `name(…)` or `Math.name(…)`; `clamp` is ours, the rest are JavaScript's Math. */
export const MATH_FUNCTIONS = {
  min: { minArguments: 1, maxArguments: Infinity },
  max: { minArguments: 1, maxArguments: Infinity },
  round: { minArguments: 1, maxArguments: 1 },
  floor: { minArguments: 1, maxArguments: 1 },
  ceil: { minArguments: 1, maxArguments: 1 },
  abs: { minArguments: 1, maxArguments: 1 },
  sqrt: { minArguments: 1, maxArguments: 1 },
  pow: { minArguments: 2, maxArguments: 2 },
  log: { minArguments: 1, maxArguments: 1 },
  exp: { minArguments: 1, maxArguments: 1 },
  clamp: { minArguments: 3, maxArguments: 3 },
} as const satisfies Record<string, { minArguments: number; maxArguments: number }>

export type MathFunctionName = keyof typeof MATH_FUNCTIONS

export const MATH_FUNCTION_NAMES = Object.keys(MATH_FUNCTIONS) as MathFunctionName[]

export function isMathFunctionName(name: string): name is MathFunctionName {
  return Object.hasOwn(MATH_FUNCTIONS, name)
}

/** Character offsets into the source: `start` inclusive, `end` exclusive (0-based). */
interface Span {
  readonly start: number
  readonly end: number
}

export interface NumberNode extends Span {
  readonly kind: 'number'
  /** Always finite and ≥ 0: a minus sign is a unary node. */
  readonly value: number
}

export interface ParameterNode extends Span {
  readonly kind: 'parameter'
  readonly name: string
}

export interface UnaryNode extends Span {
  readonly kind: 'unary'
  readonly operator: UnaryOperator
  readonly operand: FormulaNode
}

export interface BinaryNode extends Span {
  readonly kind: 'binary'
  readonly operator: BinaryOperator
  readonly left: FormulaNode
  readonly right: FormulaNode
}

export interface ConditionalNode extends Span {
  readonly kind: 'conditional'
  readonly test: FormulaNode
  readonly consequent: FormulaNode
  readonly alternate: FormulaNode
}

export interface CallNode extends Span {
  readonly kind: 'call'
  readonly callee: MathFunctionName
  readonly arguments: readonly FormulaNode[]
}

export type FormulaNode = NumberNode | ParameterNode | UnaryNode | BinaryNode | ConditionalNode | CallNode

/** Binding strength, as in JavaScript: higher binds tighter. */
export const PRECEDENCE = {
  conditional: 1,
  '||': 2,
  '&&': 3,
  '==': 4,
  '!=': 4,
  '===': 4,
  '!==': 4,
  '<': 5,
  '<=': 5,
  '>': 5,
  '>=': 5,
  '+': 6,
  '-': 6,
  '*': 7,
  '/': 7,
  '%': 7,
  '**': 8,
  unary: 9,
  primary: 10,
} as const

export function precedenceOf(node: FormulaNode): number {
  switch (node.kind) {
    case 'number':
    case 'parameter':
    case 'call':
      return PRECEDENCE.primary
    case 'unary':
      return PRECEDENCE.unary
    case 'binary':
      return PRECEDENCE[node.operator]
    case 'conditional':
      return PRECEDENCE.conditional
  }
}

/**
 * Names a formula may not use. JavaScript keywords and literals, globals that reach the runtime,
 * and Object.prototype's properties: a parameter with one of these names would collide with
 * plain-object lookups in callers (`values[name]`).
 */
export const FORBIDDEN_NAMES: ReadonlySet<string> = new Set([
  // keywords, literals and reserved words
  'arguments',
  'await',
  'break',
  'case',
  'catch',
  'class',
  'const',
  'continue',
  'debugger',
  'default',
  'delete',
  'do',
  'else',
  'enum',
  'eval',
  'export',
  'extends',
  'false',
  'finally',
  'for',
  'function',
  'if',
  'implements',
  'import',
  'in',
  'instanceof',
  'interface',
  'let',
  'new',
  'null',
  'package',
  'private',
  'protected',
  'public',
  'return',
  'static',
  'super',
  'switch',
  'this',
  'throw',
  'true',
  'try',
  'typeof',
  'undefined',
  'var',
  'void',
  'while',
  'with',
  'yield',
  'NaN',
  'Infinity',
  // globals
  'globalThis',
  'window',
  'self',
  'global',
  'document',
  'process',
  'require',
  'module',
  'exports',
  'Function',
  'Object',
  'Array',
  'Reflect',
  'Proxy',
  'Symbol',
  'Promise',
  'import',
  // Object.prototype
  'constructor',
  'prototype',
  '__proto__',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toString',
  'toLocaleString',
  'valueOf',
])
