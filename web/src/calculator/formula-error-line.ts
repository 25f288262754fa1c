// Where a formula's error is, for the Edit Calculator Configuration dialog: the line that holds it,
// split so the dialog can mark the exact characters and put a caret under them.
import type { FormulaError } from '@valueproof/formula'

/** The line of a formula that holds an error, with where the error starts and ends on it. */
export interface FormulaErrorLine {
  /** 1-based, for a formula of several lines. */
  readonly lineNumber: number
  readonly before: string
  readonly marked: string
  readonly after: string
  /** Spaces up to the error, then one '^' per marked character (at least one). */
  readonly caret: string
}

/** Splits the line an error is on so the dialog can mark the exact characters and put a caret under them. */
export function formulaErrorLine(source: string, error: FormulaError): FormulaErrorLine {
  const position = Math.min(Math.max(error.position, 0), source.length)
  const lineStart = source.lastIndexOf('\n', position - 1) + 1
  const newline = source.indexOf('\n', position)
  const lineEnd = newline === -1 ? source.length : newline
  const end = Math.min(Math.max(error.end, position), lineEnd)
  // Tabs would push the caret out of line with the characters above it.
  const flat = (text: string) => text.replace(/\t/g, ' ')
  const before = flat(source.slice(lineStart, position))
  const marked = flat(source.slice(position, end))
  return {
    lineNumber: source.slice(0, lineStart).split('\n').length,
    before,
    marked,
    after: flat(source.slice(end, lineEnd)),
    caret: `${' '.repeat(before.length)}${'^'.repeat(Math.max(marked.length, 1))}`,
  }
}
