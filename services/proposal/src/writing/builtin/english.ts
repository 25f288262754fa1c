// The built-in writer's English: every sentence is built from the calculator's figures, labels and
// the user's own words. Nothing is claimed that the calculator or the input does not say.
import type { TimeframePeriod } from '@valueproof/formula'
import type { Figure } from '../figures.ts'
import type { ProposalSections } from '../types.ts'
import {
  contactParts,
  inSentence,
  inputsList,
  joinList,
  paragraph,
  todaysDrivers,
  withoutFinalStop,
  type WritingContext,
} from './context.ts'

const PERIOD: Record<TimeframePeriod, string> = { daily: 'day', weekly: 'week', monthly: 'month', yearly: 'year' }
const FALLBACK_NAME = 'ROI calculator'

function quoted(text: string): string {
  return `“${withoutFinalStop(text)}”`
}

/** 'you save an estimated $X', 'you gain ...', or 'the estimated value is ...' */
function estimate(context: WritingContext, amount: string): string {
  switch (context.figures.valueType) {
    case 'moneySaved':
      return `you save an estimated ${amount}`
    case 'moneyGained':
      return `you gain an estimated ${amount}`
    default:
      return `the estimated value is ${amount}`
  }
}

function basis(context: WritingContext): string | undefined {
  const { inputs } = context.figures
  return inputs.length === 0 ? undefined : `the calculator's starting values (${inputsList(inputs)})`
}

function headlineSentence(context: WritingContext): string {
  const { periods, headline, keyMetrics } = context.figures
  const from = basis(context)
  const lead = from === undefined ? 'With the figures in the calculator' : `Based on ${from}`
  const { yearly, monthly, threeYear } = periods
  if (yearly && monthly && threeYear) {
    return `${lead}, ${estimate(context, yearly.shown)} per year: ${monthly.shown} per month and ${threeYear.shown} over three years.`
  }
  if (headline) {
    const others = keyMetrics.filter((metric) => metric !== headline).map((metric) => `${metric.label}: ${metric.shown}`)
    return paragraph(
      `${lead}, the key figure — ${headline.label} — comes to ${headline.shown}.`,
      others.length > 0 && `Alongside it: ${others.join('; ')}.`,
    )
  }
  return `${lead}, the calculator shows the value for your own figures.`
}

function costOfWaiting(
  context: WritingContext,
  perPeriod: Figure,
  period: TimeframePeriod,
  yearly: Figure,
  monthly: Figure | undefined,
): string {
  const every = `every ${PERIOD[period]}`
  const waiting = monthly && period !== 'monthly' ? ` Every month of waiting costs about ${monthly.shown}.` : ''
  switch (context.figures.valueType) {
    case 'moneySaved':
      return `As things stand, about ${perPeriod.shown} is spent ${every} that could be saved — ${yearly.shown} over a year.${waiting}`
    case 'moneyGained':
      return `As things stand, about ${perPeriod.shown} of possible revenue is missed ${every} — ${yearly.shown} over a year.${waiting}`
    default:
      return `As things stand, value of about ${perPeriod.shown} ${every} goes unrealised — ${yearly.shown} over a year.${waiting}`
  }
}

function problem(context: WritingContext, short: boolean): string {
  const { periods, basePeriod, headline } = context.figures
  const perBase = periods[basePeriod]
  const situation = context.situation && `The starting point: ${quoted(context.situation)}.`
  // Nothing of the prospect's situation in the input: the calculator's own figures say how things stand.
  const drivers = todaysDrivers(context.figures.inputs)
  const today = !context.situation && drivers.length > 0 ? `Where things stand today: ${inputsList(drivers)}.` : undefined
  let cost: string | undefined
  if (perBase && periods.yearly) cost = costOfWaiting(context, perBase, basePeriod, periods.yearly, periods.monthly)
  else if (headline) cost = `Without a change, ${inSentence(headline.label)} of ${headline.shown} stays out of reach.`
  return short ? paragraph(cost ?? situation ?? today) : paragraph(situation ?? today, cost)
}

