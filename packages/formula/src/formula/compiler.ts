import { invalidInput, settleEvaluation, type FormulaEvaluation } from './evaluation.ts'
import { formulaError, type FormulaError } from './formula-error.ts'
import { checkNames } from './names.ts'
import type { BinaryOperator, FormulaNode, MathFunctionName } from './syntax.ts'

// A formula compiles to nested closures (no eval, no new Function). Parameter values are read
// from an array by index; constant subtrees are folded; the common operand shapes (parameter,
// constant, sub-expression) get their own closures so that `a * 12` is one call, not three.
// See docs/decisions/010.

/** Parameter values by slot. Every slot the formula reads is checked to hold a number first. */
type Slots = ArrayLike<number>
type Run = (slots: Slots) => number

/** Set by divisions whose divisor is zero; reset before each evaluation. */
interface DivisionWatch {
  divisionByZero: boolean
}

type Operand =
  | { readonly kind: 'constant'; readonly value: number }
  | { readonly kind: 'parameter'; readonly index: number }
  | { readonly kind: 'run'; readonly run: Run }

interface Specializations {
  readonly pp: (i: number, j: number, w: DivisionWatch) => Run
  readonly pc: (i: number, c: number, w: DivisionWatch) => Run
  readonly cp: (c: number, j: number, w: DivisionWatch) => Run
  readonly pn: (i: number, g: Run, w: DivisionWatch) => Run
  readonly np: (f: Run, j: number, w: DivisionWatch) => Run
  readonly nc: (f: Run, c: number, w: DivisionWatch) => Run
  readonly cn: (c: number, g: Run, w: DivisionWatch) => Run
  readonly nn: (f: Run, g: Run, w: DivisionWatch) => Run
}

// `?? NaN` never fires (the slots read were checked to hold numbers); it only tells the type checker so.
const ADD: Specializations = {
  pp: (i, j) => (s) => (s[i] ?? NaN) + (s[j] ?? NaN),
  pc: (i, c) => (s) => (s[i] ?? NaN) + c,
  cp: (c, j) => (s) => c + (s[j] ?? NaN),
  pn: (i, g) => (s) => (s[i] ?? NaN) + g(s),
  np: (f, j) => (s) => f(s) + (s[j] ?? NaN),
  nc: (f, c) => (s) => f(s) + c,
  cn: (c, g) => (s) => c + g(s),
  nn: (f, g) => (s) => f(s) + g(s),
}

const SUBTRACT: Specializations = {
  pp: (i, j) => (s) => (s[i] ?? NaN) - (s[j] ?? NaN),
  pc: (i, c) => (s) => (s[i] ?? NaN) - c,
  cp: (c, j) => (s) => c - (s[j] ?? NaN),
  pn: (i, g) => (s) => (s[i] ?? NaN) - g(s),
  np: (f, j) => (s) => f(s) - (s[j] ?? NaN),
  nc: (f, c) => (s) => f(s) - c,
  cn: (c, g) => (s) => c - g(s),
  nn: (f, g) => (s) => f(s) - g(s),
}

const MULTIPLY: Specializations = {
  pp: (i, j) => (s) => (s[i] ?? NaN) * (s[j] ?? NaN),
  pc: (i, c) => (s) => (s[i] ?? NaN) * c,
  cp: (c, j) => (s) => c * (s[j] ?? NaN),
  pn: (i, g) => (s) => (s[i] ?? NaN) * g(s),
  np: (f, j) => (s) => f(s) * (s[j] ?? NaN),
  nc: (f, c) => (s) => f(s) * c,
  cn: (c, g) => (s) => c * g(s),
  nn: (f, g) => (s) => f(s) * g(s),
}

// A constant divisor is never zero here: `divide` routes constant zero through `nn`.
const DIVIDE: Specializations = {
  pp: (i, j, w) => (s) => {
    const d = s[j] ?? NaN
    if (d === 0) w.divisionByZero = true
    return (s[i] ?? NaN) / d
  },
  pc: (i, c) => (s) => (s[i] ?? NaN) / c,
  cp: (c, j, w) => (s) => {
    const d = s[j] ?? NaN
    if (d === 0) w.divisionByZero = true
    return c / d
  },
  pn: (i, g, w) => (s) => {
    const d = g(s)
    if (d === 0) w.divisionByZero = true
    return (s[i] ?? NaN) / d
  },
  np: (f, j, w) => (s) => {
    const d = s[j] ?? NaN
    if (d === 0) w.divisionByZero = true
    return f(s) / d
  },
  nc: (f, c) => (s) => f(s) / c,
  cn: (c, g, w) => (s) => {
    const d = g(s)
    if (d === 0) w.divisionByZero = true
    return c / d
  },
  nn: (f, g, w) => (s) => {
    const n = f(s)
    const d = g(s)
    if (d === 0) w.divisionByZero = true
    return n / d
  },
}

