// The words the built-in analyzer reads figures by, in English and Swedish: time periods, the
// things people count, and the words that make a figure relevant (or boilerplate).

export const PERIODS = ['hour', 'day', 'week', 'month', 'quarter', 'year'] as const
export type Period = (typeof PERIODS)[number]

export {
  ENTITIES,
  ENTITY_WORDS,
  entityOfWord,
  PER_ONLY_ENTITY_WORDS,
  type Entity,
  type EntityGroup,
  type EntityId,
} from './vocabulary-entities.ts'

/** Words that name a period after "per", "/", "a", "i", "om" (lowercase). */
export const PERIOD_WORDS: ReadonlyMap<string, Period> = new Map<string, Period>([
  ...(['hour', 'hours', 'hr', 'hrs', 'h', 'timme', 'timmen', 'timmar', 'tim', 'tjm'] as const).map((word) => [word, 'hour'] as const),
  ...(['day', 'days', 'dag', 'dagen', 'dagar', 'dygn', 'dygnet', 'workday', 'arbetsdag'] as const).map((word) => [word, 'day'] as const),
  ...(['week', 'weeks', 'wk', 'vecka', 'veckan', 'veckor', 'v'] as const).map((word) => [word, 'week'] as const),
  ...(['month', 'months', 'mo', 'mth', 'månad', 'månaden', 'månader', 'mån', 'mnd'] as const).map((word) => [word, 'month'] as const),
  ...(['quarter', 'quarters', 'kvartal', 'kvartalet'] as const).map((word) => [word, 'quarter'] as const),
  ...(['year', 'years', 'yr', 'yrs', 'annum', 'år', 'året'] as const).map((word) => [word, 'year'] as const),
])

/** Adverbs that give a figure its period when they follow it ("$1,000 monthly", "5 000 kr årligen"). */
export const PERIOD_ADVERBS: ReadonlyMap<string, Period> = new Map<string, Period>([
  ['hourly', 'hour'],
  ['daily', 'day'],
  ['weekly', 'week'],
  ['monthly', 'month'],
  ['månadsvis', 'month'],
  ['quarterly', 'quarter'],
  ['kvartalsvis', 'quarter'],
  ['yearly', 'year'],
  ['annual', 'year'],
  ['annually', 'year'],
  ['årlig', 'year'],
  ['årliga', 'year'],
  ['årligen', 'year'],
])

/** Quantities of working time: "40 timmar/vecka", "10 hours per week". */
export const HOUR_WORDS: ReadonlySet<string> = new Set([
  'hour',
  'hours',
  'hr',
  'hrs',
  'h',
  'timme',
  'timmar',
  'tim',
  'man-hours',
  'mantimmar',
  'arbetstimmar',
  'konsulttimmar',
])
export const MINUTE_WORDS: ReadonlySet<string> = new Set(['minute', 'minutes', 'min', 'mins', 'minut', 'minuter', 'minuten'])
/** Durations: "12 weeks", "3 years", "4-6 månader". */
export const DURATION_WORDS: ReadonlyMap<string, Period> = new Map<string, Period>([
  ...(['day', 'days', 'dag', 'dagar', 'dagarna'] as const).map((word) => [word, 'day'] as const),
  ...(['week', 'weeks', 'vecka', 'veckor', 'veckorna'] as const).map((word) => [word, 'week'] as const),
  ...(['month', 'months', 'månad', 'månader', 'månaderna', 'mån'] as const).map((word) => [word, 'month'] as const),
  ...(['year', 'years', 'yrs', 'år', 'åren'] as const).map((word) => [word, 'year'] as const),
])

/** How often something happens, written as a word: "twice a week", "once a month". */
export const FREQUENCY_WORDS: ReadonlyMap<string, number> = new Map([
  ['once', 1],
  ['twice', 2],
  ['thrice', 3],
])

