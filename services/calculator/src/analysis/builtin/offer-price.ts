// The offer's own price as the calculator's price (issue 15, docs/decisions/101): where the text
// states one fee for the service — one monthly or yearly price, a one-off price, or a recurring
// price with a one-off setup — ROI, payback and net value use it instead of SPEC §9's assumed cost.
// The slider calculator's result is then the value before the price (the price is the other side of
// the figures that compare them), so a recurring price the story subtracted leaves the formula.
// Anything less clear — a price list's tiers, a price per seat or per unit, an hourly rate, a
// ceiling, a range, a price comparison, a text that claims no value — stays as the story built it,
// and ROI stays SPEC's estimate, marked as one.
import { PRICE_LIMITS, type CalculatorPriceInput, type PricePeriod } from '@valueproof/formula'
import type { GenerationComplexity } from '../types.ts'
import type { ScoredFigure } from './document-reading.ts'
import { quoteAround } from './quotes.ts'
import { CEILING } from './role-words.ts'
import { assignRoles, type RoledFigure } from './roles.ts'
import type { Design, Names } from './story-kit.ts'
import { moneyInBase, roundMoney, type DesignContext, type Term } from './terms.ts'
import { formatAmount } from './wording.ts'

export interface OfferPrice {
  /** The design whose result is the value before the price. */
  readonly design: Design
  readonly price: CalculatorPriceInput
  /** For the explanation: the price, where it came from, and what uses it. */
  readonly sentence: string
}

/** Figures that are not one plain amount: a limit, a range, "1,800+". */
const UNCLEAR_FLAGS = new Set(['threshold', 'thresholdWord', 'range', 'approximate'])
/** The recurring periods a price of the offer may have; a price per week, day or quarter is left to the story. */
const RECURRING: Readonly<Partial<Record<string, Exclude<PricePeriod, 'one-off'>>>> = { month: 'month', year: 'year' }
/** A recurring price and its setup are quoted together only when they stand this close. */
const MAX_PAIR_SPAN = 400
/** Stands in for the price in the story's formula and explanation, so the cost side can be cut off exactly. */
const PRICE_MARK = '\u2060PRICE\u2060'

const isClear = (entry: RoledFigure): boolean =>
  !entry.figure.flags.some((flag) => UNCLEAR_FLAGS.has(flag)) && !CEILING.test(entry.clause) && entry.figure.perEntity === undefined

const sameAmount = (a: ScoredFigure, b: ScoredFigure): boolean =>
  a.value === b.value && a.per === b.per && a.currency === b.currency && a.perEntity === b.perEntity

/**
 * The text's prices are the offer's one fee: every price it states is the recurring figure or the
 * one-off figure (a repeat of the same amount counts once), each a plain amount.
 */
function onlyThesePrices(context: DesignContext, figures: readonly ScoredFigure[]): boolean {
  const prices = assignRoles(context.reading).filter((entry) => entry.role === 'price')
  return prices.every(
    (entry) => entry.figure.kind === 'money' && isClear(entry) && figures.some((figure) => sameAmount(figure, entry.figure)),
  )
}

/** The design without the recurring price it subtracts, or undefined when its formula is not "value − price". */
function withoutCostSide(design: Design, term: Term): Design | undefined {
  const names: Record<string, string> = {}
  const phrases: Record<string, string> = {}
  for (const each of design.terms) {
    names[each.key] = each.key === term.key ? PRICE_MARK : each.name
    phrases[each.key] = each.key === term.key ? PRICE_MARK : each.phrase
  }
  const costSide = ` - ${PRICE_MARK}`
  const saidSide = ` − ${PRICE_MARK}.`
  const formula = design.formula(names)
  if (!formula.endsWith(costSide) || formula.indexOf(PRICE_MARK) !== formula.length - PRICE_MARK.length) return undefined
  if (!design.explain(phrases).endsWith(saidSide)) return undefined
  return {
    ...design,
    terms: design.terms.filter((each) => each !== term),
    formula: (n: Names) => design.formula({ ...n, [term.key]: PRICE_MARK }).slice(0, -costSide.length),
    explain: (p: Names) => `${design.explain({ ...p, [term.key]: PRICE_MARK }).slice(0, -saidSide.length)}.`,
  }
}