const REMAINDER: Specializations = {
  pp: (i, j, w) => (s) => {
    const d = s[j] ?? NaN
    if (d === 0) w.divisionByZero = true
    return (s[i] ?? NaN) % d
  },
  pc: (i, c) => (s) => (s[i] ?? NaN) % c,
  cp: (c, j, w) => (s) => {
    const d = s[j] ?? NaN
    if (d === 0) w.divisionByZero = true
    return c % d
  },
  pn: (i, g, w) => (s) => {
    const d = g(s)
    if (d === 0) w.divisionByZero = true
    return (s[i] ?? NaN) % d
  },
  np: (f, j, w) => (s) => {
    const d = s[j] ?? NaN
    if (d === 0) w.divisionByZero = true
    return f(s) % d
  },
  nc: (f, c) => (s) => f(s) % c,
  cn: (c, g, w) => (s) => {
    const d = g(s)
    if (d === 0) w.divisionByZero = true
    return c % d
  },
  nn: (f, g, w) => (s) => {
    const n = f(s)
    const d = g(s)
    if (d === 0) w.divisionByZero = true
    return n % d
  },
}

const POWER: Specializations = {
  pp: (i, j) => (s) => (s[i] ?? NaN) ** (s[j] ?? NaN),
  pc: (i, c) => (s) => (s[i] ?? NaN) ** c,
  cp: (c, j) => (s) => c ** (s[j] ?? NaN),
  pn: (i, g) => (s) => (s[i] ?? NaN) ** g(s),
  np: (f, j) => (s) => f(s) ** (s[j] ?? NaN),
  nc: (f, c) => (s) => f(s) ** c,
  cn: (c, g) => (s) => c ** g(s),
  nn: (f, g) => (s) => f(s) ** g(s),
}

const LESS: Specializations = {
  pp: (i, j) => (s) => ((s[i] ?? NaN) < (s[j] ?? NaN) ? 1 : 0),
  pc: (i, c) => (s) => ((s[i] ?? NaN) < c ? 1 : 0),
  cp: (c, j) => (s) => (c < (s[j] ?? NaN) ? 1 : 0),
  pn: (i, g) => (s) => ((s[i] ?? NaN) < g(s) ? 1 : 0),
  np: (f, j) => (s) => (f(s) < (s[j] ?? NaN) ? 1 : 0),
  nc: (f, c) => (s) => (f(s) < c ? 1 : 0),
  cn: (c, g) => (s) => (c < g(s) ? 1 : 0),
  nn: (f, g) => (s) => (f(s) < g(s) ? 1 : 0),
}

const LESS_OR_EQUAL: Specializations = {
  pp: (i, j) => (s) => ((s[i] ?? NaN) <= (s[j] ?? NaN) ? 1 : 0),
  pc: (i, c) => (s) => ((s[i] ?? NaN) <= c ? 1 : 0),
  cp: (c, j) => (s) => (c <= (s[j] ?? NaN) ? 1 : 0),
  pn: (i, g) => (s) => ((s[i] ?? NaN) <= g(s) ? 1 : 0),
  np: (f, j) => (s) => (f(s) <= (s[j] ?? NaN) ? 1 : 0),
  nc: (f, c) => (s) => (f(s) <= c ? 1 : 0),
  cn: (c, g) => (s) => (c <= g(s) ? 1 : 0),
  nn: (f, g) => (s) => (f(s) <= g(s) ? 1 : 0),
}

