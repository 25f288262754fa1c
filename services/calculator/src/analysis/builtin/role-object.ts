// What a claim acts on when its object is a long noun phrase: "cuts the time your team spends on
// invoices by 40%", "shortens the time it takes to close the books by 30%", "minskar tiden ni lägger
// på fakturor med 40 %". The word nearest the figure ("spends", "close") names something else; the
// head of the claim verb's object ("time", "tiden") says what the percentage is of.
import type { Direction, Target } from './roles.ts'
import { targetOfWord, wordsIn } from './role-context.ts'

/** The claim verbs that take an object: "reduces X by", "minskar X med". */
const REDUCE_VERB =
  /^(?:reduc\p{L}*|cuts?|cutting|lowers?|lowering|decreas\p{L}*|shortens?|shortening|halv\p{L}*|trims?|trimming|slashe?s?|slashing|minska\p{L}*|sänk\p{L}*|korta\p{L}*|förkorta\p{L}*|kapa\p{L}*|halvera\p{L}*)$/u
const INCREASE_VERB =
  /^(?:increas\p{L}*|rais\p{L}*|lifts?|lifting|boost\p{L}*|improv\p{L}*|grows?|growing|öka\p{L}*|höj\p{L}*|förbättra\p{L}*|lyft\p{L}*)$/u

/** Words before the head noun that do not name anything: "the", "your", "all of the", "hela". */
const DETERMINER =
  /^(?:the|your|their|its|our|his|her|all|of|a|an|this|that|these|those|much|each|every|den|det|de|denna|detta|dessa|er|ert|era|din|ditt|dina|sin|sitt|sina|deras|vår|vårt|våra|hela|all|allt|alla)$/u

/**
 * Words that end the object's noun phrase: the relative clause's subject ("your team", "it", "ni"),
 * a preposition ("on", "för"), a participle ("spent", "taken") or the claim's own "by" / "med".
 */
const PHRASE_END =
  /^(?:by|med|your|you|they|we|it|our|their|the|a|an|that|which|who|on|in|for|of|to|at|with|from|per|spent|taken|needed|used|lost|required|wasted|ni|vi|de|det|man|som|på|för|av|i|till|att|från|er|era|ert|hos|när|lagd|lagt|lagda|använd|använda)$/u

/** The part of the clause before the figure must end in the size of a change: "by 40%", "med 30 %", "by up to a third". */
const CHANGE_END =
  /\b(?:by|med)(?:\s+(?:up to|about|around|roughly|nearly|almost|over|more than|upp till|upp emot|cirka|ca|ungefär|nästan|drygt|över|runt))?\s*$/iu

/** "the number of", "the amount of": the head is the noun after "of". */
const QUANTITY = /^(?:number|amount|volume|share|level|count|proportion|quantity)$/u
/** At most this many words of a compound noun up to its head ("month-end close time"). */
const PHRASE_WORDS = 4

/**
 * A new clause between the verb and the figure: "We reduce errors, and handling time falls by 30%".
 * Then the figure's own subject is elsewhere and the nearest naming word decides.
 */
const NEW_CLAUSE = /;|,\s*(?:and|och|but|men)\b|\s(?:but|men|while|medan|whereas)\s/iu
const CHANGES_ITSELF =
  /^(?:falls?|drops?|declines?|goes|go|sinks?|rises?|climbs?|shrinks?|sjunker|faller|går|stiger|krymper|minskar|ökar)$/u

export interface ClaimObject {
  readonly target: Target
  readonly direction: Direction
}

/**
 * The target and direction of the claim whose verb's object heads the text before the figure, when
 * that text ends in "by" / "med" and the head noun names a target. Undefined otherwise, so that the
 * nearest naming word decides ("reduces the number of no-shows by 30%": "number" names nothing).
 */
export function claimObject(before: string): ClaimObject | undefined {
  if (!CHANGE_END.test(before)) return undefined
  const words = wordsIn(before.split(NEW_CLAUSE).at(-1) ?? '')
  let verb = -1
  for (let index = words.length - 1; index >= 0 && verb < 0; index -= 1) {
    const word = words[index] ?? ''
    if (REDUCE_VERB.test(word) || INCREASE_VERB.test(word)) verb = index
  }
  if (verb < 0) return undefined
  if (words.slice(verb + 1).some((word) => CHANGES_ITSELF.test(word))) return undefined
  let head = headOfPhrase(words, verb + 1)
  // "the number of hours your agents spend": what is counted is what the claim is about.
  if (head !== undefined && QUANTITY.test(words[head] ?? '') && words[head + 1] === 'of') head = headOfPhrase(words, head + 2)
  const target = head === undefined ? undefined : targetOfWord(words[head] ?? '')
  if (target === undefined) return undefined
  return { target, direction: REDUCE_VERB.test(words[verb] ?? '') ? 'reduce' : 'increase' }
}

/** The index of the last word of the noun phrase at `from` (determiners skipped), when a word that ends it follows in time. */
function headOfPhrase(words: readonly string[], from: number): number | undefined {
  let index = from
  while (index < words.length && DETERMINER.test(words[index] ?? '')) index += 1
  const start = index
  while (index < words.length && index - start < PHRASE_WORDS && !PHRASE_END.test(words[index] ?? '')) index += 1
  // A phrase still running at the limit has no head we can trust.
  if (index === start || (index < words.length && !PHRASE_END.test(words[index] ?? ''))) return undefined
  return index - 1
}
