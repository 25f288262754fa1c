// Gives every figure its role from its own sentence (issue 14): the customer's volume or scale, the
// customer's current cost, time or loss (baseline), the claimed improvement, the seller's price,
// a contract value or budget, a term. An improvement also gets its direction (less or more) and
// what it is about (time, cost, a loss rate, conversion, revenue).
import type { FigureRole } from './analysis-report.ts'
import type { DocumentReading, ScoredFigure } from './document-reading.ts'
import type { FigureFlag } from './figures.ts'
import {
  CAPACITY_WORDS,
  CONTRACT_WORDS,
  CONVERSION_WORDS,
  COST_WORDS,
  CUSTOMER_WORDS,
  INCREASE_WORDS,
  LOSS_WORDS,
  PRICE_WORDS,
  REDUCE_WORDS,
  REVENUE_WORDS,
  SELLER_WORDS,
  TIME_WORDS,
} from './role-words.ts'
import { nearestTarget, segmentAround, speakerOf, type Span } from './role-context.ts'
import { claimObject, type ClaimObject } from './role-object.ts'
import { ENTITIES } from './vocabulary.ts'

export type Target = 'time' | 'cost' | 'loss' | 'conversion' | 'revenue' | 'volume'
export type Direction = 'reduce' | 'increase'

export interface RoledFigure {
  readonly figure: ScoredFigure
  readonly role: FigureRole
  /** For improvements (and the rates they act on): what the figure is about. */
  readonly target?: Target
  readonly direction?: Direction
  /** The sentence (or table line) the figure stands in. */
  readonly clause: string
  /** Lower-case words of the clause. */
  readonly clauseWords: ReadonlySet<string>
  /** A few words just before the figure ("by", "of", "is", "med", "på"). */
  readonly lead: string
  /** Capacity words in the clause ("frees up", "frigör"). */
  readonly capacity: boolean
}

/** How far a clause reaches either side of its figure, at most. */
const CLAUSE_REACH = 220
const LEAD_REACH = 40

const hasFlag = (figure: ScoredFigure, flag: string): boolean => figure.flags.includes(flag as FigureFlag)

function wordsOf(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/\p{L}+/gu) ?? [])
}

/** A sentence ends at ". ", "! ", "? ", ";", a blank line, or a bullet; a decimal point does not end one. */
const BOUNDARY = /[.!?](?=\s)|;|\n\s*\n|[•·▪]|\n(?=\s*[-–*]\s)/gu

function clauseAround(text: string, start: number, end: number): { clause: string; lead: string; span: Span } {
  const from = Math.max(0, start - CLAUSE_REACH)
  const to = Math.min(text.length, end + CLAUSE_REACH)
  let clauseStart = from
  let clauseEnd = to
  BOUNDARY.lastIndex = from
  for (let match = BOUNDARY.exec(text); match !== null && match.index < to; match = BOUNDARY.exec(text)) {
    const at = match.index
    if (at < start) clauseStart = at + match[0].length
    else if (at >= end) {
      clauseEnd = at
      break
    }
  }
  const lead = text.slice(Math.max(clauseStart, start - LEAD_REACH), start).toLowerCase()
  return { clause: text.slice(clauseStart, clauseEnd).replace(/\s+/g, ' ').trim(), lead, span: { start: clauseStart, end: clauseEnd } }
}

/** What a figure's sentence says around it: its words, its lead, its own segment and the target named nearest to it. */
interface Around {
  readonly words: ReadonlySet<string>
  readonly lead: string
  readonly clause: string
  readonly segment: string
  /** The clause up to the figure. */
  readonly before: string
  /** The target named by the word nearest the figure ("cuts fuel costs by 12%" → cost). */
  readonly near: Target | undefined
  /** The claim whose verb's object the figure measures ("cuts the time your team spends on invoices by 40%"). */
  readonly claim: ClaimObject | undefined
  /** The nouns of the text's counts of people, lower case ("underwriters", "utredare"). */
  readonly staffNouns: ReadonlySet<string>
  /** Whether the text speaks to a "you" anywhere ("your team", "ni lägger"). */
  readonly addressesYou: boolean
}