const GREATER: Specializations = {
  pp: (i, j) => (s) => ((s[i] ?? NaN) > (s[j] ?? NaN) ? 1 : 0),
  pc: (i, c) => (s) => ((s[i] ?? NaN) > c ? 1 : 0),
  cp: (c, j) => (s) => (c > (s[j] ?? NaN) ? 1 : 0),
  pn: (i, g) => (s) => ((s[i] ?? NaN) > g(s) ? 1 : 0),
  np: (f, j) => (s) => (f(s) > (s[j] ?? NaN) ? 1 : 0),
  nc: (f, c) => (s) => (f(s) > c ? 1 : 0),
  cn: (c, g) => (s) => (c > g(s) ? 1 : 0),
  nn: (f, g) => (s) => (f(s) > g(s) ? 1 : 0),
}

const GREATER_OR_EQUAL: Specializations = {
  pp: (i, j) => (s) => ((s[i] ?? NaN) >= (s[j] ?? NaN) ? 1 : 0),
  pc: (i, c) => (s) => ((s[i] ?? NaN) >= c ? 1 : 0),
  cp: (c, j) => (s) => (c >= (s[j] ?? NaN) ? 1 : 0),
  pn: (i, g) => (s) => ((s[i] ?? NaN) >= g(s) ? 1 : 0),
  np: (f, j) => (s) => (f(s) >= (s[j] ?? NaN) ? 1 : 0),
  nc: (f, c) => (s) => (f(s) >= c ? 1 : 0),
  cn: (c, g) => (s) => (c >= g(s) ? 1 : 0),
  nn: (f, g) => (s) => (f(s) >= g(s) ? 1 : 0),
}

const EQUAL: Specializations = {
  pp: (i, j) => (s) => ((s[i] ?? NaN) === (s[j] ?? NaN) ? 1 : 0),
  pc: (i, c) => (s) => ((s[i] ?? NaN) === c ? 1 : 0),
  cp: (c, j) => (s) => (c === (s[j] ?? NaN) ? 1 : 0),
  pn: (i, g) => (s) => ((s[i] ?? NaN) === g(s) ? 1 : 0),
  np: (f, j) => (s) => (f(s) === (s[j] ?? NaN) ? 1 : 0),
  nc: (f, c) => (s) => (f(s) === c ? 1 : 0),
  cn: (c, g) => (s) => (c === g(s) ? 1 : 0),
  nn: (f, g) => (s) => (f(s) === g(s) ? 1 : 0),
}

const NOT_EQUAL: Specializations = {
  pp: (i, j) => (s) => ((s[i] ?? NaN) !== (s[j] ?? NaN) ? 1 : 0),
  pc: (i, c) => (s) => ((s[i] ?? NaN) !== c ? 1 : 0),
  cp: (c, j) => (s) => (c !== (s[j] ?? NaN) ? 1 : 0),
  pn: (i, g) => (s) => ((s[i] ?? NaN) !== g(s) ? 1 : 0),
  np: (f, j) => (s) => (f(s) !== (s[j] ?? NaN) ? 1 : 0),
  nc: (f, c) => (s) => (f(s) !== c ? 1 : 0),
  cn: (c, g) => (s) => (c !== g(s) ? 1 : 0),
  nn: (f, g) => (s) => (f(s) !== g(s) ? 1 : 0),
}

const MINIMUM: Specializations = {
  pp: (i, j) => (s) => Math.min(s[i] ?? NaN, s[j] ?? NaN),
  pc: (i, c) => (s) => Math.min(s[i] ?? NaN, c),
  cp: (c, j) => (s) => Math.min(c, s[j] ?? NaN),
  pn: (i, g) => (s) => Math.min(s[i] ?? NaN, g(s)),
  np: (f, j) => (s) => Math.min(f(s), s[j] ?? NaN),
  nc: (f, c) => (s) => Math.min(f(s), c),
  cn: (c, g) => (s) => Math.min(c, g(s)),
  nn: (f, g) => (s) => Math.min(f(s), g(s)),
}

const MAXIMUM: Specializations = {
  pp: (i, j) => (s) => Math.max(s[i] ?? NaN, s[j] ?? NaN),
  pc: (i, c) => (s) => Math.max(s[i] ?? NaN, c),
  cp: (c, j) => (s) => Math.max(c, s[j] ?? NaN),
  pn: (i, g) => (s) => Math.max(s[i] ?? NaN, g(s)),
  np: (f, j) => (s) => Math.max(f(s), s[j] ?? NaN),
  nc: (f, c) => (s) => Math.max(f(s), c),
  cn: (c, g) => (s) => Math.max(c, g(s)),
  nn: (f, g) => (s) => Math.max(f(s), g(s)),
}

