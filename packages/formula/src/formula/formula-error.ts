export type FormulaErrorCode =
  | 'not-text'
  | 'empty'
  | 'too-long'
  | 'too-deep'
  | 'unexpected-character'
  | 'unsupported-syntax'
  | 'invalid-number'
  | 'unexpected-token'
  | 'unexpected-end'
  | 'unclosed-parenthesis'
  | 'forbidden-name'
  | 'unknown-function'
  | 'wrong-argument-count'
  | 'unknown-name'
  | 'duplicate-parameter'

/**
 * What is wrong with a formula and where. `position` is the 0-based index of the first offending
 * character (a caret position for an editor), `end` is exclusive; `message` is for people and
 * names the same place 1-based ("at character 5").
 */
export interface FormulaError {
  readonly code: FormulaErrorCode
  readonly message: string
  readonly position: number
  readonly end: number
}

export function formulaError(code: FormulaErrorCode, message: string, position: number, end = position + 1): FormulaError {
  return { code, message, position, end }
}

/** "at character 5" for a 0-based position 4. */
export function atCharacter(position: number): string {
  return `at character ${position + 1}`
}
