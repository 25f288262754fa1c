// The user's input as short quotes: its first sentence usually states the situation (the problem),
// the sentences after it what is offered (the solution).

export interface InputExcerpts {
  /** The first sentence, for the problem statement. */
  situation: string | undefined
  /** The sentences after them, for the solution overview. */
  offer: string | undefined
}

/** One line: control and format characters become spaces, runs of whitespace one space. */
function normalise(text: string): string {
  return text
    .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=[\p{Lu}\d"“”'(])/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0)
}

/** Cuts at a word boundary and marks the cut. */
function shorten(text: string, limit: number): string {
  if (text.length <= limit) return text
  const cut = text.slice(0, limit)
  const lastSpace = cut.lastIndexOf(' ')
  return `${(lastSpace > limit / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:–-]+$/u, '')}…`
}

/** Takes whole sentences while they fit in `limit` characters (at least one, shortened if need be). */
function take(list: string[], limit: number): { text: string | undefined; rest: string[] } {
  const [first, ...others] = list
  if (first === undefined) return { text: undefined, rest: [] }
  let text = shorten(first, limit)
  let index = 0
  while (index < others.length) {
    const next = others[index]
    if (next === undefined || text.length + 1 + next.length > limit) break
    text += ` ${next}`
    index += 1
  }
  return { text, rest: others.slice(index) }
}

export function inputExcerpts(input: string, limits: { situation: number; offer: number }): InputExcerpts {
  // Only the beginning matters; a whole document's text is never read to the end here.
  const [first, ...rest] = sentences(normalise(input.slice(0, 20_000)))
  return { situation: first === undefined ? undefined : shorten(first, limits.situation), offer: take(rest, limits.offer).text }
}
