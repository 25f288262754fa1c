// The labels of a document price's inputs, in the calculator's language: a line's own words with
// what its amount is per ("Autosys — monthly fee", "Project Manager — hours a year"), and the
// quantities the buyer chooses ("Add: Video Sponsor (1 = yes)").
import type { Language } from '../types.ts'
import type { LineItem } from './lines.ts'

export interface PriceWords {
  readonly lineLabel: (item: LineItem) => string
  readonly quantityLabel: (item: LineItem) => string
  readonly usageLabel: (item: LineItem, period: 'one-off' | 'year') => string
  readonly choiceLabel: (item: LineItem) => string
  readonly taskHours: (task: string) => string
  /** One amount for the price lines a formula has no room for. */
  readonly otherLines: (count: number) => string
  readonly taskHoursPer: (task: string, noun: string) => string
  readonly unitCount: (noun: string) => string
  readonly overhead: (what: string) => string
  readonly hourlyRate: string
  /** A rate's surcharge in percent, and the hours worked at the raised rate. */
  readonly surcharge: (item: LineItem) => string
  readonly surchargedHours: (item: LineItem, period: 'one-off' | 'year') => string
}

/** The unit a price is per, as the label says it: "per hour", "per 1,000 impressions". */
const PER_EN: Readonly<Record<string, string>> = {
  hour: 'hourly rate',
  thousand: 'price per 1,000 impressions',
  day: 'daily rate',
  week: 'weekly rate',
}
const PER_SV: Readonly<Record<string, string>> = {
  hour: 'timpris',
  thousand: 'pris per 1 000 visningar',
  day: 'dagspris',
  week: 'veckopris',
}
const PERIOD_EN = { month: 'monthly fee', quarter: 'quarterly fee', year: 'yearly fee' } as const
const PERIOD_SV = { month: 'månadsavgift', quarter: 'kvartalsavgift', year: 'årsavgift' } as const

/** A line's own words, short enough to leave room for what its amount is per. */
function capital(text: string): string {
  const short = text.length > 50 ? `${text.slice(0, 49).trimEnd()}…` : text
  return short.charAt(0).toUpperCase() + short.slice(1)
}

function what(
  item: LineItem,
  per: Readonly<Record<string, string>>,
  period: Readonly<Record<'month' | 'quarter' | 'year', string>>,
  perWord: string,
): string | undefined {
  // "Standard hourly rate", "Timpris" say what they are per already.
  if (item.per === 'hour' && /rate|fee|pris|avgift|arvode|taxa/iu.test(item.description)) return undefined
  if (item.per !== undefined) return per[item.per] ?? `${perWord} ${item.per}`
  return item.period === 'one-off' ? undefined : period[item.period]
}

const EN: PriceWords = {
  otherLines: (count) => `The other ${count.toLocaleString('en-US')} price lines`,
  lineLabel: (item) => {
    const suffix = item.estimate === true ? (item.period === 'year' ? 'a year' : undefined) : what(item, PER_EN, PERIOD_EN, 'price per')
    const years = item.years === undefined ? '' : ` (${item.years} years)`
    return `${capital(item.description)}${years}${suffix === undefined ? '' : ` — ${suffix}`}`
  },
  quantityLabel: (item) => `${capital(item.description)} — ${item.per === 'hour' ? 'hours' : 'quantity'}`,
  usageLabel: (item, period) =>
    `${capital(item.description)} — ${item.per === 'hour' ? 'hours' : item.per === 'thousand' ? 'thousands of impressions' : `${item.per ?? 'unit'}s`}${period === 'year' ? ' a year' : ''}`,
  choiceLabel: (item) => `${item.kind === 'alternative' ? 'Choose' : 'Add'}: ${item.description} (1 = yes)`,
  taskHours: (task) => `${capital(task)} — hours`,
  taskHoursPer: (task, noun) => `${capital(task)} — hours per ${noun.replace(/s$/u, '')}`,
  unitCount: (noun) => `Number of ${noun}`,
  overhead: (what_) => `${capital(what_)} (% of the hours)`,
  hourlyRate: 'Hourly rate',
  surcharge: (item) => `${capital(item.description)} — surcharge (%)`,
  surchargedHours: (item, period) => `${capital(item.description)} with surcharge — hours${period === 'year' ? ' a year' : ''}`,
}

const SV: PriceWords = {
  otherLines: (count) => `Övriga ${count.toLocaleString('sv-SE')} prisrader`,
  lineLabel: (item) => {
    const suffix = item.estimate === true ? (item.period === 'year' ? 'per år' : undefined) : what(item, PER_SV, PERIOD_SV, 'pris per')
    const years = item.years === undefined ? '' : ` (${item.years} år)`
    return `${capital(item.description)}${years}${suffix === undefined ? '' : ` — ${suffix}`}`
  },
  quantityLabel: (item) => `${capital(item.description)} — ${item.per === 'hour' ? 'timmar' : 'antal'}`,
  usageLabel: (item, period) =>
    `${capital(item.description)} — ${item.per === 'hour' ? 'timmar' : item.per === 'thousand' ? 'tusental visningar' : `antal (${item.per ?? 'st'})`}${period === 'year' ? ' per år' : ''}`,
  choiceLabel: (item) => `${item.kind === 'alternative' ? 'Välj' : 'Lägg till'}: ${item.description} (1 = ja)`,
  taskHours: (task) => `${capital(task)} — timmar`,
  taskHoursPer: (task, noun) => `${capital(task)} — timmar per ${noun}`,
  unitCount: (noun) => `Antal ${noun}`,
  overhead: (what_) => `${capital(what_)} (% av timmarna)`,
  hourlyRate: 'Timpris',
  surcharge: (item) => `${capital(item.description)} — påslag (%)`,
  surchargedHours: (item, period) => `${capital(item.description)} med påslag — timmar${period === 'year' ? ' per år' : ''}`,
}

export function priceWords(language: Language): PriceWords {
  return language === 'sv' ? SV : EN
}
