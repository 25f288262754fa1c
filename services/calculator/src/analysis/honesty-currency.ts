// Money keeps its currency honest: an amount quoted in a currency other than the calculator's is
// converted and the conversion said (SPEC §9's fixed rates for USD, EUR and SEK; a named rate for
// any other currency), or it is kept and labelled in its own currency. Never shown as another.
import { CURRENCIES, conversionRate, type CalculatorData, type CalculatorParameter, type Currency } from '@valueproof/formula'
import { PERIOD_FACTORS, scaledFrom } from './honesty-derivations.ts'
import { readNumbers, type TextNumber } from './honesty-numbers.ts'

/** How each currency may be written in a unit, a label or a sentence. */
const CURRENCY_WORDS: Readonly<Record<string, string>> = {
  USD: String.raw`USD|US\$|\$|US dollars?|dollars?|amerikanska dollar`,
  EUR: String.raw`EUR|€|euros?`,
  SEK: String.raw`SEK|kr|kronor|:-`,
  AUD: String.raw`AUD|A\$|AU\$|Australian dollars?|australiska dollar`,
  NZD: String.raw`NZD|NZ\$|New Zealand dollars?`,
  CAD: String.raw`CAD|C\$|CA\$|Canadian dollars?`,
  ZAR: String.raw`ZAR|rand|R`,
  GBP: String.raw`GBP|£|pounds?|pund`,
  INR: String.raw`INR|₹|Rs\.?|rupees?`,
  NOK: String.raw`NOK|norska kronor|Norwegian kroner?|norske kroner`,
  DKK: String.raw`DKK|danska kronor|Danish kroner?|danske kroner`,
  CHF: String.raw`CHF|Swiss francs?|schweizerfranc`,
  JPY: String.raw`JPY|¥|yen`,
}

function currencyPattern(code: string): string {
  return CURRENCY_WORDS[code] ?? code
}

/** The unit or label names the currency: the amount is kept and labelled in it. */
function labelledIn(parameter: CalculatorParameter, code: string): boolean {
  const pattern = new RegExp(`(?<![\\p{L}])(?:${currencyPattern(code)})(?![\\p{L}])`, 'iu')
  return pattern.test(parameter.unit ?? '') || pattern.test(parameter.label)
}

const CONVERSION_WORDS =
  /(?<![\p{L}])(?:convert\p{L}*|conversion|exchange rate|fixed rate|SPEC|omräkn\p{L}*|räknat om|omvandl\p{L}*|växelkurs\p{L}*|fast kurs|kurs)(?![\p{L}])/iu

/** A rate for the currency written out: "1 AUD = 0.65 USD", "AUD 1 = SEK 6.9", "at an AUD rate of 0.65". */
function namesRate(texts: readonly string[], code: string): boolean {
  const currency = currencyPattern(code)
  const patterns = [
    new RegExp(`1\\s*(?:${currency})\\s*(?:=|≈|is|är|motsvarar)\\s*(?:\\p{Sc}\\s*)?\\d`, 'iu'),
    new RegExp(`(?:${currency})\\s*1\\s*(?:=|≈)\\s*\\p{L}{0,3}\\s*\\d`, 'iu'),
    new RegExp(`(?<![\\p{L}])(?:${currency})(?![\\p{L}])[^.\\n]{0,40}(?:rate|kurs)[^.\\n]{0,25}\\d`, 'iu'),
    new RegExp(`(?:rate|kurs)[^.\\n]{0,40}(?<![\\p{L}])(?:${currency})(?![\\p{L}])[^.\\n]{0,25}\\d`, 'iu'),
  ]
  return texts.some((text) => patterns.some((pattern) => pattern.test(text)))
}

/** A text says the amount was converted from the currency (or writes out the rate it used). */
function saysConverted(texts: readonly string[], code: string): boolean {
  const mentions = new RegExp(`(?<![\\p{L}])(?:${currencyPattern(code)})(?![\\p{L}])`, 'iu')
  return namesRate(texts, code) || texts.some((text) => CONVERSION_WORDS.test(text) && mentions.test(text))
}

/** A decimal in either language's writing: "0.088", "0,95", "1.27". */
const RATE = String.raw`(\d+(?:[.,]\d+)?)`

/**
 * The rates written for a currency: "1 NOK = 0.95 SEK", "NOK 1 ≈ €0.088", "NOK 650 ≈ €57 at 0.088",
 * "till kursen 0,95". The numbers only; which way they convert is tried both ways.
 */
