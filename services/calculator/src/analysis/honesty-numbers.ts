// A small, standalone reader of the numbers in a passage, for the honesty checks: it reads both
// languages' formats ("2 490", "3,75", "12,500", "2.4", "8 386 560 kr"), scale words, percentages,
// currencies and fraction words. Where a format is ambiguous ("12,500": twelve thousand five
// hundred in English, twelve and a half in Swedish) it keeps every reading: the checks ask whether
// a value can come from the passage, so a reading too many costs less than a reading missed.

import { phraseNumbers } from './honesty-number-phrases.ts'

export interface TextNumber {
  /** Every plausible value: the readings of the digits, scaled variants, a percentage as a fraction. */
  readonly values: readonly number[]
  /** The passage as written, a currency before it included, e.g. '$1,200', '45 %', 'hälften'. */
  readonly text: string
  /** Where the number (its digits or words) starts and ends in the text. */
  readonly start: number
  readonly end: number
  readonly percent: boolean
  /** An ISO code ('USD', 'SEK', 'AUD', …) when a currency is written next to the number. */
  readonly currency: string | undefined
  /** Up to a few words after the number, lower-cased (its unit or noun). */
  readonly after: string
}

export interface ReadOptions {
  /** What a bare '$' means: 'USD' unless the text says its dollars are another country's. */
  readonly dollar?: string
}

/** Space-grouped thousands ("8 386 560") or digits with '.'/',' separators ("12,500.50"). */
const NUMBER_PATTERN = /(?<!\d|\d[.,]|\p{L}\p{L})(\d{1,3}(?:[ \u00A0\u202F]\d{3}(?!\d))+(?:[.,]\d+)?|\d+(?:[.,]\d+)*)/gu

/** Digits a PDF spaced out letter by letter ("5 0 %"): also read joined, besides one by one. */
const SPACED_DIGITS = /(?<!\d|\d[.,])\d(?: \d)+(?!\d)/gu

const SCALES: ReadonlyArray<readonly [RegExp, number, string | undefined]> = [
  [/^\s?(?:tkr|ksek)(?![\p{L}])/iu, 1e3, 'SEK'],
  [/^\s?(?:mkr|msek|miljoner\s+kronor|miljon\s+kronor)(?![\p{L}])/iu, 1e6, 'SEK'],
  [/^\s?(?:mdkr|miljarder\s+kronor)(?![\p{L}])/iu, 1e9, 'SEK'],
  [/^\s?(?:k|thousand|tusen)(?![\p{L}])/iu, 1e3, undefined],
  [/^\s?(?:m|mn|million|millions|miljon|miljoner)(?![\p{L}])/iu, 1e6, undefined],
  [/^\s?(?:bn|billion|billions|miljard|miljarder)(?![\p{L}])/iu, 1e9, undefined],
  [/^\s?(?:lakh|lakhs)(?![\p{L}])/iu, 1e5, undefined],
  [/^\s?(?:crore|crores)(?![\p{L}])/iu, 1e7, undefined],
]

const PERCENT_AFTER = /^\s?(?:%|percent(?:age points?)?|per cent|procent(?:enheter)?|pp|p\.p\.)(?![\p{L}])/iu

/** Currency written before a number: '$1,200', 'SEK 2 490', 'R 1 200', '₹500'. */
const CURRENCY_BEFORE: ReadonlyArray<readonly [RegExp, string]> = [
  [/(?:US\$|USD)\s?$/u, 'USD'],
  [/(?:C\$|CA\$|CAD)\s?$/u, 'CAD'],
  [/(?:NZ\$|NZD)\s?$/u, 'NZD'],
  [/(?:A\$|AU\$|AUD)\s?$/u, 'AUD'],
  [/\$\s?$/u, '$'],
  [/(?:€|EUR)\s?$/u, 'EUR'],
  [/(?:£|GBP)\s?$/u, 'GBP'],
  [/(?:₹|INR|Rs\.?)\s?$/u, 'INR'],
  [/(?:SEK)\s?$/u, 'SEK'],
  [/(?:ZAR|(?<![\p{L}])R)\s?$/u, 'ZAR'],
  [/(?:NOK)\s?$/u, 'NOK'],
  [/(?:DKK)\s?$/u, 'DKK'],
  [/(?:CHF)\s?$/u, 'CHF'],
  [/(?:¥|JPY)\s?$/u, 'JPY'],
]

