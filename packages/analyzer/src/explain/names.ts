// A calculator's name says the value it shows, in its language: "Time saved for site managers",
// "Sänkta kostnader för lastbilar" — from the model's first stream and the figures it uses. It
// becomes the proposal's title, so whatever made it, it is a short title: never a document's address
// block, contact line or form label, a person's name alone or a bare "ROI Calculator".
import type { ComposedModel } from '../compose/compose.ts'
import type { AnalysisInput } from '../types.ts'
import type { Input } from './inputs.ts'
import { thingOf } from './labels.ts'
import { explainTexts } from './texts.ts'

const AND = { en: 'and', sv: 'och' } as const
/** A word that names a change or a total, not a thing the value is about ("net", "reduction", "besparing"). */
const CHANGE_WORD =
  /^(?:net|gross|total|reduction|decrease|increase|saving|savings|cost|costs|change|share|rate|uplift|netto|brutto|totalt|minskning|ökning|besparing|kostnad|kostnader|andel)$/iu

/** Words a noun phrase does not start with: a thing read from the middle of a sentence. */
const MID_PHRASE = /^(?:as|some|of|to|in|on|at|by|for|with|than|and|or|som|av|för|med|till|på|i|och|eller)(?![\p{L}])/iu

export function calculatorNameFor(model: ComposedModel, inputs: readonly Input[], analysis: AnalysisInput): string {
  const texts = explainTexts(analysis.language)
  const [stream] = model.streams
  if (stream === undefined) return texts.namePrefix.generic
  const refs = [...stream.effect, ...stream.chain.map((factor) => factor.ref)]
  const quantities = refs
    .flatMap((ref) => (typeof ref === 'number' ? [model.quantities[ref]?.quantity] : []))
    .filter((quantity) => quantity !== undefined)
  const time = quantities.some((quantity) => quantity.kind === 'duration' && (quantity.unit.hour ?? 0) > 0)
  const kind = stream.valueType === 'gain' ? texts.namePrefix.revenue : time ? texts.namePrefix.time : texts.namePrefix.cost
  // The thing the customer counts most of in the chain: its people, trucks, stores.
  const counted = quantities
    .filter((quantity) => quantity.kind === 'count' && quantity.nounText !== undefined)
    .sort((a, b) => b.value - a.value)
  // A count of things, per period or not ("18 000 sidor i månaden"), never a rate of one thing per another.
  const plain = counted.filter((quantity) =>
    Object.entries(quantity.unit).every(([atom, power]) => power > 0 || ['day', 'week', 'month', 'quarter', 'year'].includes(atom)),
  )
  const subject = counted.find((quantity) => quantity.unit.person !== undefined) ?? plain[0]
  // Lower case unless the seller wrote an acronym ("FTE", "SKU").
  const nounText =
    subject?.nounText === undefined
      ? undefined
      : subject.nounText.replace(/\p{L}+/gu, (word) => (/^\p{Lu}{2,}s?$/u.test(word) ? word : word.toLowerCase()))
  void inputs
  if (nounText !== undefined && nounText.length <= 40) return calculatorTitle(`${kind} ${texts.forWord} ${nounText}`, kind)
  // No one counted: what the streams are about ("Cost savings for in-house cleaners and sick days").
  const things = [...model.streams]
    .sort((a, b) => b.yearly - a.yearly)
    .map((each) =>
      [...each.effect, ...each.chain.map((factor) => factor.ref)].map((ref) =>
        typeof ref === 'number' ? model.quantities[ref] : undefined,
      ),
    )
    .map((entries) =>
      entries.map((entry) => (entry === undefined ? undefined : thingOf(entry))).find((thing) => thing !== undefined && thing.length <= 30),
    )
    // A change word ("net", "reduction") or words that start mid-phrase ("as some") name nothing: the kind alone says more.
    .filter((thing): thing is string => thing !== undefined && !CHANGE_WORD.test(thing) && !MID_PHRASE.test(thing))
  const distinct = [...new Set(things)].slice(0, 2)
  return distinct.length === 0 ? kind : calculatorTitle(`${kind} ${texts.forWord} ${distinct.join(` ${AND[analysis.language]} `)}`, kind)
}

/** A title's length at most, cut at a word: it heads the proposal and fits a card. */
export const MAX_TITLE = 60

