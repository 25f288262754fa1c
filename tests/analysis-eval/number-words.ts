// Number words in English and Swedish for the evaluation's own number reader (text-numbers.ts):
// cardinals with their compounds ("twenty-two", "fyrtiofem"), round counts ("a dozen", "ett
// tiotal"), ordinals as denominators ("a fifth", "var fjärde", "tre fjärdedelar").

const EN_UNITS: Readonly<Record<string, number>> = {
  zero: 0,
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
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
}
const EN_TENS: Readonly<Record<string, number>> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
}
const SV_UNITS: Readonly<Record<string, number>> = {
  noll: 0,
  en: 1,
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
  tretton: 13,
  fjorton: 14,
  femton: 15,
  sexton: 16,
  sjutton: 17,
  arton: 18,
  nitton: 19,
}
const SV_TENS: Readonly<Record<string, number>> = {
  tjugo: 20,
  trettio: 30,
  fyrtio: 40,
  femtio: 50,
  sextio: 60,
  sjuttio: 70,
  åttio: 80,
  nittio: 90,
}
/** Words that are a count by themselves: "a dozen", "ett dussin", "a hundred". */
const ROUND: Readonly<Record<string, number>> = { dozen: 12, dussin: 12, hundred: 100, hundra: 100, score: 20 }

function tensAndUnit(word: string, tens: Readonly<Record<string, number>>, units: Readonly<Record<string, number>>): number | undefined {
  for (const [prefix, value] of Object.entries(tens)) {
    if (word === prefix) return value
    if (!word.startsWith(prefix)) continue
    const rest = word.slice(prefix.length).replace(/^-/, '')
    const unit = units[rest]
    if (unit !== undefined && unit > 0 && unit < 10) return value + unit
  }
  return undefined
}

/** A cardinal number word ("fourteen", "twenty-two", "fyrtiofem", "tiotal", "dussin"), or undefined. */
export function cardinalWord(word: string): number | undefined {
  const lower = word.toLowerCase()
  const direct = EN_UNITS[lower] ?? SV_UNITS[lower] ?? ROUND[lower]
  if (direct !== undefined) return direct
  // "ett tiotal", "ett nittiotal": about ten, about ninety.
  const round = /^(.+)tal$/.exec(lower)
  if (round?.[1] !== undefined && round[1] !== lower) {
    const base = round[1] === 'hundra' ? 100 : (SV_UNITS[round[1]] ?? tensAndUnit(round[1], SV_TENS, SV_UNITS))
    if (base !== undefined && base >= 10) return base
  }
  return tensAndUnit(lower, EN_TENS, EN_UNITS) ?? tensAndUnit(lower, SV_TENS, SV_UNITS)
}

const EN_ORDINALS: Readonly<Record<string, number>> = {
  half: 2,
  halves: 2,
  third: 3,
  fourth: 4,
  quarter: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  twelfth: 12,
  twentieth: 20,
  hundredth: 100,
}
const SV_UNIT_ORDINALS: Readonly<Record<string, number>> = {
  första: 1,
  andra: 2,
  tredje: 3,
  fjärde: 4,
  femte: 5,
  sjätte: 6,
  sjunde: 7,
  åttonde: 8,
  nionde: 9,
}
const SV_ORDINALS: Readonly<Record<string, number>> = {
  ...SV_UNIT_ORDINALS,
  tionde: 10,
  elfte: 11,
  tolfte: 12,
  trettonde: 13,
  fjortonde: 14,
  femtonde: 15,
  sextonde: 16,
  sjuttonde: 17,
  artonde: 18,
  nittonde: 19,
  tjugonde: 20,
  trettionde: 30,
  fyrtionde: 40,
  femtionde: 50,
  hundrade: 100,
}

/** A Swedish ordinal ("fjärde", "tjugofemte") or an English one ("fifth", "quarter"): its number. */
export function ordinalWord(word: string): number | undefined {
  const lower = word.toLowerCase()
  const direct = SV_ORDINALS[lower] ?? EN_ORDINALS[lower] ?? EN_ORDINALS[lower.replace(/s$/, '')]
  if (direct !== undefined) return direct
  for (const [prefix, tens] of Object.entries(SV_TENS)) {
    const unit = lower.startsWith(prefix) ? SV_UNIT_ORDINALS[lower.slice(prefix.length)] : undefined
    if (unit !== undefined) return tens + unit
  }
  return undefined
}

/** A fraction's denominator word: "third(s)", "quarter(s)", "tredjedel(ar)", "fjärdedel", "tiondel". */
export function denominatorWord(word: string): number | undefined {
  const lower = word.toLowerCase()
  const english = EN_ORDINALS[lower] ?? EN_ORDINALS[lower.replace(/s$/, '')]
  if (english !== undefined) return english
  // Swedish: the ordinal and "del" ("femte|del"), its final e dropped ("tion|del" for tionde).
  const stem = /^(.+?)dela?r?$/.exec(lower)?.[1]
  if (stem === undefined) return undefined
  const denominator = SV_ORDINALS[stem] ?? SV_ORDINALS[`${stem}e`] ?? SV_ORDINALS[`${stem}de`]
  return denominator !== undefined && denominator > 1 ? denominator : undefined
}

/** A number written as digits or as a word: "4", "fyra", "twenty-two". */
export function numberOrWord(token: string): number | undefined {
  const digits = Number(token.replace(',', '.'))
  return /^\d/.test(token) && Number.isFinite(digits) ? digits : cardinalWord(token)
}
