// Plain JavaScript: loaded by the extraction worker, which runs without a TypeScript loader.

/** Why a document gave no text; `code` is one of DocumentErrorCode and crosses the worker boundary. */
export class ExtractionFailure extends Error {
  name = 'ExtractionFailure'
  constructor(code) {
    super(code)
    this.code = code
  }
}

/** Out of memory or stack (deep nesting): the file is too demanding, not necessarily damaged. */
export function isResourceExhaustion(error) {
  return error instanceof RangeError && /allocation failed|call stack|^Invalid array length/i.test(error.message)
}

// C0 controls and DEL but not tab, line feed and carriage return; the C1 range stays.
const CONTROL_CHARACTERS = /[\p{Cc}--[\t\n\r\u0080-\u009F]]/gv
const HORIZONTAL_SPACES = /[ \u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]+/g

/**
 * Moderate clean-up shared by PDF and DOCX text: keeps line breaks and tabs (table cells), folds
 * runs of spaces, trims lines, drops control characters and keeps at most one blank line in a row.
 */
export function normalizePageText(text) {
  return (
    text
      .replace(/\r\n?/g, '\n')
      // Word writes manual line breaks and page feeds as VT / FF in some exports.
      .replace(CONTROL_CHARACTERS, (character) => (character === '\u000B' || character === '\u000C' ? '\n' : ''))
      .replace(HORIZONTAL_SPACES, ' ')
      .replace(/[ \t]*\t[ \t]*/g, '\t')
      .replace(/^[ \t]+|[ \t]+$/gm, '')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  )
}