export function namedRates(texts: readonly string[], code: string): number[] {
  const currency = currencyPattern(code)
  const patterns = [
    new RegExp(`(?<![\\d.,])1\\s*(?:${currency})\\s*(?:=|≈|is|är|motsvarar)\\s*(?:\\p{Sc}\\s*)?${RATE}`, 'giu'),
    new RegExp(`(?:${currency})\\s*1\\s*(?:=|≈)\\s*\\p{L}{0,3}\\s*(?:\\p{Sc}\\s*)?${RATE}`, 'giu'),
    new RegExp(`(?:(?<![\\p{L}])at|rate(?: of)?|kurs(?:en)?|växelkurs(?:en)?)\\s*(?:\\p{Sc}\\s*)?${RATE}`, 'giu'),
  ]
  const rates = texts.flatMap((text) =>
    patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => Number((match[1] ?? '').replace(',', '.')))),
  )
  return rates.filter((rate) => Number.isFinite(rate) && rate > 0 && rate !== 1)
}

/** The value is the figure converted at a rate the texts name for its currency (either way round, per another period). */
export function convertsAtNamedRate(value: number, figure: TextNumber & { currency: string }, texts: readonly string[]): boolean {
  const converted = namedRates(texts, figure.currency).flatMap((rate) => figure.values.flatMap((amount) => [amount * rate, amount / rate]))
  return scaledFrom(value, converted, PERIOD_FACTORS)
}

const MONEY_WORDS =
  /[$€£₹¥]|(?<![\p{L}])(?:kr|kronor|sek|usd|eur|aud|zar|gbp|inr|nok|dkk|cad|nzd|chf|jpy|cost|costs|price|fee|fees|salary|wage|revenue|spend|budget|kostnad\p{L}*|pris\p{L}*|avgift\p{L}*|lön\p{L}*|intäkt\p{L}*|belopp|arvode)(?![\p{L}])/iu

function isMoneyParameter(parameter: CalculatorParameter): boolean {
  return MONEY_WORDS.test(`${parameter.unit ?? ''} ${parameter.label}`)
}

function isSpecCurrency(code: string): code is Currency {
  return (CURRENCIES as readonly string[]).includes(code)
}

export interface CurrencyContext {
  readonly data: CalculatorData
  /** What '$' means in the whole text (dollarOf). */
  readonly dollar: string
}

/** Why the parameter shows a quoted foreign amount dishonestly, or undefined when it does not. */
export function currencyProblem(parameter: CalculatorParameter, quote: string, context: CurrencyContext): string | undefined {
  const value = parameter.defaultValue
  if (value === undefined) return undefined
  const base = context.data.baseCurrency
  const figures = readNumbers(quote, { dollar: context.dollar })
  const foreign = figures.filter(
    (figure): figure is TextNumber & { currency: string } => figure.currency !== undefined && figure.currency !== base,
  )
  if (foreign.length === 0) return undefined
  const plain = figures.filter((figure) => figure.currency === undefined || figure.currency === base).flatMap((figure) => figure.values)
  if (scaledFrom(value, plain, PERIOD_FACTORS)) return undefined

  // "Beside it" (issue 35): the conversion is said where the default is shown, not somewhere in the explanation.
  const texts = [parameter.description ?? '', parameter.label, parameter.unit ?? '']
  // Converted at a rate written beside it: honest, whatever else the quote's digits could be read as.
  if (foreign.some((figure) => convertsAtNamedRate(value, figure, texts))) return undefined
  for (const figure of foreign) {
    const code = figure.currency
    if (scaledFrom(value, figure.values, PERIOD_FACTORS)) {
      if (labelledIn(parameter, code)) return undefined
      const how = isSpecCurrency(code) ? `at SPEC's fixed rate (1 ${code} = ${conversionRate(code, base)} ${base})` : 'with a rate you name'
      return `the quote states ${figure.text} in ${code}, but the default ${value} is shown as ${base}: convert it ${how} and say so beside it, or label the unit ${code}`
    }
    if (isSpecCurrency(code)) {
      const converted = figure.values.map((amount) => amount * conversionRate(code, base))
      if (scaledFrom(value, converted, PERIOD_FACTORS)) {
        if (saysConverted(texts, code)) return undefined
        return `the default ${value} is ${figure.text} converted from ${code} to ${base}, but the parameter's description does not say so: add "${figure.text} ≈ ${value} ${base} (1 ${code} = ${conversionRate(code, base)} ${base})"`
      }
    }
  }
  const unconvertible = foreign.filter((figure) => !isSpecCurrency(figure.currency))
  const first = unconvertible[0]
  if (first !== undefined && isMoneyParameter(parameter) && !unconvertible.some((figure) => labelledIn(parameter, figure.currency))) {
    const rates = namedRates(texts, first.currency)
    if (rates.length === 0) {
      return `the quote states ${first.text} in ${first.currency}, which has no fixed rate: name the rate beside the input (e.g. "${first.text} ≈ … ${base} (1 ${first.currency} = … ${base})") or keep it in ${first.currency} and label the unit`
    }
    return `the default ${value} is not ${unconvertible.map((figure) => figure.text).join(' or ')} at the rate named beside it (${rates.join(', ')}): convert it at that rate, or correct the rate`
  }
  return undefined
}
