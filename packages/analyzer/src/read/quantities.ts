// The read stage's output: each figure the scanner finds (figures.ts) becomes a Quantity with a
// unit — money, hours, calendar periods and the nouns it counts or is per — read from the words
// around it ("per site manager", "each", "à 40 minuter", "milkostnaden", "/gal"), and its
// relations to the figures of its sentence (before→after pairs, "1 in 8", "3x faster").
import type { Quantity, QuantityKind, Relation, Unit } from '../model.ts'
import type { Figure, ScanOptions } from './figures-types.ts'
import { scanPage } from './figures.ts'
import { lemma, MEASURES, NOT_NOUNS, nounAtom } from './nouns.ts'
import { entityOfWord, PERIOD_ADVERBS, PERIOD_WORDS, type Period } from './vocabulary.ts'
import { readMultipliers } from './multipliers.ts'
import { asRange, pairMultiplierLevels, readBareRanges } from './levels-and-ranges.ts'
import { bareNumbers } from './bare-numbers.ts'
import { normalizeNumbers } from './number-words.ts'
import { sentencesOf } from './sentences.ts'
import { unicodeWords } from './word-boundary.ts'

export interface ReadOptions extends ScanOptions {
  readonly language: 'en' | 'sv'
}

type MutableUnit = Record<string, number>

function addAtom(unit: MutableUnit, atom: string, exponent: number): void {
  const next = (unit[atom] ?? 0) + exponent
  if (next === 0) delete unit[atom]
  else unit[atom] = next
}

/** A period as a unit atom: hours are durations, the others calendar periods. */
function periodAtom(period: Period): string {
  return period
}

const WORD = /[\p{L}][\p{L}\p{N}²³-]*/u

/** A season comes round once a year: "per season", "per vinter" are per year. */
const SEASONS = new Set(['season', 'säsong', 'säsongen', 'winter', 'vinter', 'vintern', 'summer', 'sommar', 'sommaren'])

/** Words that end no compound noun after "per": "per seat upfront", "per user included", "per site annually". */
const NOT_A_COMPOUND_END =
  /(?:ly|ed|ing)$|^(?:upfront|extra|included|incl|excl|inkl|exkl|only|total|flat|fixed|plus|minus|net|gross|netto|brutto|max|min|average|snitt|fee|fees|avgift|before|after|today|före|efter|idag|exclusive|inclusive|ex|vat|moms|sek|kr|usd|eur|gbp|nok|dkk)$/iu

