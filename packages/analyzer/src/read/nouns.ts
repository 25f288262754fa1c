// Nouns as unit atoms: the thing a figure counts or is per ("site managers", "per truck",
// "omställningar per skift"), reduced to a class so that "per user" meets "14 site managers" and
// "per bil" meets "40 bilar". People (staff and users) are one class; any other noun is its lemma.
import { ENTITIES, entityOfWord } from './vocabulary-entities.ts'

/** Nouns of measure: the atom and the factor from the written unit to it. */
export const MEASURES: ReadonlyArray<readonly [RegExp, string, number]> = [
  [/^(miles?|mi)$/, 'mile', 1],
  [/^(gallons?|gal)$/, 'gallon', 1],
  [/^(litres?|liters?|liter|l|litern|litret)$/, 'litre', 1],
  [/^(kwh|kilowattimmar|kilowattimme|kilowatt-hours?)$/, 'kwh', 1],
  [/^(mwh|megawattimmar|megawatt-hours?)$/, 'kwh', 1000],
  // Power: a kWh is a kW for an hour (see compose/units.ts), so "4.2 MW" meets "11 cents per kWh".
  [/^(kw|kilowatts?)$/, 'n:kw', 1],
  [/^(mw|megawatts?)$/, 'n:kw', 1000],
  [/^(km|kilometers?|kilometres?|kilometer|kilometre)$/, 'km', 1],
  [/^(mil|milen)$/, 'km', 10],
  [/^(kvm|m2|m²|kvadratmeter|sq\.?\s?m|square metres?|square meters?)$/, 'm2', 1],
  // "m³fub", "m³to": a timber measure's cubic metres.
  [/^(m3|m³|m³\p{L}{1,3}|m3\p{L}{1,3}|kubikmeter|cubic metres?|cubic meters?)$/u, 'm3', 1],
  [/^(sq\.?\s?ft|sq|square feet|sqft|ft2|ft²)$/, 'sqft', 1],
  [/^(kg|kilo|kilos|kilogram)$/, 'kg', 1],
  [/^(g|gram|grams|gramme|grammes)$/, 'kg', 0.001],
  [/^(tonnes?|tons?|ton)$/, 'kg', 1000],
  [/^(pallets?|pallar|pall)$/, 'pallet', 1],
]

/** A season comes round once a year: "per season", "per vinter" are per year. */
export const SEASON_WORDS: ReadonlySet<string> = new Set([
  'season',
  'säsong',
  'säsongen',
  'winter',
  'vinter',
  'vintern',
  'summer',
  'sommar',
  'sommaren',
])

const ENTITY_IDS = new Set<string>(Object.keys(ENTITIES))

/** Words for one thing that the entity list keeps apart: a booked time is a visit is an appointment. */
const SAME_THINGS: ReadonlyArray<readonly [RegExp, string]> = [
  [
    /^(appointments?|visits?|bookings?|sessions?|consultations?|besök(?:et|en)?|bokning(?:ar|en|arna)?|tider|patientbesök|no-shows?|uteblivna besök|uteblivet besök)$/,
    'n:visit',
  ],
  [/^(calls?|samtal(?:et|en)?|phone calls?|telefonsamtal)$/, 'n:call'],
  [/^(tickets?|cases?|ärenden?|ärendet|errands?|requests?|förfrågningar|förfrågan|inquiries|enquiries)$/, 'n:ticket'],
  [/^(orders?|ordrar|ordern|beställningar|beställning)$/, 'n:order'],
  [/^(invoices?|fakturor|faktura|fakturan|bills)$/, 'n:invoice'],
]
const PEOPLE = new Set<string>()
for (const entity of Object.values(ENTITIES)) {
  if (entity.group !== 'staff' && entity.group !== 'user') continue
  for (const word of [entity.en.one, entity.en.many, entity.sv.one, entity.sv.many]) PEOPLE.add(word.toLowerCase())
}
for (const word of [
  'staff',
  'fte',
  'ftes',
  'head',
  'heads',
  'worker',
  'workers',
  'colleague',
  'colleagues',
  'paralegal',
  'paralegals',
  'engineer',
  'engineers',
  'medarbetare',
  'personal',
  'tjänsteman',
  'tjänstemän',
  'säljare',
  'platschef',
  'platschefer',
  'montör',
  'montörer',
  'mekaniker',
  'undersköterska',
  'brukare',
  'undersköterskor',
  'vårdare',
  'agents',
  'agenter',
  'agenterna',
  'licens',
  'licenser',
  'licence',
  'licences',
  'license',
  'licenses',
  'login',
  'logins',
  'konto',
  'konton',
  'seat',
  'seats',
  'user',
  'users',
  'användare',
]) {
  PEOPLE.add(word)
}

