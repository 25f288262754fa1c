// The price side of honesty (issue 35): when the text states the offer's price, ROI and payback use
// it (the calculator's price, or for a value calculator a field of its own); a price quotes the
// passage that states it, and its amount is that passage's figure or its formula at the defaults;
// and without a price, ROI and payback — SPEC §9's estimate — are never stated without saying so.
import { compileFormula, resolveParameterValues, type CalculatorData } from '@valueproof/formula'
import { convertsAtNamedRate } from './honesty-currency.ts'
import { derivedFrom, showsAs } from './honesty-derivations.ts'
import { readNumbers } from './honesty-numbers.ts'
import { citation, type TextSentence } from './honesty-stated.ts'

/**
 * The seller's price for the offer: "our price is", "we charge", "the subscription costs", "$29 per
 * user per month", "Price: …", a setup or one-off fee, and the Swedish ways of saying them. What a
 * customer pays today ("every hour costs you €55", "en sjukdag kostar er 2 900 kr", "IT was paying
 * for seats at €33.75") is not one, nor a customer's price of something else ("diesel at $4.10").
 */
const OFFER_PRICE =
  /(?<![\p{L}])(?:our (?:price|fee|fees|pricing|subscription|licen[cs]e(?: fee)?|rate)|we charge|priced at|(?:the|a|our) (?:monthly |annual |yearly )?(?:price|fee|subscription|licen[cs]e(?: fee)?) (?:is|of|comes to|costs)|(?:it|the (?:service|platform|tool|software|system|app|offer|package|programme|program|solution)) costs|costs? (?:just|only)|(?:setup|set-up|onboarding|installation|one-time|one-off) fee|per (?:user|seat|licen[cs]e) (?:per|a|an|each) (?:month|year)|(?:price|pricing|pris|anbudspris)\s*:|vårt pris|priset (?:är|ligger|blir)|vi tar|(?:tjänsten|abonnemanget|licensen|plattformen|verktyget|systemet|lösningen|erbjudandet|taggen|appen) kostar|kostar (?:bara|endast)|abonnemang(?:et)? (?:kostar|är)|(?:licens|månads|års|uppstarts|engångs|installations)avgift\p{L}*|per (?:användare|licens) och (?:månad|år))(?![\p{L}])/iu

/** Sentences about what the customer pays today, unless the seller's own pricing words say otherwise. */
const CUSTOMER_PAYS = /(?<![\p{L}])(?:pays?|paying|paid|spends?|spending|betalar|betalade|lägger)(?![\p{L}])/iu
const SELLER_SAYS = /(?<![\p{L}])(?:we charge|our price|vi tar|vårt pris)(?![\p{L}])/iu

/** A price list's tiers ("Starter is $29 …, Team is $24 …"): no one price the calculator could take. */
const TIER_WORDS =
  /(?<![\p{L}])(?:starter|basic|standard|professional|pro|team|business|enterprise|premium|plus|bas|tier|plan)(?![\p{L}])/giu

/** Words that mark a figure as SPEC §9's estimate or another assumption. */
const ESTIMATE_WORDS =
  /(?<![\p{L}])(?:estimat\p{L}*|assum\p{L}*|approximate\p{L}*|indicative|uppskatt\p{L}*|antag\p{L}*|ungefärlig\p{L}*|beräknad\p{L}*)(?![\p{L}])/iu

/** ROI and payback, and their Swedish. */
const RETURN_WORDS =
  /(?<![\p{L}])(?:roi|return on investment|pays? (?:itself )?back|payback|pay-back|break[- ]even|återbetal\p{L}*|avkastning\p{L}*|återbetalningstid\p{L}*)(?![\p{L}])/iu

/** What a value calculator's field is called when it is the offer's price or its cost. */
const PRICE_LABEL =
  /(?<![\p{L}])(?:price|pricing|fee|fees|subscription|licen[cs]e|investment|cost of (?:the )?(?:service|solution|offer|platform)|pris\p{L}*|avgift\p{L}*|abonnemang\p{L}*|licens\p{L}*|investering\p{L}*)(?![\p{L}])/iu

