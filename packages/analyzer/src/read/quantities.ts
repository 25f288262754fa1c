// The read stage's output: each figure the scanner finds (figures.ts) becomes a Quantity with a
// unit — money, hours, calendar periods and the nouns it counts or is per — read from the words
// around it ("per site manager", "each", "à 40 minuter", "milkostnaden", "/gal"), and its
// relations to the figures of its sentence (before→after pairs, "1 in 8", "3x faster").
import type { Quantity, QuantityKind, Relation } from '../model.ts'
import type { Figure, ScanOptions } from './figures-types.ts'
import { scanPage } from './figures.ts'
import { lemma } from './nouns.ts'
import { readMultipliers } from './multipliers.ts'
import { pairMultiplierLevels } from './levels-and-ranges.ts'
import { bareNumbers } from './bare-numbers.ts'
import { normalizeNumbers } from './number-words.ts'
import { pairAcrossConnectors } from './quantities-pairs.ts'
import { readRangesAndShares } from './quantities-ranges-shares.ts'
import { unifyNouns } from './quantities-unify-nouns.ts'
import { unitOf } from './quantities-unit.ts'
import { sentencesOf } from './sentences.ts'

export interface ReadOptions extends ScanOptions {
  readonly language: 'en' | 'sv'
}

const WORD = /[\p{L}][\p{L}\p{N}²³-]*/u

function kindOf(figure: Figure): QuantityKind {
  switch (figure.kind) {
    case 'money':
      return 'money'
    case 'hours':
    case 'minutes':
      return 'duration'
    case 'duration':
      return 'duration'
    case 'percent':
      return 'percent'
    case 'count':
      return 'count'
  }
}

function relationOf(figure: Figure, figures: readonly Figure[], index: number, offset: number): Relation | undefined {
  if (figure.fromValue !== undefined) {
    for (let other = index - 1; other >= 0; other -= 1) {
      if (figures[other]?.flags.includes('fromTo')) return { kind: 'to', from: offset + other }
    }
  }
  if (figure.flags.includes('fromTo')) {
    for (let other = index + 1; other < figures.length; other += 1) {
      if (figures[other]?.fromValue !== undefined) return { kind: 'from', to: offset + other }
    }
  }
  if (figure.flags.includes('points')) return { kind: 'points' }
  if (figure.flags.includes('wordFraction') && /\b(in|av|of|var)\b|\bvarje\b|[:]e\b/i.test(figure.text)) return { kind: 'oneIn' }
  return undefined
}

function flagsOf(figure: Figure): Set<string> {
  const flags = new Set<string>()
  for (const flag of figure.flags) {
    if (flag === 'approximate') flags.add('approximate')
    if (flag === 'threshold' || flag === 'thresholdWord') flags.add('threshold')
    if (flag === 'wordNumber' || flag === 'wordFraction') flags.add('words')
    if (flag === 'example') flags.add('example')
    if (flag === 'range') flags.add('range')
    if (flag === 'wordDecrease') flags.add('decrease')
    if (flag === 'wordIncrease') flags.add('increase')
    if (flag === 'headerPeriod' || flag === 'headerCurrency') flags.add('header')
  }
  return flags
}

/** Every quantity of the pages, in reading order; indices are stable for the later stages. */
export function readQuantities(pages: ReadonlyArray<{ page: number; text: string }>, options: ReadOptions): Quantity[] {
  const quantities: Quantity[] = []
  for (const original of pages) {
    // Numbers in words read as digits; every offset kept maps back to the seller's own words.
    const normalized = normalizeNumbers(original.text)
    const page = { page: original.page, text: normalized.text }
    const back = (offset: number) => normalized.toOriginal(offset)
    const scanned = scanPage(page.page, page.text, options)
    const figures = [...scanned, ...bareNumbers(page.page, page.text, scanned)].sort((a, b) => a.start - b.start)
    const offset = quantities.length
    const sentences = sentencesOf(page.text)
    figures.forEach((figure, index) => {
      const { start: sentenceStart, end: sentenceEnd, index: sentenceIndex } = sentences.around(figure.start)
      const { unit, scale, noun, nounText } = unitOf(figure, { text: page.text, sentenceStart, figures, index })
      const relation = relationOf(figure, figures, index, offset)
      const [start, end, from, to] = [back(figure.start), back(figure.end), back(sentenceStart), back(sentenceEnd)]
      quantities.push({
        index: offset + index,
        kind: kindOf(figure),
        value: figure.value,
        ...(figure.low !== undefined ? { low: figure.low } : {}),
        ...(figure.high !== undefined ? { high: figure.high } : {}),
        ...(figure.currency !== undefined ? { currency: figure.currency } : {}),
        unit,
        scale,
        ...(noun !== undefined ? { noun } : {}),
        ...(nounText !== undefined ? { nounText } : {}),
        ...(relation !== undefined ? { relation } : {}),
        flags: figure.text === original.text.slice(start, end) ? flagsOf(figure) : new Set([...flagsOf(figure), 'words']),
        page: page.page,
        start,
        end,
        text: original.text.slice(start, end),
        sentence: original.text.slice(from, to),
        sentenceStart: from,
        sentenceIndex,
      })
    })
    readRangesAndShares(quantities, offset, page.page, page.text, back, original.text)
    // "6 hours a week per 100 endpoints": the 100 endpoints are a group the time is per, divided by.
    for (let index = offset; index < quantities.length; index += 1) {
      const quantity = quantities[index]
      if (
        quantity?.kind === 'count' &&
        /\b(?:per|för\s+varje|for\s+every)\s+$/iu.test(original.text.slice(Math.max(0, quantity.start - 14), quantity.start))
      ) {
        quantities[index] = { ...quantity, flags: new Set([...quantity.flags, 'group']) }
      }
    }
    pairAcrossConnectors(quantities, offset, original.text)
    for (const multiplier of readMultipliers(original)) {
      // A figure the scanner read inside "3x faster" or "dubbelt så snabbt" is the multiplier itself.
      const overlapping = quantities.findIndex(
        (quantity) => quantity.page === page.page && quantity.start < multiplier.end && multiplier.start < quantity.end,
      )
      if (overlapping >= offset) quantities[overlapping] = { ...multiplier, index: overlapping }
      else quantities.push({ ...multiplier, index: quantities.length })
    }
    pairMultiplierLevels(quantities, offset)
  }
  unifyNouns(quantities, options.language === 'sv')
  return quantities
}

export { lemma, WORD }
