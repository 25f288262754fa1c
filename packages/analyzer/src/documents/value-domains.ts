// The value side of a document that claims none: the value its kind of engagement usually brings,
// as assumptions the seller adjusts — a website's new customers and the page upkeep its CMS saves,
// the downtime hosting avoids, the cost of the same hours with the buyer's own staff for
// consulting, the staff a transition service replaces, the time a system saves its users, the
// customers an audience brings. A volume the document states (its 37 pages, its 600 hours, its
// 700 attendees) is used as stated; everything else is an assumption, and no price is ever a value.
import type { Currency } from '@valueproof/formula'
import type { Quantity } from '../model.ts'
import type { Language } from '../types.ts'
import { engagementLength, totalHours, weeksPerStated } from './engagement-size.ts'

export type ValueDomainId =
  'website' | 'hosting' | 'consulting' | 'outsourcing' | 'software' | 'audience' | 'automation' | 'procurement' | 'research' | 'general'

export type ValueUnit = 'money' | 'hours' | 'percent' | 'count' | 'weeks'

export interface ValueFactorSpec {
  readonly key: string
  readonly label: Readonly<Record<Language, string>>
  readonly unit: ValueUnit
  /** The assumed value in USD (money) or as is; SEK and EUR amounts follow from USD. */
  readonly value: number
  /** A volume the document may state: which of its quantities is this factor (`lead`: the line its sentence continues). */
  readonly stated?: (quantity: Quantity, lead: string) => boolean
  /**
   * The factor's unit per unit the quantity is stated in (52/12 weeks a month): the input keeps the
   * document's number and unit, and the stream multiplies by this. 1 (or absent) when they are the same.
   */
  readonly perStated?: (quantity: Quantity) => number
  /** The factor applies to every alternative reckoning (the engagement's length): it does not choose one. */
  readonly shared?: true
  /** The document may state the total as two parts (the main work and an option): the input is the parts. */
  readonly parts?: true
}

export interface ValueStreamSpec {
  readonly label: Readonly<Record<Language, string>>
  readonly factors: readonly string[]
  /** A unit conversion (12 months a year): the only constants a formula has. */
  readonly perYear: number
  /** A unit conversion the other way (60 minutes an hour). */
  readonly divisor?: number
}

export interface ValueDomain {
  readonly id: ValueDomainId
  /** What the document is, as the explanation says it ("a website engagement"). */
  readonly name: Readonly<Record<Language, string>>
  /** The calculator's name. */
  readonly title: Readonly<Record<Language, string>>
  readonly factors: readonly ValueFactorSpec[]
  readonly streams: readonly ValueStreamSpec[]
  /** The streams are ways of reckoning the same value: the first one the document states a volume of, else the first. */
  readonly alternatives?: true
}

/** Money assumptions are written in USD and shown in the calculator's currency at round figures. */
const PER_USD: Readonly<Record<Currency, number>> = { USD: 1, EUR: 0.9, SEK: 10 }

export function assumedAmount(usd: number, currency: Currency): number {
  const value = usd * PER_USD[currency]
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(value)) - 1)
  return Math.round(value / magnitude) * magnitude
}

const hourlyCost: ValueFactorSpec = {
  key: 'hourlyCost',
  label: { en: 'Cost of an hour of your staff (loaded)', sv: 'Kostnad för en timme av er personal (inkl. påslag)' },
  unit: 'money',
  value: 60,
}
const weeks: ValueFactorSpec = { key: 'weeks', label: { en: 'Working weeks a year', sv: 'Arbetsveckor om året' }, unit: 'weeks', value: 46 }

const nounIs =
  (pattern: RegExp) =>
  (quantity: Quantity): boolean =>
    quantity.kind === 'count' && !quantity.flags.has('threshold') && pattern.test(`${quantity.nounText ?? ''} ${quantity.noun ?? ''}`)

const GENERAL: ValueDomain = {
  id: 'general',
  name: { en: 'the engagement', sv: 'uppdraget' },
  title: { en: 'Value of the engagement', sv: 'Värdet av uppdraget' },
  factors: [
    { key: 'people', label: { en: 'People whose work it eases', sv: 'Personer vars arbete det underlättar' }, unit: 'count', value: 5 },
    {
      key: 'personHours',
      label: { en: 'Hours saved per person a week', sv: 'Sparade timmar per person och vecka' },
      unit: 'hours',
      value: 2,
    },
    weeks,
    hourlyCost,
  ],
  streams: [{ label: { en: 'time saved', sv: 'sparad tid' }, factors: ['people', 'personHours', 'weeks', 'hourlyCost'], perYear: 1 }],
}