function targetOf(around: Around, figure: ScoredFigure): Target {
  if (figure.kind === 'hours' || figure.kind === 'minutes') return 'time'
  if (around.near !== undefined) return around.near
  const { words } = around
  if (LOSS_WORDS.countIn(words) > 0 && !(words.has('no') && !words.has('show') && !words.has('shows'))) return 'loss'
  if (CONVERSION_WORDS.countIn(words) > 0) return 'conversion'
  if (TIME_WORDS.countIn(words) > 0 && COST_WORDS.countIn(words) === 0) return 'time'
  if (REVENUE_WORDS.countIn(words) > 0) return 'revenue'
  if (COST_WORDS.countIn(words) > 0 || figure.kind === 'money') return 'cost'
  if (TIME_WORDS.countIn(words) > 0) return 'time'
  return 'volume'
}

/** "takes half as long", "hälften så lång tid": a word fraction that says less, whatever verb stands near. */
const HALF_AS_LONG = /\b(?:half as (?:long|much)|half the time|hälften så (?:lång|mycket)|halva tiden)\b/iu

function directionOf(words: ReadonlySet<string>, lead: string, clause: string, claim?: ClaimObject): Direction | undefined {
  if (HALF_AS_LONG.test(clause)) return 'reduce'
  const leadWords = wordsOf(lead)
  const reduceNear = REDUCE_WORDS.countIn(leadWords)
  const increaseNear = INCREASE_WORDS.countIn(leadWords)
  if (reduceNear > increaseNear) return 'reduce'
  if (increaseNear > reduceNear) return 'increase'
  // The verb may stand further back than the lead reaches: "cuts the hours your agents spend on triage by".
  if (claim !== undefined) return claim.direction
  const reduce = REDUCE_WORDS.countIn(words)
  const increase = INCREASE_WORDS.countIn(words)
  if (reduce === 0 && increase === 0) return undefined
  return reduce >= increase ? 'reduce' : 'increase'
}

/** "by 45%", "med 30 %", "45% less", "45% faster": the figure is the size of a change. */
const CHANGE_LEAD = /(?:\bby|\bmed|\bup to|\bupp till|\bcirka|\babout|\baround|\bupp emot|[+−-])\s*$/u
/** "a rate of 18%", "is 18%", "ligger på 18 %", "at 18%": the figure is a level, not a change. */
const LEVEL_LEAD = /(?:\bof|\bis|\bare|\bat|\bär|\bpå|\bligger på|\baround|\bav)\s*$/u
/** "35 % av ärendena kan besvaras automatiskt", "we automate 60% of them": a share taken over is a reduction. */
const SHARE_AUTOMATED =
  /\b(?:automatically|automated|automates?|handled by (?:the|our)|without (?:a|any) (?:person|human)|automatiskt|automatiseras|automatiserar|utan handläggare)\b/iu
/** A share of revenue, a split or a commission is what a party is paid ("andel" alone is any share). */
const PAID_SHARE =
  /\b(?:revenue share|share of (?:the )?revenue|split|commission|provision|royalt\p{L}*|intäktsandel\p{L}*|andel av (?:intäkterna|försäljningen|omsättningen))\b/iu

function isSellerPrice(words: ReadonlySet<string>, figure: ScoredFigure): boolean {
  if (figure.kind !== 'money') return false
  const seller = SELLER_WORDS.countIn(words) > 0
  const price = PRICE_WORDS.countIn(words) > 0
  const customer = CUSTOMER_WORDS.countIn(words) > 0
  const perSeat =
    figure.perEntity !== undefined &&
    figure.perEntity !== 'thousand' &&
    ENTITIES[figure.perEntity].group === 'user' &&
    figure.per === 'month'
  if (perSeat) return true
  // Advertising sold per thousand impressions (CPM) is a price.
  if (figure.perEntity === 'thousand') return true
  // "Our consultants cost $150 per hour", "our plan is $900 per month" — but not "we cut cloud costs
  // of €20,000 per month": a claim about the customer's cost.
  const claim = REDUCE_WORDS.countIn(words) + INCREASE_WORDS.countIn(words) > 0
  if (seller && !customer && !claim && (price || COST_WORDS.countIn(words) > 0 || figure.per !== undefined)) return true
  if (seller && price && !claim) return true
  // "Plans cost $299 per month": a price word without the customer's own spending.
  return price && !customer
}

