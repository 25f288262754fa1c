// The words that decide a figure's role when its sentence states several figures: the figure's own
// segment of the sentence (between its neighbours and the nearest ", and" / "och"), who speaks in
// it (the seller about its price, or the customer about what it pays), and the word nearest the
// figure that names what it is about ("cuts fuel costs by 12%", "10–20% less unplanned downtime").
import type { Target } from './roles.ts'
import { ENTITIES, entityOfWord } from './vocabulary.ts'

/** Where a sentence splits into the parts of a list of figures: ", and an agent costs $40 per hour". */
const SEPARATOR = /,|;|\s(?:and|och|but|men|while|medan|whereas|instead of|i stället för|istället för)\s/giu

export interface Span {
  readonly start: number
  readonly end: number
}

/**
 * The part of `text` within `clause` that belongs to the figure at `figure`: from the last separator
 * (or the end of the previous figure) before it to the first separator (or the next figure) after it.
 * "instead of the $0.24 per mile your current carrier charges" keeps its lead ("instead of").
 */
export function segmentAround(text: string, clause: Span, figure: Span, neighbours: readonly Span[]): string {
  let start = clause.start
  let end = clause.end
  for (const other of neighbours) {
    if (other.end <= figure.start && other.end > start) start = other.end
    if (other.start >= figure.end && other.start < end) end = other.start
  }
  SEPARATOR.lastIndex = start
  for (let match = SEPARATOR.exec(text); match !== null && match.index < end; match = SEPARATOR.exec(text)) {
    const at = match.index
    if (at + match[0].length <= figure.start) start = /instead|stället/iu.test(match[0]) ? at : at + match[0].length
    else if (at >= figure.end) {
      end = at
      break
    }
  }
  return text.slice(start, end).replace(/\s+/g, ' ').trim()
}

