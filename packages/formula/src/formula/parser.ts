import { atCharacter, formulaError, type FormulaError, type FormulaErrorCode } from './formula-error.ts'
import { tokenize, type Token } from './lexer.ts'
import {
  FORBIDDEN_NAMES,
  isMathFunctionName,
  MATH_FUNCTION_NAMES,
  MATH_FUNCTIONS,
  PRECEDENCE,
  type BinaryOperator,
  type FormulaNode,
  type UnaryOperator,
} from './syntax.ts'

export interface FormulaLimits {
  /** Longest accepted source, in UTF-16 code units. */
  readonly maxLength: number
  /** Deepest accepted nesting of parentheses, function calls, conditionals, unary operators and powers. */
  readonly maxDepth: number
}

/**
 * 2,000 characters is ten times the longest formula we have seen generated; with it every tree is at
 * most ~1,000 nodes deep, which bounds the recursion of every tree walk. 32 levels of nesting is far
 * beyond what people write and keeps the parser's own recursion small.
 */
export const FORMULA_LIMITS: FormulaLimits = { maxLength: 2000, maxDepth: 32 }

/**
 * Callers may raise the limits only this far: every tree walk (check, compile, print, evaluate)
 * is recursive, and these keep the deepest possible tree well inside any JavaScript engine's stack.
 */
export const FORMULA_HARD_LIMITS: FormulaLimits = { maxLength: 10_000, maxDepth: 100 }

export type ParseResult = { readonly ok: true; readonly tree: FormulaNode } | { readonly ok: false; readonly error: FormulaError }

const LEFT_ASSOCIATIVE_OPERATORS: readonly BinaryOperator[] = [
  '||',
  '&&',
  '==',
  '!=',
  '===',
  '!==',
  '<',
  '<=',
  '>',
  '>=',
  '+',
  '-',
  '*',
  '/',
  '%',
]

const BINARY_OPERATORS: ReadonlyMap<string, { readonly operator: BinaryOperator; readonly precedence: number }> = new Map(
  LEFT_ASSOCIATIVE_OPERATORS.map((operator) => [operator, { operator, precedence: PRECEDENCE[operator] }]),
)

function unaryOperatorOf(token: Token): UnaryOperator | undefined {
  if (token.type !== 'operator') return undefined
  return token.text === '-' || token.text === '+' || token.text === '!' ? token.text : undefined
}

const LOWEST_BINARY_PRECEDENCE = 2

/** Thrown inside the parser only; parse() answers it as `{ ok: false, error }`. */
class ParseError extends Error {
  constructor(readonly error: FormulaError) {
    super(error.message)
    this.name = 'ParseError'
  }
}

function describe(token: Token): string {
  switch (token.type) {
    case 'number':
      return `number ${token.text}`
    case 'name':
      return `name '${token.text}'`
    case 'operator':
      return `'${token.text}'`
    case 'end':
      return 'the end of the formula'
    case 'error':
      return 'an error'
  }
}

class Parser {
  private index = 0
  private depth = 0

  constructor(
    private readonly tokens: readonly Token[],
    private readonly maxDepth: number,
  ) {}

  parseFormula(): FormulaNode {
    const tree = this.parseConditional()
    const next = this.peek()
    if (next.type !== 'end') {
      if (next.text === ')') this.fail('unexpected-token', `Unmatched ')' ${atCharacter(next.start)}`, next)
      this.fail(
        'unexpected-token',
        `Unexpected ${describe(next)} ${atCharacter(next.start)}; expected an operator or the end of the formula`,
        next,
      )
    }
    return tree
  }

  private peek(): Token {
    // The token list always ends with an 'end' token and the parser never reads past it.
    const token = this.tokens[this.index] ?? this.tokens[this.tokens.length - 1]
    if (token === undefined) throw new ParseError(formulaError('empty', 'The formula is empty', 0, 0))
    if (token.error !== undefined) throw new ParseError(token.error)
    return token
  }

  private next(): Token {
    const token = this.peek()
    if (token.type !== 'end') this.index++
    return token
  }

  private isOperator(text: string): boolean {
    const token = this.peek()
    return token.type === 'operator' && token.text === text
  }

  private fail(code: FormulaErrorCode, message: string, at: { start: number; end: number }): never {
    throw new ParseError(formulaError(code, message, at.start, Math.max(at.end, at.start + 1)))
  }