/**
 * Every ISO 4217 code the runtime knows, less words a text writes in capitals ("ALL 12 offices"):
 * a currency the analyzer does not know is still read as one, so an amount in it is never taken
 * for a plain number, nor replaced by an assumption unnoticed.
 */
const ISO_CURRENCIES: ReadonlySet<string> = new Set(
  Intl.supportedValuesOf('currency').filter((code) => !['ALL', 'CUP', 'TOP', 'MOP', 'BOB', 'MAD', 'SOS'].includes(code)),
)
const ISO_BEFORE = /(?<![\p{L}])(\p{Lu}{3})\s?$/u
const ISO_AFTER = /^\s?(\p{Lu}{3})(?![\p{L}])/u

/** Currency written after a number (and its scale): '2 490 kr', '450:-', '40 EUR', '3 dollars'. */
const CURRENCY_AFTER: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\s?(?:kr|kronor|sek|:-)(?![\p{L}])/iu, 'SEK'],
  [/^\s?(?:usd|us dollars?)(?![\p{L}])/iu, 'USD'],
  [/^\s?(?:eur|euros?|€)(?![\p{L}])/iu, 'EUR'],
  [/^\s?(?:aud|australian dollars?|australiska dollar)(?![\p{L}])/iu, 'AUD'],
  [/^\s?(?:zar|rand)(?![\p{L}])/iu, 'ZAR'],
  [/^\s?(?:gbp|pounds?|pund)(?![\p{L}])/iu, 'GBP'],
  [/^\s?(?:inr|rupees?)(?![\p{L}])/iu, 'INR'],
  [/^\s?(?:nok)(?![\p{L}])/iu, 'NOK'],
  [/^\s?(?:dkk)(?![\p{L}])/iu, 'DKK'],
  [/^\s?(?:norska kronor|norwegian kroner?|norske kroner)(?![\p{L}])/iu, 'NOK'],
  [/^\s?(?:danska kronor|danish kroner?|danske kroner)(?![\p{L}])/iu, 'DKK'],
  [/^\s?(?:cad|canadian dollars?|kanadensiska dollar)(?![\p{L}])/iu, 'CAD'],
  [/^\s?(?:nzd|new zealand dollars?|nyzeeländska dollar)(?![\p{L}])/iu, 'NZD'],
  [/^\s?(?:chf|swiss francs?|schweizerfranc)(?![\p{L}])/iu, 'CHF'],
  [/^\s?(?:jpy|yen|japanese yen|japanska yen)(?![\p{L}])/iu, 'JPY'],
  [/^\s?(?:dollars?)(?![\p{L}])/iu, '$'],
]

interface NumberWord {
  readonly values: readonly number[]
  /** A share, which also reads as a percentage ("halves" → 50 %). */
  readonly percent: boolean
}

/** Words that state a share or a count, in both languages; a phrase's space also matches a hyphen. */
const NUMBER_WORD_LIST: ReadonlyArray<readonly [string, NumberWord]> = [
  ['half halves halved halving halve hälften halva halverar halvera halveras halverat halverad', { values: [50, 0.5], percent: true }],
  ['two_thirds två_tredjedelar', { values: [66.67, 0.6667], percent: true }],
  ['a_third one_third en_tredjedel ett_tredjedel', { values: [33.33, 0.3333], percent: true }],
  ['three_quarters tre_fjärdedelar', { values: [75, 0.75], percent: true }],
  ['a_quarter one_quarter en_fjärdedel ett_fjärdedel', { values: [25, 0.25], percent: true }],
  [
    'double doubles doubled doubling twice dubbelt dubbla dubblar fördubblar fördubbla fördubblas fördubblat',
    { values: [100, 1, 2], percent: true },
  ],
  ['triple triples tripled tripling tredubbelt tredubblar tredubbla', { values: [200, 2, 3], percent: true }],
  ...Object.entries({
    one: 1,
    two: 2,
    three: 3,
    four: 4,
    five: 5,
    six: 6,
    seven: 7,
    eight: 8,
    nine: 9,
    ten: 10,
    eleven: 11,
    twelve: 12,
    twenty: 20,
    thirty: 30,
    fifty: 50,
    hundred: 100,
    dozen: 12,
    ett: 1,
    två: 2,
    tre: 3,
    fyra: 4,
    fem: 5,
    sex: 6,
    sju: 7,
    åtta: 8,
    nio: 9,
    tio: 10,
    elva: 11,
    tolv: 12,
    tjugo: 20,
    trettio: 30,
    femtio: 50,
    hundra: 100,
  }).map(([word, value]): readonly [string, NumberWord] => [word, { values: [value], percent: false }]),
]