const SPECIALIZATIONS: Readonly<Record<Exclude<BinaryOperator, '&&' | '||'>, Specializations>> = {
  '+': ADD,
  '-': SUBTRACT,
  '*': MULTIPLY,
  '/': DIVIDE,
  '%': REMAINDER,
  '**': POWER,
  '<': LESS,
  '<=': LESS_OR_EQUAL,
  '>': GREATER,
  '>=': GREATER_OR_EQUAL,
  '==': EQUAL,
  '===': EQUAL,
  '!=': NOT_EQUAL,
  '!==': NOT_EQUAL,
}

const UNARY_FUNCTIONS: Readonly<Record<Exclude<MathFunctionName, 'min' | 'max' | 'pow' | 'clamp'>, (x: number) => number>> = {
  round: Math.round,
  floor: Math.floor,
  ceil: Math.ceil,
  abs: Math.abs,
  sqrt: Math.sqrt,
  log: Math.log,
  exp: Math.exp,
}

const NO_SLOTS = new Float64Array(0)

function toRun(operand: Operand): Run {
  switch (operand.kind) {
    case 'constant': {
      const c = operand.value
      return () => c
    }
    case 'parameter': {
      const i = operand.index
      return (s) => s[i] ?? NaN
    }
    case 'run':
      return operand.run
  }
}

function specialize(table: Specializations, left: Operand, right: Operand, w: DivisionWatch): Run {
  if (left.kind === 'parameter') {
    if (right.kind === 'parameter') return table.pp(left.index, right.index, w)
    if (right.kind === 'constant') return table.pc(left.index, right.value, w)
    return table.pn(left.index, right.run, w)
  }
  if (left.kind === 'constant') {
    if (right.kind === 'parameter') return table.cp(left.value, right.index, w)
    return table.cn(left.value, toRun(right), w)
  }
  if (right.kind === 'parameter') return table.np(left.run, right.index, w)
  if (right.kind === 'constant') return table.nc(left.run, right.value, w)
  return table.nn(left.run, right.run, w)
}

function isConstant(operand: Operand): operand is { readonly kind: 'constant'; readonly value: number } {
  return operand.kind === 'constant'
}

/**
 * Builds the closure for an operation whose operands are known; when they are all constants it is
 * run once and replaced by its value, unless it divides by zero, which must still be reported.
 */
function foldOrRun(operands: readonly Operand[], build: (w: DivisionWatch) => Run, w: DivisionWatch): Operand {
  if (operands.every(isConstant)) {
    const scratch: DivisionWatch = { divisionByZero: false }
    const value = build(scratch)(NO_SLOTS)
    if (!scratch.divisionByZero) return { kind: 'constant', value }
  }
  return { kind: 'run', run: build(w) }
}

class Compiler {
  /** Whether some division or remainder checks its divisor at run time. */
  watchesDivision = false

  constructor(
    private readonly slotOf: ReadonlyMap<string, number>,
    private readonly watch: DivisionWatch,
  ) {}

  compile(node: FormulaNode): Operand {
    switch (node.kind) {
      case 'number':
        return { kind: 'constant', value: node.value }
      case 'parameter':
        // checkNames ran first, so every name has a slot.
        return { kind: 'parameter', index: this.slotOf.get(node.name) ?? -1 }
      case 'unary':
        return this.compileUnary(node.operator, this.compile(node.operand))
      case 'binary':
        return this.compileBinary(node.operator, node.left, node.right)
      case 'conditional': {
        const test = this.compile(node.test)
        if (test.kind === 'constant') return test.value ? this.compile(node.consequent) : this.compile(node.alternate)
        const t = toRun(test)
        const c = toRun(this.compile(node.consequent))
        const a = toRun(this.compile(node.alternate))
        return { kind: 'run', run: (s) => (t(s) ? c(s) : a(s)) }
      }
      case 'call':
        return this.compileCall(
          node.callee,
          node.arguments.map((argument) => this.compile(argument)),
        )
    }
  }

  private compileUnary(operator: '-' | '+' | '!', operand: Operand): Operand {
    // Unary plus of a number is the number itself.
    if (operator === '+') return operand
    if (operand.kind === 'constant') return { kind: 'constant', value: operator === '-' ? -operand.value : operand.value ? 0 : 1 }
    if (operator === '-') {
      if (operand.kind === 'parameter') {
        const i = operand.index
        return { kind: 'run', run: (s) => -(s[i] ?? NaN) }
      }
      const f = operand.run
      return { kind: 'run', run: (s) => -f(s) }
    }
    const f = toRun(operand)
    return { kind: 'run', run: (s) => (f(s) ? 0 : 1) }
  }