/** Words between a count and its period that make it a frequency: "3 times a week", "två gånger i månaden". */
export const TIMES_WORDS: ReadonlySet<string> = new Set(['times', 'gånger', 'gång', 'ggr'])

/** English and Swedish number words (not "one"/"en"/"ett": too often an article or pronoun). */
export const NUMBER_WORDS: ReadonlyMap<string, number> = new Map([
  ['two', 2],
  ['three', 3],
  ['four', 4],
  ['five', 5],
  ['six', 6],
  ['seven', 7],
  ['eight', 8],
  ['nine', 9],
  ['ten', 10],
  ['eleven', 11],
  ['twelve', 12],
  ['fifteen', 15],
  ['twenty', 20],
  ['thirty', 30],
  ['forty', 40],
  ['fifty', 50],
  ['två', 2],
  ['tre', 3],
  ['fyra', 4],
  ['fem', 5],
  ['sex', 6],
  ['sju', 7],
  ['åtta', 8],
  ['nio', 9],
  ['tio', 10],
  ['elva', 11],
  ['tolv', 12],
  ['femton', 15],
  ['tjugo', 20],
  ['trettio', 30],
  ['fyrtio', 40],
  ['femtio', 50],
])

/** A word list where an entry ending in '*' matches every word that starts with it. */
export class WordList {
  private readonly exact: ReadonlySet<string>
  private readonly prefixes: readonly string[]
  constructor(entries: readonly string[]) {
    this.exact = new Set(entries.filter((entry) => !entry.endsWith('*')))
    this.prefixes = entries.filter((entry) => entry.endsWith('*')).map((entry) => entry.slice(0, -1))
  }
  /** Words already looked up: a long text repeats its words thousands of times. */
  private readonly known = new Map<string, boolean>()
  has(word: string): boolean {
    let found = this.known.get(word)
    if (found === undefined) {
      found = this.exact.has(word) || this.prefixes.some((prefix) => word.startsWith(prefix))
      if (this.known.size < 50_000) this.known.set(word, found)
    }
    return found
  }
  /** How many distinct words of `words` are in the list. */
  countIn(words: Iterable<string>): number {
    let count = 0
    for (const word of words) if (this.has(word)) count += 1
    return count
  }
}

/** Words near a figure that make it a value driver. */
export const VALUE_WORDS = new WordList([
  'cost*',
  'price*',
  'pricing',
  'fee',
  'fees',
  'rate',
  'rates',
  'hourly',
  'revenue*',
  'budget*',
  'spend*',
  'roi',
  'profit*',
  'margin*',
  'value',
  'pay',
  'paid',
  'payment*',
  'charge*',
  'sales',
  'income',
  'earn*',
  'salary',
  'salaries',
  'wage*',
  'invoice*',
  'efficien*',
  'hours',
  'month',
  'monthly',
  'annual*',
  'week',
  'weekly',
  'kostnad*',
  'kostar',
  'pris',
  'priser',
  'priset',
  'timpris*',
  'arvode*',
  'avgift*',
  'intäkt*',
  'budget',
  'värde*',
  'lön*',
  'vinst*',
  'effektiv*',
  'timmar',
  'månad',
  'månaden',
  'vecka',
  'veckan',
  'betal*',
  'fakturer*',
  'omsättning*',
  'försäljning*',
])
export const SAVING_WORDS = new WordList([
  'save',
  'saves',
  'saved',
  'saving',
  'savings',
  'spara',
  'sparar',
  'sparad',
  'sparade',
  'sparat',
  'besparing*',
  'frees',
  'freed',
  'free up',
  'automat*',
  'reduce*',
  'reduction*',
  'cut',
  'cuts',
  'minska*',
  'minskning*',
  'effektivisera*',
])
export const REVENUE_WORDS = new WordList(['revenue*', 'sales', 'turnover', 'income', 'intäkt*', 'omsättning*', 'försäljning*'])
export const INCREASE_WORDS = new WordList([
  'increase*',
  'growth',
  'grow',
  'grows',
  'uplift',
  'boost*',
  'more',
  'higher',
  'raise*',
  'improve*',
  'öka*',
  'ökning*',
  'tillväxt*',
  'höja',
  'höjer',
  'förbättr*',
  'fler',
  'mer',
])
export const REDUCTION_WORDS = new WordList([
  'reduce*',
  'reduction*',
  'save*',
  'saving*',
  'less',
  'lower*',
  'cut',
  'cuts',
  'decrease*',
  'fewer',
  'minska*',
  'minskning*',
  'sänk*',
  'spara*',
  'besparing*',
  'färre',
  'lägre',
])
export const SHARE_WORDS = new WordList(['share', 'shares', 'split', 'commission*', 'andel*', 'provision*', 'fördelning*'])
export const CONVERSION_WORDS = new WordList([
  'conversion*',
  'convert*',
  'close',
  'closing',
  'win',
  'become',
  'becomes',
  'buy',
  'buyers',
  'sign',
  'konvertering*',
  'konverter*',
  'avslut*',
  'blir',
  'köper',
  'köpare',
])
export const COST_WORDS = new WordList(['cost', 'costs', 'spend*', 'budget*', 'expense*', 'expenditure*', 'kostnad*', 'utgift*', 'budget'])