  private enter(at: Token): void {
    this.depth++
    if (this.depth > this.maxDepth) {
      this.fail('too-deep', `The formula is nested too deeply (more than ${this.maxDepth} levels) ${atCharacter(at.start)}`, at)
    }
  }

  private leave(): void {
    this.depth--
  }

  private parseConditional(): FormulaNode {
    this.enter(this.peek())
    const test = this.parseBinary(LOWEST_BINARY_PRECEDENCE)
    if (!this.isOperator('?')) {
      this.leave()
      return test
    }
    this.next()
    const consequent = this.parseConditional()
    const colon = this.peek()
    if (!this.isOperator(':')) {
      this.fail(
        colon.type === 'end' ? 'unexpected-end' : 'unexpected-token',
        `Expected ':' of the conditional (a ? b : c) but found ${describe(colon)} ${atCharacter(colon.start)}`,
        colon,
      )
    }
    this.next()
    const alternate = this.parseConditional()
    this.leave()
    return { kind: 'conditional', test, consequent, alternate, start: test.start, end: alternate.end }
  }

  /** Precedence climbing over the left-associative binary operators. */
  private parseBinary(minimumPrecedence: number): FormulaNode {
    let left = this.parseExponentiation()
    for (;;) {
      const token = this.peek()
      const binary = token.type === 'operator' ? BINARY_OPERATORS.get(token.text) : undefined
      if (binary === undefined || binary.precedence < minimumPrecedence) return left
      this.next()
      const right = this.parseBinary(binary.precedence + 1)
      left = { kind: 'binary', operator: binary.operator, left, right, start: left.start, end: right.end }
    }
  }

  /** JavaScript's ExponentiationExpression: `**` is right-associative and a unary operand needs parentheses. */
  private parseExponentiation(): FormulaNode {
    if (unaryOperatorOf(this.peek()) !== undefined) {
      const unary = this.parseUnary()
      const after = this.peek()
      if (this.isOperator('**')) {
        this.fail('unsupported-syntax', `Put parentheses around the left side of '**' ${atCharacter(after.start)}, e.g. (-a) ** 2`, after)
      }
      return unary
    }
    const base = this.parsePrimary()
    if (!this.isOperator('**')) return base
    const operatorToken = this.next()
    this.enter(operatorToken)
    const exponent = this.parseExponentiation()
    this.leave()
    return { kind: 'binary', operator: '**', left: base, right: exponent, start: base.start, end: exponent.end }
  }

  private parseUnary(): FormulaNode {
    const token = this.peek()
    const operator = unaryOperatorOf(token)
    if (operator !== undefined) {
      this.next()
      this.enter(token)
      const operand = this.parseUnary()
      this.leave()
      return { kind: 'unary', operator, operand, start: token.start, end: operand.end }
    }
    return this.parsePrimary()
  }

  private parsePrimary(): FormulaNode {
    const token = this.next()
    if (token.type === 'number') {
      return { kind: 'number', value: token.value, start: token.start, end: token.end }
    }
    if (token.type === 'name') return this.parseName(token)
    if (token.type === 'operator' && token.text === '(') {
      const inner = this.parseConditional()
      const closing = this.peek()
      if (!this.isOperator(')')) {
        if (closing.type === 'end') {
          this.fail('unclosed-parenthesis', `Missing ')' for the '(' ${atCharacter(token.start)}`, token)
        }
        this.fail('unexpected-token', `Expected ')' but found ${describe(closing)} ${atCharacter(closing.start)}`, closing)
      }
      this.next()
      return inner
    }
    if (token.type === 'end') {
      this.fail('unexpected-end', `The formula ends too early ${atCharacter(token.start)}: expected a number, a name or '('`, token)
    }
    if (token.text === '.') this.fail('unsupported-syntax', `'.' is only allowed in Math.<function> ${atCharacter(token.start)}`, token)
    this.fail('unexpected-token', `Unexpected ${describe(token)} ${atCharacter(token.start)}: expected a number, a name or '('`, token)
  }

