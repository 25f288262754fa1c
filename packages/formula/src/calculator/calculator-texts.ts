// What a calculator's page says around its own labels, in the calculator's language: the result
// labels (SPEC §9's English texts, and their Swedish), the metrics, where a default came from (for
// the seller), and the short neutral source line a prospect sees instead (issue 15).
import type { CalculatorLanguage } from './calculator-data.ts'
import type { PricePeriod, PriceSource } from './calculator-price.ts'
import type { TimeframePeriod, ValueType } from './timeframes.ts'

export interface CalculatorTexts {
  readonly language: CalculatorLanguage
  /** The locale numbers and dates are written in on a prospect's page. */
  readonly locale: string
  readonly timeframeLabel: (period: TimeframePeriod, valueType: ValueType | undefined) => string
  /** A timeframe's label when its value is negative (issue 36): "Net cost per month", the amount then stated as a cost. */
  readonly netCostPer: (period: TimeframePeriod) => string
  readonly threeYearValue: string
  readonly roi: string
  readonly paybackPeriod: string
  readonly months: (shown: string, value: number) => string
  readonly keyMetrics: string
  readonly results: string
  /** Marks ROI and payback that come from SPEC §9's assumed cost, not from a price. */
  readonly estimate: string
  /** "ROI and payback are estimates that assume the solution costs 40% of the yearly value; …". */
  readonly estimateNote: (costPercent: string) => string
  /** With the seller's price (issue 15): the labels of what it turns real, over the years they cover. */
  readonly roiOver: (years: number) => string
  readonly netValueOver: (years: number) => string
  readonly notPaidBack: string
  /** "More than 10 years": a payback too long to say in months ("more than 10 years" mid-sentence). */
  readonly moreThanYears: (years: number, midSentence?: boolean) => string
  /** "Less than 0.1 months" ("less than 0.1 months" mid-sentence: "Pays back in less than 0.1 months"). */
  readonly lessThanMonths: (shown: string, midSentence?: boolean) => string
  /** "Price: $1,200 per month plus $5,000 once, from the offer, p. 2" (amounts already formatted). */
  readonly priceLine: (price: {
    readonly amount: string
    readonly period: PricePeriod
    readonly setup: string | undefined
    readonly source: PriceSource
  }) => string
  /** What ROI, payback and net value compare, in a line under them. */
  readonly pricedNote: (years: number) => string
  /** "Enter a number between 0 and 100". */
  readonly enterBetween: (min: string, max: string) => string
  /** For the seller: where a default came from, before the quoted passage. */
  readonly fromDocument: (page: number, ocr: boolean) => string
  readonly fromDescription: string
  readonly assumption: string
  /** For the seller: an assumption the seller has checked (issue 36). */
  readonly checkedAssumption: string
  readonly assumptionFallback: string
  /** For the prospect: one neutral line per input, no file names, no generation notes. */
  readonly prospectSource: (
    source:
      | { readonly kind: 'document'; readonly page: number }
      | { readonly kind: 'description' }
      | { readonly kind: 'assumption' }
      | { readonly kind: 'checked' },
  ) => string
}

const EN_NOUNS: Readonly<Record<TimeframePeriod, string>> = { daily: 'day', weekly: 'week', monthly: 'month', yearly: 'year' }
const EN_ADJECTIVES: Readonly<Record<TimeframePeriod, string>> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly', yearly: 'Yearly' }
const SV_NOUNS: Readonly<Record<TimeframePeriod, string>> = { daily: 'dag', weekly: 'vecka', monthly: 'månad', yearly: 'år' }

const ENGLISH: CalculatorTexts = {
  language: 'en',
  locale: 'en-US',
  // SPEC §9: 'What you save in a {period}', 'What you will earn in a {period}', otherwise '{period} Value'.
  timeframeLabel: (period, valueType) =>
    valueType === 'moneySaved'
      ? `What you save in a ${EN_NOUNS[period]}`
      : valueType === 'moneyGained'
        ? `What you will earn in a ${EN_NOUNS[period]}`
        : `${EN_ADJECTIVES[period]} Value`,
  netCostPer: (period) => `Net cost per ${EN_NOUNS[period]}`,
  threeYearValue: '3-Year Value',
  roi: 'ROI',
  paybackPeriod: 'Payback Period',
  months: (shown, value) => `${shown} ${value === 1 ? 'month' : 'months'}`,
  keyMetrics: 'Key Metrics',
  results: 'Results',
  estimate: 'Estimate',
  estimateNote: (costPercent) =>
    `ROI and payback are estimates that assume the solution costs ${costPercent} of the yearly value; they do not use a price set in this calculator.`,
  roiOver: (years) => `ROI over ${years} years`,
  netValueOver: (years) => `Net value over ${years} years`,
  notPaidBack: 'Not paid back',
  moreThanYears: (years, midSentence) => `${midSentence ? 'more' : 'More'} than ${years} years`,
  lessThanMonths: (shown, midSentence) => `${midSentence ? 'less' : 'Less'} than ${shown} months`,
  priceLine: ({ amount, period, setup, source }) => {
    const recurring =
      period === 'one-off' ? `${amount} one-off` : `${amount} per ${period}${setup === undefined ? '' : ` plus ${setup} once`}`
    const from =
      source.kind === 'document' ? `, from the offer, p. ${source.page}` : source.kind === 'description' ? ', as stated in the offer' : ''
    return `Price: ${recurring}${from}`
  },
  pricedNote: (years) =>
    `ROI and net value compare the value over ${years} years with what the price costs over ${years} years; payback is when the value has covered what has been paid.`,
  enterBetween: (min, max) => `Enter a number between ${min} and ${max}`,
  fromDocument: (page, ocr) => `From the document, page ${page}${ocr ? ' (read by text recognition from a scan)' : ''}:`,
  fromDescription: 'From your description:',
  assumption: 'Assumption:',
  checkedAssumption: 'Assumption, checked by you:',
  assumptionFallback: 'not stated in your input; adjust it to the prospect’s figures.',
  prospectSource: (source) =>
    source.kind === 'document'
      ? `From the proposal, p. ${source.page}`
      : source.kind === 'description'
        ? 'As stated in the offer'
        : source.kind === 'checked'
          ? 'The seller’s checked figure'
          : 'Estimate — adjust to your situation',
}