/** "average deal value", "order value", "genomsnittligt ordervärde": what one sale is worth. */
const DEAL_VALUE =
  /(?:deal|order|contract|customer|basket|sale)s?[\s-]+(?:size|value)|average\s+(?:deal|order|sale|purchase|bill)|lifetime\s+value|ordervärde|affärsvärde|kundvärde|snittorder|(?:affär|order|avtal)\s+(?:är\s+)?värd|deal worth|worth\s+\S+\s+on average/iu

function moneyRole(figure: ScoredFigure, around: Around): Pick<RoledFigure, 'role' | 'target' | 'direction'> {
  const { words, lead, segment } = around
  // "saves $400 a month", "sparar 2 000 kr": the amount right after the claim is the saving itself;
  // "cut cloud costs of €20,000 by 30%" names the cost the claim acts on.
  const saving =
    /\b(?:save|saves|saving|savings of|cuts?|reduces?|sparar|spara|besparing på|minskar)\s+(?:up to\s+|upp till\s+|about\s+|cirka\s+|you\s+|er\s+)?$/u.test(
      lead,
    )
  if (saving && !isSellerPrice(wordsOf(lead), figure)) return { role: 'improvement', target: 'cost', direction: 'reduce' }
  // "lowers your running cost from $0.62 to $0.47 per mile": the pair is the claim on the customer's cost.
  if (figure.fromValue !== undefined && directionOf(words, lead, around.clause) !== undefined)
    return { role: 'improvement', target: 'cost', direction: figure.value < figure.fromValue ? 'reduce' : 'increase' }
  if (hasFlag(figure, 'fromTo') && REDUCE_WORDS.countIn(words) + INCREASE_WORDS.countIn(words) > 0)
    return { role: 'baseline', target: 'cost' }
  // The figure's own part of the sentence says who pays: "and the service costs $1,500 per month",
  // "instead of the $0.24 per mile your current carrier charges", "en hantverkare kostar 480 kr i timmen".
  const speaker = speakerOf(segment, lead, around.before, around.staffNouns)
  if (speaker === 'seller') return { role: 'price' }
  // "We request $450,000 … from the foundation", "Vi söker 2,4 miljoner kronor från Vinnova": funding asked for.
  if (/\b(?:we|i) (?:request|are requesting|seek|apply for)\b|\b(?:vi|jag) (?:söker|ansöker om)\b/iu.test(around.before))
    return { role: 'contractValue' }
  // "The estimated contract value is $2.4 million", "Uppskattat kontraktsvärde": a ceiling, not a sale.
  if (/\b(?:estimated|uppskattat|ceiling|takpris|maximum|budget)\b/iu.test(segment) && CONTRACT_WORDS.countIn(words) > 0)
    return { role: 'contractValue' }
  if (DEAL_VALUE.test(segment)) return { role: 'volume', target: 'revenue' }
  if (
    speaker === undefined &&
    CONTRACT_WORDS.countIn(words) > 0 &&
    figure.per === undefined &&
    figure.perEntity === undefined &&
    CUSTOMER_WORDS.countIn(words) === 0
  )
    return { role: 'contractValue' }
  // "each missed appointment costs $120": what a loss costs the customer, not a price.
  if (LOSS_WORDS.countIn(words) > 0 && SELLER_WORDS.countIn(words) === 0) return { role: 'baseline', target: 'loss' }
  const revenue = REVENUE_WORDS.countIn(words) > 0 || /\bturns? over\b|\bomsätter\b/iu.test(around.clause)
  if (revenue && PRICE_WORDS.countIn(words) === 0) return { role: 'volume', target: 'revenue' }
  if (speaker === undefined && isSellerPrice(words, figure)) return { role: 'price' }
  if (revenue) return { role: 'volume', target: 'revenue' }
  return { role: 'baseline', target: targetOf(around, figure) }
}

