// Multipliers: "3x faster", "three times as fast", "4.2x ROAS", "dubbelt så snabbt", "tre gånger så
// snabbt", "fem gånger snabbare". A factor k on a time makes it 1/k of what it was; on a volume k times.
import type { Quantity } from '../model.ts'
import { sentencesOf } from './sentences.ts'

const WORD_FACTORS: ReadonlyMap<string, number> = new Map([
  ['two', 2],
  ['twice', 2],
  ['double', 2],
  ['three', 3],
  ['thrice', 3],
  ['four', 4],
  ['five', 5],
  ['six', 6],
  ['seven', 7],
  ['eight', 8],
  ['nine', 9],
  ['ten', 10],
  ['två', 2],
  ['dubbelt', 2],
  ['tre', 3],
  ['fyra', 4],
  ['fem', 5],
  ['sex', 6],
  ['sju', 7],
  ['åtta', 8],
  ['nio', 9],
  ['tio', 10],
])

const FACTOR = String.raw`(\d+(?:[.,]\d+)?|two|three|four|five|six|seven|eight|nine|ten|två|tre|fyra|fem|sex|sju|åtta|nio|tio)`
const PATTERNS: ReadonlyArray<RegExp> = [
  new RegExp(
    String.raw`\b${FACTOR}\s?(?:x|×|times|gånger|ggr)\s+(?:as\s+|så\s+)?(faster|quicker|snabbare|fortare|fast|quick|snabbt|fort|more|fler|mer|higher|högre|as many|så många)`,
    'giu',
  ),
  new RegExp(String.raw`\b(twice|dubbelt)\s+(?:as\s+|så\s+)?(fast|quick|snabbt|fort|many|många|much|mycket)`, 'giu'),
  new RegExp(String.raw`\b${FACTOR}\s?(?:x|×)\s*(roas|return|avkastning)`, 'giu'),
]

function factorOf(text: string): number | undefined {
  const lower = text.toLowerCase()
  const word = WORD_FACTORS.get(lower)
  if (word !== undefined) return word
  const value = Number(lower.replace(',', '.'))
  return Number.isFinite(value) && value > 1 && value < 1000 ? value : undefined
}

/**
 * A factor written alone ("the same budget returns 3.4x", "vi når 5,1x"): a level of the ratio a
 * named multiplier states before it. Not "2x per week" or "3x a day" (how often), not "24x7" or "2x4".
 */
const BARE_FACTOR =
  /(?<![\p{L}\p{N}.,])(\d+(?:[.,]\d+)?)\s?[x×](?![\p{L}\p{N}])(?!\s*(?:\/|(?:per|a|an|each|every|i|om|in|varje)\s+\p{L}))/gu

/** Words of the offer bringing the later level: "with us", "under our management", "med oss", "efter". */
const OFFER_LEVEL = /\b(?:with|under|using|after|once|our|we|med|efter|när|vår|våra|vårt|vi)\b/iu

type Reading = Omit<Quantity, 'index'>

/** A later bare factor after a multiplier of the text: the two levels of one ratio, before and after. */
function laterLevels(page: { page: number; text: string }, found: readonly Reading[]): Reading[] {
  const sentences = sentencesOf(page.text)
  const levels: Reading[] = []
  BARE_FACTOR.lastIndex = 0
  for (let match = BARE_FACTOR.exec(page.text); match !== null; match = BARE_FACTOR.exec(page.text)) {
    const [start, end] = [match.index, match.index + match[0].length]
    if (found.some((other) => other.start < end && start < other.end)) continue
    const factor = factorOf(match[1] ?? '')
    const around = sentences.around(start)
    const earlier = [...found, ...levels].filter((other) => other.end <= start && around.index - other.sentenceIndex <= 2)
    const level = earlier[earlier.length - 1]
    const lead = page.text.slice(around.start, start)
    if (factor === undefined || level === undefined || level.value === factor || !OFFER_LEVEL.test(lead)) continue
    levels.push({
      ...level,
      value: factor,
      flags: new Set(['level']),
      start,
      end,
      text: match[0],
      sentence: page.text.slice(around.start, around.end),
      sentenceStart: around.start,
      sentenceIndex: around.index,
    })
  }
  return levels
}

/** The multipliers of a page, as quantities of kind 'multiplier' (their index is set by the reader). */
export function readMultipliers(page: { page: number; text: string }): Array<Omit<Quantity, 'index'>> {
  const found = namedMultipliers(page)
  return [...found, ...laterLevels(page, found)].sort((a, b) => a.start - b.start)
}

function namedMultipliers(page: { page: number; text: string }): Reading[] {
  const found: Reading[] = []
  const sentences = sentencesOf(page.text)
  for (const pattern of PATTERNS) {
    pattern.lastIndex = 0
    for (let match = pattern.exec(page.text); match !== null; match = pattern.exec(page.text)) {
      const factor = factorOf(match[1] ?? '')
      if (factor === undefined) continue
      const word = (match[2] ?? '').toLowerCase()
      const faster = /fast|quick|snabb|fort/.test(word)
      const { start, end, index } = sentences.around(match.index)
      found.push({
        kind: 'multiplier',
        value: factor,
        unit: {},
        scale: 1,
        relation: { kind: 'times', direction: faster ? 'faster' : 'more' },
        flags: new Set(/^\d/.test(match[1] ?? '') ? [] : ['words']),
        page: page.page,
        start: match.index,
        end: match.index + match[0].length,
        text: match[0],
        sentence: page.text.slice(start, end),
        sentenceStart: start,
        sentenceIndex: index,
      })
    }
  }
  return found
}
