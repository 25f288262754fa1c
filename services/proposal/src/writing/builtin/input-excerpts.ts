// The user's input as short quotes: the sentences that state the prospect's situation (the
// problem), and the rest, which says what is offered (the solution). A sentence in the seller's
// own voice ("We sell an HR system …", "Vi säljer …") is never taken as the prospect's problem.
import { isProspectSituation, sentencesOf } from '../seller-voice.ts'

export interface InputExcerpts {
  /** The prospect's situation, as the input states it; undefined when it states none. */
  situation: string | undefined
  /** The other sentences, for the solution overview. */
  offer: string | undefined
}

/** Cuts at a word boundary and marks the cut. */
function shorten(text: string, limit: number): string {
  if (text.length <= limit) return text
  const cut = text.slice(0, limit)
  const lastSpace = cut.lastIndexOf(' ')
  return `${(lastSpace > limit / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:–-]+$/u, '')}…`
}

/** Takes whole sentences while they fit in `limit` characters (at least one, shortened if need be). */
function take(list: readonly string[], limit: number): string | undefined {
  const [first, ...others] = list
  if (first === undefined) return undefined
  let text = shorten(first, limit)
  for (const next of others) {
    if (text.length + 1 + next.length > limit) break
    text += ` ${next}`
  }
  return text
}

export function inputExcerpts(input: string, limits: { situation: number; offer: number }): InputExcerpts {
  // Only the beginning matters; a whole document's text is never read to the end here.
  const sentences = sentencesOf(input.slice(0, 20_000))
  const situation = sentences.filter(isProspectSituation)
  const offer = sentences.filter((sentence) => !situation.includes(sentence))
  return { situation: take(situation, limits.situation), offer: take(offer, limits.offer) }
}
