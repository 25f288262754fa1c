import { atCharacter, formulaError, type FormulaError } from './formula-error.ts'

export type TokenType = 'number' | 'name' | 'operator' | 'end' | 'error'

export interface Token {
  readonly type: TokenType
  /** The source text of the token ('' for the end). */
  readonly text: string
  /** The numeric value of a number token, 0 otherwise. */
  readonly value: number
  readonly start: number
  readonly end: number
  /** Set on the 'error' token, which replaces everything from the first character that cannot be read. */
  readonly error?: FormulaError
}

const OPERATORS = [
  '===',
  '!==',
  '**',
  '<=',
  '>=',
  '==',
  '!=',
  '&&',
  '||',
  '+',
  '-',
  '*',
  '/',
  '%',
  '<',
  '>',
  '!',
  '?',
  ':',
  '(',
  ')',
  ',',
  '.',
]

// Sequences JavaScript would read as something this language does not have.
const UNSUPPORTED: ReadonlyArray<readonly [string, string]> = [
  ['...', "'...' (spread) is not allowed"],
  ['>>>=', 'Assignment is not allowed'],
  ['**=', 'Assignment is not allowed'],
  ['<<=', 'Assignment is not allowed'],
  ['>>=', 'Assignment is not allowed'],
  ['&&=', 'Assignment is not allowed'],
  ['||=', 'Assignment is not allowed'],
  ['??=', 'Assignment is not allowed'],
  ['>>>', 'Bitwise operators are not allowed'],
  ['++', "'++' (increment) is not allowed"],
  ['--', "'--' (decrement) is not allowed"],
  ['+=', 'Assignment is not allowed'],
  ['-=', 'Assignment is not allowed'],
  ['*=', 'Assignment is not allowed'],
  ['/=', 'Assignment is not allowed'],
  ['%=', 'Assignment is not allowed'],
  ['&=', 'Assignment is not allowed'],
  ['|=', 'Assignment is not allowed'],
  ['^=', 'Assignment is not allowed'],
  ['=>', 'Functions (=>) are not allowed'],
  ['//', 'Comments are not allowed'],
  ['/*', 'Comments are not allowed'],
  ['<<', 'Bitwise operators are not allowed'],
  ['>>', 'Bitwise operators are not allowed'],
  ['??', "'??' is not allowed"],
]

const SINGLE_UNSUPPORTED: ReadonlyMap<string, string> = new Map(
  Object.entries({
    '=': 'Assignment is not allowed; use === to compare',
    '&': 'Bitwise operators are not allowed; use && for "and"',
    '|': 'Bitwise operators are not allowed; use || for "or"',
    '^': 'Bitwise operators are not allowed; use ** for powers',
    '~': 'Bitwise operators are not allowed',
    '[': "Indexing with '[ ]' is not allowed",
    ']': "Indexing with '[ ]' is not allowed",
    '{': "Braces '{ }' are not allowed",
    '}': "Braces '{ }' are not allowed",
    ';': "Only one expression is allowed; ';' is not allowed",
    "'": 'Text in quotes is not allowed',
    '"': 'Text in quotes is not allowed',
    '`': 'Template literals are not allowed',
  }),
)

/** Candidates by first character, longest first; `message` null means a supported operator. */
const CANDIDATES_BY_FIRST_CHARACTER: ReadonlyMap<
  string,
  ReadonlyArray<{ readonly text: string; readonly message: string | null }>
> = (() => {
  const candidates = [
    ...UNSUPPORTED.map(([text, message]) => ({ text, message })),
    ...OPERATORS.map((text) => ({ text, message: null })),
  ].sort((a, b) => b.text.length - a.text.length)
  const byFirst = new Map<string, Array<{ text: string; message: string | null }>>()
  for (const candidate of candidates) {
    const first = candidate.text.charAt(0)
    const list = byFirst.get(first) ?? []
    list.push(candidate)
    byFirst.set(first, list)
  }
  return byFirst
})()

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57
}

function isNameStart(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 95
}

function isNamePart(code: number): boolean {
  return isNameStart(code) || isDigit(code)
}

// JavaScript's WhiteSpace and LineTerminator code points, so every accepted formula is valid JavaScript.
function isWhitespace(code: number): boolean {
  return (
    code === 32 ||
    (code >= 9 && code <= 13) ||
    code === 0xa0 ||
    code === 0xfeff ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000
  )
}

/** Thrown inside tokenize() only, which turns it into the 'error' token. */
class LexError extends Error {
  constructor(readonly error: FormulaError) {
    super(error.message)
    this.name = 'LexError'
  }
}

function fail(
  code: 'unexpected-character' | 'unsupported-syntax' | 'invalid-number',
  message: string,
  position: number,
  end = position + 1,
): never {
  throw new LexError(formulaError(code, `${message} ${atCharacter(position)}`, position, end))
}

function describeCharacter(source: string, position: number): string {
  const codePoint = source.codePointAt(position) ?? 0
  const character = String.fromCodePoint(codePoint)
  if (codePoint < 32 || codePoint === 127) return `control character U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`
  return `'${character}'`
}

