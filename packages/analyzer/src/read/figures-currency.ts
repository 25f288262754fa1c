// Money words around a number: the currency before it ("$", "US$", "SEK", "R", "Rs."), after it
// ("kr", ":-", "EUR", "öre"), the multiplier glued to or following it ("1.5M", "12 Mkr", "2 miljoner"),
// and the Swedish "2:50 kr" (two kronor fifty).
import type { CurrencyCode, ScanOptions } from './figures-types.ts'
import type { NumberReading } from './number-format.ts'
import { matchAt, SPACE_CLASS, sticky } from './figures-text.ts'

const S = SPACE_CLASS

const MULTIPLIER_GLUED = sticky('(k|K|M|B|bn|mn|tkr|Mkr|MSEK|mnkr|mdkr)(?![\\p{L}\\p{N}])', 'u')
const MULTIPLIER_WORD = sticky(
  `${S}(million|millions|miljon|miljoner|mn|billion|billions|miljard|miljarder|thousand|tusen|mkr|msek|mnkr|tkr|mdkr)(?![\\p{L}\\p{N}])`,
  'iu',
)
export const MULTIPLIERS: Readonly<Record<string, { factor: number; sek: boolean }>> = {
  k: { factor: 1e3, sek: false },
  thousand: { factor: 1e3, sek: false },
  tusen: { factor: 1e3, sek: false },
  tkr: { factor: 1e3, sek: true },
  m: { factor: 1e6, sek: false },
  mn: { factor: 1e6, sek: false },
  million: { factor: 1e6, sek: false },
  millions: { factor: 1e6, sek: false },
  miljon: { factor: 1e6, sek: false },
  miljoner: { factor: 1e6, sek: false },
  mkr: { factor: 1e6, sek: true },
  msek: { factor: 1e6, sek: true },
  mnkr: { factor: 1e6, sek: true },
  b: { factor: 1e9, sek: false },
  bn: { factor: 1e9, sek: false },
  billion: { factor: 1e9, sek: false },
  billions: { factor: 1e9, sek: false },
  miljard: { factor: 1e9, sek: false },
  miljarder: { factor: 1e9, sek: false },
  mdkr: { factor: 1e9, sek: true },
}

export interface Multiplied {
  readonly factor: number
  readonly sek: boolean
  readonly end: number
}

export function readMultiplier(text: string, index: number): Multiplied | undefined {
  for (const pattern of [MULTIPLIER_GLUED, MULTIPLIER_WORD]) {
    const match = matchAt(pattern, text, index)
    const word = match?.[1]
    if (match === null || word === undefined) continue
    const multiplier = MULTIPLIERS[word.toLowerCase()]
    if (multiplier !== undefined) return { ...multiplier, end: index + match[0].length }
  }
  return undefined
}

export interface Currency {
  readonly currency: CurrencyCode
  /** How many characters before the number belong to the symbol ("US$ " → 4). */
  readonly length: number
  /** Rand from the figure's own evidence, in a text that never says it is South African. */
  readonly inferred?: boolean
}

/** Currencies written as their ISO code before a number ("SEK 2 490", "NOK 50,000", "CHF: 120"). */
const CODES_BEFORE: readonly CurrencyCode[] = [
  'USD',
  'EUR',
  'SEK',
  'AUD',
  'ZAR',
  'GBP',
  'INR',
  'NOK',
  'DKK',
  'CAD',
  'NZD',
  'CHF',
  'JPY',
  'PLN',
]