const NUMBER_WORDS = new Map<string, NumberWord>(
  NUMBER_WORD_LIST.flatMap(([words, meaning]) => words.split(' ').map((word): [string, NumberWord] => [word.replace('_', ' '), meaning])),
)

/** One pattern for every number word, longest first, so a long text is scanned once. */
const NUMBER_WORD_PATTERN = new RegExp(
  `(?<![\\p{L}])(?:${[...NUMBER_WORDS.keys()]
    .sort((first, second) => second.length - first.length)
    .map((word) => word.replace(' ', '[- ]'))
    .join('|')})(?![\\p{L}])`,
  'giu',
)

const AFTER_LENGTH = 40
/** Longer than the longest scale, percent or currency word ("miljoner kronor", "percentage points"). */
const LOOKAHEAD = 24

/** The readings of one digit group: '12,500' is 12500 or 12.5; '3,75' is 3.75; '1.234,56' is 1234.56. */
export function readingsOf(digits: string): number[] {
  const compact = digits.replace(/[ \u00A0\u202F]/g, '')
  const separators = compact.match(/[.,]/g) ?? []
  if (separators.length === 0) return [Number(compact)]
  const kinds = new Set(separators)
  if (kinds.size === 2) {
    const decimal = compact.lastIndexOf('.') > compact.lastIndexOf(',') ? '.' : ','
    const thousands = decimal === '.' ? ',' : '.'
    return [Number(compact.split(thousands).join('').replace(decimal, '.'))]
  }
  const [separator = '.'] = separators
  const groups = compact.split(separator)
  if (separators.length > 1) {
    // "1,234,567" groups thousands; "1.2.3" is a version or a date, read by its first part.
    return groups.slice(1).every((group) => group.length === 3) ? [Number(groups.join(''))] : [Number(groups[0])]
  }
  const decimalReading = Number(compact.replace(separator, '.'))
  const fraction = groups[1] ?? ''
  // A space-grouped number ("2 490,50") has its thousands already: the separator is decimal.
  const spaceGrouped = /[ \u00A0\u202F]/.test(digits)
  return fraction.length === 3 && !spaceGrouped ? [Number(groups.join('')), decimalReading] : [decimalReading]
}

function currencyBefore(text: string, start: number, dollar: string): { code: string; length: number } | undefined {
  const before = text.slice(Math.max(0, start - 5), start)
  for (const [pattern, code] of CURRENCY_BEFORE) {
    const found = pattern.exec(before)
    if (found !== null) return { code: code === '$' ? dollar : code, length: found[0].length }
  }
  const iso = ISO_BEFORE.exec(before)
  return iso?.[1] !== undefined && ISO_CURRENCIES.has(iso[1]) ? { code: iso[1], length: iso[0].length } : undefined
}

function currencyAfter(rest: string, dollar: string): string | undefined {
  for (const [pattern, code] of CURRENCY_AFTER) if (pattern.test(rest)) return code === '$' ? dollar : code
  const iso = ISO_AFTER.exec(rest)?.[1]
  return iso !== undefined && ISO_CURRENCIES.has(iso) ? iso : undefined
}

