// What a text is about, as a calculator's name (issue 15: titles come from the subject, never from
// a file name or a fragment of a claim). A description names its service ("Our ticket triage
// assistant reduces …" → "Ticket triage assistant"); a heading that only says what kind of document
// it is ("Offert", "Request for quotation") names nothing.
import type { Language } from '../types.ts'

const MAX_SUBJECT_WORDS = 6
const MAX_SUBJECT_LENGTH = 60

/** Words that name a kind of document or its addressee, not a subject ("Offert/Lösningsförslag till kund"). */
const DOCUMENT_TYPE_WORDS = new Set([
  'proposal',
  'proposals',
  'offer',
  'quote',
  'quotation',
  'estimate',
  'tender',
  'bid',
  'rfq',
  'rfp',
  'request',
  'procurement',
  'price',
  'list',
  'pricing',
  'document',
  'contract',
  'agreement',
  'offert',
  'förslag',
  'lösningsförslag',
  'anbud',
  'avrop',
  'avropsförfrågan',
  'förfrågan',
  'upphandlingsdokument',
  'upphandling',
  'prislista',
  'dokument',
  'avtal',
  'kontrakt',
  'underlag',
  'beslutsunderlag',
])
const FILLER_WORDS = new Set([
  'to',
  'for',
  'the',
  'a',
  'an',
  'our',
  'your',
  'client',
  'customer',
  'till',
  'för',
  'kund',
  'kunden',
  'er',
  'and',
  'och',
  'of',
  'av',
])

/** Whether a heading only says what kind of document it is. */
export function isBareDocumentType(text: string): boolean {
  const words = text
    .toLowerCase()
    .split(/[\s/:,;.–—-]+/u)
    .filter((word) => word !== '')
  return words.length > 0 && words.every((word) => DOCUMENT_TYPE_WORDS.has(word) || FILLER_WORDS.has(word))
}

/** "Offert: Automatiserad fakturahantering" → "Automatiserad fakturahantering"; undefined when nothing is left. */
export function withoutDocumentType(heading: string): string | undefined {
  if (isBareDocumentType(heading)) return undefined
  const labelled = /^([^:–—]+?)\s*[:–—]\s*(.+)$/u.exec(heading)
  if (labelled !== null && isBareDocumentType(labelled[1] ?? '')) return labelled[2]?.trim()
  return heading
}

// What a service is called in a seller's own words: the phrase's head must be one of these, so that
// "our customers save …" names nothing. Swedish compounds are matched by their last part.
const SERVICE_NOUNS_EN =
  /^(?:assistant|service|services|tool|app|application|platform|software|system|solution|program|programme|agency|camera|scribe|automation|redesign|optimi[sz]ation|product|bot|chatbot|robot|consulting|consultancy|coaching|engine|portal|module|suite|sensor|device|network|course|training|maintenance|integration|analytics|dashboard|api|hosting|monitoring|scheduling|checkout|planning|program|tracking|reporting|review|workflow|marketplace|subscription|machine|kit|package|plan)$/iu
const SERVICE_NOUNS_SV =
  /(?:tjänst|tjänsten|verktyg|plattform|system|systemet|assistent|robot|bot|app|appen|program|lösning|coachning|kontroll|optimering|signering|utbildning|modul|portal|sensor|hantering|automation|automatisering|styrning|planering|rapportering|bokning|uppföljning|övervakning|konsult|byrå|kamera|maskin|paket|abonnemang)$/iu

function isServiceNoun(word: string, language: Language): boolean {
  const bare = word.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '')
  if (bare === '') return false
  return (
    SERVICE_NOUNS_EN.test(bare) || SERVICE_NOUNS_EN.test(bare.split('-').at(-1) ?? '') || (language === 'sv' && SERVICE_NOUNS_SV.test(bare))
  )
}

const STOP_WORDS_EN = new Set([
  'is',
  'are',
  'was',
  'were',
  'will',
  'would',
  'can',
  'could',
  'should',
  'may',
  'might',
  'has',
  'have',
  'had',
  'does',
  'do',
  'did',
  'that',
  'which',
  'who',
  'to',
  'by',
  'and',
  'with',
  'at',
  'from',
  'in',
  'on',
  'help',
  'let',
  'make',
  'cut',
  'save',
  'take',
  'give',
  'bring',
  'turn',
  'keep',
])
const STOP_WORDS_SV = new Set(
  [
    'är',
    'var',
    'blir',
    'har',
    'kan',
    'ska',
    'kommer',
    'som',
    'och',
    'med',
    'till',
    'på',
    'i',
    'av',
    'från',
    'hos',
    'att',
    'det',
    'den',
  ].concat(
    // Short verbs the ending test leaves out.
    ['tar', 'ger', 'gör', 'får', 'ser', 'går'],
  ),
)
/** Words before "our" that make it a place or an owner, not the subject: "i vårt datacenter". */
const NOT_SUBJECT_BEFORE = new Set(['in', 'at', 'on', 'from', 'of', 'i', 'på', 'från', 'av', 'hos', 'inom'])
const LINKING = new Set(['for', 'of', 'för', 'av'])

