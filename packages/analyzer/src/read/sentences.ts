// Sentences of a page: a figure's roles come from the words of its own sentence (or bullet).

const BOUNDARY = /[.!?;\n•]/u

/** Whether the character at `index` ends a sentence: not a decimal point or thousands dot, not an abbreviation. */
function endsSentence(text: string, index: number): boolean {
  const char = text[index] ?? ''
  if (!BOUNDARY.test(char)) return false
  if (char === '.' || char === ',') {
    const previous = text[index - 1] ?? ''
    const next = text[index + 1] ?? ''
    if (/\d/.test(previous) && /\d/.test(next)) return false
    // "… kostar 610 kr. Dessutom …", "… 720 kr. 1 250 kr per …": an amount's "kr." before a capital or a number ends its sentence.
    if (
      /\d\s*(?:kr|tkr|mkr)$/iu.test(text.slice(Math.max(0, index - 6), index)) &&
      /^\s+[\d\p{Lu}]/u.test(text.slice(index + 1, index + 3))
    )
      return true
    if (/\b(ca|approx|e\.g|i\.e|t\.ex|bl\.a|inkl|exkl|st|kr|tkr|mkr|resp|vs|etc|no|nr)$/i.test(text.slice(Math.max(0, index - 6), index))) {
      return (
        /\s\p{Lu}/u.test(text.slice(index + 1, index + 3)) &&
        !/\b(ca|approx|inkl|exkl|kr|tkr|mkr)$/i.test(text.slice(Math.max(0, index - 6), index))
      )
    }
  }
  return true
}

/** The sentences of a page: `around(offset)` gives the bounds and number (from 0) of the one containing it. */
export function sentencesOf(text: string): { around(offset: number): { start: number; end: number; index: number } } {
  const ends: number[] = []
  for (let position = 0; position < text.length; position += 1) if (endsSentence(text, position)) ends.push(position + 1)
  return {
    around(offset) {
      let low = 0
      let high = ends.length
      // The first end past the offset closes its sentence.
      while (low < high) {
        const middle = (low + high) >> 1
        if ((ends[middle] ?? 0) <= offset) low = middle + 1
        else high = middle
      }
      return { start: low === 0 ? 0 : (ends[low - 1] ?? 0), end: ends[low] ?? text.length, index: low }
    },
  }
}
