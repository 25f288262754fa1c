// What a figure is per from the words around it: "each", "à", "varje", "each of your 3 sites",
// "donors giving $32", "each visit bills $95", "every hour … costs".
import type { Figure } from './figures-types.ts'
import { countedBefore, countNoun, isModifier, nextCountNoun, previousCountNoun } from './quantities-count-nouns.ts'
import { before } from './quantities-clause-periods.ts'
import { addAtom, periodAtom, type FigureContext, type UnitReading } from './quantities-unit-atoms.ts'
import { NOT_NOUNS, nounAtom } from './nouns.ts'
import { PERIOD_WORDS, type Period } from './vocabulary.ts'

/** Auxiliary verbs that stand between an "each" noun and its participle ("each trap is pumped"). */
const AUXILIARIES = new Set(['is', 'are', 'was', 'were', 'gets', 'get', 'got', 'är', 'blir', 'var', 'har', 'has', 'have'])

/** A count of people, then the time they spend: "6-person team spending", "5 medarbetare lägger". */
const PEOPLE_SPEND_BEFORE =
  /\d[\d\s,.]*(?:-?(?:person|people|man|strong))?\s+(?:[\p{L}-]+\s+){0,3}(?:spend|spends|spending|lägger|ägnar)\s+(?:about|around|roughly|some|ca\.?|cirka|runt|ungefär|i\s+snitt)?\s*$/iu

/** "each one", "each of them", "var och en": a pronoun for the thing counted before, then the clause up to the figure. */
const EACH_ONE =
  /(?:^|\s)(?:each\s+one|every\s+one|each\s+of\s+them|var\s+och\s+en|vart\s+och\s+ett|var\s+och\s+en\s+av\s+dem)\s[^,.;:\d]{0,48}$/u

/** Verbs that follow "each …" before its figure: "each rec takes", "varje samtal tar". */
const EACH_VERB =
  /^(?:takes?|costs?|needs?|uses?|runs?|lasts?|requires?|spends?|has|have|tar|kostar|kräver|behöver|använder|varar|har|ger|drar)$/iu

/** "38 timmar à 1 150 kr": the hours before an amount, or the figure's own per-entity. */
function readEachHour(figure: Figure, context: FigureContext, reading: UnitReading): void {
  const { periods, perNouns } = reading
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
}

/** The per-noun an "each"/"à"/"varje" phrase names or refers back to; the period of a change's unit ("each hour saved"). */
function readEachPhrase(
  figure: Figure,
  context: FigureContext,
  lead: string,
  afterNouns: number,
  reading: UnitReading,
): Period | undefined {
  const { unit, perNouns } = reading
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
  const eachOne = figure.kind !== 'money' && afterNouns === 0 && EACH_ONE.test(lead)
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
  return changePeriod
}

/** "each of your 3 sites", "to process each return", a team "spending", donors "giving": per the thing named or counted. */
function readEachOfAndCounted(figure: Figure, context: FigureContext, lead: string, reading: UnitReading): void {
  const { perNouns } = reading
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
}

/** "each visit bills $95", "Each sick day costs", "every hour a truck is parked costs": the subject of a cost. */
function readCostSubject(figure: Figure, lead: string, changePeriod: Period | undefined, reading: UnitReading): void {
  const { periods, perNouns } = reading
  // "each visit bills $95", "ett uteblivet besök kostar runt 1 400 kr": the money is per that noun.
  const eachNoun =
    /(?:^|\s)(each|every|per|one|a|an|those|these|varje|ett|en|per|dessa|de)\s+(?:[\p{L}-]+\s+){0,2}([\p{L}-]{3,})\s+(?:costs?|costing|bills?|is worth|worth|brings(?: in)?|generates|earns|averages?|runs|kostar|är värd|ger|drar in|snittar|ligger på)\s+(?:(?:about|around|roughly|approximately|on average|us|you|them|ca|cirka|runt|omkring|ungefär|i snitt|oss|er|dem|kunden|(?:the|their|your|its)\s+[\p{L}-]+)\s+){0,3}$/u.exec(
      lead,
    )
  // "each store writes off about $38,000": any verb after "each" and its noun, when no costing verb names it.
  const eachSubject =
    figure.kind === 'money'
      ? /(?:^|\s)(?:each|every|varje)\s+([\p{L}-]{3,})\s+(?:[\p{L}-]+\s+){1,4}(?:(?:about|around|roughly|approximately|on\s+average|ca|cirka|runt|omkring|ungefär|i\s+snitt)\s+)?$/u.exec(
          lead,
        )?.[1]
      : undefined
  // "those repairs average $540" is per repair; "de miljöerna kostar 14 000 euro i månaden" is their total.
  const backward = /^(?:those|these|dessa|de)$/u.test(eachNoun?.[1] ?? '')
  const eachNounWord = backward && !/average|snitt/u.test(eachNoun?.[0] ?? '') ? undefined : eachNoun?.[2]
  const eachWord = changePeriod === undefined ? (eachNounWord ?? eachSubject) : undefined
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
}

/** The periods and nouns a figure is per by the "each"-like words around it, in reading order. */
export function readEachPers(figure: Figure, context: FigureContext, afterNouns: number, reading: UnitReading): void {
  readEachHour(figure, context, reading)
  const lead = before(context.text, figure.start, context.sentenceStart, 64).toLowerCase()
  const changePeriod = readEachPhrase(figure, context, lead, afterNouns, reading)
  readEachOfAndCounted(figure, context, lead, reading)
  readCostSubject(figure, lead, changePeriod, reading)
}