const SWEDISH: CalculatorTexts = {
  language: 'sv',
  locale: 'sv-SE',
  timeframeLabel: (period, valueType) =>
    valueType === 'moneySaved'
      ? `Det här sparar ni per ${SV_NOUNS[period]}`
      : valueType === 'moneyGained'
        ? `Det här tjänar ni per ${SV_NOUNS[period]}`
        : `Värde per ${SV_NOUNS[period]}`,
  netCostPer: (period) => `Nettokostnad per ${SV_NOUNS[period]}`,
  threeYearValue: 'Värde på 3 år',
  roi: 'Avkastning (ROI)',
  paybackPeriod: 'Återbetalningstid',
  months: (shown, value) => `${shown} ${value === 1 ? 'månad' : 'månader'}`,
  keyMetrics: 'Nyckeltal',
  results: 'Resultat',
  estimate: 'Uppskattning',
  estimateNote: (costPercent) =>
    `Avkastning och återbetalningstid är uppskattningar som antar att lösningen kostar ${costPercent} av årsvärdet; de räknar inte med ett pris som anges i kalkylatorn.`,
  roiOver: (years) => `Avkastning (ROI) på ${years} år`,
  netValueOver: (years) => `Nettovärde på ${years} år`,
  notPaidBack: 'Återbetalas inte',
  moreThanYears: (years, midSentence) => `${midSentence ? 'mer' : 'Mer'} än ${years} år`,
  lessThanMonths: (shown, midSentence) => `${midSentence ? 'mindre' : 'Mindre'} än ${shown} månader`,
  priceLine: ({ amount, period, setup, source }) => {
    const recurring =
      period === 'one-off'
        ? `${amount} som engångsbelopp`
        : `${amount} per ${period === 'month' ? 'månad' : 'år'}${setup === undefined ? '' : ` plus ${setup} en gång`}`
    const from =
      source.kind === 'document' ? `, enligt offerten, s. ${source.page}` : source.kind === 'description' ? ', enligt erbjudandet' : ''
    return `Pris: ${recurring}${from}`
  },
  pricedNote: (years) =>
    `Avkastning och nettovärde jämför värdet på ${years} år med vad priset kostar på ${years} år; återbetalningstiden är när värdet har täckt det som betalats.`,
  enterBetween: (min, max) => `Ange ett tal mellan ${min} och ${max}`,
  fromDocument: (page, ocr) => `Från dokumentet, sida ${page}${ocr ? ' (läst med textigenkänning från en skanning)' : ''}:`,
  fromDescription: 'Från din beskrivning:',
  assumption: 'Antagande:',
  checkedAssumption: 'Antagande, kontrollerat av dig:',
  assumptionFallback: 'anges inte i underlaget; justera till kundens siffror.',
  prospectSource: (source) =>
    source.kind === 'document'
      ? `Från förslaget, s. ${source.page}`
      : source.kind === 'description'
        ? 'Enligt erbjudandet'
        : source.kind === 'checked'
          ? 'Säljarens kontrollerade siffra'
          : 'Uppskattning — justera efter er situation',
}

/** "Assumption", "An assumption", "Antagande", "Ett antagande" leading a note, with the dash or colon after it. */
const LEADING_ASSUMPTION_WORD = /^\s*(?:(?:an?|ett)\s+)?(?:assumption|antagande)\b\s*[:—–-]?\s*/iu

/**
 * The seller's note on an assumed default, to follow the "Assumption:" label: without a word the
 * label already says (the analyzers write "Ett antagande: …", a model "Assumption — …"), so the line
 * never reads "Antagande: Antagande — …"; the fallback when nothing is left.
 */
export function assumptionNoteOf(note: string | undefined, texts: CalculatorTexts): string {
  const rest = (note ?? '').replace(LEADING_ASSUMPTION_WORD, '').trim()
  return rest === '' ? texts.assumptionFallback : rest
}

/** The texts of a calculator in `language` (English when it has none). */
export function calculatorTexts(language: CalculatorLanguage | undefined): CalculatorTexts {
  return language === 'sv' ? SWEDISH : ENGLISH
}
