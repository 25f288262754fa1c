// Den inbyggda skribentens svenska: varje mening byggs av kalkylatorns siffror, etiketter och
// användarens egna ord. Inget påstås som kalkylatorn eller underlaget inte säger.
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

const PERIOD: Record<TimeframePeriod, string> = { daily: 'dag', weekly: 'vecka', monthly: 'månad', yearly: 'år' }
const EVERY: Record<TimeframePeriod, string> = { daily: 'varje dag', weekly: 'varje vecka', monthly: 'varje månad', yearly: 'varje år' }
const FALLBACK_NAME = 'ROI-kalkylator'

function quoted(text: string): string {
  return `”${withoutFinalStop(text)}”`
}

/** 'sparar ni uppskattningsvis X', 'ökar intäkterna med ...' eller 'är värdet uppskattningsvis ...' */
function estimate(context: WritingContext, amount: string): string {
  switch (context.figures.valueType) {
    case 'moneySaved':
      return `sparar ni uppskattningsvis ${amount}`
    case 'moneyGained':
      return `ökar era intäkter med uppskattningsvis ${amount}`
    default:
      return `är värdet uppskattningsvis ${amount}`
  }
}

function basis(context: WritingContext): string | undefined {
  const { inputs } = context.figures
  return inputs.length === 0 ? undefined : `kalkylatorns startvärden (${inputsList(inputs)})`
}

function headlineSentence(context: WritingContext): string {
  const { periods, headline, keyMetrics } = context.figures
  const from = basis(context)
  const lead = from === undefined ? 'Med siffrorna i kalkylatorn' : `Utifrån ${from}`
  const { yearly, monthly, threeYear } = periods
  if (yearly && monthly && threeYear) {
    return `${lead} ${estimate(context, yearly.shown)} per år: ${monthly.shown} per månad och ${threeYear.shown} på tre år.`
  }
  if (headline) {
    const others = keyMetrics.filter((metric) => metric !== headline).map((metric) => `${metric.label}: ${metric.shown}`)
    return paragraph(
      `${lead} landar nyckeltalet ${inSentence(headline.label)} på ${headline.shown}.`,
      others.length > 0 && `Därtill: ${others.join('; ')}.`,
    )
  }
  return `${lead} visar kalkylatorn värdet för era egna siffror.`
}

function costOfWaiting(
  context: WritingContext,
  perPeriod: Figure,
  period: TimeframePeriod,
  yearly: Figure,
  monthly: Figure | undefined,
): string {
  const waiting = monthly && period !== 'monthly' ? ` Varje månad som går kostar cirka ${monthly.shown}.` : ''
  switch (context.figures.valueType) {
    case 'moneySaved':
      return `I dag läggs cirka ${perPeriod.shown} ${EVERY[period]} på det som kan sparas – ${yearly.shown} på ett år.${waiting}`
    case 'moneyGained':
      return `I dag går ni miste om intäkter på cirka ${perPeriod.shown} ${EVERY[period]} – ${yearly.shown} på ett år.${waiting}`
    default:
      return `I dag blir ett värde på cirka ${perPeriod.shown} ${EVERY[period]} outnyttjat – ${yearly.shown} på ett år.${waiting}`
  }
}

function problem(context: WritingContext, short: boolean): string {
  const { periods, basePeriod, headline } = context.figures
  const perBase = periods[basePeriod]
  const situation = context.situation && `Utgångsläget: ${quoted(context.situation)}.`
  // Nothing of the prospect's situation in the input: the calculator's own figures say how things stand.
  const drivers = todaysDrivers(context.figures.inputs)
  const today = !context.situation && drivers.length > 0 ? `Så ser det ut i dag: ${inputsList(drivers)}.` : undefined
  let cost: string | undefined
  if (perBase && periods.yearly) cost = costOfWaiting(context, perBase, basePeriod, periods.yearly, periods.monthly)
  else if (headline) cost = `Utan en förändring förblir ${inSentence(headline.label)} på ${headline.shown} utom räckhåll.`
  return short ? paragraph(cost ?? situation ?? today) : paragraph(situation ?? today, cost)
}