function percentRole(figure: ScoredFigure, around: Around): Pick<RoledFigure, 'role' | 'target' | 'direction'> {
  const { words, lead, clause } = around
  const target = targetOf(around, figure)
  const direction = directionOf(words, lead, clause, around.claim)
  if (PAID_SHARE.test(clause)) return { role: 'price' }
  if (hasFlag(figure, 'fromTo')) return { role: 'baseline', target, ...(direction === undefined ? {} : { direction }) }
  if (figure.fromValue !== undefined)
    return { role: 'improvement', target, direction: figure.value < figure.fromValue ? 'reduce' : 'increase' }
  // "One in five meetings turns into a deal", "en av fem": a share today, a conversion when it turns into something.
  if (hasFlag(figure, 'wordFraction') && /\b(?:in|av|out of)\b/iu.test(figure.text))
    return {
      role: 'baseline',
      target: /\b(?:turns? into|becomes?|converts?|closes?|blir|leder till)\b/iu.test(clause) ? 'conversion' : target,
    }
  if (hasFlag(figure, 'points') || hasFlag(figure, 'wordFraction') || CHANGE_LEAD.test(lead))
    return { role: 'improvement', target, direction: direction ?? 'increase' }
  if (SHARE_AUTOMATED.test(around.segment)) return { role: 'improvement', target: 'time', direction: 'reduce' }
  if (SELLER_WORDS.countIn(words) > 0 && PRICE_WORDS.countIn(words) > 0 && direction === undefined) return { role: 'price' }
  // The claim word must stand in the figure's own part of the sentence: a table cell "5 0 %" is not
  // a reduction because a footnote further on says "less client credits".
  const ownDirection = directionOf(wordsOf(around.segment), lead, around.segment, around.claim)
  const tableCell = /\t[^\S\n]*$/u.test(lead)
  if (LEVEL_LEAD.test(lead) || direction === undefined || ownDirection === undefined || tableCell) return { role: 'baseline', target }
  return { role: 'improvement', target, direction }
}

function timeRole(figure: ScoredFigure, around: Around): Pick<RoledFigure, 'role' | 'target' | 'direction'> {
  const { lead, clause } = around
  if (hasFlag(figure, 'fromTo')) return { role: 'baseline', target: 'time' }
  if (figure.fromValue !== undefined) return { role: 'improvement', target: 'time', direction: 'reduce' }
  const leadWords = wordsOf(lead)
  if (REDUCE_WORDS.countIn(leadWords) > 0 || CHANGE_LEAD.test(lead)) return { role: 'improvement', target: 'time', direction: 'reduce' }
  if (/\b(?:saves?|sparar|spara|frees?|frigör)\b/u.test(lead)) return { role: 'improvement', target: 'time', direction: 'reduce' }
  // "spends 10 hours per week on triage, which we save": the time spent is the time saved.
  if (/\b(?:which|that) we (?:save|eliminate|automate|take over)\b|\bsom vi (?:sparar|tar bort|automatiserar)\b/iu.test(clause))
    return { role: 'improvement', target: 'time', direction: 'reduce' }
  return { role: 'baseline', target: 'time' }
}

/** People spending time: "each spend 6 hours a week", "lägger 8 timmar i veckan". */
const SPENDS_TIME =
  /\b(?:spend|spends|spending|work|works|lose|loses|lägger|arbetar|jobbar|ägnar|förlorar)\b[^.;]{0,40}?\b(?:hours?|hrs?|minutes?|timmar|timme|minuter)\b/iu
/** The text speaks to the customer: then "our" is the seller. */
const SECOND_PERSON = /\b(?:you|your|yours|ni|er|ert|era|din|ditt|dina)\b/iu

function countRole(figure: ScoredFigure, around: Around): Pick<RoledFigure, 'role' | 'target' | 'direction'> {
  const { words, lead } = around
  const leadWords = wordsOf(lead)
  if (figure.fromValue !== undefined)
    return { role: 'improvement', target: targetOf(around, figure), direction: figure.value < figure.fromValue ? 'reduce' : 'increase' }
  if (INCREASE_WORDS.countIn(leadWords) > 0 && /\b(?:more|extra|additional|fler|ytterligare)\b/u.test(`${lead} ${figure.text}`))
    return { role: 'improvement', target: 'volume', direction: 'increase' }
  if (/\b(?:extra|additional|ytterligare)\b/iu.test(figure.text)) return { role: 'improvement', target: 'volume', direction: 'increase' }
  if (hasFlag(figure, 'fromTo')) return { role: 'baseline', target: targetOf(around, figure) }
  // "our 40 consultants": the seller's own staff, not the customer's scale — unless nobody in the
  // text is spoken to as "you" and the staff spend the time the offer cuts: "Our 4 engineers each
  // spend 6 hours a week on deployments. The tool cuts that time by 30%" is the customer writing.
  if (/\b(?:our|vår|våra)\s*$/u.test(lead) && figure.entity !== undefined && ENTITIES[figure.entity].group === 'staff')
    return around.addressesYou || !SPENDS_TIME.test(around.clause) ? { role: 'other' } : { role: 'volume', target: 'volume' }
  void words
  return { role: 'volume', target: 'volume' }
}