/** A form label and its colon ("Job Address:", "Attn:", "Quote #:", "Datum:"): one to three words of letters. */
const LABEL = /(?:^|\s)((?:\p{L}[\p{L}'’.&/-]*\s+){0,2}\p{L}[\p{L}'’.&/-]*\s*#?)\s*:(?=\s|$)/gu
/** Labels whose value says what the offer is, so the value can be the title ("Subject: Website redesign"). */
const SUBJECT_LABEL =
  /^(?:subject|re|regarding|project|project name|title|offer|proposal|proposal for|quote for|ämne|angående|avser|projekt|uppdrag|rubrik|erbjudande|offert avser)$/iu
/** A street address, a post box or a postcode: a line of an address block. */
const ADDRESS =
  /\b\d{1,5}\s+(?:\p{L}+\s+){0,3}(?:street|st|road|rd|avenue|ave|boulevard|blvd|lane|ln|drive|dr|way|court|ct|place|pl|highway|hwy|suite|ste)\b\.?|\b\p{L}+(?:gatan|vägen|gata|väg|gränd|torget|plan|allén)\s+\d|\b(?:p\.?\s?o\.?\s?box|box\s+\d)|\b\d{3}\s\d{2}\s+\p{Lu}|\b\p{Lu}{2}\s+\d{5}(?:-\d{4})?\b/iu
/** A contact line: an e-mail address, a web address or a telephone number. */
const CONTACT = /@|\bhttps?:\/\/|\bwww\.|\+?\d[\d\s().-]{7,}\d/iu
/** A reference or a date: "Quote #123", "Offertnummer 2024-118", "No. 45", "2025-03-01", "3/14/2025". */
const REFERENCE = /#\s?\d|\b\p{L}*(?:number|nummer|nr|no)\.?\s*\d|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}[./]\d{1,2}[./]\d{2,4}\b/iu
/** A person's name with a courtesy title ("Mr. Olsen", "Dr Jane Roe"). */
const TITLED_PERSON = /^(?:mr|mrs|ms|dr|prof|herr|fru)\.?\s+\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’.-]*){0,2}$/iu
/** Two or three capitalised words and nothing else: a person's name when it stands alone ("Dana Whitlock"). */
const NAME_SHAPED = /^\p{Lu}\p{Ll}+(?:\s+(?:\p{Lu}\.|\p{Lu}\p{Ll}+)){1,2}$/u
/** A name that says nothing but "calculator". */
const BARE = /^(?:(?:roi|value|värde)[\s-]*)?(?:calculator|kalkylator|kalkyl)$/iu

/** The parts of a line that may name the offer: the text before any label, and the values of subject labels. */
function namingParts(line: string): string[] {
  const labels = [...line.matchAll(LABEL)]
  const first = labels[0]
  if (first === undefined) return [line]
  const parts = [line.slice(0, first.index)]
  labels.forEach((label, index) => {
    const start = (label.index ?? 0) + label[0].length
    const end = labels[index + 1]?.index ?? line.length
    const name = (label[1] ?? '').replace(/\s*#$/u, '').trim()
    if (SUBJECT_LABEL.test(name)) parts.push(line.slice(start, end))
  })
  return parts
}

function namesTheOffer(part: string): boolean {
  return (
    /\p{L}{2}/u.test(part) &&
    !ADDRESS.test(part) &&
    !CONTACT.test(part) &&
    !REFERENCE.test(part) &&
    !TITLED_PERSON.test(part) &&
    !BARE.test(part)
  )
}

/** `text` cut at a word to at most `max` characters, without a dangling joining word or mark. */
function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max + 1).replace(/\s+\S*$/u, '')
  return cut.replace(/(?:\s+(?:and|or|of|for|the|a|an|to|with|och|eller|av|för|med|till|i|på))+$/iu, '').replace(/[\s,;:–—-]+$/u, '')
}

/**
 * A short, clean title from a name that may hold a document's heading lines: the parts that name the
 * offer (and the customer), without address blocks, contact or reference lines, form labels or a
 * person's name alone, at most MAX_TITLE characters; `fallback` when no part is left.
 */
export function calculatorTitle(name: string, fallback: string): string {
  const parts = name
    .split(/\n|\s+[—–|·]\s+|;\s+/u)
    .flatMap(namingParts)
    .map((part) => part.replace(/\s+/gu, ' ').replace(/^[\s,.:;–—-]+|[\s,:;–—-]+$/gu, ''))
    .filter(namesTheOffer)
  const [first, ...rest] = parts
  // A customer beside the offer may be two capitalised words; alone, such words are a person's name.
  if (first === undefined || (rest.length === 0 && NAME_SHAPED.test(first))) return cutAtWord(fallback, MAX_TITLE)
  // The customer and the offer, as long as both fit whole.
  const title = rest.reduce((joined, part) => {
    const longer = `${joined} — ${part}`
    return longer.length <= MAX_TITLE ? longer : joined
  }, first)
  return cutAtWord(title, MAX_TITLE)
}
