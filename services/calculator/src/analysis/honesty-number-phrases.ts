// Numbers a text writes as phrases, for the honesty checks' reader (honesty-numbers.ts): shares
// ("1 in 8", "two in three", "var femte", "every tenth", "a fifth"), compound number words
// ("forty-five", "fyrtiofem", "fyra miljoner"), halves and quarters of an hour ("an hour and a
// half", "fyra och en halv", "tre kvart"), clock-style durations ("1h45m") and öre. The checker
// keeps its own reader so that it does not share the bugs of the analyzer it checks (decision 096).
import type { TextNumber } from './honesty-numbers.ts'

const UNITS_EN: Readonly<Record<string, number>> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9 }
const UNITS_SV: Readonly<Record<string, number>> = { en: 1, ett: 1, två: 2, tre: 3, fyra: 4, fem: 5, sex: 6, sju: 7, åtta: 8, nio: 9 }
const TEENS: Readonly<Record<string, number>> = {
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  tretton: 13,
  fjorton: 14,
  femton: 15,
  sexton: 16,
  sjutton: 17,
  arton: 18,
  nitton: 19,
}
const TENS_EN: Readonly<Record<string, number>> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
}
const TENS_SV: Readonly<Record<string, number>> = {
  tjugo: 20,
  trettio: 30,
  fyrtio: 40,
  femtio: 50,
  sextio: 60,
  sjuttio: 70,
  åttio: 80,
  nittio: 90,
}
/** Ordinals that name a share: "every fifth" (20 %), "var tjugonde" (5 %). */
const ORDINALS: Readonly<Record<string, number>> = {
  other: 2,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  twentieth: 20,
  andra: 2,
  tredje: 3,
  fjärde: 4,
  femte: 5,
  sjätte: 6,
  sjunde: 7,
  åttonde: 8,
  nionde: 9,
  tionde: 10,
  tolfte: 12,
  femtonde: 15,
  tjugonde: 20,
  femtionde: 50,
  hundrade: 100,
}
/** Fractions written as words: "a fifth", "en tiondel". */
const FRACTIONS: Readonly<Record<string, number>> = {
  fifth: 5,
  sixth: 6,
  tenth: 10,
  femtedel: 5,
  femtedelar: 5,
  sjättedel: 6,
  tiondel: 10,
  tiondelar: 10,
}

const SMALL: Readonly<Record<string, number>> = {
  ...UNITS_EN,
  ...UNITS_SV,
  ...TEENS,
  a: 1,
  an: 1,
  ten: 10,
  tio: 10,
  eleven: 11,
  elva: 11,
  twelve: 12,
  tolv: 12,
}

const alternatives = (words: Iterable<string>): string => [...words].sort((a, b) => b.length - a.length).join('|')

/** "forty-five", "forty five", "fyrtiofem", "fyrtio": tens and an optional unit. */
const COMPOUND = new RegExp(
  `(?<![\\p{L}])(${alternatives(Object.keys(TENS_EN))})(?:[- ](${alternatives(Object.keys(UNITS_EN))}))?(?![\\p{L}])|(?<![\\p{L}])(${alternatives(Object.keys(TENS_SV))})(${alternatives(Object.keys(UNITS_SV))})?(?![\\p{L}])|(?<![\\p{L}])(${alternatives(Object.keys(TEENS))})(?![\\p{L}])`,
  'giu',
)
const SMALL_WORD = `\\d+(?:[.,]\\d+)?|${alternatives(Object.keys(SMALL))}|${alternatives([...Object.keys(TENS_EN), ...Object.keys(TENS_SV)])}`
/** "1 in 8", "one in six", "two out of three", "två av tre", "i två fall av tre". */
const ONE_IN = new RegExp(
  `(?<![\\p{L}\\d])(${SMALL_WORD})\\s+(?:in|of|out of|of every|av|fall av|på)\\s+(${SMALL_WORD})(?![\\p{L}\\d])`,
  'giu',
)
/** "var femte", "varje tionde", "every fifth", "var 8:e". */
const EVERY = new RegExp(`(?<![\\p{L}])(?:var|varje|every)\\s+(?:(${alternatives(Object.keys(ORDINALS))})|(\\d+):e)(?![\\p{L}])`, 'giu')
/** "a fifth", "one tenth", "en femtedel", "quarter of". */
const FRACTION = new RegExp(`(?<![\\p{L}])(?:(?:a|one|en)\\s+(${alternatives(Object.keys(FRACTIONS))})|(quarter)\\s+of)(?![\\p{L}])`, 'giu')
/** "an hour and a half", "four and a half", "en och en halv", "fyra och en halv", "halvannan". */
const AND_A_HALF = new RegExp(
  `(?<![\\p{L}])(?:(${SMALL_WORD})(?:\\s+(?:hours?|timmar|timme))?\\s+(?:and a half|och en halv|och ett halvt)|(halvannan))(?![\\p{L}])`,
  'giu',
)
/** "en kvart", "tre kvart", "en halvtimme". */
const QUARTER_HOUR = /(?<![\p{L}])(?:(en|tre)\s+kvart|(en)\s+halvtimme)(?![\p{L}])/giu
/** "1h45m", "1 h 45 min", "2h30". */
const CLOCK = /(?<![\p{L}\d])(\d{1,2})\s?h\s?(\d{1,2})\s?(?:m|min)?(?![\p{L}\d])/giu
/** "85 öre": hundredths of a krona. */
const ORE = /(?<![\p{L}\d.,])(\d{1,3})\s?öre(?![\p{L}])/giu
/** A word count with a scale after it: "fyra miljoner", "two million". */
const WORD_SCALE = new RegExp(`(?<![\\p{L}])(${SMALL_WORD})\\s+(million|millions|miljon|miljoner|thousand|tusen)(?![\\p{L}])`, 'giu')

