// Small text helpers of the figure reader. Every pattern is sticky: it is tried at one known index
// and reads a bounded number of characters, so a page is read in linear time.

export function sticky(source: string, flags = ''): RegExp {
  return new RegExp(source, `${flags}y`)
}

export function matchAt(pattern: RegExp, text: string, index: number): RegExpExecArray | null {
  pattern.lastIndex = index
  return pattern.exec(text)
}

export function isLetter(character: string | undefined): boolean {
  return character !== undefined && /\p{L}/u.test(character)
}

export function isDigit(character: string | undefined): boolean {
  return character !== undefined && character >= '0' && character <= '9'
}

/** Spaces a PDF or a Swedish text puts inside or around numbers: no-break, narrow no-break, thin. */
export const SPACE_CLASS = '[ \\u00a0\\u202f\\u2009]'

/** One word after a number or a word, with the spaces before it: group 1 is the word. */
export const WORD = sticky('[ \\t\\u00a0\\u202f]{0,8}([\\p{L}][\\p{L}²³\\-]{0,40})', 'u')