/** Words that make a money figure boilerplate rather than a value driver. */
export const NEGATIVE_WORDS = new WordList([
  'insurance',
  'liability',
  'liabilities',
  'damages',
  'indemnif*',
  'penalt*',
  'interest',
  'late',
  'overdue',
  'tax',
  'taxes',
  'vat',
  'moms',
  'mervärdesskatt',
  'mervärdeskatt',
  'vite',
  'viten',
  'skadestånd*',
  'dröjsmål*',
  'ränta*',
  'deposit',
  'refundable',
  'non-refundable',
  'occurrence',
  'försäkring*',
  'gazette',
  'bid',
  'bids',
  'tender',
  'tenders',
  'fine',
  'fines',
])
/** Words that make a percentage legal or evaluation boilerplate. */
export const PERCENT_BOILERPLATE_WORDS = new WordList([
  'interest',
  'prime',
  'annum',
  'vat',
  'tax',
  'taxes',
  'moms',
  'mervärdesskatt',
  'ränta*',
  'ownership',
  'shares',
  'stock',
  'voting',
  'equity',
  'vikt',
  'viktning',
  'weight*',
  'poäng',
  // Not "points": "+0.5 percentage points" is a value claim; evaluation points are "poäng", "score", "weight".
  'score',
  'scoring',
  // Not "late": "late fees disappear" beside a claimed reduction; late-payment terms say "interest", "overdue", "penalty".
  'overdue',
  'penalt*',
  'vite',
  'dröjsmål*',
  'surcharge',
  'liability',
  'insurance',
  'agreement',
  'coverage',
  'accuracy',
  'sov',
])

/** Themes that choose a calculator when the text has no usable figure. */
export const THEME_WORDS = {
  revenue: new WordList([
    'revenue*',
    'sales',
    'marketing',
    'leads',
    'growth',
    'advertis*',
    'brand*',
    'intäkt*',
    'försäljning*',
    'marknadsföring*',
    'annons*',
    'varumärke*',
  ]),
  audience: new WordList(['sponsor*', 'attendee*', 'conference*', 'delegates', 'exhibitor*', 'deltagare', 'konferens*', 'mässa*']),
  documents: new WordList([
    'pdf',
    'pdfs',
    'invoice',
    'invoices',
    'ocr',
    'statements',
    'textract',
    'scanning',
    'scanned',
    'csv',
    'paperwork',
    'fakturor',
    'faktura',
    'blankett',
    'blanketter',
    'pappersarbete',
  ]),
} as const

/** Month names: a number next to one is part of a date. */
export const MONTH_PATTERN =
  'january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|januari|februari|mars|maj|juni|juli|augusti|oktober'