const CURRENCY_PREFIXES: ReadonlyArray<{ readonly pattern: RegExp; readonly currency: CurrencyCode | 'dollar' | 'rand' }> = [
  { pattern: new RegExp(`(?:US\\$|U\\.S\\.${S}?\\$)${S}?$`, 'u'), currency: 'USD' },
  // Before "A$": "CA$" ends in it.
  { pattern: new RegExp(`(?:^|[^\\p{L}])(?:C\\$|CA\\$|CAN\\$)${S}?$`, 'u'), currency: 'CAD' },
  { pattern: new RegExp(`(?:^|[^\\p{L}])NZ\\$${S}?$`, 'u'), currency: 'NZD' },
  { pattern: new RegExp(`(?:A\\$|AU\\$)${S}?$`, 'u'), currency: 'AUD' },
  { pattern: new RegExp(`\\$${S}?$`, 'u'), currency: 'dollar' },
  { pattern: new RegExp(`€${S}?$`, 'u'), currency: 'EUR' },
  { pattern: new RegExp(`£${S}?$`, 'u'), currency: 'GBP' },
  { pattern: new RegExp(`₹${S}?$`, 'u'), currency: 'INR' },
  // "¥" is also the renminbi's sign; in the offers this reads it is the yen.
  { pattern: new RegExp(`¥${S}?$`, 'u'), currency: 'JPY' },
  ...CODES_BEFORE.map((code) => ({ pattern: new RegExp(`(?:^|[^\\p{L}])${code}${S}?:?${S}?$`, 'iu'), currency: code })),
  // Case-sensitive: "RS 2024/1947" is a file number, "Rs. 5,000" rupees.
  { pattern: new RegExp(`(?:^|[^\\p{L}])Rs\\.?${S}?$`, 'u'), currency: 'INR' },
  // Not "720 kr. 1 250 kr": a "kr" right after a number is that number's currency.
  { pattern: new RegExp(`(?:^|[^\\p{L}\\p{N}\\s])\\s*kr\\.?${S}?$`, 'iu'), currency: 'SEK' },
  { pattern: new RegExp(`(?:^|[^\\p{L}])R${S}?$`, 'u'), currency: 'rand' },
]

/**
 * The currency written just before a number (`before` ends where the number starts). `randLikely`
 * says whether a capital R before this number is rand when the text has not said it is South African.
 */
export function currencyBefore(before: string, options: ScanOptions, randLikely?: () => boolean): Currency | undefined {
  for (const { pattern, currency } of CURRENCY_PREFIXES) {
    const match = pattern.exec(before)
    if (match === null) continue
    // The match may include the non-letter in front of the symbol; count only the symbol itself.
    const text = match[0].replace(/^[^\p{L}$€£₹¥]+/u, '')
    if (currency === 'rand') {
      if (options.rand) return { currency: 'ZAR', length: text.length }
      return randLikely?.() === true ? { currency: 'ZAR', length: text.length, inferred: true } : undefined
    }
    if (currency === 'dollar') return { currency: options.dollar, length: text.length }
    return { currency, length: text.length }
  }
  return undefined
}

/** Currencies written after a number that name another country's crowns, dollars or francs ("50 000 norska kronor"). */
const FOREIGN_SUFFIX_WORDS: ReadonlyArray<readonly [readonly string[], CurrencyCode]> = [
  [['nok', 'norska kronor', 'norwegian kroner', 'norwegian krone', 'norske kroner'], 'NOK'],
  [['dkk', 'danska kronor', 'danish kroner', 'danish krone', 'danske kroner'], 'DKK'],
  [['cad', 'canadian dollars', 'canadian dollar', 'kanadensiska dollar'], 'CAD'],
  [['nzd', 'new zealand dollars', 'new zealand dollar', 'nyzeeländska dollar'], 'NZD'],
  [['chf', 'swiss francs', 'swiss franc', 'schweizerfranc'], 'CHF'],
  [['jpy', 'yen', 'japanese yen', 'japanska yen'], 'JPY'],
  [['pln', 'zł', 'zloty', 'złoty', 'polish zloty', 'polska zloty'], 'PLN'],
  [['gbp', 'pounds sterling', 'pound sterling', 'pounds', 'pound', 'brittiska pund', 'pund'], 'GBP'],
]
/** The phrases as a pattern, longest first, a space matching any run of spaces. */
const FOREIGN_SUFFIXES = FOREIGN_SUFFIX_WORDS.flatMap(([words]) => words)
  .sort((a, b) => b.length - a.length)
  .map((word) => word.replace(/ /g, `${S}+`))
  .join('|')

