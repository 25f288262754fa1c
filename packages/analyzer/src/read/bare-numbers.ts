// Numbers the figure scanner passes over because it knows no unit for them ("280 g", "37 pages in
// a CMS", "a 5-practice group"): a count of the word that follows, when that word is a noun and the
// number is no year, date, time, phone number or identifier.
import type { Figure } from './figures-types.ts'
import { readMultiplier } from './figures-currency.ts'
import { readNumber } from './number-format.ts'

const NOT_AFTER =
  /^(?:and|or|to|till|och|eller|of|av|in|i|on|på|per|at|from|från|för|for|the|a|an|en|ett|is|är|are|was|var|%|procent|percent|x|gånger|times)$/iu

/** Figures for the bare numbers of a page that no scanned figure covers. */
export function bareNumbers(page: number, text: string, covered: ReadonlyArray<{ start: number; end: number }>): Figure[] {
  const figures: Figure[] = []
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index] ?? ''
    if (char < '0' || char > '9') continue
    const previous = text[index - 1] ?? ' '
    if (/[\p{L}\d.,:/#-]/u.test(previous)) {
      // Part of a word, a code or another number: skip to its end.
      while (/[\d]/.test(text[index + 1] ?? '')) index += 1
      continue
    }
    const reading = readNumber(text, index)
    if (reading === undefined) continue
    // "1.1 million m³", "2 miljoner kWh": the multiplier word belongs to the number, the noun follows it.
    const multiplier = readMultiplier(text, reading.end)
    const scale = multiplier !== undefined && !multiplier.sek && /^\s/u.test(text.slice(reading.end)) ? multiplier : undefined
    const end = scale?.end ?? reading.end
    const raw = text.slice(index, end)
    const value = reading.value * (scale?.factor ?? 1)
    index = Math.max(index, end - 1)
    if (covered.some((figure) => figure.start <= index && index < figure.end)) continue
    if (reading.leadingZero || reading.dotted || reading.value <= 0) continue
    const after = text.slice(end, end + 40)
    if (/^\s*[:/\-–.]\s*\d/.test(after) || /^[\p{L}]/u.test(after)) continue
    if (!reading.grouped && Number.isInteger(reading.value) && reading.value >= 1900 && reading.value <= 2100) continue
    const noun = /^[\s-]*([\p{L}][\p{L}²³-]*)/u.exec(after)
    const word = noun?.[1]
    // "it's 2.", "tar det 3": a level with no unit of its own, which a pair gives it later.
    const closing =
      /(?:it's|it is|takes|down to|instead of|rather than|compared (?:to|with)|will do|are enough|suffice|tar det|är det|blir det|det är|ner till|i stället för|istället för|jämfört med|räcker(?: det)?(?: med)?)\s+(?:about|only|just|bara|cirka|ca)?\s*$/iu.test(
        text.slice(Math.max(0, index - 24), end - raw.length),
      )
    if (closing && /^\s*[.;,)]/.test(after)) {
      figures.push({ kind: 'count', value, page, start: end - raw.length, end, text: raw, flags: [] })
      continue
    }
    if (word === undefined || NOT_AFTER.test(word) || word.length < 1) continue
    const wordEnd = end + (noun?.[0].length ?? 0)
    // "8-hour days", "10-timmarspass": hours for each day or shift.
    const hours = /^-(?:hours?|timmars?)/iu.test(after)
      ? /^[\p{L}-]*\s+(days?|shifts?|dagar|pass|skift)\b/iu.exec(text.slice(wordEnd))
      : null
    if (hours !== null) {
      figures.push({
        kind: 'hours',
        value,
        page,
        start: end - raw.length,
        end: wordEnd,
        text: text.slice(end - raw.length, wordEnd),
        flags: [],
        ...(/^(days?|dagar)$/iu.test(hours[1] ?? '') ? { per: 'day' as const } : {}),
      })
      continue
    }
    figures.push({
      kind: 'count',
      value: (reading.thousandsValue ?? reading.value) * (scale?.factor ?? 1),
      noun: word,
      page,
      start: end - raw.length,
      end: wordEnd,
      text: text.slice(end - raw.length, wordEnd),
      flags: [],
    })
  }
  return figures.map((figure) => ({ ...figure, start: figure.end - figure.text.length }))
}
