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

  const texts = [parameter.description ?? '', context.data.explanation, context.data.description]
  for (const figure of foreign) {
    const code = figure.currency
    if (scaledFrom(value, figure.values, PERIOD_FACTORS)) {
      if (labelledIn(parameter, code)) return undefined
      const how = isSpecCurrency(code) ? `at SPEC's fixed rate (1 ${code} = ${conversionRate(code, base)} ${base})` : 'with a rate you name'
      return `the quote states ${figure.text} in ${code}, but the default ${value} is shown as ${base}: convert it ${how} and say so, or label the unit ${code}`
    }
    if (isSpecCurrency(code)) {
      const converted = figure.values.map((amount) => amount * conversionRate(code, base))
      if (scaledFrom(value, converted, PERIOD_FACTORS)) {
        if (saysConverted(texts, code)) return undefined
        return `the default ${value} is ${figure.text} converted from ${code} to ${base}, but neither the parameter's description nor the explanation says so: add "converted at 1 ${code} = ${conversionRate(code, base)} ${base}"`
      }
    }
  }
  const unconvertible = foreign.find((figure) => !isSpecCurrency(figure.currency))
  if (unconvertible !== undefined && isMoneyParameter(parameter) && !labelledIn(parameter, unconvertible.currency)) {
    if (namesRate(texts, unconvertible.currency)) return undefined
    return `the quote states ${unconvertible.text} in ${unconvertible.currency}, which has no fixed rate: name the rate used to convert it to ${base} (e.g. "converted at 1 ${unconvertible.currency} = … ${base}") or keep it in ${unconvertible.currency} and label the unit`
  }
  return undefined
}