export const CURRENCY_SUFFIX = sticky(
  // "kr." keeps its dot unless the dot ends the sentence ("Ett besök är värt 900 kr. Vi …", "720 kr. 1 250 kr per …").
  `${S}?(${FOREIGN_SUFFIXES}|kronor|kr(?:\\.(?![ \\t\\u00a0]*(?:\\n|\\p{Lu}|\\d|$)))?|sek|:-|eur|euros?|€|usd|dollars?|aud|zar|rands?|gbp|inr|rupees|öre|cents?|¢|¥)(?![\\p{L}])`,
  'iu',
)

export interface SuffixCurrency {
  readonly currency: CurrencyCode
  /** "50 öre" is 0.50 kronor. */
  readonly factor: number
}

const SUFFIXES: ReadonlyMap<string, SuffixCurrency> = new Map(
  (
    [
      [['kr', 'kr.', 'kronor', 'sek', ':-'], 'SEK'],
      [['eur', 'euro', 'euros', '€'], 'EUR'],
      [['usd', 'dollar', 'dollars'], 'USD'],
      [['aud'], 'AUD'],
      [['zar', 'rand', 'rands'], 'ZAR'],
      [['inr', 'rupees'], 'INR'],
      [['¥'], 'JPY'],
      ...FOREIGN_SUFFIX_WORDS,
    ] as const
  ).flatMap(([words, currency]) => words.map((word) => [word, { currency, factor: 1 }] as const)),
)

export function suffixCurrency(word: string): SuffixCurrency | undefined {
  const lower = word.toLowerCase().replace(/\s+/gu, ' ')
  if (lower === 'öre') return { currency: 'SEK', factor: 0.01 }
  if (lower === 'cents' || lower === 'cent' || lower === '¢') return { currency: 'USD', factor: 0.01 }
  return SUFFIXES.get(lower)
}

/** "2:50 kr", "12:50:-": kronor and öre with a colon, not a time. */
const COLON_ORE = sticky(`:(\\d\\d)(?=${S}?(?:kr|kronor|sek|:-)(?![\\p{L}]))`, 'iu')

/** The öre of "2:50 kr" after the kronor ending at `index`: the value to add and where the number ends. */
export function colonOre(text: string, index: number): { readonly add: number; readonly end: number } | undefined {
  const match = matchAt(COLON_ORE, text, index)
  const digits = match?.[1]
  if (match === null || digits === undefined) return undefined
  return { add: Number(digits) / 100, end: index + match[0].length }
}

/** Money words near "R 450" that make it rand ("loses R 1.8 million", "costs R 450", "a once-off R 120,000"). */
const RAND_MONEY_WORDS =
  /(?:^|[^\p{L}])(?:costs?|pays?|paid|prices?|priced|fees?|budget|spends?|spent|loses|lost|saves?|saved|revenue|worth|charges?|charged|salary|once-off|once off|value|invests?|invested|kostar|betalar|förlorar|sparar|pris)(?![\p{L}])/iu
/** How far after the number a money word may stand ("R 450 in fees"). */
const RAND_AFTER_REACH = 30

/**
 * Whether the number read at `start` after a capital R is an amount in rand: written with a
 * thousands separator ("R 120,000"), with a multiplier ("R 1.8 million", "R2bn") or with a money
 * word in its sentence before it or just after it. "R2" in a code name or "R 5" in a list is not.
 */
export function randLikely(text: string, start: number, reading: NumberReading, before: string): boolean {
  if (reading.grouped) return true
  const multiplier = readMultiplier(text, reading.end)
  if (multiplier !== undefined && (/[.,]/.test(reading.raw) || multiplier.factor >= 1e6)) return true
  const after = text.slice(reading.end, Math.min(text.length, reading.end + RAND_AFTER_REACH)).split(/[.!?\n]/u)[0] ?? ''
  const sentenceBefore = before.split(/[.!?](?:\s|$)/u).at(-1) ?? before
  return RAND_MONEY_WORDS.test(sentenceBefore) || RAND_MONEY_WORDS.test(after)
}