  private compileBinary(operator: BinaryOperator, leftNode: FormulaNode, rightNode: FormulaNode): Operand {
    const left = this.compile(leftNode)
    if (operator === '&&' || operator === '||') {
      // As in JavaScript: the right side is evaluated only when the left side does not decide.
      if (left.kind === 'constant') {
        const decides = operator === '&&' ? !left.value : Boolean(left.value)
        return decides ? left : this.compile(rightNode)
      }
      const f = toRun(left)
      const g = toRun(this.compile(rightNode))
      const run: Run =
        operator === '&&'
          ? (s) => {
              const x = f(s)
              return x ? g(s) : x
            }
          : (s) => {
              const x = f(s)
              return x ? x : g(s)
            }
      return { kind: 'run', run }
    }
    const right = this.compile(rightNode)
    const table = SPECIALIZATIONS[operator]
    // A constant zero divisor goes through the general closure, which reports it.
    const divides = operator === '/' || operator === '%'
    const general = divides && right.kind === 'constant' && right.value === 0
    const result = foldOrRun(
      [left, right],
      (w) => (general ? table.nn(toRun(left), toRun(right), w) : specialize(table, left, right, w)),
      this.watch,
    )
    if (divides && result.kind === 'run' && (right.kind !== 'constant' || right.value === 0)) this.watchesDivision = true
    return result
  }

  private compileCall(callee: MathFunctionName, args: readonly Operand[]): Operand {
    const build = (w: DivisionWatch): Run => {
      switch (callee) {
        case 'min':
        case 'max': {
          const table = callee === 'min' ? MINIMUM : MAXIMUM
          const [first, second] = args
          if (first !== undefined && second === undefined) return toRun(first)
          if (first !== undefined && second !== undefined && args.length === 2) return specialize(table, first, second, w)
          const runs = args.map(toRun)
          const pick = callee === 'min' ? Math.min : Math.max
          return (s) => {
            let result = Number.NaN
            for (let k = 0; k < runs.length; k++) {
              const run = runs[k]
              if (run === undefined) break
              result = k === 0 ? run(s) : pick(result, run(s))
            }
            return result
          }
        }
        case 'pow': {
          const [base, exponent] = args.map(toRun)
          if (base === undefined || exponent === undefined) return () => Number.NaN
          return (s) => Math.pow(base(s), exponent(s))
        }
        case 'clamp': {
          const [value, low, high] = args.map(toRun)
          if (value === undefined || low === undefined || high === undefined) return () => Number.NaN
          return (s) => Math.min(Math.max(value(s), low(s)), high(s))
        }
        default: {
          const apply = UNARY_FUNCTIONS[callee]
          const [argument] = args
          if (argument === undefined) return () => Number.NaN
          if (argument.kind === 'parameter') {
            const i = argument.index
            return (s) => apply(s[i] ?? NaN)
          }
          const f = toRun(argument)
          return (s) => apply(f(s))
        }
      }
    }
    return foldOrRun(args, build, this.watch)
  }
}

/** A formula ready to evaluate many times. Evaluation never throws and never runs anything but arithmetic. */
export interface CompiledFormula {
  /** The declared parameter names, in the order `evaluateArray` reads values. */
  readonly parameterNames: readonly string[]
  /** The parameter names the formula uses, in order of first use. */
  readonly usedNames: readonly string[]
  /** Evaluates with values by parameter name; a used name without a number value gives 'invalid-input'. */
  evaluate(values: Readonly<Record<string, number>>): FormulaEvaluation
  /** The fast path: values in `parameterNames` order. */
  evaluateArray(values: ArrayLike<number>): FormulaEvaluation
}

export type CompileResult =
  | { readonly ok: true; readonly formula: CompiledFormula }
  | { readonly ok: false; readonly error: FormulaError; readonly unknownNames: string[] }

const INVALID_INPUT = Object.freeze(invalidInput())

type EvaluateArray = (values: ArrayLike<number>) => FormulaEvaluation