/** A verb in the present tense, by its ending: "reduces", "lowers" / "minskar", "sänker", "frigör". */
function looksLikeVerb(word: string, language: Language): boolean {
  const lower = word.toLowerCase()
  if (language === 'sv') return /(?:ar|er|ör|år)$/u.test(lower) && lower.length > 3
  return /[^s]s$/u.test(lower) && !/(?:ics|us|is|ous|ss)$/u.test(lower)
}

/** The noun phrase after "our"/"vår", up to its verb: "ticket triage assistant", "app för tidrapportering". */
function phraseAfter(words: readonly string[], language: Language): string | undefined {
  const stops = language === 'sv' ? STOP_WORDS_SV : STOP_WORDS_EN
  const phrase: string[] = []
  for (const [index, raw] of words.entries()) {
    const word = raw.replace(/[,.;:!?)]+$/u, '')
    if (/[\d$€£₹%]/u.test(word) || word === '') return undefined
    const afterLink = index > 0 && LINKING.has((phrase.at(-1) ?? '').toLowerCase())
    if (index > 0 && !afterLink && (stops.has(word.toLowerCase()) || looksLikeVerb(word, language))) break
    phrase.push(word)
    // Punctuation closes the phrase.
    if (word !== raw || phrase.length > MAX_SUBJECT_WORDS) break
  }
  while (phrase.length > 0 && LINKING.has((phrase.at(-1) ?? '').toLowerCase())) phrase.pop()
  if (phrase.length === 0 || phrase.length > MAX_SUBJECT_WORDS) return undefined
  if (!phrase.some((word) => isServiceNoun(word, language))) return undefined
  return phrase.join(' ')
}

/** "Switching your fleet to our route optimisation cuts …" → "route optimisation". */
function ownService(text: string, language: Language): string | undefined {
  const words = text.replace(/\s+/g, ' ').trim().split(' ')
  for (const [index, word] of words.entries()) {
    if (!/^(?:our|vår|vårt|våra)$/iu.test(word)) continue
    const before = words[index - 1]?.toLowerCase()
    if (before !== undefined && NOT_SUBJECT_BEFORE.has(before)) continue
    const phrase = phraseAfter(words.slice(index + 1, index + 2 + MAX_SUBJECT_WORDS), language)
    if (phrase !== undefined) return phrase
  }
  return undefined
}

/** "I'm a freelance bookkeeper and …" / "Jag är redovisningskonsult och …" → the seller's trade. */
function ownTrade(text: string): string | undefined {
  const match = /^(?:I'm|I’m|I am|Jag är)\s+(?:an?\s+|en\s+|ett\s+)?([\p{L}\- ]{3,40}?)(?:\s+(?:and|och|who|som)\b|[,.;])/iu.exec(
    text.trim(),
  )
  return match?.[1]?.trim()
}

/** The sentences of a description, split at . ! ? and line breaks but never inside a number ("$2.50"). */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<!\d)[.!?](?!\d)|\n/u)
    .map((sentence) => sentence.replace(/\s+/g, ' ').trim())
    .filter((sentence) => sentence !== '')
}

/** A short sentence or lead-in that names the subject: no figures (they go stale when values change). */
function namingSentence(sentence: string): string | undefined {
  const words = sentence.split(' ')
  if (sentence.length < 4 || sentence.length > MAX_SUBJECT_LENGTH || words.length < 2) return undefined
  if (/[\d$€£₹%]/u.test(sentence) || isBareDocumentType(sentence)) return undefined
  return sentence
}

const capitalized = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1)

/**
 * A description's subject: the service it sells ("our X"), the seller's trade, a lead-in before a
 * colon, or a short first sentence without figures; undefined when none of them names one.
 */
export function descriptionSubject(text: string, language: Language): string | undefined {
  const [first = '', second = ''] = sentencesOf(text)
  const service = ownService(`${first}. ${second}`, language) ?? ownTrade(first)
  if (service !== undefined) return capitalized(service)
  const leadIn = /^([^:]{2,60}):/u.exec(first)?.[1]?.trim()
  // "Request for quotation: …", "Pricing: …": what follows the label is not a title either.
  if (leadIn !== undefined && (isBareDocumentType(leadIn) || !leadIn.includes(' '))) return undefined
  const named = (leadIn === undefined ? undefined : namingSentence(leadIn)) ?? namingSentence(first)
  return named === undefined ? undefined : capitalized(named)
}