/** The seller names itself or its offer as the subject of a price: "the service costs", "we charge", "I'd take". */
const SELLER_SPEAKS = [
  /\b(?:we|i)\s+(?:charge|bill|ask|quote|invoice)\b/iu,
  /\b(?:i'm|i am)\b[^.]*\bcharge/iu,
  /\b(?:the|our|its|this)\s+(?:[\p{L}-]+\s+){0,2}(?:service|subscription|licen[cs]e|platform|plan|tool|app|software|system|package|product|installation|onboarding|setup|set-up|implementation|rollout|programme|program)\s+(?:is|costs?|runs|comes to|will cost)\b/iu,
  /\bit\s+costs\b/iu,
  // "Training costs $400 per participant", "Utbildningen kostar 4 000 kr per deltagare": the offer named as the subject.
  /^\s*(?:training|onboarding|support|consulting|coaching|installation|implementation|utbildning(?:en)?|introduktion(?:en)?|support(?:en)?|konsultation(?:en)?|coachning(?:en)?)\s+(?:costs?|is|kostar)\b/iu,
  /\b(?:installation|onboarding|set-?up|implementation|rollout)\s+(?:is|costs?|fee)\b/iu,
  /\b(?:once-off|one-off|one-time)\b/iu,
  /\b(?:vi|jag)\s+(?:tar|debiterar|fakturerar|kostar)\b/iu,
  /\b(?:tjänsten|licensen|abonnemanget|plattformen|installationen|verktyget|systemet|appen|lösningen|uppstarten|implementeringen|införandet)\s+kostar\b/iu,
  /\b(?:med|genom)\s+(?:vår|vårt|våra)\b[^,]*\bkostar\b/iu,
  /\bengångs/iu,
]

/** The customer pays or bears it: "you spend", "ni betalar i dag", "an agent costs", "their time is billed internally". */
const CUSTOMER_BEARS = [
  /\b(?:you|your)\s+(?:[\p{L}-]+\s+){0,2}(?:spend|spends|pay|pays|charges?|costs?)\b/iu,
  /\b(?:costs?|kostar)\s+(?:you|er)\b/iu,
  /\b(?:ni|er)\s+(?:betalar|lägger|spenderar)\b/iu,
  /\bkostar\s+det\s+er\b/iu,
  /\b(?:current|today'?s?|nuvarande|i dag|idag)\b/iu,
  /\b(?:their|your)\s+(?:time|hour)\b/iu,
  /\b(?:time|hour|tid|timme)\s+(?:is billed|costs?|kostar)\b/iu,
  /\b[\p{L}]*(?:chefens|ledarens|handläggarens|säljarens)\s+(?:tid|timme)\b/iu,
  // What the customer uses up costs it: "fuel costs $0.60 per mile", "bränslet kostar 0,60 kr per mil" (not "our energy costs").
  /(?<!\b(?:our|vår|vårt|våra)\s+)\b(?:fuel|diesel|petrol|gasoline|energy|electricity|power|water|paper|heating|bränslet|drivmedlet|dieseln|bensinen|energin|elen|strömmen|vattnet|papperet|värmen)\s+(?:costs?|kostar)\b/iu,
]

export type Speaker = 'seller' | 'customer'

/** "an agent costs", "en analytiker kostar", "each underwriter's hour costs": one of the staff as the subject of a cost. */
const ONE_OF_STAFF = /\b(?:an?|each|one|every|en|ett|varje)\s+(?:([\p{L}-]+)\s+)?([\p{L}-]+?)(?:'s)?(?=[\s,])[^.]*?\b(?:costs?|kostar)\b/giu

/**
 * A word for a member of the customer's staff: a job title of the vocabulary (Swedish compounds
 * too: "ekonomichef"), or the noun of a count of people in the same text ("6 underwriters", "6
 * utredare"), singular or plural. The seller's consultants are not meant: they are its offer.
 */
function isStaffWord(lower: string, staffNouns: ReadonlySet<string>): boolean {
  const entity = entityOfWord(lower, true)
  if (entity !== undefined) return ENTITIES[entity].group === 'staff' && entity !== 'consultant'
  for (const noun of staffNouns) {
    const [short, long] = noun.length <= lower.length ? [noun, lower] : [lower, noun]
    if (long.startsWith(short) && long.length - short.length <= 2 && short.length >= 4) return true
  }
  return false
}

function staffCosts(segment: string, staffNouns: ReadonlySet<string>): boolean {
  for (const match of segment.matchAll(ONE_OF_STAFF)) {
    for (const word of [match[1], match[2]]) if (word !== undefined && isStaffWord(word.toLowerCase(), staffNouns)) return true
  }
  return false
}

/** "We deliver your parcels at", "Vi skriver ut och kuverterar era fakturor för": the seller's offer, priced. */
const SELLER_OFFERS_AT = new RegExp(
  [
    String.raw`^\s*(?:we|i|vi|jag)\b[^,.;:]{0,60}\b(?:charge|charges|tar|debiterar)\s*$`,
    String.raw`^\s*(?:we|i|vi|jag)\s+(?:\S+\s+){0,2}?(?:deliver|provide|offer|supply|print|ship|run|host|handle|do|take over|levererar|erbjuder|skriver|kuverterar|sköter|driver|hanterar|gör|tar över)\b[^,.;:]{0,60}\b(?:at|for|för|à)\s*$`,
  ].join('|'),
  'iu',
)

/**
 * Who the amount in `segment` is paid by, when the segment (or the clause up to the figure) says so.
 * `staffNouns` are the nouns of the text's counts of people, lower case ("underwriters").
 */
export function speakerOf(segment: string, lead: string, before: string, staffNouns: ReadonlySet<string> = new Set()): Speaker | undefined {
  const customer = CUSTOMER_BEARS.some((pattern) => pattern.test(segment)) || staffCosts(segment, staffNouns)
  const seller = SELLER_SPEAKS.some((pattern) => pattern.test(segment) || pattern.test(lead)) || SELLER_OFFERS_AT.test(before)
  if (/\b(?:instead of|i stället för|istället för)\b/iu.test(segment) && customer) return 'customer'
  if (seller && !customer) return 'seller'
  if (customer && !seller) return 'customer'
  return undefined
}

const L = '[\\p{L}-]*'
/** What a claim or a rate is about, by the words that name it (compounds included: "värmekostnad", "kundbortfallet"). */
const TARGET_WORDS: readonly (readonly [Target, RegExp])[] = [
  [
    'loss',
    new RegExp(
      `^(?:no-?shows?|noshows?|churn${L}|errors?|mistakes?|rework|defects?|returns|missed|cancell?ations?|downtime|outages?|waste|scrap|fraud|late|failed|failures?|attrition|wrong|lose|loses|losing|lost|losses|tampering|theft|${L}bortfall${L}|uteblivn${L}|fel|felaktig${L}|omarbet${L}|reklamation${L}|avhopp${L}|kundtapp${L}|stillestånd${L}|avbrott${L}|svinn|återbud|kasser${L}|förlor${L}|förlust${L})$`,
      'u',
    ),
  ],
  [
    'conversion',
    /^(?:conversion[\p{L}]*|converts?|close|closing|win|response|signups?|[\p{L}]*konvertering[\p{L}]*|vinstfrekvens[\p{L}]*|avslut[\p{L}]*|svarsfrekvens[\p{L}]*)$/u,
  ],
  [
    'revenue',
    /^(?:revenue[\p{L}]*|sales|turnover|income|bookings|orders|[\p{L}]*intäkt[\p{L}]*|försäljning[\p{L}]*|omsättning[\p{L}]*|ordrar|beställningar)$/u,
  ],
  [
    'time',
    /^(?:time|handling|processing|minutes?|hours?|tid|tiden|[\p{L}]+stiden|[\p{L}]+tiden|ledtid[\p{L}]*|tidsåtgång[\p{L}]*|timmar|timmarna|minuter|minuterna|[\p{L}]*processen)$/u,
  ],
  // What the customer uses up is what it pays for: "cuts fuel use by 12%", "reduces paper consumption",
  // "minskar bränsleförbrukningen", "lägre energianvändning" ("fuel use" is joined by joinResourceUse).
  [
    'cost',
    /^(?:costs?|spend[\p{L}]*|expenses?|bills?|overtime|consumption|resource-use|[\p{L}]*kostnad[\p{L}]*|utgift[\p{L}]*|övertid[\p{L}]*|[\p{L}]*förbrukning[\p{L}]*|(?:bränsle|energi|el|elenergi|ström|vatten|pappers|värme|material|drivmedels|diesel|bensin)användning[\p{L}]*)$/u,
  ],
]

/** What is used up and paid for by the unit: "fuel use", "energy usage", "the use of paper". */
const RESOURCES =
  /^(?:fuel|diesel|petrol|gasoline|gas|energy|electricity|power|water|paper|ink|toner|heating|material|materials|packaging|plastic|chemicals?|fertili[sz]er|feed|bandwidth|storage)$/u
const USE = /^(?:use|usage)$/u

/** Words in text order, with "fuel use" and "use of paper" read as one word naming a cost. */
function joinResourceUse(words: string[]): string[] {
  return words.map((word, index) =>
    USE.test(word) && (RESOURCES.test(words[index - 1] ?? '') || (words[index + 1] === 'of' && RESOURCES.test(words[index + 2] ?? '')))
      ? 'resource-use'
      : word,
  )
}

/** The target one word names, if any. */
export function targetOfWord(word: string): Target | undefined {
  for (const [target, pattern] of TARGET_WORDS) if (pattern.test(word)) return target
  return undefined
}

/** Lower-case words in text order, "fuel use" joined. */
export const wordsIn = (text: string): string[] => joinResourceUse([...text.toLowerCase().matchAll(/[\p{L}-]+/gu)].map((match) => match[0]))

function nearestIn(before: readonly string[], after: readonly string[]): Target | undefined {
  const reach = Math.max(before.length, after.length)
  for (let index = 0; index < reach; index += 1) {
    const leftWord = before[index]
    const left = leftWord === undefined ? undefined : targetOfWord(leftWord)
    if (left !== undefined) return left
    const rightWord = after[index]
    const right = rightWord === undefined ? undefined : targetOfWord(rightWord)
    if (right !== undefined) return right
  }
  return undefined
}

/** Where the figure's part of a sentence ends: "falls by 70% | and late fees disappear". */
const PART_END = /,|;|\s(?:and|och|but|men|while|medan)\s/iu

/**
 * The target named by the word nearest the figure, first within its part of the clause (up to ", and"),
 * then within the whole clause; words before the figure win a tie ("reduces handling time by 45%").
 */
export function nearestTarget(text: string, clause: Span, figure: Span): Target | undefined {
  const beforeText = text.slice(clause.start, figure.start)
  const afterText = text.slice(figure.end, clause.end)
  const before = wordsIn(beforeText).reverse()
  const after = wordsIn(afterText)
  const partBefore = wordsIn(beforeText.split(PART_END).at(-1) ?? '').reverse()
  const partAfter = wordsIn(afterText.split(PART_END)[0] ?? '')
  return nearestIn(partBefore, partAfter) ?? nearestIn(before, after)
}
