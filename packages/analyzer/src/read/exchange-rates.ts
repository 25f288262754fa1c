// Exchange rates a text states, in the ways sellers write them: "1 NOK är ungefär 0,95 kr",
// "1 GBP = 1.27 USD", "AUD 1 ≈ USD 0.65", "10.1 NOK to the dollar", "11,40 kr per euro". The
// figures inside a rate drive nothing; the rate converts the text's other amounts.
import type { CurrencyCode } from './figures-types.ts'
import { parseNumberText } from './number-format.ts'

export interface StatedRate {
  /** One of `from` is `value` of `to`. */
  readonly from: CurrencyCode
  readonly to: CurrencyCode
  readonly value: number
  /** The rate's words in the text. */
  readonly start: number
  readonly end: number
}

const CODES = 'usd|eur|sek|gbp|nok|dkk|chf|jpy|aud|cad|nzd|zar|inr|pln'
const CODE_LIST = CODES.toUpperCase().split('|')
const WORDS: Readonly<Record<string, CurrencyCode>> = {
  $: 'USD',
  '€': 'EUR',
  '£': 'GBP',
  kr: 'SEK',
  kronor: 'SEK',
  dollar: 'USD',
  dollars: 'USD',
  euro: 'EUR',
  euros: 'EUR',
  pound: 'GBP',
  krona: 'SEK',
  krone: 'NOK',
  franc: 'CHF',
  yen: 'JPY',
  zloty: 'PLN',
  złoty: 'PLN',
}

function codeOf(written: string): CurrencyCode | undefined {
  const upper = written.toUpperCase()
  return CODE_LIST.includes(upper) ? (upper as CurrencyCode) : WORDS[written.toLowerCase()]
}

const ABOUT = '(?:ungefär|about|roughly|around|cirka|ca\\.?)?'
const NUMBER = '(\\d+(?:[.,]\\d+)?)'
// "med 1 DKK på ungefär 1,47 kr": a rate "at" its value too.
const IS = '(?:=|≈|~|är|is|motsvarar|equals|på|at)'
const PATTERNS: ReadonlyArray<{ pattern: RegExp; read: (match: RegExpExecArray) => [string, string, string] }> = [
  {
    // "1 NOK är ungefär 0,95 kr", "1 GBP = 1.27 USD", "1 € = $1.08"
    pattern: new RegExp(
      `\\b1\\s*(${CODES}|\\$|€|£)\\s*${IS}\\s*${ABOUT}\\s*(\\$|€|£)?\\s*${NUMBER}\\s*(${CODES}|kr|kronor|dollars?|euros?)?`,
      'giu',
    ),
    read: (match) => [match[1] ?? '', match[2] ?? match[4] ?? '', match[3] ?? ''],
  },
  {
    // "AUD 1 ≈ USD 0.65"
    pattern: new RegExp(`\\b(${CODES})\\s*1\\s*${IS}\\s*${ABOUT}\\s*(${CODES})\\s*${NUMBER}`, 'giu'),
    read: (match) => [match[1] ?? '', match[2] ?? '', match[3] ?? ''],
  },
  {
    // "10.1 NOK to the dollar", "11,40 kr per euro", "1.27 USD to the pound"
    pattern: new RegExp(
      `${NUMBER}\\s*(${CODES}|kr|kronor|dollars?)\\s+(?:to\\s+the|to\\s+one|to\\s+a|per|mot|för\\s+en|för\\s+ett|för\\s+1)\\s+(${CODES}|dollar|euro|pound|krona|krone|franc|yen|zloty|złoty)\\b`,
      'giu',
    ),
    read: (match) => [match[3] ?? '', match[2] ?? '', match[1] ?? ''],
  },
]

export function readExchangeRates(text: string): StatedRate[] {
  const rates: StatedRate[] = []
  for (const { pattern, read } of PATTERNS) {
    pattern.lastIndex = 0
    for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
      const [fromWritten, toWritten, number] = read(match)
      const from = codeOf(fromWritten)
      const to = codeOf(toWritten)
      const value = parseNumberText(number)
      if (from === undefined || to === undefined || from === to || value === undefined || !(value > 0)) continue
      rates.push({ from, to, value, start: match.index, end: match.index + match[0].length })
    }
  }
  return rates
}