/** The per-what phrases right after a figure: "per user per month", "/bil/mån", "a visit", "each". */
function persAfter(text: string, measure = false): { nouns: string[]; periods: Period[]; length: number } {
  const nouns: string[] = []
  const periods: Period[] = []
  // "42 000 liter diesel per bil": the material named between a measure and its per-phrase.
  const material = !measure
    ? null
    : /^\s+(?!(?:and|och|or|eller|with|med|the|for|för|from|från|at|på|in|to|till|but|men|which|som|that|who)\b)(?:(?:more|less|higher|lower|extra|fewer|mer|mindre|högre|lägre|extra|färre)\s+)?[\p{L}]{3,}(?=\s+(?:per|a|an|varje)\s)/iu.exec(
        text,
      )
  // "21 NOK litern", "28 kr milen", "2 kr styck": a unit in the definite form after money is "per" it.
  const definite = /^\s+(litern|milen|timmen|dagen|veckan|månaden|året|kilot|styck|stycket|kvadratmetern|metern|biten|timman)\b/iu.exec(
    text,
  )
  if (definite?.[1] !== undefined) {
    const unitWord = definite[1].toLowerCase()
    const period = PERIOD_WORDS.get(unitWord)
    if (period !== undefined) periods.push(period)
    else if (!/^styck/.test(unitWord))
      nouns.push(
        unitWord === 'litern' ? 'liter' : unitWord === 'milen' ? 'mil' : unitWord === 'kilot' ? 'kg' : unitWord.replace(/(en|et|n)$/, ''),
      )
    return { nouns, periods, length: definite[0].length }
  }
  let rest = material ? text.slice(material[0].length) : text
  let consumed = material ? material[0].length : 0
  for (;;) {
    const match =
      /^\s*(?:(?:of\s+(?:[\p{L}-]+\s+){1,3})?(?:(?:på|for|on|för)\s+(?:each|every|varje)|per|a|an|varje|i|om|och|för|à)\s+|\/\s*)(?:the\s+|en\s+|ett\s+)?([\p{L}][\p{L}\p{N}²-]*(?:\s+[\p{L}][\p{L}\p{N}-]*)?)/iu.exec(
        rest,
      )
    if (!match) break
    // "på varje anbud", "for every claim": the thing each of which the figure is for.
    const eachOf = /^\s*(?:på|for|on|för)\s+(?:each|every|varje)\s/iu.test(match[0])
    const connector = eachOf
      ? 'varje'
      : match[0].trimStart().startsWith('/')
        ? '/'
        : (match[0].trimStart().split(/\s/)[0]?.toLowerCase() ?? '')
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
      (SEASONS.has(first) ? 'year' : undefined) ??
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
function compoundPer(before: string): { period?: Period; noun?: string } | undefined {
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

function kindOf(figure: Figure): QuantityKind {
  switch (figure.kind) {
    case 'money':
      return 'money'
    case 'hours':
    case 'minutes':
      return 'duration'
    case 'duration':
      return 'duration'
    case 'percent':
      return 'percent'
    case 'count':
      return 'count'
  }
}

/** The words just before a figure within its sentence. */
function before(text: string, start: number, sentenceStart: number, length = 60): string {
  return text.slice(Math.max(sentenceStart, start - length), start)
}

/** Adjectives and participles between a number and its noun ("140 fasta linjer", "1 500 anslutna åkerier", "600 active users"). */
function isModifier(word: string): boolean {
  if (entityOfWord(word, true) !== undefined || entityOfWord(word, false) !== undefined) return false
  return (
    NOT_NOUNS.has(word) || /^(\p{L}+(?:ade|ande|ende|ad|da|ta|na|iga|liga|ska|bara)|\p{L}+(?:ed|ing|ive|al|ful|able|ible))$/u.test(word)
  )
}

/** What a count counts: the scanner's noun, or the first noun after the number past its modifiers. */
function countNoun(figure: Figure, text: string): string | undefined {
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

const AUXILIARIES = new Set(['is', 'are', 'was', 'were', 'gets', 'get', 'got', 'är', 'blir', 'var', 'har', 'has', 'have'])

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

/** The words of a figure's clause before it: back to the last comma, semicolon, colon or "and"/"och". */
/** A period adverb right after a figure ("14 000 ärenden per år", "7,500 tonnes a year"). */
const PERIOD_RIGHT_AFTER = /^\s*(?:[\p{L}-]+\s+)?(?:a|an|per|each|every|i|om|varje)\s+\p{L}+/iu

/**
 * The text between two offsets with other figures and the period adverbs that belong to them
 * blanked: in "14 000 ärenden per år à 40 minuter" the year is the cases', not the minutes'.
 */
function othersPeriodsBlanked(context: { text: string; figures: readonly Figure[]; index: number }, from: number, to: number): string {
  let text = context.text.slice(from, to)
  for (const other of context.figures.slice(0, context.index)) {
    if (other.end < from || other.end >= to) continue
    const own = PERIOD_RIGHT_AFTER.exec(context.text.slice(other.end, to))
    const length = other.end - Math.max(from, other.start) + (own !== null && clausePeriod(own[0]) !== undefined ? own[0].length : 0)
    const at = Math.max(from, other.start) - from
    text = text.slice(0, at) + ' '.repeat(length) + text.slice(at + length)
  }
  return text
}

function clauseBefore(text: string, sentenceStart: number, start: number): string {
  const lead = text.slice(sentenceStart, start)
  const cut = Math.max(...[/.*[,;:(–]/su, /.*\s(?:while|whereas|medan)\s/su].map((pattern) => pattern.exec(lead)?.[0].length ?? 0))
  return lead.slice(cut)
}

/** Revenue figures that name their period ("$4.2M ARR", "MRR of $80k", "omsättning 85 mkr" is yearly). */
function revenuePeriod(text: string): Period | undefined {
  if (/^\s*(?:in\s+)?(?:arr|annual\s+recurring|annual\s+revenue|årsomsättning|årlig\s+omsättning)\b/iu.test(text)) return 'year'
  if (/^\s*(?:in\s+)?(?:mrr|monthly\s+recurring)\b/iu.test(text)) return 'month'
  return undefined
}

const CLAUSE_PERIODS: ReadonlyArray<readonly [RegExp, Period]> = [
  [
    unicodeWords(
      /\b(?:daily|every\s+day|each\s+day|a\s+day|per\s+day|every\s+night|each\s+night|nightly|a\s+night|per\s+night|dagligen|varje\s+dag|om\s+dagen|per\s+dag|varje\s+natt|per\s+natt|daglig\w*)\b/iu,
    ),
    'day',
  ],
  [unicodeWords(/\b(?:weekly|every\s+week|each\s+week|a\s+week|per\s+week|varje\s+vecka|i\s+veckan|per\s+vecka|veckovis)\b/iu), 'week'],
  [
    unicodeWords(/\b(?:monthly|every\s+month|each\s+month|a\s+month|per\s+month|varje\s+månad|i\s+månaden|per\s+månad|månadsvis)\b/iu),
    'month',
  ],
  [
    unicodeWords(
      /\b(?:yearly|annual|annually|every\s+year|each\s+year|a\s+year|per\s+year|per\s+annum|over\s+the\s+year|last\s+year|this\s+year|previous\s+year|varje\s+år|om\s+året|per\s+år|årligen|förra\s+året|i\s+fjol|under\s+året|på\s+ett\s+år|årlig\w*)\b/iu,
    ),
    'year',
  ],
]

/** A revenue named just before an amount is a year's ("årsomsättning 40 Mkr"). */
const REVENUE_BEFORE = unicodeWords(/\b(?:arr|annual\s+revenue|turnover|omsättning|årsomsättning)\W{0,3}$/iu)

/** An interest rate named just before a percentage. */
const INTEREST = unicodeWords(
  /\b(?:interest|cost\s+of\s+capital|wacc|discount\s+rate|hurdle\s+rate|\p{L}*ränta|avkastningskrav|kapitalkostnad)\b[^.\d]{0,20}$/iu,
)

/** A count of people, then the time they spend: "6-person team spending", "5 medarbetare lägger". */
const PEOPLE_SPEND_BEFORE =
  /\d[\d\s,.]*(?:-?(?:person|people|man|strong))?\s+(?:[\p{L}-]+\s+){0,3}(?:spend|spends|spending|lägger|ägnar)\s+(?:about|around|roughly|some|ca\.?|cirka|runt|ungefär|i\s+snitt)?\s*$/iu

/** Verbs that follow "each …" before its figure: "each rec takes", "varje samtal tar". */
/** "each one", "each of them", "var och en": a pronoun for the thing counted before, then the clause up to the figure. */
const EACH_ONE =
  /(?:^|\s)(?:each\s+one|every\s+one|each\s+of\s+them|var\s+och\s+en|vart\s+och\s+ett|var\s+och\s+en\s+av\s+dem)\s[^,.;:\d]{0,48}$/u

const EACH_VERB =
  /^(?:takes?|costs?|needs?|uses?|runs?|lasts?|requires?|spends?|has|have|tar|kostar|kräver|behöver|använder|varar|har|ger|drar)$/iu

/** A probability: "chance", "likelihood", "sannolikhet". */
const CHANCE = unicodeWords(/\b(?:chance|chances|probability|likelihood|odds|risk|sannolikhet(?:en)?|risk(?:en)?)\b/iu)

/** A salary, per person and per year unless it says otherwise. */
const SALARY = unicodeWords(/\b(salary|salaries|wage|lön|årslön|månadslön|löner)\b/iu)

/** The one period adverb of a stretch of text, if it names exactly one period. */
function clausePeriod(text: string): Period | undefined {
  const found = CLAUSE_PERIODS.filter(([pattern]) => pattern.test(text)).map(([, period]) => period)
  return found.length === 1 ? found[0] : undefined
}

/** The noun phrase as written after a count ("14 site managers" → "site managers"). */
function writtenNoun(figure: Figure, text: string): string {
  const own = text.slice(figure.start, figure.end).split(/\s(?:per|a|an|each|och|i|om|à)\s|\//iu)[0] ?? ''
  const words = own.match(/[\p{L}][\p{L}-]*/gu) ?? []
  const kept = words.filter((word) => !isModifier(word.toLowerCase()) && !/^(million|miljoner|thousand|tusen|k|m|mn|bn)$/i.test(word))
  return kept.slice(-2).join(' ') || (figure.noun ?? '')
}

/** The count figure a later "each"/"à" refers back to: the last count of the sentence before this figure. */
function previousCountNoun(figures: readonly Figure[], index: number, sentenceStart: number, text: string): string | undefined {
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
function nextCountNoun(figures: readonly Figure[], index: number, text: string): string | undefined {
  const current = figures[index]
  const next = figures[index + 1]
  if (current === undefined || next === undefined || next.kind !== 'count') return undefined
  if (/[\n.!?]/u.test(text.slice(current.end, next.start))) return undefined
  return countNoun(next, text)
}

function relationOf(figure: Figure, figures: readonly Figure[], index: number, offset: number): Relation | undefined {
  if (figure.fromValue !== undefined) {
    for (let other = index - 1; other >= 0; other -= 1) {
      if (figures[other]?.flags.includes('fromTo')) return { kind: 'to', from: offset + other }
    }
  }
  if (figure.flags.includes('fromTo')) {
    for (let other = index + 1; other < figures.length; other += 1) {
      if (figures[other]?.fromValue !== undefined) return { kind: 'from', to: offset + other }
    }
  }
  if (figure.flags.includes('points')) return { kind: 'points' }
  if (figure.flags.includes('wordFraction') && /\b(in|av|of|var)\b|\bvarje\b|[:]e\b/i.test(figure.text)) return { kind: 'oneIn' }
  return undefined
}

function flagsOf(figure: Figure): Set<string> {
  const flags = new Set<string>()
  for (const flag of figure.flags) {
    if (flag === 'approximate') flags.add('approximate')
    if (flag === 'threshold' || flag === 'thresholdWord') flags.add('threshold')
    if (flag === 'wordNumber' || flag === 'wordFraction') flags.add('words')
    if (flag === 'example') flags.add('example')
    if (flag === 'range') flags.add('range')
    if (flag === 'wordDecrease') flags.add('decrease')
    if (flag === 'wordIncrease') flags.add('increase')
    if (flag === 'headerPeriod' || flag === 'headerCurrency') flags.add('header')
  }
  return flags
}

/** "Varje inlärningsvecka kostar …": a noun the figure is per that is itself a period. */
const namesPeriod = (nouns: readonly string[]): boolean =>
  nouns.some((noun) => ['day', 'week', 'month', 'quarter', 'year'].includes(nounAtom(noun).atom))

/** Whether a figure before this one counts the thing `word` names ("11 kliniker" … "varje klinik"). */
function countedBefore(context: { text: string; figures: readonly Figure[]; index: number }, word: string): boolean {
  const atom = nounAtom(word).atom
  // Swedish plurals in -er ("kliniker") keep their ending in the lemma: a shared stem is the same thing.
  const same = (other: string) =>
    other === atom || (atom.length >= 6 && other.length >= 6 && (other.startsWith(atom) || atom.startsWith(other)))
  return context.figures
    .slice(0, context.index)
    .some((other) => other.kind === 'count' && same(nounAtom(countNoun(other, context.text) ?? '').atom))
}

/**
 * "Cost per emptying (truck, crew, fuel), from your 2025 figures: €14", "Kostnad per körning: 950 kr":
 * the per-word of the label the amount closes, on its own line.
 */
function labelPerWord(text: string, start: number): string | undefined {
  const label = text.slice(text.lastIndexOf('\n', start - 1) + 1, start)
  if (label.length > 100 || !/:\s*$/u.test(label) || label.replace(/:\s*$/u, '').includes(':')) return undefined
  return /(?<!\p{L})(?:per|each|varje)\s+([\p{L}][\p{L}-]{2,})/iu.exec(label)?.[1]
}

/** The unit, noun and written-to-base factor of one figure in its page. */
function unitOf(
  figure: Figure,
  context: { text: string; sentenceStart: number; figures: readonly Figure[]; index: number },
): { unit: Unit; scale: number; noun?: string; nounText?: string } {
  const unit: MutableUnit = {}
  let scale = 1
  let noun: string | undefined
  let nounText: string | undefined
  // A count's noun may follow the scanner's figure ("14 000 arbetade timmar i månaden"): its per-phrase follows that noun.
  const nounFound = figure.kind === 'count' ? countNoun(figure, context.text) : undefined
  // The noun inside the figure's own words ("150 vehicles") is found there, not in the next line.
  const inside = nounFound !== undefined && context.text.slice(figure.start, figure.end).toLowerCase().includes(nounFound.toLowerCase())
  const nounAt = nounFound === undefined || inside ? -1 : context.text.indexOf(nounFound, figure.end)
  const afterStart = nounAt >= figure.end && nounAt - figure.end < 30 ? nounAt + (nounFound ?? '').length : figure.end
  // "2,5 timmar handläggning per skada", "3 hours admin per claim": what the time is spent on stands before its per-phrase too.
  const measured =
    figure.kind === 'hours' ||
    (figure.kind === 'count' && nounFound !== undefined && MEASURES.some(([pattern]) => pattern.test(nounFound.toLowerCase())))
  // A per-phrase never runs past its line: "Fleet: 150 vehicles\nFuel per vehicle per year" is two facts.
  const after = persAfter(context.text.slice(afterStart, afterStart + 60).split('\n')[0] ?? '', measured)
  const periods = new Set<Period>(after.periods)
  if (figure.per !== undefined) periods.add(figure.per)
  const perNouns = [...after.nouns]
  // "38 timmar à 1 150 kr": an amount for each of some hours is per hour, whatever was counted before.
  const previous = context.figures[context.index - 1]
  const eachHour =
    previous?.kind === 'hours' &&
    figure.per === undefined &&
    /^\s*(?:à|@|at|a)\s*$/iu.test(context.text.slice(previous.end, figure.start)) &&
    // "38 timmar à 1 150 kr" names the licences counted before; "$0.10/kWh" names its own unit.
    (figure.perEntity === undefined || (!figure.text.includes('/') && !/\bper\b/iu.test(figure.text)))
  if (eachHour) periods.add('hour')
  else if (figure.perEntity !== undefined && figure.perEntity !== 'thousand') perNouns.push(figure.perEntity)
  const lead = before(context.text, figure.start, context.sentenceStart, 64).toLowerCase()
  // "each monthly rec takes 1h45m", "varje samtal tar 4 minuter": per the thing named after "each";
  // "à 40 minuter", "$41,000 each": per the thing the sentence last counted.
  const eachPhrase = /(?:^|\s)(?:each|every|varje|var\s+och\s+en)\s+((?:\p{L}+\s+){0,2})(\p{L}+)\s*[~≈]?$/u.exec(
    // "varje bil kör ca": the words that qualify the figure are no part of the phrase.
    lead.replace(
      /(?:\s+(?:about|around|roughly|approximately|on\s+average|in\s+total|ca\.?|cirka|runt|omkring|ungefär|i\s+snitt|sammanlagt|totalt))+\s*$/u,
      ' ',
    ),
  )
  // "each monthly rec takes": the words before the verb; "varje klinik ca 38": the noun itself.
  // "each trap is pumped": an auxiliary verb stands between the noun and its participle.
  const lastBeforeVerb = (eachPhrase?.[1] ?? '')
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '' && !AUXILIARIES.has(word))
    .pop()
  // "each one currently takes a teacher 24 minutes", "var och en tar i snitt 12 minuter": per the thing counted before.
  const eachOne = figure.kind !== 'money' && after.nouns.length === 0 && EACH_ONE.test(lead)
  // "varje dag kortare är värd 25 kr", "each hour saved is worth $40": the value of one unit of a change.
  const changeUnit =
    /(?:^|\s)(?:each|every|varje)\s+(\p{L}+)\s+(?:less|fewer|shorter|saved|sooner|earlier|kortare|mindre|färre|sparad|sparat|tidigare)\b[^,.;\d]{0,30}$/u.exec(
      lead,
    )?.[1]
  const changePeriod = changeUnit === undefined ? undefined : PERIOD_WORDS.get(changeUnit)
  if (changePeriod !== undefined) addAtom(unit, periodAtom(changePeriod), -1)
  const namedAfterEach =
    eachPhrase === null || eachOne || changePeriod !== undefined
      ? undefined
      : (lastBeforeVerb ??
        (!EACH_VERB.test(eachPhrase[2] ?? '') && countedBefore(context, eachPhrase[2] ?? '') ? eachPhrase[2] : undefined))
  if (
    figure.kind !== 'money' &&
    namedAfterEach !== undefined &&
    !isModifier(namedAfterEach.toLowerCase()) &&
    !PERIOD_WORDS.has(namedAfterEach.toLowerCase())
  ) {
    perNouns.push(namedAfterEach)
  } else if (
    /(?:^|[\s(])(each|à|a\s+piece|styck|apiece)\s*$/u.test(lead) ||
    (eachPhrase !== null && figure.kind !== 'money') ||
    eachOne ||
    // "11 000 mil per år var, och …": Swedish "var" closing the phrase is "each".
    /^\s*(?:each|styck|st|apiece|vardera|var(?=\s*(?:[,.;]|och\b|$)))\b/u.test(context.text.slice(figure.end, figure.end + 10))
  ) {
    // "Etiketter: 2,50 EUR styck, engångskostnad, cirka 4 000 etiketter per butik": the count after it when none is before.
    const next = figure.kind === 'money' ? nextCountNoun(context.figures, context.index, context.text) : undefined
    const label = /(?:^|\n)\s*[•*-]?\s*([\p{L}-]+)\s*:[^\n]*$/u.exec(context.text.slice(Math.max(0, figure.start - 80), figure.start))?.[1]
    const labelled = next !== undefined && label !== undefined && nounAtom(label).atom === nounAtom(next).atom
    const referred = labelled
      ? next
      : (previousCountNoun(context.figures, context.index, Math.max(0, context.sentenceStart - 200), context.text) ?? next)
    if (referred !== undefined) perNouns.push(referred)
  }
  // "Each of your 3 sites has a guard on a 12-hour night shift": what follows in the sentence is per site.
  const eachOf =
    /^\s*(?:each|every|var\s+och\s+en|vart\s+och\s+ett)\s+(?:of|av)\s+(?:your|the|our|their|its|era|ert|våra|de|dessa)?\s*\d[\d\s,.]*\s+(\p{L}{3,})/iu.exec(
      context.text.slice(context.sentenceStart, figure.start),
    )
  const eachOfNoun = eachOf?.[1]
  const afterEachOf = eachOf !== null && context.sentenceStart + eachOf[0].length < figure.start
  if (eachOfNoun !== undefined && afterEachOf && figure.kind !== 'money' && figure.kind !== 'percent') perNouns.push(eachOfNoun)
  // "pays about $14 to process each return", "$3 for every parcel": per the thing named after "each".
  const eachAfter =
    figure.kind === 'money' && figure.perEntity === undefined
      ? /^\s*(?:to\s+[\p{L}-]+\s+|for\s+|för\s+)(?:each|every|varje)\s+(\p{L}{3,})/iu.exec(
          context.text.slice(figure.end, figure.end + 40),
        )?.[1]
      : undefined
  if (eachAfter !== undefined && !PERIOD_WORDS.has(eachAfter.toLowerCase()) && !isModifier(eachAfter.toLowerCase()))
    perNouns.push(eachAfter)
  // "a 6-person finance team spending 12 working days every month", "5 medarbetare lägger 20 timmar": each of them.
  if (
    (figure.kind === 'hours' ||
      figure.kind === 'minutes' ||
      figure.kind === 'duration' ||
      (figure.kind === 'count' && /(?:days?|dagar)$/iu.test(countNoun(figure, context.text) ?? ''))) &&
    PEOPLE_SPEND_BEFORE.test(lead)
  ) {
    const referred = previousCountNoun(context.figures, context.index, context.sentenceStart, context.text)
    if (referred !== undefined && nounAtom(referred).people) perNouns.push(referred)
  }
  // "12,000 donors giving $32 a month", "members paying SEK 499", "kunder som handlar för 640 kr": per that count's thing.
  if (
    figure.kind === 'money' &&
    /\b(?:paying|giving|spending|earning|generating|billing|averaging|at\s+an\s+average\s+of|at\s+an?\s+average|with\s+an\s+average\s+of|turning\s+over|who\s+(?:pay|give|spend)|that\s+(?:pay|give|spend)|at\s+an?\s+(?:average\s+)?(?:price|rate)\s+of|on\s+an?\s+(?:average\s+)?(?:contract|plan|subscription|deal|order|basket)\s+(?:value\s+)?of|som\s+(?:betalar|ger|handlar\s+för|omsätter)|(?:till|för)\s+ett\s+(?:snitt|medel|genomsnitts)?pris\s+(?:på|av))\s+(?:about|around|roughly|on\s+average|an\s+average\s+of|i\s+snitt|cirka|ca|runt)?\s*$/iu.test(
      lead,
    )
  ) {
    const referred = previousCountNoun(context.figures, context.index, context.sentenceStart, context.text)
    if (referred !== undefined) perNouns.push(referred)
  }
  // "each visit bills $95", "ett uteblivet besök kostar runt 1 400 kr": the money is per that noun.
  const eachNoun =
    /(?:^|\s)(?:each|every|per|one|a|an|varje|ett|en|per)\s+(?:[\p{L}-]+\s+){0,2}([\p{L}-]{3,})\s+(?:costs?|costing|bills?|is worth|worth|brings(?: in)?|generates|earns|averages?|runs|kostar|är värd|ger|drar in|snittar|ligger på)\s+(?:(?:about|around|roughly|approximately|on average|us|you|them|ca|cirka|runt|omkring|ungefär|i snitt|oss|er|dem|kunden|(?:the|their|your|its)\s+[\p{L}-]+)\s+){0,3}$/u.exec(
      lead,
    )
  // "each store writes off about $38,000": any verb after "each" and its noun, when no costing verb names it.
  const eachSubject =
    figure.kind === 'money'
      ? /(?:^|\s)(?:each|every|varje)\s+([\p{L}-]{3,})\s+(?:[\p{L}-]+\s+){1,4}(?:(?:about|around|roughly|approximately|on\s+average|ca|cirka|runt|omkring|ungefär|i\s+snitt)\s+)?$/u.exec(
          lead,
        )?.[1]
      : undefined
  const eachWord = changePeriod === undefined ? (eachNoun?.[1] ?? eachSubject) : undefined
  // The subject of "costs" may be a gerund ("a pumping costs", "each booking brings"), not a participle ("a truck is parked costs").
  const nounOfCost = eachWord !== undefined && !NOT_NOUNS.has(eachWord) && (!isModifier(eachWord) || /ing$/u.test(eachWord))
  if (figure.kind === 'money' && eachWord !== undefined && !PERIOD_WORDS.has(eachWord) && nounOfCost) perNouns.push(eachWord)
  // "Each sick day costs the employer about $250": per day.
  const eachWordPeriod = eachWord === undefined ? undefined : PERIOD_WORDS.get(eachWord)
  if (figure.kind === 'money' && eachWordPeriod !== undefined && figure.per === undefined) periods.add(eachWordPeriod)
  // "every hour a truck is parked costs roughly AUD 1,500": money each period costs is per that period.
  const eachPeriod =
    /(?:^|\s)(?:each|every|varje|an?|one|en|ett|1)\s+(\p{L}+)\b[^.\d,;]{0,40}?\b(?:costs?|kostar|loses|förlorar)\s+(?:(?:about|around|roughly|approximately|on average|us|you|ca|cirka|runt|omkring|ungefär|i snitt|oss|er)\s+){0,3}$/u.exec(
      lead,
    )?.[1]
  const eachPeriodWord = eachPeriod === undefined ? undefined : PERIOD_WORDS.get(eachPeriod)
  // Not "9 hours a month and each hour costs": the period named right before the verb wins.
  if (figure.kind === 'money' && eachPeriodWord !== undefined && figure.per === undefined && eachWordPeriod === undefined)
    periods.add(eachPeriodWord)
  // A label that names the period ("Annual volume: 1.6 million order lines", "Årlig volym: 40 000 ordrar").
  const labelPeriod = /(?:^|\n)\s*[-•*]?\s*(\p{L}+)\s+[\p{L} ]{0,24}:\s*$/u.exec(
    context.text.slice(Math.max(0, figure.start - 40), figure.start),
  )?.[1]
  const labelled = labelPeriod === undefined ? undefined : PERIOD_ADVERBS.get(labelPeriod.toLowerCase())
  if (figure.kind === 'count' && figure.per === undefined && labelled !== undefined) periods.add(labelled)
  if (
    figure.kind === 'money' &&
    figure.per === undefined &&
    figure.perEntity === undefined &&
    perNouns.length === 0 &&
    periods.size === 0
  ) {
    const labelPer = labelPerWord(context.text, figure.start)
    const labelPeriodWord = labelPer === undefined ? undefined : PERIOD_WORDS.get(labelPer.toLowerCase())
    if (labelPeriodWord !== undefined) periods.add(labelPeriodWord)
    else if (labelPer !== undefined && !NOT_NOUNS.has(labelPer.toLowerCase())) perNouns.push(labelPer)
  }
  // Period adverbs inside the figure's own words ("900 monthly appointments"), but not for people
  // ("12,000 monthly donors" are donors who give monthly, not donors per month).
  const counted = figure.kind === 'count' ? (countNoun(figure, context.text) ?? '') : ''
  const people =
    figure.kind === 'count' &&
    (nounAtom(counted).people ||
      /^(donors?|members?|customers?|clients?|subscribers?|patients?|guests?|users?|kunder|medlemmar|givare|prenumeranter|patienter|gäster)$/iu.test(
        counted,
      ))
  for (const word of people ? [] : (figure.text.toLowerCase().match(/\p{L}+/gu) ?? [])) {
    const period = PERIOD_ADVERBS.get(word)
    if (period !== undefined) periods.add(period)
  }
  switch (figure.kind) {
    case 'money': {
      addAtom(unit, 'money', 1)
      const revenue =
        revenuePeriod(context.text.slice(figure.end, figure.end + 30)) ??
        (REVENUE_BEFORE.test(before(context.text, figure.start, context.sentenceStart, 30)) ? 'year' : undefined)
      if (revenue !== undefined) periods.add(revenue)
      const lead = before(context.text, figure.start, context.sentenceStart, 40)
      // A salary is per person, and per year unless it says otherwise ("average salary is $54,000", "månadslön 38 000 kr").
      if (SALARY.test(lead + context.text.slice(figure.end, figure.end + 20))) {
        perNouns.push('person')
        // "Varje inlärningsvecka kostar 1 100 USD per agent i lön": per the period the words before name.
        if (figure.per === undefined && !namesPeriod(perNouns)) periods.add(/månadslön|monthly/iu.test(lead) ? 'month' : 'year')
      }
      // "ARPU $28", "$58 average order", "a $45 average ticket": per user a month, per order, per ticket.
      if (/\b(?:arpu|arpa)\W{0,3}$/iu.test(lead)) {
        perNouns.push('user')
        if (figure.per === undefined) periods.add('month')
      }
      const averageThing = /^\s+(?:average|avg\.?|typical|genomsnittlig\w*)\s+([\p{L}]{3,})/iu.exec(
        context.text.slice(figure.end, figure.end + 30),
      )?.[1]
      if (
        averageThing !== undefined &&
        !PERIOD_WORDS.has(averageThing.toLowerCase()) &&
        !/^(cost|price|value|spend|salary|revenue|rate)$/i.test(averageThing)
      )
        perNouns.push(averageThing)
      const compound = compoundPer(lead)
      if (compound?.period !== undefined) periods.add(compound.period)
      // "Picker cost: $23.00/hour": a person's hour is still an hour.
      if (compound?.noun !== undefined && !(periods.has('hour') && compound.period === undefined)) perNouns.push(compound.noun)
      break
    }
    case 'hours':
      addAtom(unit, 'hour', 1)
      break
    case 'minutes':
      addAtom(unit, 'hour', 1)
      scale = 1 / 60
      break
    case 'duration':
      if (figure.duration === 'hour') addAtom(unit, 'hour', 1)
      else addAtom(unit, periodAtom(figure.duration ?? 'day'), 1)
      break
    case 'percent':
      scale = 1 / 100
      // "kalkylränta 6 %", "cost of capital of 8%": an interest rate is a share a year.
      if (figure.per === undefined && INTEREST.test(before(context.text, figure.start, context.sentenceStart, 40))) periods.add('year')
      break
    case 'count': {
      const written = countNoun(figure, context.text)
      if (written !== undefined) {
        const atom = nounAtom(written === 'scandinavianMile' ? 'mil' : written)
        // The label keeps the seller's words ("site managers"), the atom the class ("person").
        nounText = written === figure.entity && figure.noun !== undefined ? writtenNoun(figure, context.text) : written
        // "178 skoldagar", "220 working days": a count of days is days a year.
        const period =
          PERIOD_WORDS.get(atom.atom) ??
          (/(dag|dagar|days?)$/.test(written.toLowerCase()) ? 'day' : /(veckor|weeks?)$/.test(written.toLowerCase()) ? 'week' : undefined)
        if (period !== undefined && period !== 'hour') {
          addAtom(unit, period, 1)
          // "12 working days every month": the clause's period; with none, days or weeks a year
          // ("stays ten more months" is a span, not months a year).
          const clause = /^[^\d.;,]{0,40}/u.exec(context.text.slice(afterStart))?.[0] ?? ''
          const stated = clausePeriod(clause)
          if (periods.size === 0 && (stated !== undefined || period === 'day' || period === 'week')) periods.add(stated ?? 'year')
          break
        }
        noun = atom.atom
        scale = atom.factor
        addAtom(unit, atom.atom, 1)
        // "två skift à 8 timmar", "runs two shifts": shifts are a working day's, unless a period is said.
        if (periods.size === 0 && /^(?:shifts?|skift)$/iu.test(written)) periods.add('day')
      }
      break
    }
  }
  // "6.5 mpg": miles per gallon.
  if (figure.noun?.toLowerCase() === 'mpg') {
    for (const atom of Object.keys(unit)) delete unit[atom]
    addAtom(unit, 'mile', 1)
    addAtom(unit, 'gallon', -1)
    noun = undefined
  }
  // "the daily diary … from 40 to 10 minutes", "varje dag": a time or a count with no period of its
  // own takes its clause's period adverb.
  const hourCount = figure.kind === 'count' && /^(hours?|timmar|timme|h)$/iu.test(countNoun(figure, context.text) ?? '')
  if (
    periods.size === 0 &&
    (figure.kind === 'hours' || figure.kind === 'minutes' || figure.kind === 'percent' || figure.kind === 'money' || hourCount)
  ) {
    const tail = /^[^\d.;,]{0,40}/u.exec(context.text.slice(figure.end))?.[0] ?? ''
    const previousEnd = context.figures[context.index - 1]?.end ?? 0
    const lead = othersPeriodsBlanked(context, Math.max(context.sentenceStart, previousEnd), figure.start)
    const adverb =
      clausePeriod(clauseBefore(lead, 0, lead.length) + tail) ??
      // "where every occupied room is cleaned every day, … from 32 to 28 minutes per room": a time takes its sentence's one period.
      (figure.kind === 'minutes' || figure.kind === 'hours' || hourCount
        ? clausePeriod(othersPeriodsBlanked(context, context.sentenceStart, figure.end) + tail)
        : undefined)
    if (adverb !== undefined) periods.add(adverb)
  }
  // "22 FTE at about $41,000 each": what a person costs, with no period, is a year's cost.
  // Not when the people are counted a period ("70 nya agenter om året … 180 USD per ny agent"): then it is per person, once.
  const peopleAPeriod = context.figures.some(
    (other) => other.kind === 'count' && other.per !== undefined && nounAtom(countNoun(other, context.text) ?? '').people,
  )
  if (
    figure.kind === 'money' &&
    periods.size === 0 &&
    !peopleAPeriod &&
    !namesPeriod(perNouns) &&
    perNouns.some((perNoun) => nounAtom(perNoun).people)
  )
    periods.add('year')
  for (const period of periods) {
    if (period === 'hour') addAtom(unit, 'hour', -1)
    else if (!(figure.kind === 'duration' && figure.duration === period)) addAtom(unit, periodAtom(period), -1)
  }
  // "a 1-in-25 chance of one each year", "risken är 5 % per år": a probability a period counts events a
  // period, which a cost per breach or per incident then meets one for one.
  if (
    figure.kind === 'percent' &&
    periods.size > 0 &&
    CHANCE.test(context.text.slice(Math.max(context.sentenceStart, figure.start - 40), figure.end + 30))
  )
    addAtom(unit, 'n:event', 1)
  const perAtoms = new Set<string>()
  for (const perNoun of perNouns) {
    const atom = nounAtom(perNoun)
    // "An analyst costs $55 per hour": a person's hour is an hour.
    if (atom.people && figure.kind === 'money' && periods.has('hour')) continue
    if (atom.atom === noun || perAtoms.has(atom.atom) || (atom.atom === 'hour' && periods.has('hour'))) continue
    perAtoms.add(atom.atom)
    addAtom(unit, atom.atom, -1)
    if (atom.factor !== 1) scale /= atom.factor
  }
  return { unit, scale, ...(noun !== undefined ? { noun } : {}), ...(nounText !== undefined ? { nounText } : {}) }
}

// After "to"/"till" only a qualifier may stand before the level: "promenaden till stationen, och en timme …" joins nothing.
const CONNECTOR =
  /^[^\d;.]{0,40}?(?:->|→|=>|➔|\bto\b|\btill\b|\binstead\s+of\b|\bi\s+stället\s+för\b)[^\d;.\p{L}]{0,6}(?:(?:about|around|roughly|approximately|only|just|under|below|over|cirka|ca\.?|ungefär|bara|runt|omkring|endast|knappt|drygt|the|a|an|en|ett)[^\d;.\p{L}]{1,3}){0,2}$/iu

/** "3 hours per client; with our dashboards it's 20 minutes", "I dag tar det 40 minuter. Med appen tar det 10." */
const NEXT_SENTENCE_AFTER =
  /^[^\d]{0,60}(?:[;.!]|\n\s*[•*-]?)\s*(?:but\s+|men\s+)?(?:with|using|after|once|med|efter|när|nu)\b[^\d]{0,50}?(?:it's|it is|that's|that is|takes?|it\s+takes|drops?\s+to|falls?\s+to|goes\s+down\s+to|tar\s+det|tar|blir\s+det|är\s+det|går\s+det\s+ner\s+till|går\s+det\s+ned\s+till|sjunker\s+det\s+till|det)\s*(?:about|only|just|around|roughly|bara|cirka|ca\.?|runt|endast)?\s*$/iu

/** "half an hour per authorization today, ten minutes with our …": the level today, then the level with the offer. */
const TODAY = /^[^\d;.]{0,40}\b(?:today|currently|now|i\s+dag|idag|nu)\b[^\d;.]{0,8}$/iu

/** "Today", "i dag" before the first level of a sentence. */
const TODAY_LEAD = unicodeWords(/\b(?:today|currently|right\s+now|i\s+dag|idag|i\s+nuläget)\b/iu)
/** ", with our scanners", "; med roboten": the means of the change between the two levels. */
const WITH_BETWEEN = /^[^.!?\d]{0,24}[,;]\s*(?:with|using|after|med|efter)\s[^.!?\d]{0,40}$/iu

function sameMeasure(a: Quantity, b: Quantity): boolean {
  if (a.kind !== b.kind || a.currency !== b.currency) return false
  const atoms = (quantity: Quantity) =>
    Object.entries(quantity.unit)
      .filter(([, power]) => power > 0)
      .map(([atom]) => atom)
      .sort()
      .join()
  return atoms(a) === atoms(b)
}

/**
 * "85 lines/hour today -> 120 lines/hour", "4 % to 2.5 %", "cut to 10 minutes": two figures of one
 * measure in one sentence, joined by an arrow or "to", are a before→after pair.
 */
function pairAcrossConnectors(quantities: Quantity[], from: number, text: string): void {
  for (let index = Math.max(from, 1); index < quantities.length; index += 1) {
    const before = quantities[index - 1]
    const after = quantities[index]
    if (before === undefined || after === undefined || before.relation !== undefined || after.relation !== undefined) continue
    // A bare level ("it's 2") takes the measure of the level it follows.
    const bare = after.kind === 'count' && Object.keys(after.unit).length === 0 && before.kind !== 'count'
    if (before.page !== after.page || (!bare && !sameMeasure(before, after))) continue
    if (before.flags.has('range') || after.flags.has('range')) continue
    const between = text.slice(before.end, after.start)
    const afterWords = text.slice(after.end, after.end + 40)
    const todayThen =
      (TODAY.test(between) && /\b(?:with|using|after|med|efter|once)\b/iu.test(afterWords)) ||
      // "Today we pack 90 orders an hour, with our scanners 120 orders an hour".
      (TODAY_LEAD.test(text.slice(Math.max(before.sentenceStart, before.start - 40), before.start)) && WITH_BETWEEN.test(between))
    const joined =
      before.sentenceIndex === after.sentenceIndex
        ? CONNECTOR.test(between) || todayThen || (between.includes(';') && NEXT_SENTENCE_AFTER.test(between))
        : // A bullet's marker may count as a sentence of its own between the two lines.
          after.sentenceIndex > before.sentenceIndex && after.sentenceIndex <= before.sentenceIndex + 2 && NEXT_SENTENCE_AFTER.test(between)
    if (!joined) continue
    quantities[index - 1] = { ...before, relation: { kind: 'from', to: after.index } }
    quantities[index] = bare
      ? {
          ...after,
          kind: before.kind,
          unit: before.unit,
          scale: before.scale,
          ...(before.currency !== undefined ? { currency: before.currency } : {}),
          relation: { kind: 'to', from: before.index },
        }
      : { ...after, relation: { kind: 'to', from: before.index } }
  }
}

const SMALL_NUMBERS: Readonly<Record<string, number>> = {
  one: 1,
  a: 1,
  an: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  twenty: 20,
  en: 1,
  ett: 1,
  två: 2,
  tre: 3,
  fyra: 4,
  fem: 5,
  sex: 6,
  sju: 7,
  åtta: 8,
  nio: 9,
  tio: 10,
}
const numberOf = (word: string | undefined): number | undefined =>
  word === undefined ? undefined : (SMALL_NUMBERS[word.toLowerCase()] ?? (/^\d+$/.test(word) ? Number(word) : undefined))

const ORDINALS: Readonly<Record<string, number>> = {
  andra: 2,
  tredje: 3,
  fjärde: 4,
  femte: 5,
  sjätte: 6,
  sjunde: 7,
  åttonde: 8,
  nionde: 9,
  tionde: 10,
  elfte: 11,
  tolfte: 12,
  femtonde: 15,
  tjugonde: 20,
  trettionde: 30,
  fyrtionde: 40,
  femtionde: 50,
  hundrade: 100,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  twelfth: 12,
  twentieth: 20,
  fiftieth: 50,
  hundredth: 100,
}

/** "var tjugonde patient", "every fifth call", "var 8:e": a share the scanner has no figure for. */
function readOrdinalShares(quantities: Quantity[], page: number, text: string, back: (offset: number) => number, original: string): void {
  const sentences = sentencesOf(original)
  const pattern = /\b(?:var|varje|every)\s+(?:(\d+)\s*:?\s*(?:e|a|th|st|nd|rd)|([\p{L}]+))\b/giu
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    const whole = match[1] !== undefined ? Number(match[1]) : ORDINALS[(match[2] ?? '').toLowerCase()]
    if (whole === undefined || !(whole > 1)) continue
    const [start, end] = [back(match.index), back(match.index + match[0].length)]
    if (quantities.some((quantity) => quantity.start < end && start < quantity.end)) continue
    const around = sentences.around(start)
    quantities.push({
      page,
      index: quantities.length,
      sentence: original.slice(around.start, around.end),
      sentenceStart: around.start,
      sentenceIndex: around.index,
      kind: 'percent',
      value: 100 / whole,
      unit: {},
      scale: 0.01,
      relation: { kind: 'oneIn' },
      flags: new Set(['words']),
      start,
      end,
      text: original.slice(start, end),
      // "var tionde maskin varje år": a share of each year.
      ...(clausePeriod(original.slice(end, end + 40).split(/[,;.]/u)[0] ?? '') === 'year' ? { unit: { year: -1 } } : {}),
    })
  }
}

/**
 * "cut … by 18 to 24 percent": a percentage written after "X to" is a range from X; "one day in
 * five", "2 of every 10": a share. The figures the scanner read there are rewritten in place.
 */
function readRangesAndShares(
  quantities: Quantity[],
  from: number,
  page: number,
  text: string,
  back: (offset: number) => number,
  original: string,
): void {
  for (let index = from; index < quantities.length; index += 1) {
    const quantity = quantities[index]
    if (quantity === undefined) continue
    if (quantity.kind === 'percent' && quantity.relation === undefined && !quantity.flags.has('range')) {
      const lead = /(\d+(?:[.,]\d+)?)\s*(?:%|percent|procent)?\s*(?:to|till|–|—|-)\s*$/iu.exec(
        text.slice(Math.max(0, quantity.start - 24), quantity.start),
      )
      const low = lead?.[1] === undefined ? undefined : Number(lead[1].replace(',', '.'))
      if (
        low !== undefined &&
        low < quantity.value &&
        !quantities.some((other) => other.kind === 'percent' && other.value === low && Math.abs(other.end - quantity.start) < 12)
      ) {
        quantities[index] = asRange(quantity, low)
      }
    }
  }
  readBareRanges(quantities, from, original)
  readOrdinalShares(quantities, page, text, back, original)
  const pattern = unicodeWords(
    /\b(one|a|an|\d+|en|ett|två|tre)\s+(?:[\p{L}-]+\s+){0,2}(?:in|of\s+every|out\s+of|av)\s+(two|three|four|five|six|seven|eight|nine|ten|twenty|\d+|två|tre|fyra|fem|sex|sju|åtta|nio|tio)\b/giu,
  )
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    const share = numberOf(match[1])
    const whole = numberOf(match[2])
    if (share === undefined || whole === undefined || whole <= share || whole === 0) continue
    const [start, end] = [back(match.index), back(match.index + match[0].length)]
    const overlapping = quantities.findIndex((quantity, position) => position >= from && quantity.start < end && start < quantity.end)
    const base = quantities[overlapping]
    // "en kostnad av 42 pund": an amount after "av" is what something costs, not a share's whole.
    if (base === undefined || base.kind === 'money') continue
    quantities[overlapping] = {
      ...base,
      kind: 'percent',
      value: (share / whole) * 100,
      unit: {},
      scale: 0.01,
      relation: { kind: 'oneIn' },
      flags: new Set(['words']),
    }
  }
}

/** Whether a Swedish compound ends in the other word's stem, with a first part of its own ("utlandsres", "resa"). */
function sameCompoundHead(compound: string, word: string): boolean {
  // Both without their plural or definite endings: "körlektion" and "lektioner" share "lektion".
  const stem = word.replace(/(?:erna|arna|orna|er|ar|or|na|a|e)$/u, '')
  const compoundStem = compound.replace(/(?:erna|arna|orna|er|ar|or|na|a|e)$/u, '')
  return stem.length >= 3 && compoundStem.length - stem.length >= 3 && compoundStem.endsWith(stem)
}

/**
 * One text's words for one thing meet: "maskiner" and "maskin", "bodar" and "bod", "members" and
 * "member" become the shorter atom when one is the other plus a short ending.
 */
function unifyNouns(quantities: Quantity[], swedish: boolean): void {
  const atoms = new Set(quantities.flatMap((quantity) => Object.keys(quantity.unit)).filter((atom) => atom.startsWith('n:')))
  const rename = new Map<string, string>()
  for (const atom of atoms) {
    for (const other of atoms) {
      if (other === atom || other.length >= atom.length) continue
      const stem = other.slice(2)
      if (stem.length >= 3 && atom.slice(2).startsWith(stem) && atom.length - other.length <= 4)
        rename.set(atom, rename.get(other) ?? other)
      // A Swedish compound is its last part: "utlandsresor" and "en resa" are both trips.
      else if (swedish && sameCompoundHead(atom.slice(2), stem)) rename.set(atom, rename.get(other) ?? other)
      // A short Swedish noun ending in a vowel takes "-r" in the plural: "ko" and "kor", "sko" and "skor".
      else if (swedish && stem.length === 2 && /[aeiouyåäö]$/u.test(stem) && atom.slice(2) === `${stem}r`)
        rename.set(atom, rename.get(other) ?? other)
    }
  }
  if (rename.size === 0) return
  quantities.forEach((quantity, index) => {
    const unit: Record<string, number> = {}
    for (const [atom, power] of Object.entries(quantity.unit)) {
      const target = rename.get(atom) ?? atom
      unit[target] = (unit[target] ?? 0) + power
      if (unit[target] === 0) delete unit[target]
    }
    quantities[index] = { ...quantity, unit, ...(quantity.noun !== undefined ? { noun: rename.get(quantity.noun) ?? quantity.noun } : {}) }
  })
}

/** Every quantity of the pages, in reading order; indices are stable for the later stages. */
export function readQuantities(pages: ReadonlyArray<{ page: number; text: string }>, options: ReadOptions): Quantity[] {
  const quantities: Quantity[] = []
  for (const original of pages) {
    // Numbers in words read as digits; every offset kept maps back to the seller's own words.
    const normalized = normalizeNumbers(original.text)
    const page = { page: original.page, text: normalized.text }
    const back = (offset: number) => normalized.toOriginal(offset)
    const scanned = scanPage(page.page, page.text, options)
    const figures = [...scanned, ...bareNumbers(page.page, page.text, scanned)].sort((a, b) => a.start - b.start)
    const offset = quantities.length
    const sentences = sentencesOf(page.text)
    figures.forEach((figure, index) => {
      const { start: sentenceStart, end: sentenceEnd, index: sentenceIndex } = sentences.around(figure.start)
      const { unit, scale, noun, nounText } = unitOf(figure, { text: page.text, sentenceStart, figures, index })
      const relation = relationOf(figure, figures, index, offset)
      const [start, end, from, to] = [back(figure.start), back(figure.end), back(sentenceStart), back(sentenceEnd)]
      quantities.push({
        index: offset + index,
        kind: kindOf(figure),
        value: figure.value,
        ...(figure.low !== undefined ? { low: figure.low } : {}),
        ...(figure.high !== undefined ? { high: figure.high } : {}),
        ...(figure.currency !== undefined ? { currency: figure.currency } : {}),
        unit,
        scale,
        ...(noun !== undefined ? { noun } : {}),
        ...(nounText !== undefined ? { nounText } : {}),
        ...(relation !== undefined ? { relation } : {}),
        flags: figure.text === original.text.slice(start, end) ? flagsOf(figure) : new Set([...flagsOf(figure), 'words']),
        page: page.page,
        start,
        end,
        text: original.text.slice(start, end),
        sentence: original.text.slice(from, to),
        sentenceStart: from,
        sentenceIndex,
      })
    })
    readRangesAndShares(quantities, offset, page.page, page.text, back, original.text)
    // "6 hours a week per 100 endpoints": the 100 endpoints are a group the time is per, divided by.
    for (let index = offset; index < quantities.length; index += 1) {
      const quantity = quantities[index]
      if (
        quantity?.kind === 'count' &&
        /\b(?:per|för\s+varje|for\s+every)\s+$/iu.test(original.text.slice(Math.max(0, quantity.start - 14), quantity.start))
      ) {
        quantities[index] = { ...quantity, flags: new Set([...quantity.flags, 'group']) }
      }
    }
    pairAcrossConnectors(quantities, offset, original.text)
    for (const multiplier of readMultipliers(original)) {
      // A figure the scanner read inside "3x faster" or "dubbelt så snabbt" is the multiplier itself.
      const overlapping = quantities.findIndex(
        (quantity) => quantity.page === page.page && quantity.start < multiplier.end && multiplier.start < quantity.end,
      )
      if (overlapping >= offset) quantities[overlapping] = { ...multiplier, index: overlapping }
      else quantities.push({ ...multiplier, index: quantities.length })
    }
    pairMultiplierLevels(quantities, offset)
  }
  unifyNouns(quantities, options.language === 'sv')
  return quantities
}

export { lemma, WORD }