const DOMAINS: readonly ValueDomain[] = [
  {
    id: 'website',
    name: { en: 'a website engagement', sv: 'ett webbuppdrag' },
    title: { en: 'Value of the new website', sv: 'Värdet av den nya webbplatsen' },
    factors: [
      {
        key: 'enquiries',
        label: { en: 'New enquiries a month through the site', sv: 'Nya förfrågningar i månaden via webbplatsen' },
        unit: 'count',
        value: 10,
      },
      {
        key: 'conversion',
        label: { en: 'Share of enquiries that become customers', sv: 'Andel förfrågningar som blir kunder' },
        unit: 'percent',
        value: 20,
      },
      { key: 'customerValue', label: { en: 'Value of a new customer', sv: 'Värdet av en ny kund' }, unit: 'money', value: 1_000 },
      {
        key: 'pages',
        label: { en: 'Pages on the site', sv: 'Sidor på webbplatsen' },
        unit: 'count',
        value: 10,
        stated: nounIs(/page|sid/iu),
      },
      {
        key: 'pageHours',
        label: { en: 'Yearly upkeep hours saved, each', sv: 'Sparade underhållstimmar per år, styck' },
        unit: 'hours',
        value: 2,
      },
      hourlyCost,
    ],
    streams: [
      {
        label: { en: 'new customers from the site', sv: 'nya kunder via webbplatsen' },
        factors: ['enquiries', 'conversion', 'customerValue'],
        perYear: 12,
      },
      {
        label: { en: 'upkeep of the pages saved', sv: 'sparat underhåll av sidorna' },
        factors: ['pages', 'pageHours', 'hourlyCost'],
        perYear: 1,
      },
    ],
  },
  {
    id: 'hosting',
    name: { en: 'a hosting agreement', sv: 'ett driftavtal' },
    title: { en: 'Value of reliable hosting', sv: 'Värdet av stabil drift' },
    factors: [
      {
        key: 'downtimeHours',
        label: { en: 'Hours of downtime avoided a year', sv: 'Undvikna timmar driftstopp om året' },
        unit: 'hours',
        value: 8,
      },
      {
        key: 'downtimeCost',
        label: { en: 'Cost of an hour of downtime', sv: 'Kostnad för en timmes driftstopp' },
        unit: 'money',
        value: 1_000,
      },
    ],
    streams: [{ label: { en: 'downtime avoided', sv: 'undvikna driftstopp' }, factors: ['downtimeHours', 'downtimeCost'], perYear: 1 }],
  },
  {
    id: 'outsourcing',
    name: { en: 'a services agreement', sv: 'ett tjänsteavtal' },
    title: { en: 'Value of the services provided', sv: 'Värdet av tjänsterna' },
    factors: [
      {
        key: 'staff',
        label: { en: 'Staff you would otherwise need (full-time)', sv: 'Personal ni annars skulle behöva (heltid)' },
        unit: 'count',
        value: 5,
      },
      {
        key: 'staffCost',
        label: { en: 'Loaded cost of one FTE a year', sv: 'Årskostnad för en heltidstjänst (inkl. påslag)' },
        unit: 'money',
        value: 90_000,
      },
    ],
    streams: [
      {
        label: { en: 'staff you do not need to employ', sv: 'personal ni inte behöver anställa' },
        factors: ['staff', 'staffCost'],
        perYear: 1,
      },
    ],
  },
  {
    id: 'consulting',
    name: { en: 'a consulting engagement', sv: 'ett konsultuppdrag' },
    title: { en: 'Value of the consulting hours', sv: 'Värdet av konsulttimmarna' },
    factors: [
      {
        key: 'hours',
        label: { en: 'Hours of work in the engagement', sv: 'Timmar arbete i uppdraget' },
        unit: 'hours',
        value: 400,
        stated: totalHours,
        parts: true,
      },
      {
        key: 'consultants',
        label: { en: 'Consultants', sv: 'Konsulter' },
        unit: 'count',
        value: 1,
        // "fyra konsulter", "3 consultants": the noun is in the figure's own words, not after a heading's number.
        stated: (quantity) =>
          quantity.kind === 'count' && (quantity.unit.person ?? 0) === 1 && quantity.value <= 50 && /consult|konsult/iu.test(quantity.text),
      },
      {
        key: 'weeklyHours',
        label: { en: 'Hours a week per consultant', sv: 'Timmar per vecka och konsult' },
        unit: 'hours',
        value: 40,
        stated: (quantity) => quantity.kind === 'duration' && quantity.unit.hour === 1 && quantity.unit.week === -1,
      },
      {
        key: 'weeks',
        label: { en: 'Length of the work', sv: 'Arbetets längd' },
        unit: 'weeks',
        value: 20,
        stated: engagementLength,
        perStated: weeksPerStated,
        shared: true,
      },
      {
        ...hourlyCost,
        label: { en: 'Cost of the same hour with your own staff (loaded)', sv: 'Kostnad för samma timme med egen personal (inkl. påslag)' },
        value: 90,
      },
    ],
    // The engagement's size as the document gives it: its hours in total, or its people and their hours a week.
    alternatives: true,
    streams: [
      {
        label: { en: 'the same work done without your own staff', sv: 'samma arbete utan egen personal' },
        factors: ['consultants', 'weeklyHours', 'weeks', 'hourlyCost'],
        perYear: 1,
      },
      {
        label: { en: 'the same work done without your own staff', sv: 'samma arbete utan egen personal' },
        factors: ['hours', 'hourlyCost'],
        perYear: 1,
      },
    ],
  },
  {
    id: 'software',
    name: { en: 'a software licence', sv: 'en programvarulicens' },
    title: { en: 'Value of the software', sv: 'Värdet av programvaran' },
    factors: [
      { key: 'users', label: { en: 'Users', sv: 'Användare' }, unit: 'count', value: 10, stated: nounIs(/user|användare|seat|licen/iu) },
      {
        key: 'userHours',
        label: { en: 'Hours saved per user a week', sv: 'Sparade timmar per användare och vecka' },
        unit: 'hours',
        value: 1,
      },
      weeks,
      hourlyCost,
    ],
    streams: [
      {
        label: { en: 'time your users save', sv: 'tid era användare sparar' },
        factors: ['users', 'userHours', 'weeks', 'hourlyCost'],
        perYear: 1,
      },
    ],
  },
  {
    id: 'audience',
    name: { en: 'advertising or a sponsorship', sv: 'annonsering eller sponsring' },
    title: { en: 'Value of the audience reached', sv: 'Värdet av publiken som nås' },
    factors: [
      {
        key: 'reached',
        label: { en: 'People reached', sv: 'Personer som nås' },
        unit: 'count',
        value: 10_000,
        stated: nounIs(/attendee|reader|visitor|listener|viewer|subscriber|deltagare|läsare|besökare|prenumerant/iu),
      },
      { key: 'response', label: { en: 'Share who become customers', sv: 'Andel som blir kunder' }, unit: 'percent', value: 0.5 },
      { key: 'customerValue', label: { en: 'Value of a new customer', sv: 'Värdet av en ny kund' }, unit: 'money', value: 500 },
    ],
    streams: [
      {
        label: { en: 'customers the audience brings', sv: 'kunder som publiken ger' },
        factors: ['reached', 'response', 'customerValue'],
        perYear: 1,
      },
    ],
  },
  {
    id: 'automation',
    name: { en: 'an automation', sv: 'en automatisering' },
    title: { en: 'Value of the automation', sv: 'Värdet av automatiseringen' },
    factors: [
      {
        key: 'items',
        label: { en: 'Documents or cases handled a month', sv: 'Dokument eller ärenden i månaden' },
        unit: 'count',
        value: 100,
        stated: nounIs(/report|document|statement|invoice|record|case|file|rapport|dokument|faktur|ärende|journal/iu),
      },
      {
        key: 'minutes',
        label: { en: 'Minutes of manual work saved per document', sv: 'Sparade minuter manuellt arbete per dokument' },
        unit: 'count',
        value: 15,
      },
      hourlyCost,
    ],
    streams: [
      {
        label: { en: 'manual work no longer done', sv: 'manuellt arbete som inte längre görs' },
        factors: ['items', 'minutes', 'hourlyCost'],
        perYear: 12,
        divisor: 60,
      },
    ],
  },
  {
    id: 'procurement',
    name: { en: 'a framework agreement', sv: 'ett ramavtal' },
    title: { en: 'Value of the framework agreement', sv: 'Värdet av ramavtalet' },
    factors: [
      { key: 'purchases', label: { en: 'Purchases made through it a year', sv: 'Avrop om året' }, unit: 'count', value: 4 },
      { key: 'purchaseHours', label: { en: 'Hours saved per purchase', sv: 'Sparade timmar per avrop' }, unit: 'hours', value: 40 },
      hourlyCost,
    ],
    streams: [
      {
        label: { en: 'time saved on purchasing', sv: 'sparad tid i anskaffningen' },
        factors: ['purchases', 'purchaseHours', 'hourlyCost'],
        perYear: 1,
      },
    ],
  },
  {
    id: 'research',
    name: { en: 'a research grant', sv: 'ett forskningsanslag' },
    title: { en: 'Value of the research', sv: 'Värdet av forskningen' },
    factors: [
      {
        key: 'beneficiaries',
        label: { en: 'People who benefit a year', sv: 'Personer som har nytta av det per år' },
        unit: 'count',
        value: 1_000,
        stated: nounIs(/individual|people|person|household|user|student|patient|invånare|person|hushåll/iu),
      },
      { key: 'benefit', label: { en: 'Value to each of them a year', sv: 'Värdet för var och en per år' }, unit: 'money', value: 20 },
    ],
    streams: [
      {
        label: { en: 'the benefit to the people it serves', sv: 'nyttan för dem det tjänar' },
        factors: ['beneficiaries', 'benefit'],
        perYear: 1,
      },
    ],
  },
  GENERAL,
]