function wordValue(word: string): number | undefined {
  const lower = word.toLowerCase()
  if (/^\d/.test(lower)) return Number(lower.replace(',', '.'))
  if (SMALL[lower] !== undefined) return SMALL[lower]
  COMPOUND.lastIndex = 0
  const compound = COMPOUND.exec(lower)
  return compound === null ? undefined : compoundValue(compound)
}

function compoundValue(match: RegExpExecArray): number | undefined {
  const [, tensEn, unitEn, tensSv, unitSv, teen] = match
  if (teen !== undefined) return TEENS[teen.toLowerCase()]
  const tens = tensEn !== undefined ? TENS_EN[tensEn.toLowerCase()] : tensSv !== undefined ? TENS_SV[tensSv.toLowerCase()] : undefined
  if (tens === undefined) return undefined
  const unit = unitEn !== undefined ? UNITS_EN[unitEn.toLowerCase()] : unitSv !== undefined ? UNITS_SV[unitSv.toLowerCase()] : 0
  return tens + (unit ?? 0)
}

function found(text: string, match: RegExpExecArray, values: number[], extra: Partial<TextNumber> = {}): TextNumber {
  const end = match.index + match[0].length
  return {
    values,
    text: match[0],
    start: match.index,
    end,
    percent: false,
    currency: undefined,
    after: text.slice(end, end + 40).toLowerCase(),
    ...extra,
  }
}

const share = (part: number, whole: number): number[] => [(part / whole) * 100, part / whole]

/** Every number the text writes as a phrase (the plain digits and single words are read elsewhere). */
export function phraseNumbers(text: string): TextNumber[] {
  const numbers: TextNumber[] = []
  for (const match of text.matchAll(COMPOUND)) {
    const value = compoundValue(match)
    if (value !== undefined) numbers.push(found(text, match, [value]))
  }
  for (const match of text.matchAll(ONE_IN)) {
    const part = wordValue(match[1] ?? '')
    const whole = wordValue(match[2] ?? '')
    if (part !== undefined && whole !== undefined && part > 0 && part < whole && whole <= 1000) {
      numbers.push(found(text, match, share(part, whole), { percent: true }))
    }
  }
  for (const match of text.matchAll(EVERY)) {
    const whole = match[1] !== undefined ? ORDINALS[match[1].toLowerCase()] : Number(match[2])
    if (whole !== undefined && whole > 1) numbers.push(found(text, match, share(1, whole), { percent: true }))
  }
  for (const match of text.matchAll(FRACTION)) {
    const whole = match[2] !== undefined ? 4 : FRACTIONS[(match[1] ?? '').toLowerCase()]
    if (whole !== undefined) numbers.push(found(text, match, share(1, whole), { percent: true }))
  }
  for (const match of text.matchAll(AND_A_HALF)) {
    const whole = match[2] !== undefined ? 1 : wordValue(match[1] ?? '')
    if (whole !== undefined) numbers.push(found(text, match, [whole + 0.5, (whole + 0.5) * 60]))
  }
  for (const match of text.matchAll(QUARTER_HOUR)) {
    const minutes = match[2] !== undefined ? 30 : match[1]?.toLowerCase() === 'tre' ? 45 : 15
    numbers.push(found(text, match, [minutes, minutes / 60]))
  }
  for (const match of text.matchAll(CLOCK)) {
    const hours = Number(match[1]) + Number(match[2]) / 60
    numbers.push(found(text, match, [hours, hours * 60]))
  }
  for (const match of text.matchAll(ORE)) {
    numbers.push(found(text, match, [Number(match[1]), Number(match[1]) / 100], { currency: 'SEK' }))
  }
  for (const match of text.matchAll(WORD_SCALE)) {
    const count = wordValue(match[1] ?? '')
    const scale = /^(?:thousand|tusen)$/iu.test(match[2] ?? '') ? 1e3 : 1e6
    if (count !== undefined && !/^\d/.test(match[1] ?? '')) numbers.push(found(text, match, [count * scale]))
  }
  return numbers
}
