// The unit of one figure: money, hours, calendar periods and the nouns it counts or is per, read
// from the figure, its per-phrases and its clause ("per site manager", "à 40 minuter", "/gal").
import type { Unit } from '../model.ts'
import type { Figure } from './figures-types.ts'
import { MEASURES, NOT_NOUNS, nounAtom } from './nouns.ts'
import { before, clauseBefore, clausePeriod, othersPeriodsBlanked, revenuePeriod } from './quantities-clause-periods.ts'
import { countNoun, writtenNoun } from './quantities-count-nouns.ts'
import { compoundPer, labelPerWord, persAfter } from './quantities-per-phrases.ts'
import { addAtom, periodAtom, type FigureContext, type UnitReading } from './quantities-unit-atoms.ts'
import { readEachPers } from './quantities-unit-each.ts'
import { PERIOD_ADVERBS, PERIOD_WORDS, type Period } from './vocabulary.ts'
import { unicodeWords } from './word-boundary.ts'

/** A revenue named just before an amount is a year's ("årsomsättning 40 Mkr"). */
const REVENUE_BEFORE = unicodeWords(/\b(?:arr|annual\s+revenue|turnover|omsättning|årsomsättning)\W{0,3}$/iu)

/** An interest rate named just before a percentage. */
const INTEREST = unicodeWords(
  /\b(?:interest|cost\s+of\s+capital|wacc|discount\s+rate|hurdle\s+rate|\p{L}*ränta|avkastningskrav|kapitalkostnad)\b[^.\d]{0,20}$/iu,
)

/** A probability: "chance", "likelihood", "sannolikhet". */
const CHANCE = unicodeWords(/\b(?:chance|chances|probability|likelihood|odds|risk|sannolikhet(?:en)?|risk(?:en)?)\b/iu)

/** A salary, per person and per year unless it says otherwise. */
const SALARY = unicodeWords(/\b(salary|salaries|wage|lön|årslön|månadslön|löner)\b/iu)

/** "Varje inlärningsvecka kostar …": a noun the figure is per that is itself a period. */
const namesPeriod = (nouns: readonly string[]): boolean =>
  nouns.some((noun) => ['day', 'week', 'month', 'quarter', 'year'].includes(nounAtom(noun).atom))

/** The per-phrases right after a figure, or after the noun a count's figure leaves outside its words. */
function perPhrasesAfter(figure: Figure, context: FigureContext): { after: ReturnType<typeof persAfter>; afterStart: number } {
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
  return { after, afterStart }
}

/** Periods a label names ("Annual volume:"), a money label's per-word, and the period adverbs in the figure's own words. */
function readLabelsAndOwnWords(figure: Figure, context: FigureContext, reading: UnitReading): void {
  const { periods, perNouns } = reading
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
}

/** Money's atom and what its words say it is per: revenue, salary, ARPU, "average order", a rate's compound noun. */
function readMoney(figure: Figure, context: FigureContext, reading: UnitReading): void {
  const { unit, periods, perNouns } = reading
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
}

/** A count's noun as its atom, or a count of days or weeks as a period a year or a period its clause names. */
function readCount(figure: Figure, context: FigureContext, afterStart: number, reading: UnitReading): void {
  const { unit, periods } = reading
  const written = countNoun(figure, context.text)
  if (written === undefined) return
  const atom = nounAtom(written === 'scandinavianMile' ? 'mil' : written)
  // The label keeps the seller's words ("site managers"), the atom the class ("person").
  reading.nounText = written === figure.entity && figure.noun !== undefined ? writtenNoun(figure, context.text) : written
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
    return
  }
  reading.noun = atom.atom
  reading.scale = atom.factor
  addAtom(unit, atom.atom, 1)
  // "två skift à 8 timmar", "runs two shifts": shifts are a working day's, unless a period is said.
  if (periods.size === 0 && /^(?:shifts?|skift)$/iu.test(written)) periods.add('day')
}

/** The atom of the figure's own kind: money, hours, minutes in hours, a duration's period, a percentage, a count's noun. */
function readKind(figure: Figure, context: FigureContext, afterStart: number, reading: UnitReading): void {
  const { unit, periods } = reading
  switch (figure.kind) {
    case 'money':
      readMoney(figure, context, reading)
      break
    case 'hours':
      addAtom(unit, 'hour', 1)
      break
    case 'minutes':
      addAtom(unit, 'hour', 1)
      reading.scale = 1 / 60
      break
    case 'duration':
      if (figure.duration === 'hour') addAtom(unit, 'hour', 1)
      else addAtom(unit, periodAtom(figure.duration ?? 'day'), 1)
      break
    case 'percent':
      reading.scale = 1 / 100
      // "kalkylränta 6 %", "cost of capital of 8%": an interest rate is a share a year.
      if (figure.per === undefined && INTEREST.test(before(context.text, figure.start, context.sentenceStart, 40))) periods.add('year')
      break
    case 'count':
      readCount(figure, context, afterStart, reading)
      break
  }
  // "6.5 mpg": miles per gallon.
  if (figure.noun?.toLowerCase() === 'mpg') {
    for (const atom of Object.keys(unit)) delete unit[atom]
    addAtom(unit, 'mile', 1)
    addAtom(unit, 'gallon', -1)
    reading.noun = undefined
  }
}

/** A time, a count of hours, a percentage or an amount with no period of its own takes its clause's period adverb. */
function readClausePeriod(figure: Figure, context: FigureContext, reading: UnitReading): void {
  const { periods } = reading
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
}

/** The per-periods and per-nouns as atoms below the line, with a probability's events above it. */
function addPers(figure: Figure, context: FigureContext, reading: UnitReading): void {
  const { unit, periods, perNouns } = reading
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
    if (atom.atom === reading.noun || perAtoms.has(atom.atom) || (atom.atom === 'hour' && periods.has('hour'))) continue
    perAtoms.add(atom.atom)
    addAtom(unit, atom.atom, -1)
    if (atom.factor !== 1) reading.scale /= atom.factor
  }
}

/** The unit, noun and written-to-base factor of one figure in its page. */
export function unitOf(figure: Figure, context: FigureContext): { unit: Unit; scale: number; noun?: string; nounText?: string } {
  const { after, afterStart } = perPhrasesAfter(figure, context)
  const periods = new Set<Period>(after.periods)
  if (figure.per !== undefined) periods.add(figure.per)
  const reading: UnitReading = { unit: {}, periods, perNouns: [...after.nouns], scale: 1, noun: undefined, nounText: undefined }
  readEachPers(figure, context, after.nouns.length, reading)
  readLabelsAndOwnWords(figure, context, reading)
  readKind(figure, context, afterStart, reading)
  readClausePeriod(figure, context, reading)
  addPers(figure, context, reading)
  const { unit, scale, noun, nounText } = reading
  return { unit, scale, ...(noun !== undefined ? { noun } : {}), ...(nounText !== undefined ? { nounText } : {}) }
}