function roleOf(figure: ScoredFigure, around: Around): Pick<RoledFigure, 'role' | 'target' | 'direction'> {
  if (figure.flags.includes('threshold')) return { role: 'other' }
  switch (figure.kind) {
    case 'money':
      return moneyRole(figure, around)
    case 'percent':
      return percentRole(figure, around)
    case 'hours':
    case 'minutes':
      return timeRole(figure, around)
    case 'count':
      return countRole(figure, around)
    case 'duration':
      return { role: 'term' }
  }
}

/** "Our tool cuts that by 40%", "Vårt nätverk minskar det med 20 %": a claim that points back instead of naming its object. */
const POINTS_BACK = /\b(?:that|this|it|those|these|them|det|detta|dessa|dem)\b/iu

/**
 * What a claim that names nothing is about, from the sentence before it: the time stated there
 * ("spends 10 hours a week … Our tool cuts that by 40%"), else the amount spent per period
 * ("You spend $4,000 a month on couriers. Our network cuts that by 20%").
 */
function targetPointedBack(text: string, span: Span, clause: string, onPage: readonly ScoredFigure[]): Target | undefined {
  if (span.start === 0 || !POINTS_BACK.test(clause)) return undefined
  const previous = clauseAround(text, span.start - 1, span.start - 1).span
  const before = onPage.filter((other) => other.start >= previous.start && other.end <= previous.end)
  if (before.some((other) => other.kind === 'hours' || other.kind === 'minutes')) return 'time'
  if (before.some((other) => other.kind === 'money' && other.per !== undefined && other.per !== 'hour')) return 'cost'
  return undefined
}

function figuresByPage(figures: readonly ScoredFigure[]): Map<number, ScoredFigure[]> {
  const byPage = new Map<number, ScoredFigure[]>()
  for (const figure of figures) byPage.set(figure.page, [...(byPage.get(figure.page) ?? []), figure])
  return byPage
}

/** Each figure's neighbours on its page, in text order (the segment of a sentence ends at them). */
function neighboursOf(byPage: ReadonlyMap<number, readonly ScoredFigure[]>): Map<ScoredFigure, Span[]> {
  const neighbours = new Map<ScoredFigure, Span[]>()
  for (const onPage of byPage.values()) {
    const sorted = [...onPage].sort((a, b) => a.start - b.start)
    sorted.forEach((figure, index) => {
      const around = [sorted[index - 1], sorted[index + 1]].filter((other): other is ScoredFigure => other !== undefined)
      neighbours.set(figure, around)
    })
  }
  return neighbours
}

/** Every usable figure of the reading with its role, in reading order (most relevant first). */
export function assignRoles(reading: DocumentReading): RoledFigure[] {
  const texts = new Map(reading.pages.map((page) => [page.page, page.text]))
  const byPage = figuresByPage(reading.figures)
  const neighbours = neighboursOf(byPage)
  const staffNouns = new Set(
    reading.figures.flatMap((figure) =>
      figure.kind === 'count' && figure.noun !== undefined && figure.entity !== undefined && ENTITIES[figure.entity].group === 'staff'
        ? [figure.noun.toLowerCase()]
        : [],
    ),
  )
  const addressesYou = reading.pages.some((page) => SECOND_PERSON.test(page.text))
  return reading.figures.map((figure) => {
    const text = texts.get(figure.page) ?? ''
    const { clause, lead, span } = clauseAround(text, figure.start, figure.end)
    const clauseWords = wordsOf(clause)
    const segment = segmentAround(text, span, figure, neighbours.get(figure) ?? [])
    const before = text.slice(span.start, figure.start)
    const claim = figure.kind === 'percent' ? claimObject(before) : undefined
    const near =
      claim?.target ??
      nearestTarget(text, span, figure) ??
      (figure.kind === 'percent' ? targetPointedBack(text, span, clause, byPage.get(figure.page) ?? []) : undefined)
    const decided = roleOf(figure, { words: clauseWords, lead, clause, segment, before, near, claim, staffNouns, addressesYou })
    return { figure, ...decided, clause, clauseWords, lead, capacity: CAPACITY_WORDS.countIn(clauseWords) > 0 }
  })
}