  private parseName(token: Token): FormulaNode {
    let name = token.text
    let nameToken = token
    if (name === 'Math') {
      if (!this.isOperator('.'))
        this.fail('unsupported-syntax', `'Math' can only be used as Math.<function>(…) ${atCharacter(token.start)}`, token)
      this.next()
      const member = this.next()
      if (member.type !== 'name') {
        this.fail('unsupported-syntax', `Expected a function name after 'Math.' ${atCharacter(member.start)}`, member)
      }
      if (!isMathFunctionName(member.text)) {
        this.fail(
          'unknown-function',
          `Unknown function 'Math.${member.text}' ${atCharacter(token.start)}; allowed: ${MATH_FUNCTION_NAMES.join(', ')}`,
          { start: token.start, end: member.end },
        )
      }
      if (!this.isOperator('('))
        this.fail('unsupported-syntax', `'Math.${member.text}' must be called, e.g. Math.${member.text}(x) ${atCharacter(token.start)}`, {
          start: token.start,
          end: member.end,
        })
      name = member.text
      nameToken = member
    } else if (FORBIDDEN_NAMES.has(name)) {
      this.fail('forbidden-name', `'${name}' is not allowed in a formula ${atCharacter(token.start)}`, token)
    }
    if (this.isOperator('(')) return this.parseCall(token.start, name, nameToken)
    if (this.isOperator('.')) {
      const dot = this.peek()
      this.fail('unsupported-syntax', `Property access is not allowed ${atCharacter(dot.start)}`, dot)
    }
    return { kind: 'parameter', name, start: token.start, end: token.end }
  }

  private parseCall(start: number, name: string, nameToken: Token): FormulaNode {
    if (!isMathFunctionName(name)) {
      this.fail('unknown-function', `Unknown function '${name}' ${atCharacter(start)}; allowed: ${MATH_FUNCTION_NAMES.join(', ')}`, {
        start,
        end: nameToken.end,
      })
    }
    const open = this.next()
    const args: FormulaNode[] = []
    this.enter(open)
    if (!this.isOperator(')')) {
      for (;;) {
        args.push(this.parseConditional())
        if (!this.isOperator(',')) break
        this.next()
      }
    }
    const closing = this.peek()
    if (!this.isOperator(')')) {
      if (closing.type === 'end') this.fail('unclosed-parenthesis', `Missing ')' for the '(' ${atCharacter(open.start)}`, open)
      this.fail('unexpected-token', `Expected ',' or ')' but found ${describe(closing)} ${atCharacter(closing.start)}`, closing)
    }
    this.next()
    this.leave()
    const { minArguments, maxArguments } = MATH_FUNCTIONS[name]
    if (args.length < minArguments || args.length > maxArguments) {
      const expected = minArguments === maxArguments ? `${minArguments}` : `at least ${minArguments}`
      const plural = minArguments === 1 ? 'argument' : 'arguments'
      this.fail('wrong-argument-count', `${name}() takes ${expected} ${plural} but got ${args.length} ${atCharacter(start)}`, {
        start,
        end: closing.end,
      })
    }
    return { kind: 'call', callee: name, arguments: args, start, end: closing.end }
  }
}

function limitWithin(requested: number | undefined, fallback: number, hardLimit: number): number {
  return typeof requested === 'number' && requested >= 0 ? Math.min(requested, hardLimit) : fallback
}

/**
 * Parses a formula into a tree, or says what is wrong and where. Never throws and never runs
 * anything: the only names it accepts are parameters and the functions of MATH_FUNCTIONS.
 */
export function parse(source: string, limits: Partial<FormulaLimits> = {}): ParseResult {
  const maxLength = limitWithin(limits.maxLength, FORMULA_LIMITS.maxLength, FORMULA_HARD_LIMITS.maxLength)
  const maxDepth = limitWithin(limits.maxDepth, FORMULA_LIMITS.maxDepth, FORMULA_HARD_LIMITS.maxDepth)
  if (typeof source !== 'string') return { ok: false, error: formulaError('not-text', 'The formula must be text', 0, 0) }
  if (source.length > maxLength) {
    return {
      ok: false,
      error: formulaError(
        'too-long',
        `The formula is too long: ${source.length} characters, at most ${maxLength} are allowed`,
        maxLength,
        source.length,
      ),
    }
  }
  const tokens = tokenize(source)
  const first = tokens[0]
  if (first === undefined || first.type === 'end') return { ok: false, error: formulaError('empty', 'The formula is empty', 0, 0) }
  try {
    return { ok: true, tree: new Parser(tokens, maxDepth).parseFormula() }
  } catch (caught) {
    if (caught instanceof ParseError) return { ok: false, error: caught.error }
    throw caught
  }
}