function digitNumber(text: string, match: RegExpExecArray, dollar: string, readings?: number[]): TextNumber {
  const digits = match[0]
  const start = match.index
  let end = start + digits.length
  let values = readings ?? readingsOf(digits)
  const prefix = currencyBefore(text, start, dollar)
  let currency = prefix?.code
  // The words right after the number; bounded, so a long page is not copied for every number.
  const next = (): string => text.slice(end, end + LOOKAHEAD)
  const scale = SCALES.find(([pattern]) => pattern.test(next()))
  if (scale !== undefined) {
    const [pattern, factor, scaleCurrency] = scale
    end += pattern.exec(next())?.[0].length ?? 0
    values = [...values, ...values.map((value) => value * factor)]
    currency ??= scaleCurrency
  }
  const percent = PERCENT_AFTER.exec(next())
  if (percent !== null) end += percent[0].length
  currency ??= percent === null ? currencyAfter(next(), dollar) : undefined
  if (percent !== null) values = [...values, ...values.map((value) => value / 100)]
  return {
    values,
    text: text.slice(start - (prefix?.length ?? 0), end).trim(),
    start,
    end,
    percent: percent !== null,
    currency,
    after: text.slice(end, end + AFTER_LENGTH).toLowerCase(),
  }
}

function wordNumbers(text: string): TextNumber[] {
  return [...text.matchAll(NUMBER_WORD_PATTERN)].flatMap((match) => {
    const meaning = NUMBER_WORDS.get(match[0].toLowerCase().replace('-', ' '))
    if (meaning === undefined) return []
    const end = match.index + match[0].length
    return [
      {
        values: meaning.values,
        text: match[0],
        start: match.index,
        end,
        percent: meaning.percent,
        currency: undefined,
        after: text.slice(end, end + AFTER_LENGTH).toLowerCase(),
      },
    ]
  })
}

/** "10–20%" and "$10 to $20": the first number of a range takes the second's percent sign or currency. */
function withRangesCompleted(text: string, numbers: TextNumber[]): TextNumber[] {
  return numbers.map((number, index) => {
    const next = numbers[index + 1]
    if (next === undefined) return number
    const between = text.slice(number.end, next.start)
    if (!/^\s?(?:[-–—]|to|till|och|and)\s?\$?$/iu.test(between)) return number
    const percent = number.percent || next.percent
    const values = percent && !number.percent ? [...number.values, ...number.values.map((value) => value / 100)] : number.values
    return { ...number, values, percent, currency: number.currency ?? next.currency }
  })
}

/** The ways a text names each country's dollars, as whole words ("academic" is not CAD, "audience" not AUD). */
const DOLLAR_NAMES: ReadonlyArray<readonly [string, RegExp]> = [
  ['USD', /(?<![\p{L}])(?:US\$|USD(?![\p{L}])|US dollars?(?![\p{L}])|amerikanska dollar)/iu],
  ['AUD', /(?<![\p{L}])(?:A\$|AU\$|AUD(?![\p{L}])|Australian dollars?(?![\p{L}])|australiska dollar)/iu],
  ['NZD', /(?<![\p{L}])(?:NZ\$|NZD(?![\p{L}])|New Zealand dollars?(?![\p{L}])|nyzeeländska dollar)/iu],
  ['CAD', /(?<![\p{L}])(?:C\$|CA\$|CAD(?![\p{L}])|Canadian dollars?(?![\p{L}])|kanadensiska dollar)/iu],
]

/** What '$' means in this text: the dollars it names when it names only one country's. */
export function dollarOf(text: string): string {
  const named = DOLLAR_NAMES.filter(([, pattern]) => pattern.test(text)).map(([code]) => code)
  return named.length === 1 && named[0] !== undefined ? named[0] : 'USD'
}

/** Every number in the text, in order: digits (with scale, percent and currency), fraction and count words, phrases. */
export function readNumbers(text: string, options: ReadOptions = {}): TextNumber[] {
  const dollar = options.dollar ?? dollarOf(text)
  const digits = [...text.matchAll(NUMBER_PATTERN)].map((match) => digitNumber(text, match, dollar))
  const spaced = [...text.matchAll(SPACED_DIGITS)].map((match) => digitNumber(text, match, dollar, [Number(match[0].replace(/ /g, ''))]))
  const all = [...digits, ...spaced, ...wordNumbers(text), ...phraseNumbers(text)].sort((first, second) => first.start - second.start)
  return withRangesCompleted(text, all)
}
