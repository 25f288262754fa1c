// The numbers a text states, read on purpose independently of the analyzer's own reader, and
// leniently: an ambiguous "12,500" gives both 12500 and 12.5, "40 900" gives 40900, 40 and 900,
// "var fjärde" gives 25 and 0.25, "$64K–$96K" also gives its midpoint. The evaluation asks it
// "does the text state this figure?" (the labels) and "could this default come from its quote?"
// (invented figures): a false yes costs little there, a false no would blame an honest figure.
import { cardinalWord, denominatorWord, numberOrWord, ordinalWord } from './number-words.ts'

/** Relative difference under which two values are the same figure (a third read as 33 or 33.33). */
export const VALUE_TOLERANCE = 0.015

export function sameValue(a: number, b: number, tolerance = VALUE_TOLERANCE): boolean {
  if (a === b) return true
  return Math.abs(a - b) <= tolerance * Math.max(Math.abs(a), Math.abs(b))
}

const NUMBER = /\d+(?:[ \u00a0\u202f.,'’´]\d+)*/gu
const SEPARATOR = /[ \u00a0\u202f.,'’´]/u
const MULTIPLIER_WORDS =
  'billion|bn|b|miljarder|miljard|million|millions|miljoner|miljon|mn|mio|mkr|msek|m|thousand|tusen|k|tkr|ksek|hundred|hundra'
const MULTIPLIER = new RegExp(`^\\s?(${MULTIPLIER_WORDS})(?![\\p{L}])`, 'iu')
const MULTIPLIERS: Readonly<Record<string, number>> = {
  billion: 1e9,
  bn: 1e9,
  b: 1e9,
  miljarder: 1e9,
  miljard: 1e9,
  million: 1e6,
  millions: 1e6,
  miljoner: 1e6,
  miljon: 1e6,
  mn: 1e6,
  mio: 1e6,
  mkr: 1e6,
  msek: 1e6,
  m: 1e6,
  thousand: 1e3,
  tusen: 1e3,
  k: 1e3,
  tkr: 1e3,
  ksek: 1e3,
  hundred: 100,
  hundra: 100,
}
/** "8 cents", "4¢", "85 öre": a hundredth of the currency. */
const SUB_UNIT = /^\s?(?:cents?|c|öre|¢)(?![\p{L}])/iu

const multiplierAt = (text: string): number | undefined => {
  const word = MULTIPLIER.exec(text)?.[1]
  return word === undefined ? undefined : MULTIPLIERS[word.toLowerCase()]
}

function digitsReadings(token: string): number[] {
  const groups = token.split(SEPARATOR)
  const separators = [...token.matchAll(new RegExp(SEPARATOR.source, 'gu'))].map((match) => match[0])
  if (groups.length === 1) return [Number(token)]
  const readings: number[] = []
  if (groups.slice(1).every((group) => group.length === 3)) readings.push(Number(groups.join('')))
  const last = separators.at(-1)
  if (last === '.' || last === ',') readings.push(Number(`${groups.slice(0, -1).join('')}.${groups.at(-1) ?? ''}`))
  // A PDF may space out a cell's digits ("5 0 %"): spaces alone may join any groups.
  if (separators.every((separator) => /\s/u.test(separator))) readings.push(Number(groups.join('')))
  // Figures set side by side ("40 900") are also two figures.
  if (separators.some((separator) => /\s/u.test(separator))) {
    for (const part of token.split(/[ \u00a0\u202f]/u)) if (part !== token) readings.push(...digitsReadings(part))
  }
  return readings.filter((value) => Number.isFinite(value))
}

/** Digits with their multiplier ("2,4 mkr", "$1.8M", "110k"), sub-unit ("8 cents") and "½". */
function digitNumbers(text: string): number[] {
  const values: number[] = []
  for (const match of text.matchAll(NUMBER)) {
    const readings = digitsReadings(match[0])
    values.push(...readings)
    const after = text.slice(match.index + match[0].length)
    const factor = multiplierAt(after)
    if (factor !== undefined) values.push(...readings.map((value) => value * factor))
    if (SUB_UNIT.test(after)) values.push(...readings.map((value) => value / 100))
    if (/^\s?½/u.test(after)) values.push(...readings.map((value) => value + 0.5))
  }
  if (text.includes('½')) values.push(0.5)
  return values
}

const RANGE_END = String.raw`(\d+(?:[.,]\d+)?)(\s?(?:${MULTIPLIER_WORDS})(?![\p{L}]))?`
const RANGE = new RegExp(`${RANGE_END}\\s*(?:-|–|—|to|till|och|and)\\s*[$£€]?\\s*${RANGE_END}`, 'giu')

/** "18 to 24 percent", "mellan 70 och 100 tkr", "$64K–$96K": both ends scaled, and the midpoint. */
function rangeNumbers(text: string): number[] {
  const values: number[] = []
  for (const match of text.matchAll(RANGE)) {
    const low = Number((match[1] ?? '').replace(',', '.'))
    const high = Number((match[3] ?? '').replace(',', '.'))
    const highFactor = multiplierAt(match[4] ?? '') ?? 1
    const lowFactor = multiplierAt(match[2] ?? '') ?? highFactor
    values.push(low * lowFactor, high * highFactor, (low * lowFactor + high * highFactor) / 2, (low + high) / 2)
  }
  return values
}

// Whole words only: "en halv tjänst", "ett halvt år", "har halverat", "halveringen"; the Swedish
// verbs in every tense, as writers use them.
const HALF_WORDS = new Set([
  'half',
  'halves',
  'halve',
  'halved',
  'halving',
  'hälften',
  'halv',
  'halvt',
  'halva',
  'halvera',
  'halverar',
  'halveras',
  'halverad',
  'halverat',
  'halverats',
  'halverade',
  'halverades',
  'halvering',
  'halveringen',
])
const DOUBLE_WORDS = new Set([
  'double',
  'doubles',
  'doubled',
  'doubling',
  'twice',
  'dubbelt',
  'dubblar',
  'fördubbla',
  'fördubblar',
  'fördubblas',
  'fördubblat',
  'fördubblats',
  'fördubblade',
  'fördubblades',
  'fördubbling',
])
const TRIPLE_WORDS = new Set([
  'triple',
  'triples',
  'tripled',
  'tredubbla',
  'tredubblar',
  'tredubblat',
  'tredubblats',
  'tredubblade',
  'tredubblades',
])
const ONE = new Set(['a', 'an', 'one', 'en', 'ett'])

const HUNDRED_WORDS = new Set(['hundred', 'hundra'])

/** "seven hundred and eighty", "tre hundra femtio": the hundreds with the tens and units after them. */
function hundredsAt(words: readonly string[], index: number): number | undefined {
  const count = cardinalWord(words[index] ?? '')
  if (count === undefined || count < 1 || count > 99 || !HUNDRED_WORDS.has(words[index + 1] ?? '')) return undefined
  const restAt = ['and', 'och'].includes(words[index + 2] ?? '') ? index + 3 : index + 2
  const rest = cardinalWord(words[restAt] ?? '')
  return count * 100 + (rest !== undefined && rest < 100 ? rest : 0)
}

/** Cardinals ("fourteen", "fyrtiofem", "fyra miljoner"), fractions ("two thirds", "tre fjärdedelar"), halves, doubles. */
function wordNumbers(text: string): number[] {
  const values: number[] = []
  const words = text.toLowerCase().match(/[\p{L}]+(?:-[\p{L}]+)*/gu) ?? []
  words.forEach((word, index) => {
    const previous = index > 0 ? words[index - 1] : undefined
    // "twenty-two" as a whole, "six-monthly" by its parts.
    const cardinal =
      cardinalWord(word) ??
      word
        .split('-')
        .map(cardinalWord)
        .find((part) => part !== undefined)
    if (cardinal !== undefined) {
      values.push(cardinal)
      const factor = multiplierAt(` ${words[index + 1] ?? ''}`)
      if (factor !== undefined) values.push(cardinal * factor)
    }
    const hundreds = hundredsAt(words, index)
    if (hundreds !== undefined) values.push(hundreds)
    if (HALF_WORDS.has(word)) values.push(50, 0.5)
    if (DOUBLE_WORDS.has(word)) values.push(2, 100)
    if (TRIPLE_WORDS.has(word)) values.push(3, 200)
    const denominator = denominatorWord(word)
    if (denominator !== undefined) {
      const numerator = previous === undefined || ONE.has(previous) ? 1 : (cardinalWord(previous) ?? 1)
      if (numerator < denominator) values.push((100 * numerator) / denominator, numerator / denominator)
    }
  })
  return values
}

const NUMERAL = String.raw`(\d+(?:[.,]\d+)?|[\p{L}]+(?:-[\p{L}]+)?)`
// "1 in 8", "1-in-25", "four out of five", "one day in five", "två fall av tre". A lookahead, so
// that a word before the numeral ("reclaim four out of five") cannot take the numeral with it.
const ONE_IN = new RegExp(
  String.raw`(?<![\p{L}\d])(?=${NUMERAL}(?![\p{L}\d])(?:\s+[\p{L}]+)?\s*-?\s*(?<![\p{L}])(?:in|out of|of|av|på)(?![\p{L}])\s*-?\s*${NUMERAL}(?![\p{L}\d]))`,
  'giu',
)
const EVERY = /(?<![\p{L}])(?:var|every)\s+(\d+):?e?(?![\p{L}\d])|(?<![\p{L}])(?:var|every)\s+([\p{L}]+)/giu
const AND_A_HALF = /(?<![\p{L}\d])(\d+|[\p{L}]+)(?:\s+(?:hours?|timmar|timme))?\s+(?:and a half|och en halv|och ett halvt)(?![\p{L}])/giu
const HOURS_MINUTES = /(\d+)\s*h\s*(\d+)\s*m(?:in)?(?![\p{L}])/giu
const KVART = /(?:(?<![\p{L}\d])(\d+|[\p{L}]+)\s+)?kvart(?![\p{L}])/giu

/** "1 in 8", "four out of five", "8 av 10", "var fjärde", "every 400th", "varannan": the share. */
function shareNumbers(text: string): number[] {
  const values: number[] = []
  for (const match of text.matchAll(ONE_IN)) {
    const part = numberOrWord((match[1] ?? '').toLowerCase())
    const whole = numberOrWord((match[2] ?? '').toLowerCase())
    if (part !== undefined && whole !== undefined && part > 0 && part < whole) values.push((100 * part) / whole, part / whole)
  }
  for (const match of text.matchAll(EVERY)) {
    const word = (match[2] ?? '').toLowerCase()
    const every = match[1] !== undefined ? Number(match[1]) : /^(?:other|second)$/.test(word) ? 2 : ordinalWord(word)
    if (every !== undefined && every > 1) values.push(100 / every, 1 / every)
  }
  if (/varannan|varannat/iu.test(text)) values.push(50, 0.5)
  return values
}

/** "an hour and a half", "en och en halv", "1h45m", "en kvart", "tre kvart", "half an hour": hours and minutes. */
function durationNumbers(text: string): number[] {
  const values: number[] = []
  for (const match of text.matchAll(AND_A_HALF)) {
    const first = (match[1] ?? '').toLowerCase()
    const whole = ONE.has(first) ? 1 : numberOrWord(first)
    if (whole !== undefined) values.push(whole + 0.5, (whole + 0.5) * 60)
  }
  for (const match of text.matchAll(HOURS_MINUTES)) {
    const hours = Number(match[1]) + Number(match[2]) / 60
    values.push(hours, hours * 60)
  }
  for (const match of text.matchAll(KVART)) {
    const count = match[1] === undefined ? 1 : (numberOrWord(match[1].toLowerCase()) ?? 1)
    values.push(count * 15, count * 0.25)
  }
  if (/half an hour|halvtimme|quarter of an hour/iu.test(text)) values.push(0.5, 30, 15, 0.25)
  return values
}

/** Every number the text states, in every reading its format allows. */
export function statedNumbers(text: string): number[] {
  const values = [...digitNumbers(text), ...rangeNumbers(text), ...wordNumbers(text), ...shareNumbers(text), ...durationNumbers(text)]
  return [...new Set(values.filter((value) => Number.isFinite(value)))]
}

/** The text states `value` (within the tolerance) in some reading. */
export function statesValue(text: string, value: number): boolean {
  return statedNumbers(text).some((stated) => sameValue(stated, value))
}

/**
 * What a converted input's note names: "21 NOK ≈ 19.95 SEK (1 NOK = 0.95 SEK)", "£38 ≈ $48.26":
 * every reading of the amount before each "≈" (the original, as the text wrote it) and the
 * first number after it (the converted default).
 */
export function conversionsIn(note: string): Array<{ readonly originals: readonly number[]; readonly converted: number }> {
  const parts = note.split('≈')
  const found: Array<{ originals: number[]; converted: number }> = []
  for (let index = 1; index < parts.length; index += 1) {
    const before = (parts[index - 1] ?? '').split(/[;()]/u).at(-1) ?? ''
    const converted = /-?\d+(?:[ \u00a0\u202f]\d{3})*(?:[.,]\d+)?/u.exec(parts[index] ?? '')?.[0]
    const originals = statedNumbers(before)
    if (converted === undefined || originals.length === 0) continue
    found.push({ originals, converted: Number(converted.replace(/[ \u00a0\u202f]/gu, '').replace(',', '.')) })
  }
  return found
}
