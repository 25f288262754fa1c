// The noun a count counts ("14 site managers", "1.6 million order lines") and the counts a later
// "each", "à" or "varje" refers back or forward to.
import type { Figure } from './figures-types.ts'
import { NOT_NOUNS, nounAtom } from './nouns.ts'
import { entityOfWord, PERIOD_ADVERBS } from './vocabulary.ts'

/** Adjectives and participles between a number and its noun ("140 fasta linjer", "1 500 anslutna åkerier", "600 active users"). */
export function isModifier(word: string): boolean {
  if (entityOfWord(word, true) !== undefined || entityOfWord(word, false) !== undefined) return false
  // A noun in the definite plural ("förseningarna", "bilarna") ends like a participle in -na but is none.
  if (/(?:arna|erna|orna)$/u.test(word)) return false
  return (
    NOT_NOUNS.has(word) || /^(\p{L}+(?:ade|ande|ende|ad|da|ta|na|iga|liga|ska|bara)|\p{L}+(?:ed|ing|ive|al|ful|able|ible))$/u.test(word)
  )
}

/** What a count counts: the scanner's noun, or the first noun after the number past its modifiers. */
export function countNoun(figure: Figure, text: string): string | undefined {
  // "it's two. Their AP staff …": a noun past the end of the sentence counts nothing of this one.
  if (/[.;!?]\s/u.test(text.slice(figure.start, figure.end))) return undefined
  const scanned = figure.entity ?? figure.noun
  if (figure.noun !== undefined && !isModifier(figure.noun.toLowerCase())) {
    // "1.6 million order lines": the scanner's noun is a modifier of the plural after it — not
    // "60 people loses", where the noun is plural already and the next word is its verb.
    if (/(?:s|people|staff|personnel|folk)$/iu.test(figure.noun)) return scanned
    const next = pluralAhead(text.slice(figure.end, figure.end + 40))
    if (next !== undefined) return next
    // "38,000 MRI and CT scans", "900 steel or alloy parts": two modifiers joined before the plural they share.
    const shared = /^[ \t\u00a0]+(?:and|or|&|\/)[ \t\u00a0]+[\p{L}-]+[ \t\u00a0]+([a-z]{3,}s)\b/iu.exec(
      text.slice(figure.end, figure.end + 40),
    )?.[1]
    if (shared !== undefined && !STOP_WORDS.has(shared.toLowerCase()) && !/(?:ing|ed|ly|ss|us|is)$/.test(shared)) return shared
    return scanned
  }
  // "At-fault accidents: 0.4 per vehicle per year": the label names what the number counts.
  if (/^\s*(?:per|\/)\s/iu.test(text.slice(figure.start, figure.end + 40).replace(/^[\d\s.,]+/u, ' '))) {
    const label = /([\p{L}][\p{L}-]*)\s*:\s*$/u.exec(text.slice(Math.max(0, figure.start - 40), figure.start))
    return label?.[1]
  }
  const words: string[] = (text.slice(figure.start, figure.end + 40).split(/[.;!?](?:\s|$)/u)[0] ?? '').match(/[\p{L}][\p{L}-]*/gu) ?? []
  for (const word of words.slice(0, 4)) {
    const lower = word.toLowerCase()
    if (isModifier(lower)) continue
    if (PERIOD_ADVERBS.has(lower)) return undefined
    // "order lines", "fee earners": a noun before a plural noun is its modifier.
    const at = text.indexOf(word, figure.start) + word.length
    return pluralAhead(text.slice(at, at + 40)) ?? word
  }
  return undefined
}

/** An English plural: "containers", "residual-waste", not "process" or "status". */
const isPlural = (word: string): boolean =>
  /^[a-z][a-z-]*[a-z]{2}s$/i.test(word) && !STOP_WORDS.has(word.toLowerCase()) && !/(?:ing|ed|ly|ss|us|is)$/.test(word)

/**
 * The plural head of the noun phrase right after a word ("1,600 underground residual-waste
 * containers", "1.6 million order lines"): English puts the counted noun last, after its modifiers.
 */
function pluralAhead(after: string): string | undefined {
  const words =
    /^(?:[ \t\u00a0]+[\p{L}][\p{L}-]*){1,2}/u
      .exec(after)?.[0]
      .trim()
      .split(/[ \t\u00a0]+/u) ?? []
  for (const word of words) {
    if (isPlural(word))
      return /\s*:/u.test(after.slice(after.indexOf(word) + word.length, after.indexOf(word) + word.length + 2)) ? undefined : word
    if (STOP_WORDS.has(word.toLowerCase()) || NOT_NOUNS.has(word.toLowerCase()) || isPlural(word) || /^\p{Lu}/u.test(word)) return undefined
  }
  return undefined
}

const STOP_WORDS = new Set<string>([
  'was',
  'is',
  'has',
  'does',
  'works',
  'runs',
  'uses',
  'per',
  'plus',
  'minus',
  'kostar',
  'har',
  'gör',
  'är',
  'under',
  'över',
  'efter',
  'eller',
  'samt',
  'as',
  'its',
  'this',
  'his',
  'hers',
  'yours',
  'ours',
  'theirs',
  'less',
  'across',
  'across',
  'towards',
])

/** The noun phrase as written after a count ("14 site managers" → "site managers"). */
export function writtenNoun(figure: Figure, text: string): string {
  const own = text.slice(figure.start, figure.end).split(/\s(?:per|a|an|each|och|i|om|à)\s|\//iu)[0] ?? ''
  const words = own.match(/[\p{L}][\p{L}-]*/gu) ?? []
  const kept = words.filter((word) => !isModifier(word.toLowerCase()) && !/^(million|miljoner|thousand|tusen|k|m|mn|bn)$/i.test(word))
  return kept.slice(-2).join(' ') || (figure.noun ?? '')
}

/** The count figure a later "each"/"à" refers back to: the last count of the sentence before this figure. */
export function previousCountNoun(figures: readonly Figure[], index: number, sentenceStart: number, text: string): string | undefined {
  for (let other = index - 1; other >= 0; other -= 1) {
    const figure = figures[other]
    if (figure === undefined || figure.start < sentenceStart) break
    if (figure.kind === 'count') return countNoun(figure, text)
    // "38 timmar à 1 150 kr": an amount for each of a number of hours is per hour.
    if (figure.kind === 'hours' && other === index - 1) return 'hour'
  }
  return undefined
}

/** The noun of the count that follows within the same line, if the next figure is one. */
export function nextCountNoun(figures: readonly Figure[], index: number, text: string): string | undefined {
  const current = figures[index]
  const next = figures[index + 1]
  if (current === undefined || next === undefined || next.kind !== 'count') return undefined
  if (/[\n.!?]/u.test(text.slice(current.end, next.start))) return undefined
  return countNoun(next, text)
}

/** Whether a figure before this one counts the thing `word` names ("11 kliniker" … "varje klinik"). */
export function countedBefore(context: { text: string; figures: readonly Figure[]; index: number }, word: string): boolean {
  const atom = nounAtom(word).atom
  // Swedish plurals in -er ("kliniker") keep their ending in the lemma: a shared stem is the same thing.
  const same = (other: string) =>
    other === atom || (atom.length >= 6 && other.length >= 6 && (other.startsWith(atom) || atom.startsWith(other)))
  return context.figures
    .slice(0, context.index)
    .some((other) => other.kind === 'count' && same(nounAtom(countNoun(other, context.text) ?? '').atom))
}