function solution(context: WritingContext, short: boolean): string {
  const { formulaInWords, basePeriod, periods } = context.figures
  const offer = context.offer && `What we propose: ${quoted(context.offer)}.`
  const perPeriod = periods[basePeriod] ? ` per ${PERIOD[basePeriod]}` : ''
  const how = formulaInWords && `The value${perPeriod} is calculated as ${formulaInWords}.`
  if (short) return paragraph(offer ?? how, !offer && !how && 'The calculator in this brief shows the value with your own figures.')
  return paragraph(offer, how, 'The calculator in this proposal is live: change any input and every figure is recalculated at once.')
}

function valueInFigures(context: WritingContext, short: boolean): string {
  const { periods, keyMetrics, inputs } = context.figures
  const parts: string[] = []
  if (periods.monthly) parts.push(`${periods.monthly.shown} per month`)
  if (periods.yearly) parts.push(`${periods.yearly.shown} per year`)
  if (periods.threeYear) parts.push(`${periods.threeYear.shown} over three years`)
  const metrics = keyMetrics.map((metric) => `${metric.label}: ${metric.shown}`)
  if (short) {
    const line = parts.length > 0 ? parts.map((part) => part[0]?.toUpperCase() + part.slice(1)).join(' · ') : metrics.join(' · ')
    return line === '' ? 'The calculator shows the value with your own figures.' : `${line}.`
  }
  return paragraph(
    parts.length > 0 && `In figures: ${joinList(parts, 'and')}.`,
    metrics.length > 0 && `Key figures: ${metrics.join('; ')}.`,
    inputs.length > 0 && `These rest on the starting values ${inputsList(inputs)}.`,
    'Adjust them to your own numbers to see your result.',
  )
}

/**
 * The seller's contact when known ('Contact Anna Berg at anna@… or +46 … to …'); null when nothing
 * is known, so the page shows its own neutral line instead of a written one that names nobody.
 */
function contactLine(context: WritingContext): string | null {
  const { who, means } = contactParts(context.contact)
  const reach = joinList(means, 'or')
  // 'Contact Anna Berg, Acme AB, at …': a comma closes a name that has one inside it.
  const named = who !== undefined && who.includes(',') ? `${who},` : who
  if (named && reach) return `Contact ${named} at ${reach} to discuss the next steps.`
  if (who) return `Contact ${who} to discuss the next steps.`
  if (reach) return `Contact us at ${reach} to discuss the next steps.`
  return null
}

export function writeEnglish(context: WritingContext): ProposalSections {
  const name = context.figures.name || FALLBACK_NAME
  if (context.templateType === 'executive') {
    const { periods } = context.figures
    return {
      title: `Executive brief: ${name}`,
      executiveSummary: paragraph(headlineSentence(context), 'This brief sets out the case in figures you can check yourself.'),
      problemStatement: problem(context, true),
      solutionOverview: solution(context, true),
      valueProposition: valueInFigures(context, true),
      callToAction: paragraph(
        'Decision requested: confirm the inputs in the calculator and approve a start',
        periods.monthly
          ? `so that the estimated ${periods.monthly.shown} per month begins to accrue.`
          : 'so that the value begins to accrue.',
      ),
      contactInformation: contactLine(context),
    }
  }
  return {
    title: `Proposal: ${name}`,
    executiveSummary: paragraph('This proposal shows in figures what our offer is worth to you.', headlineSentence(context)),
    problemStatement: problem(context, false),
    solutionOverview: solution(context, false),
    valueProposition: valueInFigures(context, false),
    callToAction:
      'Go through the calculator with your own numbers. If the result holds, we suggest a short meeting to confirm the inputs together and agree on a start date.',
    contactInformation: contactLine(context),
  }
}
