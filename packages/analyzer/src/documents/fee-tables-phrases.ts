// Fees that running text names: "the sum of $5,000 (the “Contract Price”)", "a prepayment of
// $1,900", "the standard hourly rate of $40", "Månadsavgiften är 4 990 kr". Only a fee word right
// before the amount names it; boilerplate fees (late, penalty, tender) are left out. Also the words
// after an amount that narrow its label ("for ADP", "för licenser").
import { NEGATIVE_WORDS } from '../read/vocabulary.ts'

/** How far back the fee phrase may start; it never crosses a sentence end. */
const PHRASE_REACH = 80
const DETAIL_WORDS = 6

const FEE_NOUNS =
  'fees?|prices?|rates?|sum|total|charges?|prepayment|deposit|retainer|payments?|instal?lments?|subscription|remaining|balance|remainder|' +
  'avgift(?:en)?|\\p{L}*avgift(?:en)?|pris(?:et)?|\\p{L}*pris(?:et)?|arvode(?:t)?|\\p{L}*arvode(?:t)?|summa(?:n)?|belopp(?:et)?|handpenning(?:en)?|förskott(?:et)?|delbetalning(?:en)?|slutbetalning(?:en)?'
/** "<fee noun> [of|is|:|at] [a|the]" right before the amount. */
const FEE_PHRASE = new RegExp(
  `(?:^|[^\\p{L}])(${FEE_NOUNS})[ \\t\\n]*(?:of|is|will be|shall be|at|to|amounting to|totaling|totalling|equal to|om|på|är|blir|uppgår till|:|=|–|-)?[ \\t\\n]*(?:(?:a|an|the|approximately|about|cirka|ca\\.?)[ \\t\\n]+)?$`,
  'iu',
)
/** Words before the fee noun that belong to its name ("standard hourly rate"), up to the first that does not. */
const NAME_WORDS = 2
const NOT_A_NAME_WORD =
  /^(?:the|a|an|our|its|this|that|such|any|each|to|of|and|or|in|on|for|with|by|at|from|is|are|be|shall|will|make|pay|pays|paid|den|det|en|ett|vår|vårt|er|ert|och|eller|att|för|till|med|på|om|av|i|är)$/iu
/** "$5,000 (the “Contract Price”)": the defined term names the amount. */
const DEFINED_TERM = /^\s*\((?:the\s+|hereinafter\s+)?[“"']([^”"'\n]{2,40})[”"']\)/u

/**
 * A tier a price list names in prose: "Starter is $29 …, Team is $24 …", "Bas kostar 1 495 kr": one
 * capitalised name that opens its clause, right before "is", "costs" or "kostar".
 */
const TIER_PHRASE = /(?:^|[,:;]\s*|\s(?:and|or|och|eller)\s+)(\p{Lu}[\p{L}\d+-]{1,30})[ \t]+(?:is|costs|kostar)[ \t]+$/u

/** The fee a phrase right before `start` names, or the term defined right after `end`; undefined in other prose. */
export function phraseLabel(text: string, start: number, end: number): string | undefined {
  const defined = DEFINED_TERM.exec(text.slice(end, end + 60))?.[1]
  if (defined !== undefined) return defined.trim()
  const before = text.slice(Math.max(0, start - PHRASE_REACH), start)
  const sentenceStart = Math.max(before.lastIndexOf('. '), before.lastIndexOf('\n\n'), before.lastIndexOf(';'))
  const sentence = sentenceStart === -1 ? before : before.slice(sentenceStart + 1)
  const tier = TIER_PHRASE.exec(sentence)?.[1]
  if (tier !== undefined && !NEGATIVE_WORDS.has(tier.toLowerCase())) return tier
  const match = FEE_PHRASE.exec(sentence)
  const noun = match?.[1]
  if (match === null || noun === undefined) return undefined
  const preceding = sentence.slice(0, match.index + match[0].indexOf(noun)).match(/[\p{L}-]+/gu) ?? []
  const name = [noun]
  for (let index = preceding.length - 1; index >= 0 && name.length <= NAME_WORDS; index -= 1) {
    const word = preceding[index] ?? ''
    if (NOT_A_NAME_WORD.test(word) || /^\p{Lu}/u.test(word) !== /^\p{Lu}/u.test(noun)) break
    name.unshift(word)
  }
  if (name.some((word) => NEGATIVE_WORDS.has(word.toLowerCase()))) return undefined
  return name.join(' ')
}

/** "for ADP", "för licenser", "for ad\nhoc support": words after the amount (or on the next lines) that narrow its label. */
export function detailAfter(text: string, end: number): string | undefined {
  const rest = text.slice(end, end + 120)
  const match = /^[ \t]*\n?[ \t]*((?:for|för)[ \t\n]+[^$€£₹\d]{1,80})/iu.exec(rest)
  if (match?.[1] === undefined) return undefined
  // The detail wraps over lines ("for ad" / "hoc support") until the next part of the cell ("Plus pass-through", "(hosting fees").
  const lines = match[1].split('\n')
  const kept = [lines[0] ?? '']
  for (const line of lines.slice(1)) {
    if (line.trim() === '' || /^\s*(?:plus|\(|excl|exkl|inkl|incl)/iu.test(line)) break
    kept.push(line)
  }
  const words = kept
    .join(' ')
    .split(/\s+/u)
    .filter((word) => word !== '')
  if (words.length < 2) return undefined
  const cut = words.findIndex((word, index) => index > 0 && /^(?:and|or|och|eller|plus)$/iu.test(word))
  return words
    .slice(0, cut === -1 ? DETAIL_WORDS : Math.min(cut, DETAIL_WORDS))
    .join(' ')
    .replace(/[,.;:)]+$/u, '')
}
