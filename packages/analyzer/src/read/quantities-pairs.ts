// Levels paired across connectors: "85 lines/hour today -> 120 lines/hour", "I dag tar det 40
// minuter. Med appen tar det 10." become a before→after pair.
import type { Quantity } from '../model.ts'
import { unicodeWords } from './word-boundary.ts'

// After "to"/"till" only a qualifier may stand before the level: "promenaden till stationen, och en timme …" joins nothing.
const CONNECTOR =
  /^[^\d;.]{0,40}?(?:->|→|=>|➔|\bto\b|\btill\b|\binstead\s+of\b|\bi\s+stället\s+för\b)[^\d;.\p{L}]{0,6}(?:(?:about|around|roughly|approximately|only|just|under|below|over|cirka|ca\.?|ungefär|bara|runt|omkring|endast|knappt|drygt|the|a|an|en|ett)[^\d;.\p{L}]{1,3}){0,2}$/iu

/** "3 hours per client; with our dashboards it's 20 minutes", "I dag tar det 40 minuter. Med appen tar det 10." */
const NEXT_SENTENCE_AFTER =
  /^[^\d]{0,60}(?:[;.!]|\n\s*[•*-]?)\s*(?:but\s+|men\s+)?(?:with|using|after|once|med|efter|när|nu)\b[^\d]{0,50}?(?:it's|it is|that's|that is|takes?|it\s+takes|drops?\s+to|falls?\s+to|goes\s+down\s+to|tar\s+det|tar|blir\s+det|är\s+det|går\s+det\s+ner\s+till|går\s+det\s+ned\s+till|sjunker\s+det\s+till|det)\s*(?:about|only|just|around|roughly|bara|cirka|ca\.?|runt|endast)?\s*$/iu

/** "half an hour per authorization today, ten minutes with our …": the level today, then the level with the offer. */
const TODAY = /^[^\d;.]{0,40}\b(?:today|currently|now|i\s+dag|idag|nu)\b[^\d;.]{0,8}$/iu

/** "Today", "i dag" before the first level of a sentence. */
const TODAY_LEAD = unicodeWords(/\b(?:today|currently|right\s+now|i\s+dag|idag|i\s+nuläget)\b/iu)
/** ", with our scanners", "; med roboten": the means of the change between the two levels. */
const WITH_BETWEEN = /^[^.!?\d]{0,24}[,;]\s*(?:with|using|after|med|efter)\s[^.!?\d]{0,40}$/iu

function sameMeasure(a: Quantity, b: Quantity): boolean {
  if (a.kind !== b.kind || a.currency !== b.currency) return false
  const atoms = (quantity: Quantity) =>
    Object.entries(quantity.unit)
      .filter(([, power]) => power > 0)
      .map(([atom]) => atom)
      .sort()
      .join()
  return atoms(a) === atoms(b)
}

/**
 * "85 lines/hour today -> 120 lines/hour", "4 % to 2.5 %", "cut to 10 minutes": two figures of one
 * measure in one sentence, joined by an arrow or "to", are a before→after pair.
 */
export function pairAcrossConnectors(quantities: Quantity[], from: number, text: string): void {
  for (let index = Math.max(from, 1); index < quantities.length; index += 1) {
    const before = quantities[index - 1]
    const after = quantities[index]
    if (before === undefined || after === undefined || before.relation !== undefined || after.relation !== undefined) continue
    // A bare level ("it's 2") takes the measure of the level it follows.
    const bare = after.kind === 'count' && Object.keys(after.unit).length === 0 && before.kind !== 'count'
    if (before.page !== after.page || (!bare && !sameMeasure(before, after))) continue
    if (before.flags.has('range') || after.flags.has('range')) continue
    const between = text.slice(before.end, after.start)
    const afterWords = text.slice(after.end, after.end + 40)
    const todayThen =
      (TODAY.test(between) && /\b(?:with|using|after|med|efter|once)\b/iu.test(afterWords)) ||
      // "Today we pack 90 orders an hour, with our scanners 120 orders an hour".
      (TODAY_LEAD.test(text.slice(Math.max(before.sentenceStart, before.start - 40), before.start)) && WITH_BETWEEN.test(between))
    const joined =
      before.sentenceIndex === after.sentenceIndex
        ? CONNECTOR.test(between) || todayThen || (between.includes(';') && NEXT_SENTENCE_AFTER.test(between))
        : // A bullet's marker may count as a sentence of its own between the two lines.
          after.sentenceIndex > before.sentenceIndex && after.sentenceIndex <= before.sentenceIndex + 2 && NEXT_SENTENCE_AFTER.test(between)
    if (!joined) continue
    quantities[index - 1] = { ...before, relation: { kind: 'from', to: after.index } }
    quantities[index] = bare
      ? {
          ...after,
          kind: before.kind,
          unit: before.unit,
          scale: before.scale,
          ...(before.currency !== undefined ? { currency: before.currency } : {}),
          relation: { kind: 'to', from: before.index },
        }
      : { ...after, relation: { kind: 'to', from: before.index } }
  }
}
