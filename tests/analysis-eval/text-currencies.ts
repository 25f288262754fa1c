// The currencies a text quotes amounts in, read independently of the analyzer: the evaluation
// groups the cases whose text quotes a currency other than the calculator's display currency
// ("other currency"), where a converted input must name its original amount.

export type QuotedCurrency = 'USD' | 'EUR' | 'SEK' | 'GBP' | 'NOK' | 'DKK' | 'CHF' | 'JPY' | 'AUD' | 'CAD' | 'NZD' | 'ZAR' | 'INR'

/** Whole words only, by Unicode letters ("inräknat" holds no INR). */
const words = (alternatives: string): string => `(?<![\\p{L}\\d])(?:${alternatives})(?![\\p{L}\\d])`
const marker = (symbols: string, alternatives: string): RegExp =>
  new RegExp(`${symbols === '' ? '' : `${symbols}|`}${words(alternatives)}`, 'iu')

const MARKERS: ReadonlyArray<readonly [QuotedCurrency, RegExp]> = [
  ['EUR', marker('€', 'EUR|euros?')],
  ['GBP', marker('£', 'GBP|pounds?|pund')],
  ['NOK', marker('', 'NOK|norska kronor|norwegian kron(?:e|er|a)')],
  ['DKK', marker('', 'DKK|danska kronor|danish kron(?:e|er|a)')],
  ['CHF', marker('', 'CHF|swiss francs?|schweizerfranc')],
  ['JPY', marker('¥', 'JPY|yen')],
  ['AUD', marker('A\\$', 'AUD|australian dollars?')],
  ['CAD', marker('C\\$', 'CAD|canadian dollars?')],
  ['NZD', marker('NZ\\$', 'NZD|new zealand dollars?')],
  // A rand amount is "R" right before its digits ("R29 658 122.80", "R 100.00").
  ['ZAR', new RegExp(`${words('ZAR|rands?')}|(?<![\\p{L}\\d])R ?\\d`, 'u')],
  ['INR', marker('₹', 'INR|rupees?')],
  ['SEK', marker('', 'SEK|kr|kronor|tkr|mkr|öre|swedish kron(?:a|or)')],
  ['USD', marker('US\\$|\\$US', 'USD|US dollars?')],
]

/** A "$" or "dollars" on its own is US dollars unless the text names another dollar (matched above). */
const BARE_DOLLAR = new RegExp(`(?<![A-Z])\\$|${words('dollars?')}`, 'iu')

/** Every currency the text quotes an amount or a rate in. */
export function quotedCurrencies(text: string): Set<QuotedCurrency> {
  const found = new Set<QuotedCurrency>()
  for (const [currency, marker] of MARKERS) if (marker.test(text)) found.add(currency)
  const otherDollar = found.has('AUD') || found.has('CAD') || found.has('NZD')
  if (BARE_DOLLAR.test(text.replace(/(?:US|A|C|NZ)\$/gu, '')) && !otherDollar) found.add('USD')
  return found
}

/** The text quotes a currency other than the calculator's display currency. */
export function quotesOtherCurrency(text: string, displayCurrency: string): boolean {
  return [...quotedCurrencies(text)].some((currency) => currency !== displayCurrency)
}
