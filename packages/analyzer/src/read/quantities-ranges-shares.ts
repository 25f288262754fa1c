// Ranges and shares the scanner reads as single figures: "by 18 to 24 percent", "one day in five",
// "2 of every 10", "var tjugonde patient".
import type { Quantity } from '../model.ts'
import { asRange, readBareRanges } from './levels-and-ranges.ts'
import { wordNumber } from './number-words.ts'
import { clausePeriod } from './quantities-clause-periods.ts'
import { sentencesOf } from './sentences.ts'
import { unicodeWords } from './word-boundary.ts'

const numberOf = (word: string | undefined): number | undefined =>
  word === undefined ? undefined : (wordNumber(word) ?? (/^\d+$/.test(word) ? Number(word) : undefined))

const ORDINALS: Readonly<Record<string, number>> = {
  andra: 2,
  tredje: 3,
  fjärde: 4,
  femte: 5,
  sjätte: 6,
  sjunde: 7,
  åttonde: 8,
  nionde: 9,
  tionde: 10,
  elfte: 11,
  tolfte: 12,
  femtonde: 15,
  tjugonde: 20,
  trettionde: 30,
  fyrtionde: 40,
  femtionde: 50,
  hundrade: 100,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  twelfth: 12,
  twentieth: 20,
  fiftieth: 50,
  hundredth: 100,
}

/** "var tjugonde patient", "every fifth call", "var 8:e": a share the scanner has no figure for. */
function readOrdinalShares(quantities: Quantity[], page: number, text: string, back: (offset: number) => number, original: string): void {
  const sentences = sentencesOf(original)
  const pattern = /\b(?:var|varje|every)\s+(?:(\d+)\s*:?\s*(?:e|a|th|st|nd|rd)|([\p{L}]+))\b/giu
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    const whole = match[1] !== undefined ? Number(match[1]) : ORDINALS[(match[2] ?? '').toLowerCase()]
    if (whole === undefined || !(whole > 1)) continue
    const [start, end] = [back(match.index), back(match.index + match[0].length)]
    if (quantities.some((quantity) => quantity.start < end && start < quantity.end)) continue
    const around = sentences.around(start)
    quantities.push({
      page,
      index: quantities.length,
      sentence: original.slice(around.start, around.end),
      sentenceStart: around.start,
      sentenceIndex: around.index,
      kind: 'percent',
      value: 100 / whole,
      unit: {},
      scale: 0.01,
      relation: { kind: 'oneIn' },
      flags: new Set(['words']),
      start,
      end,
      text: original.slice(start, end),
      // "var tionde maskin varje år": a share of each year.
      ...(clausePeriod(original.slice(end, end + 40).split(/[,;.]/u)[0] ?? '') === 'year' ? { unit: { year: -1 } } : {}),
    })
  }
}

/**
 * "cut … by 18 to 24 percent": a percentage written after "X to" is a range from X; "one day in
 * five", "2 of every 10": a share. The figures the scanner read there are rewritten in place.
 */
export function readRangesAndShares(
  quantities: Quantity[],
  from: number,
  page: number,
  text: string,
  back: (offset: number) => number,
  original: string,
): void {
  for (let index = from; index < quantities.length; index += 1) {
    const quantity = quantities[index]
    if (quantity === undefined) continue
    if (quantity.kind === 'percent' && quantity.relation === undefined && !quantity.flags.has('range')) {
      const lead = /(\d+(?:[.,]\d+)?)\s*(?:%|percent|procent)?\s*(?:to|till|–|—|-)\s*$/iu.exec(
        text.slice(Math.max(0, quantity.start - 24), quantity.start),
      )
      const low = lead?.[1] === undefined ? undefined : Number(lead[1].replace(',', '.'))
      if (
        low !== undefined &&
        low < quantity.value &&
        !quantities.some((other) => other.kind === 'percent' && other.value === low && Math.abs(other.end - quantity.start) < 12)
      ) {
        quantities[index] = asRange(quantity, low)
      }
    }
  }
  readBareRanges(quantities, from, original)
  readOrdinalShares(quantities, page, text, back, original)
  const pattern = unicodeWords(
    /\b(one|a|an|\d+|en|ett|två|tre)\s+(?:[\p{L}-]+\s+){0,2}(?:in|of\s+every|out\s+of|av)\s+(two|three|four|five|six|seven|eight|nine|ten|twenty|\d+|två|tre|fyra|fem|sex|sju|åtta|nio|tio)\b/giu,
  )
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    const share = numberOf(match[1])
    const whole = numberOf(match[2])
    if (share === undefined || whole === undefined || whole <= share || whole === 0) continue
    const [start, end] = [back(match.index), back(match.index + match[0].length)]
    const overlapping = quantities.findIndex((quantity, position) => position >= from && quantity.start < end && start < quantity.end)
    const base = quantities[overlapping]
    // "en kostnad av 42 pund": an amount after "av" is what something costs, not a share's whole.
    if (base === undefined || base.kind === 'money') continue
    quantities[overlapping] = {
      ...base,
      kind: 'percent',
      value: (share / whole) * 100,
      unit: {},
      scale: 0.01,
      relation: { kind: 'oneIn' },
      flags: new Set(['words']),
    }
  }
}
