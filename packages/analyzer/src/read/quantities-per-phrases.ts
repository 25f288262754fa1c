// The per-what phrases around a figure: "per user per month", "/bil/mån", "28 kr milen" after it, a
// rate's compound noun ("milkostnaden", "hourly rate") or a label's "per" ("Kostnad per körning:") before it.
import { NOT_NOUNS, SEASON_WORDS } from './nouns.ts'
import { PERIOD_ADVERBS, PERIOD_WORDS, type Period } from './vocabulary.ts'

interface PerPhrases {
  nouns: string[]
  periods: Period[]
  length: number
}

/** Words that end no compound noun after "per": "per seat upfront", "per user included", "per site annually". */
const NOT_A_COMPOUND_END =
  /(?:ly|ed|ing)$|^(?:upfront|extra|included|incl|excl|inkl|exkl|only|total|flat|fixed|plus|minus|net|gross|netto|brutto|max|min|average|snitt|fee|fees|avgift|before|after|today|före|efter|idag|exclusive|inclusive|ex|vat|moms|sek|kr|usd|eur|gbp|nok|dkk)$/iu

/** "21 NOK litern", "28 kr milen", "2 kr styck": a unit in the definite form after money is "per" it. */
function definitePer(text: string): PerPhrases | undefined {
  const definite = /^\s+(litern|milen|timmen|dagen|veckan|månaden|året|kilot|styck|stycket|kvadratmetern|metern|biten|timman)\b/iu.exec(
    text,
  )
  if (definite?.[1] === undefined) return undefined
  const nouns: string[] = []
  const periods: Period[] = []
  const unitWord = definite[1].toLowerCase()
  const period = PERIOD_WORDS.get(unitWord)
  if (period !== undefined) periods.push(period)
  else if (!/^styck/.test(unitWord))
    nouns.push(
      unitWord === 'litern' ? 'liter' : unitWord === 'milen' ? 'mil' : unitWord === 'kilot' ? 'kg' : unitWord.replace(/(en|et|n)$/, ''),
    )
  return { nouns, periods, length: definite[0].length }
}

/** "42 000 liter diesel per bil": the material named between a measure and its per-phrase. */
const MATERIAL =
  /^\s+(?!(?:and|och|or|eller|with|med|the|for|för|from|från|at|på|in|to|till|but|men|which|som|that|who)\b)(?:(?:more|less|higher|lower|extra|fewer|mer|mindre|högre|lägre|extra|färre)\s+)?[\p{L}]{3,}(?=\s+(?:per|a|an|varje)\s)/iu

/** One per-phrase: its connector ("per", "a", "/", "för varje", "à") and the one or two words after it. */
const PER_PHRASE =
  /^\s*(?:(?:of\s+(?:[\p{L}-]+\s+){1,3})?(?:(?:på|for|on|för)\s+(?:each|every|varje)|per|a|an|varje|i|om|och|för|à)\s+|\/\s*)(?:the\s+|en\s+|ett\s+)?([\p{L}][\p{L}\p{N}²-]*(?:\s+[\p{L}][\p{L}\p{N}-]*)?)/iu

/** A per-phrase's connector word, lower case; "på varje anbud", "for every claim" read as "varje" (each of which the figure is for). */
function connectorOf(phrase: string): string {
  if (/^\s*(?:på|for|on|för)\s+(?:each|every|varje)\s/iu.test(phrase)) return 'varje'
  return phrase.trimStart().startsWith('/') ? '/' : (phrase.trimStart().split(/\s/)[0]?.toLowerCase() ?? '')
}