/** Reads a run of digits in which '_' may only stand between two digits; returns the index after it. */
function scanDigits(source: string, index: number): number {
  let i = index
  while (i < source.length) {
    const code = source.charCodeAt(i)
    if (isDigit(code)) {
      i++
    } else if (code === 95) {
      if (i === index || !isDigit(source.charCodeAt(i - 1)) || !isDigit(source.charCodeAt(i + 1))) {
        fail('invalid-number', "'_' in a number must stand between two digits", i)
      }
      i++
    } else {
      break
    }
  }
  return i
}

function scanNumber(source: string, start: number): Token {
  let i = start
  if (source.charCodeAt(i) === 48) {
    const next = source.charCodeAt(i + 1)
    if (isDigit(next) || next === 95) fail('invalid-number', 'A number may not start with 0 followed by more digits', start, start + 2)
    if (next === 120 || next === 88 || next === 111 || next === 79 || next === 98 || next === 66) {
      fail('invalid-number', 'Only decimal numbers are allowed', start, start + 2)
    }
  }
  if (source.charCodeAt(i) !== 46) i = scanDigits(source, i)
  if (source.charCodeAt(i) === 46) {
    i++
    if (source.charCodeAt(i) === 95) fail('invalid-number', "'_' in a number must stand between two digits", i)
    i = scanDigits(source, i)
  }
  const exponentMark = source.charCodeAt(i)
  if (exponentMark === 101 || exponentMark === 69) {
    let j = i + 1
    const sign = source.charCodeAt(j)
    if (sign === 43 || sign === 45) j++
    if (!isDigit(source.charCodeAt(j))) fail('invalid-number', 'An exponent needs digits after the e', i, j + 1)
    i = scanDigits(source, j)
  }
  const following = source.charCodeAt(i)
  if (isNamePart(following) || following === 36 || following === 92) {
    fail('invalid-number', 'A number may not be directly followed by a letter or digit', i)
  }
  const text = source.slice(start, i)
  const value = Number(text.replaceAll('_', ''))
  if (!Number.isFinite(value)) {
    const shown = text.length > 12 ? `${text.slice(0, 12)}…` : text
    fail('invalid-number', `The number ${shown} is too large`, start, i)
  }
  return { type: 'number', text, value, start, end: i }
}

/**
 * Splits a formula into tokens. The list always ends with an 'end' token, or with an 'error' token
 * where reading stopped: the parser reports it only when it gets there, so that the first problem
 * in the text is the one reported.
 */
export function tokenize(source: string): Token[] {
  const tokens: Token[] = []
  try {
    let i = 0
    while (i < source.length) {
      const code = source.charCodeAt(i)
      if (isWhitespace(code)) {
        i++
        continue
      }
      if (isDigit(code) || (code === 46 && isDigit(source.charCodeAt(i + 1)))) {
        const token = scanNumber(source, i)
        tokens.push(token)
        i = token.end
        continue
      }
      if (isNameStart(code)) {
        let j = i + 1
        while (j < source.length && isNamePart(source.charCodeAt(j))) j++
        const after = source.charCodeAt(j)
        if (after === 36 || after === 92 || (after > 127 && !isWhitespace(after))) {
          fail('unexpected-character', `Unexpected ${describeCharacter(source, j)} in a name; names use only a-z, A-Z, 0-9 and _`, j)
        }
        tokens.push({ type: 'name', text: source.slice(i, j), value: 0, start: i, end: j })
        i = j
        continue
      }
      // `a?.5:1` is `a ? .5 : 1` in JavaScript, so '?.' is optional chaining only before a non-digit.
      if (code === 63 && source.charCodeAt(i + 1) === 46 && !isDigit(source.charCodeAt(i + 2))) {
        fail('unsupported-syntax', "Optional chaining '?.' is not allowed", i, i + 2)
      }
      const character = source.charAt(i)
      const candidate = CANDIDATES_BY_FIRST_CHARACTER.get(character)?.find(({ text }) => source.startsWith(text, i))
      if (candidate !== undefined) {
        if (candidate.message !== null) fail('unsupported-syntax', candidate.message, i, i + candidate.text.length)
        tokens.push({ type: 'operator', text: candidate.text, value: 0, start: i, end: i + candidate.text.length })
        i += candidate.text.length
        continue
      }
      const unsupported = SINGLE_UNSUPPORTED.get(character)
      if (unsupported !== undefined) fail('unsupported-syntax', unsupported, i)
      fail('unexpected-character', `Unexpected ${describeCharacter(source, i)}`, i)
    }
    tokens.push({ type: 'end', text: '', value: 0, start: source.length, end: source.length })
  } catch (caught) {
    if (!(caught instanceof LexError)) throw caught
    const { error } = caught
    tokens.push({ type: 'error', text: '', value: 0, start: error.position, end: error.end, error })
  }
  return tokens
}
