// A contract value, budget or grant over a stated term, in a text that claims no saving ("The
// estimated contract value is $2.4 million … for a 36-month term", "We request $450,000 over three
// years … 1,200 students"): what it comes to per month or year, and per unit when the text counts
// what it covers. It is the buyer's cost or the funder's budget — never money saved.
import type { TimeframePeriod } from '@valueproof/formula'
import { CEILING } from './role-words.ts'
import type { RoledFigure } from './roles.ts'
import type { Names } from './story-kit.ts'
import { makeTerm, type DesignContext, type Term } from './terms.ts'

/** An option or extension on top of the term ("option på ytterligare 6 månader") is not the term itself. */
const OPTION = /\b(?:option|options|additional|extension|extend|ytterligare|förlängning|förläng\p{L}*)\b[^.]{0,30}$/iu

/** A no-claim model whose result is not a cost (a contract value per month, a revenue share paid). */
export interface NamedModel {
  readonly period: TimeframePeriod
  readonly terms: readonly Term[]
  /** "Contract value per month": what the result is (never a saving). */
  readonly result: string
  readonly formula: (names: Names) => string
  readonly explain: (phrases: Names) => string
}

function termOf(roled: readonly RoledFigure[]): RoledFigure | undefined {
  return roled
    .filter(
      (entry) =>
        entry.role === 'term' &&
        entry.figure.kind === 'duration' &&
        (entry.figure.duration === 'month' || entry.figure.duration === 'year') &&
        !OPTION.test(entry.lead),
    )
    .sort((a, b) => a.figure.page - b.figure.page || a.figure.start - b.figure.start)[0]
}

/** The contract value per period of its term (and per unit it covers); undefined without a contract value. */
export function contractModel(roled: readonly RoledFigure[], context: DesignContext): NamedModel | undefined {
  const contract = roled.find((entry) => entry.role === 'contractValue' && entry.figure.kind === 'money' && !CEILING.test(entry.clause))
  if (contract === undefined) return undefined
  const term = termOf(roled)
  const { texts } = context
  const period: TimeframePeriod = term?.figure.duration === 'year' ? 'yearly' : 'monthly'
  const noun = texts.periodNoun(period)
  const units = roled.find(
    (entry) =>
      entry.role === 'volume' &&
      entry.figure.kind === 'count' &&
      entry.figure.per === undefined &&
      !entry.figure.flags.includes('thresholdWord') &&
      !entry.figure.flags.includes('threshold'),
  )
  const terms: Term[] = [
    makeTerm(
      {
        key: 'contract',
        role: 'contractValue',
        name: 'contractValue',
        label: texts.say('Contract value or budget', 'Kontraktsvärde eller budget'),
        unit: texts.say('in total', 'totalt'),
        quantity: 'money',
        assumption: 100_000,
        priority: 2,
      },
      contract.figure,
      context,
    ),
    makeTerm(
      {
        key: 'term',
        role: 'term',
        name: period === 'yearly' ? 'termInYears' : 'termInMonths',
        label: period === 'yearly' ? texts.say('Term in years', 'Löptid i år') : texts.say('Term in months', 'Löptid i månader'),
        unit: period === 'yearly' ? texts.say('years', 'år') : texts.say('months', 'månader'),
        quantity: 'count',
        assumption: period === 'yearly' ? 1 : 12,
        priority: 1,
        mustSlide: true,
      },
      term?.figure,
      context,
    ),
  ]
  if (units !== undefined) {
    const counted = units.figure.noun ?? texts.say('units', 'enheter')
    terms.push(
      makeTerm(
        {
          key: 'units',
          role: 'volume',
          name: 'unitsCovered',
          label: texts.say(`Number of ${counted}`, `Antal ${counted}`),
          unit: counted,
          quantity: 'count',
          assumption: 1,
          priority: 3,
        },
        units.figure,
        context,
      ),
    )
  }
  const perUnit = units !== undefined
  return {
    period,
    terms,
    result: perUnit
      ? texts.say(`Contract value per ${noun} and unit`, `Kontraktsvärde per ${noun} och enhet`)
      : texts.say(`Contract value per ${noun}`, `Kontraktsvärde per ${noun}`),
    formula: (n) => `${n.contract} / ${n.term}${perUnit ? ` / ${n.units}` : ''}`,
    explain: (p) => `${p.contract} ÷ ${p.term}${perUnit ? ` ÷ ${p.units}` : ''}`,
  }
}
