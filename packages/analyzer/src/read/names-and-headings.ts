// "Powered by Twelve Labs", "TWELVE LABS HACKATHON", "THREE COMPLIANCE CAPABILITIES": a number
// word capitalised inside a sentence before another capitalised word is part of a name, and one in
// capitals before a word in capitals is a heading; neither counts anything a reader pays for.

const CAPITALISED = /^\p{Lu}/u
const NEXT_WORD = /^[ \u00a0]+(\p{L}+)/u
const SENTENCE_START = /(?:^|[.!?:;•\n]\s*)$/u

/** Whether the number word at `start`..`end` of `text` names something or heads a section. */
export function nameOrHeading(text: string, start: number, end: number): boolean {
  const word = text.slice(start, end)
  const next = NEXT_WORD.exec(text.slice(end, end + 40))?.[1]
  if (next === undefined || !CAPITALISED.test(word) || !CAPITALISED.test(next)) return false
  if (word.length > 1 && word === word.toUpperCase()) return next === next.toUpperCase()
  return !SENTENCE_START.test(text.slice(Math.max(0, start - 4), start))
}