export interface StatedPrice {
  readonly sentence: string
  /** The price's figure as written ("$4,900"). */
  readonly figure: string
}

function isPriceList(sentence: TextSentence): boolean {
  const amounts = new Set(sentence.figures.filter((figure) => figure.kind === 'money').map((figure) => figure.figure.text))
  return amounts.size >= 3 && (sentence.text.match(TIER_WORDS) ?? []).length >= 2
}

/** The first sentence that states the offer's price with an amount of money, if the text has one (and is no price list). */
export function statedOfferPrice(sentences: readonly TextSentence[]): StatedPrice | undefined {
  if (sentences.some(isPriceList)) return undefined
  for (const sentence of sentences) {
    const cue = OFFER_PRICE.exec(sentence.text)
    if (cue === null || (CUSTOMER_PAYS.test(sentence.text) && !SELLER_SAYS.test(sentence.text))) continue
    // The figure the cue is about: the first money after it, else before it ("€12 per sensor per month").
    // A rate per hour is what the price is made of, not the price: the hours decide it.
    const offset = sentence.text.indexOf(sentence.figures[0]?.figure.text ?? '')
    const money = sentence.figures.filter((figure) => figure.kind === 'money')
    const after = money.find((figure) => sentence.text.indexOf(figure.figure.text, Math.max(0, offset)) >= cue.index)
    const chosen = after ?? money.at(-1)
    if (chosen === undefined) continue
    // "$4,900" says its currency; "4 900" needs the "kr" after it.
    const figure = /\p{Sc}|\p{Lu}{3}/u.test(chosen.figure.text) ? chosen.figure.text : citation(chosen.figure)
    return { sentence: sentence.text, figure }
  }
  return undefined
}

/** Whether a value calculator shows a price: a field or input named for it. */
function valueCalculatorShowsPrice(data: CalculatorData): boolean {
  return [...data.valueFields, ...data.parameters].some((input) => PRICE_LABEL.test(input.label))
}

export interface PriceProblem {
  readonly rule: 'price_not_used' | 'price_not_in_quote' | 'estimate_unlabelled'
  readonly path: string
  readonly message: string
}

function shortened(text: string): string {
  return text.length > 120 ? `${text.slice(0, 120)}…` : text
}

/** The text states a price the calculator leaves out of ROI and payback (the text is read only when no price is shown). */
function unusedPrice(data: CalculatorData, statedPrice: () => StatedPrice | undefined): PriceProblem | undefined {
  const shown = data.calculatorType === 'value' ? valueCalculatorShowsPrice(data) : data.price !== undefined
  if (shown) return undefined
  const stated = statedPrice()
  if (stated === undefined) return undefined
  if (data.calculatorType === 'value') {
    return {
      rule: 'price_not_used',
      path: 'valueFields',
      message: `the text states the offer's price (${stated.figure}: "${shortened(stated.sentence)}"), but no field shows it: add the price per year as a field and a net value that subtracts it`,
    }
  }
  return {
    rule: 'price_not_used',
    path: 'price',
    message: `the text states the offer's price (${stated.figure}: "${shortened(stated.sentence)}"), but the calculator has no price, so ROI and payback would be an estimate: set price (amount, period, source quoting that passage) and keep it out of the formula`,
  }
}