/** Words that say what kind of engagement a document is, with their weight. */
const CUES: ReadonlyArray<readonly [ValueDomainId, RegExp, number]> = [
  [
    'website',
    /(?<![\p{L}])(?:web ?site|web ?pages?|web design|wordpress|cms|landing pages?|seo|webbplats\p{L}*|hemsida\p{L}*|webbsid\p{L}*|webbdesign)(?![\p{L}])/giu,
    2,
  ],
  ['hosting', /(?<![\p{L}])(?:hosting|uptime|downtime|data ?cent(?:er|re)|driftavtal|driftstopp|hosting)(?![\p{L}])/giu, 1],
  [
    'outsourcing',
    /(?<![\p{L}])(?:transition services?|outsourc\p{L}*|managed services?|shared services?|service fees?|tjänsteavtal)(?![\p{L}])/giu,
    2,
  ],
  ['procurement', /(?<![\p{L}])(?:framework agreements?|ramavtal\p{L}*|avtalskort|upphandling\p{L}*|procurement)(?![\p{L}])/giu, 1],
  [
    'consulting',
    /(?<![\p{L}])(?:consult\p{L}*|staffing|labor categor\p{L}*|blanket purchase agreements?|requests? for quotation|rfq|bpa|avrop\p{L}*|resurs\p{L}*|konsult\p{L}*|it-konsult\p{L}*|bemanning|timpris\p{L}*|hourly rates?)(?![\p{L}])/giu,
    1,
  ],
  ['software', /(?<![\p{L}])(?:licen[cs]es?|software|saas|subscriptions?|per user|programvara|licens\p{L}*|abonnemang)(?![\p{L}])/giu, 1],
  [
    'audience',
    /(?<![\p{L}])(?:advertis\p{L}*|sponsor\p{L}*|media kit|rate ?card|audience|impressions|cpm|attendees|annons\p{L}*|sponsring|läsare|publik)(?![\p{L}])/giu,
    1,
  ],
  [
    'automation',
    /(?<![\p{L}])(?:ocr|textract|automat\p{L}*|manual(?:ly)? (?:entry|work|transcription)|transcri\p{L}*|rpa|robot\p{L}*|automatiser\p{L}*|manuell\p{L}*)(?![\p{L}])/giu,
    2,
  ],
  ['research', /(?<![\p{L}])(?:grant|research|nsf|funding|forskning\p{L}*|anslag|bidrag)(?![\p{L}])/giu, 1],
]

/** The opening of a document (and its file name) names what it is: its words count for more than the body's. */
const TITLE_LENGTH = 400
const TITLE_WEIGHT = 8
/** A domain needs at least this score; a document that names none is the general case. */
const MIN_SCORE = 3

/** The domain a document's words point to most, else the general one. */
export function valueDomainOf(text: string, title: string = text.slice(0, TITLE_LENGTH)): ValueDomain {
  let best: ValueDomainId = 'general'
  let bestScore = 0
  for (const [id, pattern, weight] of CUES) {
    // Frequent words ("licence" in every clause) grow slowly; the title's words decide.
    const score = TITLE_WEIGHT * (title.match(pattern)?.length ?? 0) + weight * Math.log2(1 + (text.match(pattern)?.length ?? 0))
    if (score > bestScore) {
      best = id
      bestScore = score
    }
  }
  const id = bestScore >= MIN_SCORE ? best : 'general'
  return DOMAINS.find((domain) => domain.id === id) ?? GENERAL
}

export function valueDomain(id: ValueDomainId): ValueDomain | undefined {
  return DOMAINS.find((domain) => domain.id === id)
}