function solution(context: WritingContext, short: boolean): string {
  const { formulaInWords, basePeriod, periods } = context.figures
  const offer = context.offer && `Vårt förslag: ${quoted(context.offer)}.`
  const perPeriod = periods[basePeriod] ? ` per ${PERIOD[basePeriod]}` : ''
  const how = formulaInWords && `Värdet${perPeriod} räknas fram som ${formulaInWords}.`
  if (short) return paragraph(offer ?? how, !offer && !how && 'Kalkylatorn i underlaget visar värdet med era egna siffror.')
  return paragraph(offer, how, 'Kalkylatorn i förslaget är levande: ändra ett värde så räknas alla siffror om direkt.')
}

function valueInFigures(context: WritingContext, short: boolean): string {
  const { periods, keyMetrics, inputs } = context.figures
  const parts: string[] = []
  if (periods.monthly) parts.push(`${periods.monthly.shown} per månad`)
  if (periods.yearly) parts.push(`${periods.yearly.shown} per år`)
  if (periods.threeYear) parts.push(`${periods.threeYear.shown} på tre år`)
  const metrics = keyMetrics.map((metric) => `${metric.label}: ${metric.shown}`)
  if (short) {
    const line = parts.length > 0 ? parts.map((part) => part[0]?.toUpperCase() + part.slice(1)).join(' · ') : metrics.join(' · ')
    return line === '' ? 'Kalkylatorn visar värdet med era egna siffror.' : `${line}.`
  }
  return paragraph(
    parts.length > 0 && `I siffror: ${joinList(parts, 'och')}.`,
    metrics.length > 0 && `Nyckeltal: ${metrics.join('; ')}.`,
    inputs.length > 0 && `Siffrorna bygger på startvärdena ${inputsList(inputs)}.`,
    'Ändra dem till era egna siffror för att se ert resultat.',
  )
}

/**
 * Säljarens kontaktuppgifter när de finns ('Kontakta Anna Berg på anna@… eller 070-… för …'); null när
 * inget är känt, så att sidan visar sin egen neutrala rad i stället för en skriven som inte nämner någon.
 */
function contactLine(context: WritingContext): string | null {
  const { who, means } = contactParts(context.contact)
  const reach = joinList(means, 'eller')
  // 'Kontakta Anna Berg, Acme AB, på …': ett komma avslutar ett namn som har ett inuti.
  const named = who !== undefined && who.includes(',') ? `${who},` : who
  if (named && reach) return `Kontakta ${named} på ${reach} för att gå vidare.`
  if (who) return `Kontakta ${who} för att gå vidare.`
  if (reach) return `Kontakta oss på ${reach} för att gå vidare.`
  return null
}

export function writeSwedish(context: WritingContext): ProposalSections {
  const name = context.figures.name || FALLBACK_NAME
  if (context.templateType === 'executive') {
    const { periods } = context.figures
    return {
      title: `Beslutsunderlag: ${name}`,
      executiveSummary: paragraph(headlineSentence(context), 'Underlaget visar affärsnyttan i siffror som ni själva kan kontrollera.'),
      problemStatement: problem(context, true),
      solutionOverview: solution(context, true),
      valueProposition: valueInFigures(context, true),
      callToAction: paragraph(
        'Beslut som behövs: stäm av värdena i kalkylatorn och godkänn en start',
        periods.monthly
          ? `så att de uppskattade ${periods.monthly.shown} per månad börjar komma er till del.`
          : 'så att värdet börjar komma er till del.',
      ),
      contactInformation: contactLine(context),
    }
  }
  return {
    title: `Förslag: ${name}`,
    executiveSummary: paragraph('Det här förslaget visar i siffror vad vårt erbjudande är värt för er.', headlineSentence(context)),
    problemStatement: problem(context, false),
    solutionOverview: solution(context, false),
    valueProposition: valueInFigures(context, false),
    callToAction:
      'Gå igenom kalkylatorn med era egna siffror. Håller resultatet föreslår vi ett kort möte där vi stämmer av underlaget tillsammans och bestämmer ett startdatum.',
    contactInformation: contactLine(context),
  }
}