/** The per-what phrases right after a figure: "per user per month", "/bil/mån", "a visit", "each". */
export function persAfter(text: string, measure = false): PerPhrases {
  const definite = definitePer(text)
  if (definite !== undefined) return definite
  const material = measure ? MATERIAL.exec(text) : null
  const nouns: string[] = []
  const periods: Period[] = []
  let rest = material ? text.slice(material[0].length) : text
  let consumed = material ? material[0].length : 0
  for (;;) {
    const match = PER_PHRASE.exec(rest)
    if (!match) break
    const connector = connectorOf(match[0])
    // "och" joins a second per-phrase ("per hyresgäst och månad"), never starts one ("160 hyresgäster och en årlig …").
    if (connector === 'och' && nouns.length === 0 && periods.length === 0) break
    const phrase = (match[1] ?? '').toLowerCase()
    // "$19/kW-month": per kW and per month.
    const hyphenPeriod = /^([\p{L}]+)-(\p{L}+)$/u.exec(phrase.split(/\s+/)[0] ?? '')
    if (hyphenPeriod?.[2] !== undefined && PERIOD_WORDS.has(hyphenPeriod[2]) && !PERIOD_WORDS.has(hyphenPeriod[1] ?? '')) {
      nouns.push(hyphenPeriod[1] ?? '')
      const hyphenated = PERIOD_WORDS.get(hyphenPeriod[2])
      if (hyphenated !== undefined) periods.push(hyphenated)
      consumed += match[0].length - (phrase.length - (phrase.split(/\s+/)[0] ?? '').length)
      rest = text.slice(consumed)
      continue
    }
    const [first = '', second] = phrase.split(/\s+/)
    // "per line hour", "per machine hour": an hour of something is still per hour.
    const period =
      PERIOD_WORDS.get(first) ??
      PERIOD_ADVERBS.get(first) ??
      (SEASON_WORDS.has(first) ? 'year' : undefined) ??
      (second !== undefined && PERIOD_WORDS.get(second) === 'hour' && !NOT_NOUNS.has(first) ? 'hour' : undefined)
    if (period !== undefined) {
      periods.push(period)
      consumed += match[0].length - (second !== undefined ? second.length + 1 : 0)
      rest = text.slice(consumed)
      continue
    }
    // "a"/"an"/"i"/"om"/"och" lead to periods only ("$95 a visit" is the exception: a noun after "a").
    if (['i', 'om', 'och', 'för'].includes(connector)) break
    if (/^\d/.test(first)) break
    // "per skickat sms": the participle before the noun is no noun.
    // "per reportable breach": an adjective before the noun is no noun either.
    const adjective = /(?:able|ible|ive|ous|ful)$/u.test(first)
    if ((NOT_NOUNS.has(first) || adjective) && second !== undefined && !NOT_NOUNS.has(second) && !PERIOD_WORDS.has(second)) {
      nouns.push(second)
      consumed += match[0].length
      rest = text.slice(consumed)
      continue
    }
    if (NOT_NOUNS.has(first)) break
    // Two words only when the first is not already a noun of its own ("site manager", "fast line").
    const connectorNext = second !== undefined && /^(per|a|an|och|and|i|om|each|every|varje|or|eller|plus|på|at|for|för|in)$/i.test(second)
    // "per dock door", "per cleaning robot": a compound's last word is the thing ("8 doors" meets it).
    const compound =
      second !== undefined &&
      !connectorNext &&
      !PERIOD_WORDS.has(second) &&
      !PERIOD_ADVERBS.has(second) &&
      !NOT_NOUNS.has(second) &&
      !NOT_A_COMPOUND_END.test(second)
    const noun = compound ? `${first} ${second}` : first
    nouns.push(noun)
    consumed += match[0].length - (noun === first && second !== undefined ? second.length + 1 : 0)
    rest = text.slice(consumed)
    if (connector === 'a' || connector === 'an') continue
  }
  return { nouns, periods, length: consumed }
}

/** Money words whose first part says what the money is per: "milkostnaden" (per mil), "timpris" (per hour). */
const COMPOUND_RATE = /([\p{L}]+?)(kostnad(?:en)?|pris(?:et)?|värde(?:t)?|avgift(?:en)?|taxa(?:n)?|kostar)$/u
const COMPOUND_STEMS: ReadonlyArray<readonly [RegExp, { period?: Period; noun?: string }]> = [
  [/^(tim|timme|maskintimme|maskintim|arbetstim|arbetstimme|konsulttim|mantim)$/, { period: 'hour' }],
  [/^(dag|dygn|arbetsdag)s?$/, { period: 'day' }],
  [/^(vecko|vecka)$/, { period: 'week' }],
  [/^(månads|månad)$/, { period: 'month' }],
  [/^(års|år)$/, { period: 'year' }],
  [/^(mil)$/, { noun: 'mil' }],
  [/^(liter|litre)$/, { noun: 'liter' }],
  [/^(km|kilometer)$/, { noun: 'km' }],
  [/^(kvm|kvadratmeter)$/, { noun: 'kvm' }],
  [/^(kwh)$/, { noun: 'kwh' }],
]