/** Where the price was read, quoting both figures when it has a setup part. */
function sourceOf(figures: readonly ScoredFigure[], context: DesignContext): CalculatorPriceInput['source'] | undefined {
  const [first] = figures
  if (first === undefined || figures.some((figure) => figure.page !== first.page)) return undefined
  const start = Math.min(...figures.map((figure) => figure.start))
  const end = Math.max(...figures.map((figure) => figure.end))
  if (end - start > MAX_PAIR_SPAN) return undefined
  const page = context.reading.pages.find((candidate) => candidate.page === first.page)
  if (page === undefined) return undefined
  const quote = quoteAround(page.text, start, end, PRICE_LIMITS.maxQuoteLength)
  if (context.inputKind === 'description') return { kind: 'description', quote }
  return { kind: 'document', quote, page: first.page, ...(page.ocr === true ? { ocr: true as const } : {}) }
}

function sentenceFor(price: CalculatorPriceInput, notes: readonly string[], context: DesignContext): string {
  const { texts, currency } = context
  const amount = (value: number): string => formatAmount(value, currency, texts.language)
  const said =
    price.period === 'one-off'
      ? texts.say(`${amount(price.amount)} once`, `${amount(price.amount)} som engångsbelopp`)
      : `${amount(price.amount)} ${price.period === 'month' ? texts.say('a month', 'i månaden') : texts.say('a year', 'om året')}${
          price.setup === undefined || price.setup === null
            ? ''
            : texts.say(` plus ${amount(price.setup)} once`, ` plus ${amount(price.setup)} en gång`)
        }`
  const from = price.source.kind === 'document' ? texts.constantFromDocument(price.source.page) : texts.constantFromDescription
  // "a month", never "per month": SPEC §9 would read the result as monthly.
  const sentence = texts.say(
    `ROI, payback and net value compare the value with the price, ${said} (${from}).`,
    `Avkastning, återbetalningstid och nettovärde jämför värdet med priset, ${said} (${from}).`,
  )
  return [sentence, ...notes].join(' ')
}

/**
 * The calculator price of a slider calculator whose text states the offer's one fee, with the
 * design whose result is the value before it; undefined when the price is not that clear.
 */
export function offerPrice(design: Design, complexity: GenerationComplexity, context: DesignContext): OfferPrice | undefined {
  // A value calculator's key metrics carry the price already; a text without a value claim has nothing to pay back.
  if (complexity === 'value' || design.noValueClaim || design.valueType === undefined || design.story === 'priceComparison')
    return undefined
  const recurringTerm = design.terms.find((term) => term.key === 'price' && term.role === 'price')
  if (design.terms.some((term) => term.role === 'price' && term !== recurringTerm)) return undefined
  const recurringFigure = recurringTerm?.figures.length === 1 ? recurringTerm.figures[0] : undefined
  if (recurringTerm !== undefined && recurringFigure === undefined) return undefined
  const period = recurringFigure === undefined ? undefined : RECURRING[recurringFigure.per ?? '']
  if (recurringFigure !== undefined && period === undefined) return undefined
  const oneOffFigure = design.oneOff?.figures.length === 1 ? design.oneOff.figures[0] : undefined
  const figures = [recurringFigure, oneOffFigure].filter((figure) => figure !== undefined)
  if (figures.length === 0 || !onlyThesePrices(context, figures)) return undefined
  const source = sourceOf(figures, context)
  if (source === undefined) return undefined

  const notes: string[] = []
  const inBase = (figure: ScoredFigure): number => {
    const money = moneyInBase(figure, context)
    if (money.note !== undefined && !notes.includes(money.note)) notes.push(money.note)
    return roundMoney(money.value)
  }
  if (recurringTerm === undefined || recurringFigure === undefined || period === undefined) {
    if (oneOffFigure === undefined) return undefined
    const price: CalculatorPriceInput = { amount: inBase(oneOffFigure), period: 'one-off', source }
    return { design, price, sentence: sentenceFor(price, notes, context) }
  }
  const shaped = withoutCostSide(design, recurringTerm)
  if (shaped === undefined) return undefined
  const price: CalculatorPriceInput = {
    amount: inBase(recurringFigure),
    period,
    ...(oneOffFigure === undefined ? {} : { setup: inBase(oneOffFigure) }),
    source,
  }
  return { design: shaped, price, sentence: sentenceFor(price, notes, context) }
}