/** The price's amount is its formula at the defaults, or comes from the numbers of its quote. */
function priceAmountProblem(data: CalculatorData, dollar: string): PriceProblem | undefined {
  const price = data.price
  if (price === undefined) return undefined
  if (price.formula !== undefined) {
    const compiled = compileFormula(
      price.formula,
      data.parameters.map((parameter) => parameter.name),
    )
    if (!compiled.ok) return undefined
    const evaluation = compiled.formula.evaluate(resolveParameterValues(data.parameters, {}))
    if (!evaluation.ok || showsAs(price.amount, evaluation.value) || showsAs(evaluation.value, price.amount)) return undefined
    return {
      rule: 'price_not_in_quote',
      path: 'price.amount',
      message: `the price's amount ${price.amount} is not its formula "${price.formula}" at the defaults (${Math.round(evaluation.value * 100) / 100}): make the amount the formula's value`,
    }
  }
  const quote = price.source.kind === 'entered' ? undefined : price.source.quote
  if (quote === undefined) return undefined
  const figures = readNumbers(quote, { dollar })
  const quoted = figures.map((number) => number.values)
  const amounts = [price.amount, ...(price.setup === undefined ? [] : [price.setup])]
  // A price has no description of its own: a rate named in the explanation or beside an input converts its quote.
  const texts = [data.explanation, data.description, ...data.parameters.map((parameter) => parameter.description ?? '')]
  const converted = (amount: number) =>
    figures.some((figure) => figure.currency !== undefined && convertsAtNamedRate(amount, { ...figure, currency: figure.currency }, texts))
  if (amounts.every((amount) => derivedFrom(amount, quoted) || converted(amount))) return undefined
  return {
    rule: 'price_not_in_quote',
    path: 'price.amount',
    message: `the price ${amounts.join(' + ')} is not in its quote "${shortened(quote)}" nor derived from its numbers: quote the passage that states the price, or give the price a formula over the inputs it is made of`,
  }
}

/** ROI or payback stated as a figure without a price and without saying it is an estimate. */
function estimateProblems(data: CalculatorData): PriceProblem[] {
  const problems: PriceProblem[] = []
  if (data.calculatorType !== 'value' && data.price === undefined) {
    for (const field of ['explanation', 'description'] as const) {
      for (const sentence of data[field].split(/(?<=[.!?])\s+|\n+/u)) {
        if (!RETURN_WORDS.test(sentence) || ESTIMATE_WORDS.test(sentence) || !/\d/u.test(sentence)) continue
        problems.push({
          rule: 'estimate_unlabelled',
          path: field,
          message: `"${shortened(sentence.trim())}" states ROI or payback, but with no price they are SPEC's estimate (an assumed cost): say "estimated", or set the price`,
        })
      }
    }
  }
  if (data.calculatorType === 'value') {
    const byName = new Map<string, { label: string; formula?: string | undefined }>([
      ...data.parameters.map((parameter): [string, { label: string }] => [parameter.name, { label: parameter.label }]),
      ...data.valueFields.map((field): [string, { label: string; formula?: string | undefined }] => [field.name, field]),
    ])
    data.valueFields.forEach((field, index) => {
      if (!field.calculated || !RETURN_WORDS.test(field.label) || ESTIMATE_WORDS.test(field.label)) return
      if (usesPrice(field.formula, byName)) return
      problems.push({
        rule: 'estimate_unlabelled',
        path: `valueFields[${index}].label`,
        message: `'${field.label}' is ROI or payback from no price (an assumed cost): label it an estimate, or compute it from a price field`,
      })
    })
  }
  return problems
}

/** Whether a formula depends, through other fields, on an input or field named for the price. */
function usesPrice(formula: string | undefined, byName: ReadonlyMap<string, { label: string; formula?: string | undefined }>): boolean {
  const seen = new Set<string>()
  const pending = [...(formula ?? '').matchAll(/[A-Za-z_]\w*/g)].map((match) => match[0])
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (seen.has(name)) continue
    seen.add(name)
    const input = byName.get(name)
    if (input === undefined) continue
    if (PRICE_LABEL.test(input.label)) return true
    pending.push(...[...(input.formula ?? '').matchAll(/[A-Za-z_]\w*/g)].map((match) => match[0]))
  }
  return false
}

/** Every price problem of the calculator. */
export function priceProblems(
  data: CalculatorData,
  props: { readonly stated: () => StatedPrice | undefined; readonly dollar: string },
): PriceProblem[] {
  const problems: PriceProblem[] = []
  const unused = unusedPrice(data, props.stated)
  if (unused !== undefined) problems.push(unused)
  const amount = priceAmountProblem(data, props.dollar)
  if (amount !== undefined) problems.push(amount)
  problems.push(...estimateProblems(data))
  return problems
}