/** A money figure's per-what from a compound noun just before it ("Milkostnaden ligger runt 28 kr", "hourly rate of $40"). */
export function compoundPer(before: string): { period?: Period; noun?: string } | undefined {
  const words = before.toLowerCase().match(/[\p{L}]+/gu) ?? []
  for (const word of words.slice(-4).reverse()) {
    if (/^(hourly|timpris|timkostnad|timarvode)$/.test(word)) return { period: 'hour' }
    // "Konsulttimmen kostar er 950 kr", "en arbetstimme kostar": the hour of someone is what the amount is per.
    if (/^\p{L}*tim(?:me|men)$/u.test(word) && /\b(?:kostar|kostade|ligger\s+på|går\s+på)\b/u.test(before.toLowerCase()))
      return { period: 'hour' }
    // "snittorder 640 kr", "average order value": per order.
    const average = /^snitt(\p{L}{3,})$/u.exec(word)
    if (average?.[1] !== undefined && !/^(lön|pris|kostnad|värde)/u.test(average[1])) return { noun: average[1] }
    const compound = COMPOUND_RATE.exec(word)
    if (!compound) continue
    const stem = compound[1] ?? ''
    for (const [pattern, per] of COMPOUND_STEMS) if (pattern.test(stem)) return per
    return undefined
  }
  // "Average claim cost: $7,800", "the repair cost is $450": the cost of one claim, one repair.
  // Only "claim cost:", "the repair cost is", "average job value of": not "Attendants cost $21.50" (a verb).
  const nounCost =
    /(?:(average|typical|the|a|an|per|avg\.?)\s+)?([\p{L}-]{3,})\s+(?:cost|price|value|fee)\s*(is|of|at|:|=|runs|averages)?\s*(?:about|around|roughly|approximately|~)?\s*$/u.exec(
      before.toLowerCase(),
    )
  const costNoun = nounCost !== null && (nounCost[1] !== undefined || nounCost[3] !== undefined) ? nounCost[2] : undefined
  if (
    costNoun !== undefined &&
    !/^(average|total|annual|yearly|monthly|loaded|blended|hourly|daily|the|our|your|their|typical|internal|external|fully|extra|one-time|setup|unit|replacement|labour|labor|staff|personnel)$/.test(
      costNoun,
    )
  ) {
    const period = PERIOD_WORDS.get(costNoun)
    return period !== undefined ? { period } : { noun: costNoun }
  }
  const costPer = /(?:cost|price|value|kostnad|pris)\s+(?:per|of\s+an?|av\s+en|för\s+en)\s+([\p{L}-]+)[^\d]{0,24}$/u.exec(
    before.toLowerCase(),
  )
  if (costPer?.[1] !== undefined) {
    const word = costPer[1]
    const period = PERIOD_WORDS.get(word)
    return period !== undefined ? { period } : { noun: word }
  }
  return undefined
}

/**
 * "Cost per emptying (truck, crew, fuel), from your 2025 figures: €14", "Kostnad per körning: 950 kr":
 * the per-word of the label the amount closes, on its own line.
 */
export function labelPerWord(text: string, start: number): string | undefined {
  const label = text.slice(text.lastIndexOf('\n', start - 1) + 1, start)
  if (label.length > 100 || !/:\s*$/u.test(label) || label.replace(/:\s*$/u, '').includes(':')) return undefined
  return /(?<!\p{L})(?:per|each|varje)\s+([\p{L}][\p{L}-]{2,})/iu.exec(label)?.[1]
}