/**
 * The fast entry point, unrolled for up to four used parameters: a loop over the used slots costs
 * more than the whole closure tree of a typical formula. The closures read the caller's array
 * directly once its used slots are known to hold numbers (copying them cost about a tenth).
 */
function makeEvaluateArray(usedSlots: readonly number[], run: Run, watch: DivisionWatch, watching: boolean): EvaluateArray {
  const [i = 0, j = 0, k = 0, l = 0] = usedSlots
  switch (usedSlots.length) {
    case 0:
      return (values) => {
        if (watching) watch.divisionByZero = false
        const value = run(values)
        return settleEvaluation(value, watching && watch.divisionByZero)
      }
    case 1:
      return (values) => {
        const a: unknown = values[i]
        if (typeof a !== 'number') return INVALID_INPUT
        if (watching) watch.divisionByZero = false
        const value = run(values)
        return settleEvaluation(value, watching && watch.divisionByZero)
      }
    case 2:
      return (values) => {
        const a: unknown = values[i]
        const b: unknown = values[j]
        if (typeof a !== 'number' || typeof b !== 'number') return INVALID_INPUT
        if (watching) watch.divisionByZero = false
        const value = run(values)
        return settleEvaluation(value, watching && watch.divisionByZero)
      }
    case 3:
      return (values) => {
        const a: unknown = values[i]
        const b: unknown = values[j]
        const c: unknown = values[k]
        if (typeof a !== 'number' || typeof b !== 'number' || typeof c !== 'number') return INVALID_INPUT
        if (watching) watch.divisionByZero = false
        const value = run(values)
        return settleEvaluation(value, watching && watch.divisionByZero)
      }
    case 4:
      return (values) => {
        const a: unknown = values[i]
        const b: unknown = values[j]
        const c: unknown = values[k]
        const d: unknown = values[l]
        if (typeof a !== 'number' || typeof b !== 'number' || typeof c !== 'number' || typeof d !== 'number') return INVALID_INPUT
        if (watching) watch.divisionByZero = false
        const value = run(values)
        return settleEvaluation(value, watching && watch.divisionByZero)
      }
    default:
      return (values) => {
        for (let n = 0; n < usedSlots.length; n++) {
          const slot = usedSlots[n] ?? 0
          const value: unknown = values[slot]
          if (typeof value !== 'number') return INVALID_INPUT
        }
        if (watching) watch.divisionByZero = false
        const value = run(values)
        return settleEvaluation(value, watching && watch.divisionByZero)
      }
  }
}

function makeCompiledFormula(
  parameterNames: readonly string[],
  usedNames: readonly string[],
  usedSlots: readonly number[],
  run: Run,
  watch: DivisionWatch,
  watching: boolean,
): CompiledFormula {
  const slots = new Float64Array(parameterNames.length)
  return {
    parameterNames,
    usedNames,
    evaluate(values) {
      for (let n = 0; n < usedNames.length; n++) {
        const name = usedNames[n] ?? ''
        const value: unknown = Object.hasOwn(values, name) ? values[name] : undefined
        if (typeof value !== 'number') return INVALID_INPUT
        slots[usedSlots[n] ?? 0] = value
      }
      if (watching) watch.divisionByZero = false
      const value = run(slots)
      return settleEvaluation(value, watching && watch.divisionByZero)
    },
    evaluateArray: makeEvaluateArray(usedSlots, run, watch, watching),
  }
}

/** Compiles a parsed formula against the declared parameter names (which must be distinct). */
export function compile(tree: FormulaNode, parameterNames: readonly string[]): CompileResult {
  const slotOf = new Map<string, number>()
  for (const [index, name] of parameterNames.entries()) {
    if (slotOf.has(name)) {
      return { ok: false, error: formulaError('duplicate-parameter', `The parameter '${name}' is declared twice`, 0, 0), unknownNames: [] }
    }
    slotOf.set(name, index)
  }
  const names = checkNames(tree, parameterNames)
  if (!names.ok) return { ok: false, error: names.error, unknownNames: names.unknownNames }
  const watch: DivisionWatch = { divisionByZero: false }
  const compiler = new Compiler(slotOf, watch)
  const root = compiler.compile(tree)
  const usedSlots = names.usedNames.map((name) => slotOf.get(name) ?? 0)
  return {
    ok: true,
    formula: makeCompiledFormula([...parameterNames], names.usedNames, usedSlots, toRun(root), watch, compiler.watchesDivision),
  }
}
