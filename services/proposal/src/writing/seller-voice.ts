// Which sentences of the seller's input speak from the prospect's side (issue 37). A seller's text
// mixes the prospect's situation ("Clinics see about 400 appointments per month and a 12% no-show
// rate") with their own pitch ("We sell an HR system for mid-sized companies", "Vår tjänst läser
// fakturorna"); only the first may stand as the prospect's problem. The rules read English and
// Swedish alike, whatever the proposal's language: a seller may write in either.

/** The seller speaking of themselves: we, our, us, my; vi, vår, oss, jag. */
const FIRST_PERSON = /(?<![\p{L}\p{N}])(we|we're|we've|we'll|we'd|our|ours|us|i'm|i've|i'd|my|vi|vår|vårt|våra|oss|jag)(?![\p{L}\p{N}])/iu

/** English 'I', capital only, and not the Swedish preposition that opens 'I dag', 'I snitt', 'I en …'. */
const ENGLISH_I =
  /(?<![\p{L}\p{N}'’])I(?![\p{L}\p{N}'’])(?!\s+(?:dag|dagsläget|år|snitt|genomsnitt|en|ett|vår|våra|varje|månaden|veckan|stället|praktiken|kommunen|Sverige)(?![\p{L}]))/u

/** A pattern of whole words and phrases (letters on neither side), in any case. */
function wordsPattern(words: readonly string[]): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${words.join('|')})(?![\\p{L}])`, 'iu')
}

/** The offer described: what it does, what it costs, who uses it (English, then Swedish). */
const OFFER = wordsPattern([
  'replaces?',
  'replacing',
  'automates?',
  'offers?',
  'provides?',
  'delivers?',
  'helps?',
  'enables?',
  'lets',
  'allows?',
  'cuts?',
  'reduces?',
  'halves',
  'eliminates?',
  'prevents?',
  'priced',
  'pricing',
  'costs? (?:just |only )?[$€£\\d]',
  'charges?',
  'subscriptions?',
  'licen[cs]es?',
  'plans? (?:start|from)',
  'founded',
  'trusted by',
  'used by',
  'rated',
  'certified',
  'since \\d{4}',
  'built by',
  'in use since',
  'iso \\d+',
  '24/7',
  'price[sd]?',
  'prices',
  'lease',
  'fees?',
  'one-off',
  'one-time',
  'per \\p{L}+ per (?:month|year)',
  'saves?',
  'raises?',
  'brings',
  'goes away',
  'flat',
  '\\d\\s?(?:kr|sek|eur|euro|usd)?\\s?/\\s?(?:month|mo|mån|användare)',
  'faster',
  'fewer',
  'happier',
  'results?',
  'drops?',
  'falls',
  'down to',
  'assume',
  'call',
  'ersätter',
  'automatiserar',
  'erbjuder',
  'tillhandahåller',
  'levererar',
  'hjälper',
  'minskar',
  'sänker',
  'halverar',
  'eliminerar',
  'förhindrar',
  'kostar',
  'priset',
  'prenumeration(?:en)?',
  'licens(?:en)?',
  'grundades?',
  'grundat',
  'används av',
  'certifierad',
  'sedan \\d{4}',
  'pris',
  'avgift',
  'årsavgift',
  'engångskostnad',
  'investeringen',
  'abonnemang',
  'sjunker',
  'sparar',
  'tar bort',
  'höjer',
  'räkna med',
  'ring',
])

/** The cost or loss of the way things are done today (English, then Swedish). */
const SITUATION_WORDS = wordsPattern([
  'lose',
  'loses',
  'losing',
  'lost',
  'spend',
  'spends',
  'spent',
  'waste',
  'wastes',
  'wasted',
  'miss',
  'misses',
  'missed',
  'manual',
  'manually',
  'by hand',
  'struggle',
  'struggles',
  'delays?',
  'late',
  'errors?',
  'mistakes?',
  'churn',
  'no-shows?',
  'downtime',
  'overtime',
  'backlog',
  'idle',
  'empty',
  'unpaid',
  'paper',
  'spreadsheets?',
  'förlorar',
  'tappar',
  'lägger',
  'slösar',
  'missar',
  'manuell',
  'manuellt',
  'för hand',
  'kämpar',
  'förseningar',
  'försenade',
  'fel',
  'misstag',
  'uteblivna',
  'stillestånd',
  'övertid',
  'papper',
  'kalkylark',
])

/** What the offer changes: "from 90 minutes to 25", "från 52 till 38 dagar". */
const CHANGE = /(?<![\p{L}])(?:from|från)\s[^.;]{0,24}?\d[^.;]{0,24}?\s(?:down to|to|till)\s[^.;]{0,6}\d/iu

/** A figure standing on its own ('400', '12%', '$1.1 million'), not one inside a name ('B2B', 'E5'). */
const FIGURE = /(?<![\p{L}\d])\d/u

/** The seller describing themselves or their offer ("We sell …", "Our product …", "Vi säljer …", "SiteLog replaces …"). */
export function isSellerVoiced(sentence: string): boolean {
  return (
    FIRST_PERSON.test(sentence) || ENGLISH_I.test(sentence) || OFFER.test(sentence) || CHANGE.test(sentence) || sentence.startsWith('(')
  )
}

/** A sentence that may stand as the prospect's problem: not the seller's voice, and stating a situation. */
export function isProspectSituation(sentence: string): boolean {
  return !isSellerVoiced(sentence) && (FIGURE.test(sentence) || SITUATION_WORDS.test(sentence))
}

/** One line: control and format characters become spaces, runs of whitespace one space. */
export function normaliseText(text: string): string {
  return text
    .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

const BULLET = /^\s*(?:[-•*–]|\d{1,3}[.)])\s+/u

/** The input's sentences: its lines (a bullet list's items stand alone), each split at full stops. */
export function sentencesOf(text: string): string[] {
  return text
    .split(/\n+/)
    .map((line) => normaliseText(line.replace(BULLET, '')))
    .flatMap((line) => line.split(/(?<=[.!?])\s+(?=[\p{Lu}\d"“”'(])/u))
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0)
}