/** Lemma of an English or Swedish noun: lower case, plural and definite endings removed. */
export function lemma(word: string): string {
  const lower = word.toLowerCase().replace(/[^\p{L}\p{N}²³]/gu, '')
  if (lower.length <= 3) return lower
  // English plurals: "-ies", "-es" after s, x, z, ch, sh ("boxes"), else "-s" ("machines", "trucks").
  if (/ies$/.test(lower)) return `${lower.slice(0, -3)}y`
  if (/(?:s|x|z|ch|sh)es$/.test(lower)) return lower.slice(0, -2)
  if (/[^s]s$/.test(lower) && !/(?:ss|us|is)$/.test(lower)) return lower.slice(0, -1)
  // Swedish plurals and definite forms; not "-er"/"-en", which English singulars end in too (member, garden).
  const endings = ['erna', 'arna', 'orna', 'ena', 'na', 'ar', 'or', 'et']
  for (const ending of endings) {
    if (lower.endsWith(ending) && lower.length - ending.length >= 3) return lower.slice(0, -ending.length)
  }
  return lower
}

/** The unit atom of a noun as written, and the factor from it to that atom (a measure's). */
export function nounAtom(noun: string): { atom: string; factor: number; people: boolean } {
  const lower = noun.toLowerCase().trim()
  for (const [pattern, atom, factor] of MEASURES) if (pattern.test(lower)) return { atom, factor, people: false }
  // An hour by another name: "maskintimme", "arbetstimmar", "man-hours", "billable hour".
  if (/(timme|timmar|timmars|timmen|(?:^|\s|-)hours?)$/.test(lower)) return { atom: 'hour', factor: 1, people: false }
  for (const [members, atom] of SAME_THINGS) if (members.test(lower)) return { atom, factor: 1, people: false }
  // "sjukdag", "arbetsdagar", "working days": a day; "vårdmånader", "months": a month.
  if (/(?:dag|dagar|dagars|dagen|days?|day's|days')$/.test(lower)) return { atom: 'day', factor: 1, people: false }
  if (/(?:månad|månader|months?)$/.test(lower)) return { atom: 'month', factor: 1, people: false }
  if (/(?:veckor|vecka|weeks?)$/.test(lower)) return { atom: 'week', factor: 1, people: false }
  // A known thing ("trucks", "bilar", "lastbilar" are all vehicles) meets every word for it.
  const entity = ENTITY_IDS.has(lower) ? lower : (entityOfWord(lower.split(/\s+/).pop() ?? lower, true) ?? entityOfWord(lower, false))
  if (entity !== undefined && entity !== 'mile' && entity !== 'scandinavianMile') {
    const group = (ENTITIES as Record<string, { group: string } | undefined>)[entity]?.group
    if (group === 'staff' || group === 'user') return { atom: 'person', factor: 1, people: true }
    return { atom: `n:${entity}`, factor: 1, people: false }
  }
  if (entity === 'scandinavianMile') return { atom: 'km', factor: 10, people: false }
  const words = lower.split(/\s+/)
  // "CNC-maskiner", "AP-staff": the head after the last hyphen.
  const head = (words[words.length - 1] ?? lower).split('-').pop() ?? lower
  if (
    PEOPLE.has(head) ||
    PEOPLE.has(lower) ||
    /(manager|chef|ledare|ansvarig|handläggare|konsult|jurist|tekniker|sköterska|sköterskor)$/.test(head)
  ) {
    return { atom: 'person', factor: 1, people: true }
  }
  return { atom: `n:${lemma(head)}`, factor: 1, people: false }
}

/** Words that are never the noun a figure counts (adjectives, fillers, units of time or money). */
export const NOT_NOUNS = new Set([
  'skickat',
  'skickade',
  'skickad',
  'bokat',
  'bokade',
  'levererad',
  'levererade',
  'sålda',
  'hanterade',
  'inkommande',
  'utgående',
  'sent',
  'booked',
  'delivered',
  'processed',
  'handled',
  'fasta',
  'nya',
  'gamla',
  'olika',
  'stycken',
  'st',
  'ca',
  'cirka',
  'about',
  'around',
  'roughly',
  'approximately',
  'new',
  'old',
  'active',
  'aktiva',
  'typical',
  'average',
  'more',
  'fler',
  'extra',
  'additional',
  'full-time',
  'heltids',
  'of',
  'the',
  'and',
  'och',
  'per',
  'a',
  'an',
])
