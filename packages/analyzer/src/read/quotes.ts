// The passage a parameter's source quotes: a verbatim slice of the page around the figure, at most
// 200 characters, whole words where the cut allows, never without the figure itself.

export const MAX_QUOTE = 200
/** A line shorter than this ("$11,000 per") is quoted with its neighbour for context. */
const SHORT_LINE = 30
/** A line longer than this is cut to the figure's sentence. */
const SENTENCE_LINE = 120

const isSpace = (character: string | undefined): boolean => character !== undefined && /\s/.test(character)

function lineStartAt(text: string, index: number): number {
  return text.lastIndexOf('\n', index - 1) + 1
}

function lineEndAt(text: string, index: number): number {
  const newline = text.indexOf('\n', index)
  return newline === -1 ? text.length : newline
}

function trimmed(text: string, start: number, end: number): [number, number] {
  let from = start
  let to = end
  while (from < to && isSpace(text[from])) from += 1
  while (to > from && isSpace(text[to - 1])) to -= 1
  return [from, to]
}

/** A verbatim substring of `text` that contains text.slice(start, end) and is at most `maxLength` long. */
export function quoteAround(text: string, start: number, end: number, maxLength: number = MAX_QUOTE): string {
  if (end - start >= maxLength) return text.slice(start, start + maxLength)
  let from = lineStartAt(text, start)
  let to = lineEndAt(text, end)
  ;[from, to] = trimmed(text, from, to)
  if (to - from < SHORT_LINE && from > 0) {
    const previousStart = lineStartAt(text, from - 1)
    if (text.slice(previousStart, from).trim() !== '') [from, to] = trimmed(text, previousStart, to)
  }
  if (to - from < SHORT_LINE && to < text.length) {
    const nextEnd = lineEndAt(text, to + 1)
    if (text.slice(to, nextEnd).trim() !== '') [from, to] = trimmed(text, from, nextEnd)
  }
  // A long line: keep the sentence the figure is in.
  if (to - from > SENTENCE_LINE) {
    const lookBack = Math.max(from, start - 2 * maxLength)
    const before = text.slice(lookBack, start)
    const sentenceEnd = Math.max(before.lastIndexOf('. '), before.lastIndexOf('! '), before.lastIndexOf('? '))
    if (sentenceEnd !== -1) from = lookBack + sentenceEnd + 2
    const after = text.slice(end, Math.min(to, end + 2 * maxLength))
    const nextEnd = after.search(/[.!?](?:\s|$)/)
    if (nextEnd !== -1) to = end + nextEnd + 1
    ;[from, to] = trimmed(text, from, to)
  }
  if (to - from > maxLength) {
    const spare = maxLength - (end - start)
    let windowStart = Math.max(from, start - Math.floor(spare / 2))
    let windowEnd = Math.min(to, windowStart + maxLength)
    windowStart = Math.max(from, windowEnd - maxLength)
    // Cut at word boundaries, but never into the figure.
    while (windowStart < start && !isSpace(text[windowStart - 1]) && windowStart > from) windowStart += 1
    while (windowEnd > end && !isSpace(text[windowEnd]) && windowEnd < to) windowEnd -= 1
    ;[from, to] = trimmed(text, windowStart, windowEnd)
  }
  return text.slice(from, to)
}
