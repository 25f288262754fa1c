// Every text the built-in analyzer writes, in English and Swedish. The calculator's description and
// explanation are read by the prospect too (issue 15): they name the source neutrally, "the offer"
// (a description) or "the proposal" (a document), as the prospect's source line does (decision 099),
// never "your description". The per-parameter notes (description, source) are the seller's.
import type { Currency, TimeframePeriod } from '@valueproof/formula'
import type { Language } from '../types.ts'
import type { Entity } from './vocabulary.ts'

export interface Texts {
  readonly language: Language
  readonly genericName: string
  readonly nameSuffix: string
  readonly assumptionNote: (inputKind: 'document' | 'description') => string
  readonly assumptionDescription: (inputKind: 'document' | 'description') => string
  readonly fromDocument: (page: number) => string
  readonly fromDescription: string
  readonly converted: (original: string, to: Currency, rate: number) => string
  readonly unconverted: (code: string, base: Currency) => string
  readonly rangeMidpoint: (low: string, high: string) => string
  /** A stated amount over several years, divided by them. */
  readonly statedOverYears: (amount: string, span: string, years: string) => string
  /** A stated total without a period, used as one period's cost. */
  readonly statedTotal: (amount: string, periodNoun: string) => string
  readonly perPersonReading: string
  readonly periodNoun: (period: TimeframePeriod) => string
  readonly perPeriod: (period: TimeframePeriod) => string
  readonly hoursUnit: (period: TimeframePeriod) => string
  readonly hourlyUnit: (symbol: string) => string
  readonly hoursWord: string
  readonly minutesWord: string
  readonly many: (entity: Entity) => string
  readonly one: (entity: Entity) => string
  readonly heldConstant: string
  /** "One-off price: €9,000 (as stated in the offer), not included in the result per month." */
  readonly oneOffNote: (amount: string, from: string, period: TimeframePeriod) => string
  readonly assumed: string
  readonly constantFromDocument: (page: number) => string
  readonly constantFromDescription: string
  readonly takenFrom: (inputKind: 'document' | 'description') => string
  readonly assumptionsToAdjust: string
  readonly keyMetrics: string
  readonly pageShort: (page: number) => string
  /** The description of a template: its figures are examples (`examples`), or it states none. */
  readonly templateNote: (examples: boolean) => string
  /** A term whose figure is an example figure of a template. */
  readonly exampleFigure: string
  /** After a documented constant's origin: "(from the proposal, page 3, an example figure of the template)". */
  readonly exampleConstant: string
  readonly yearly: string
  readonly say: (en: string, sv: string) => string
  /** A currency without a SPEC §9 rate, converted at a named indicative rate. */
  readonly indicativeRate: (original: string, code: string, base: Currency, rate: number) => string
  /** A per-period figure rescaled to the calculator's period. */
  readonly rescaled: (fromNoun: string, toNoun: string, factor: string) => string
  /** A change derived from a "from X to Y" pair. */
  readonly fromToNote: (from: string, to: string) => string
  readonly noClaimNote: (inputKind: 'document' | 'description') => string
  readonly contractValueNote: (amount: string, page: number, inputKind: 'document' | 'description') => string
  /** "Money saved per week: driven by … (stated) …; … assumed." */
  readonly drivers: (props: {
    readonly result: string
    readonly stated: readonly string[]
    readonly assumed: readonly string[]
    readonly inputKind: 'document' | 'description'
  }) => string
}

function listed(items: readonly string[], and: string): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} ${and} ${items[items.length - 1] ?? ''}`
}

const EN_PERIOD: Readonly<Record<TimeframePeriod, string>> = { daily: 'day', weekly: 'week', monthly: 'month', yearly: 'year' }
const SV_PERIOD: Readonly<Record<TimeframePeriod, string>> = { daily: 'dag', weekly: 'vecka', monthly: 'månad', yearly: 'år' }

const ENGLISH: Texts = {
  language: 'en',
  genericName: 'ROI Calculator',
  nameSuffix: ' — ROI Calculator',
  assumptionNote: (inputKind) =>
    inputKind === 'document' ? 'Assumption — no figure in the document' : 'Assumption — no figure in the description',
  assumptionDescription: (inputKind) =>
    `No figure in the ${inputKind === 'document' ? 'document' : 'description'} for this — a typical value to adjust to your situation.`,
  fromDocument: (page) => `From the document, page ${page}.`,
  fromDescription: 'From your description.',
  converted: (original, to, rate) => `Stated as ${original}; converted to ${to} at the fixed rate ${rate}.`,
  unconverted: (code, base) => `Stated in ${code}; there is no fixed rate for ${code}, so the amount is used as it stands, in ${base}.`,
  rangeMidpoint: (low, high) => `The text gives a range (${low}–${high}); the midpoint is used.`,
  statedOverYears: (amount, span, years) =>
    years === '1'
      ? `The document states ${amount} for ${span}; that is the cost per year.`
      : `The document states ${amount} for ${span}; divided by ${years}, one year's share is used.`,
  statedTotal: (amount, periodNoun) =>
    `The document states ${amount} as a total, not per ${periodNoun}; the stated total is used as the cost per ${periodNoun}.`,
  perPersonReading: 'Read as hours per person.',
  periodNoun: (period) => EN_PERIOD[period],
  perPeriod: (period) => `per ${EN_PERIOD[period]}`,
  hoursUnit: (period) => `hours/${EN_PERIOD[period]}`,
  hourlyUnit: (symbol) => `${symbol}/hour`,
  hoursWord: 'hours',
  minutesWord: 'minutes',
  many: (entity) => entity.en.many,
  one: (entity) => entity.en.one,
  heldConstant: 'Held constant in the formula',
  oneOffNote: (amount, from, period) => `One-off price: ${amount} (${from}), not included in the result per ${EN_PERIOD[period]}.`,
  assumed: 'assumed',
  constantFromDocument: (page) => `from the proposal, page ${page}`,
  constantFromDescription: 'as stated in the offer',
  takenFrom: (inputKind) => (inputKind === 'document' ? 'From the proposal' : 'As stated in the offer'),
  assumptionsToAdjust: 'Assumptions to adjust',
  keyMetrics: 'Key metrics',
  pageShort: (page) => `page ${page}`,
  templateNote: (examples) =>
    examples
      ? "The document is a template: its figures are example figures, kept as the template writes them; replace them with the offer's own."
      : 'The document is a template that states no figures: every value is an assumption.',
  exampleFigure: "An example figure of the template, not a quoted price: replace it with the offer's own.",
  exampleConstant: 'an example figure of the template',
  yearly: 'per year',
  say: (en) => en,
  indicativeRate: (original, code, base, rate) =>
    `Stated as ${original}; converted to ${base} at an indicative rate of 1 ${code} = ${rate} ${base} (adjust to today's rate).`,
  rescaled: (fromNoun, toNoun, factor) => `Stated per ${fromNoun}; ${factor} for one ${toNoun}.`,
  fromToNote: (from, to) => `Derived from the stated change from ${from} to ${to}.`,
  noClaimNote: (inputKind) =>
    `The ${inputKind === 'document' ? 'proposal' : 'offer'} states no saving or gain, so this calculator models the costs it states; no figure here is a saving.`,
  contractValueNote: (amount, page, inputKind) =>
    inputKind === 'document'
      ? `The proposal states ${amount} (page ${page}) as a contract value, ceiling or budget; it is not money saved.`
      : `The offer states ${amount} as a contract value, ceiling or budget; it is not money saved.`,
  drivers: ({ result, stated, assumed, inputKind }) => {
    const parts: string[] = []
    if (stated.length > 0) parts.push(`${listed(stated, 'and')} as stated in the ${inputKind === 'document' ? 'proposal' : 'offer'}`)
    const assumedText = `${listed(assumed, 'and')} ${assumed.length === 1 ? 'is an assumption' : 'are assumptions'} to adjust`
    if (stated.length === 0) return `${result}: ${assumedText}.`
    if (assumed.length > 0) parts.push(assumedText)
    return `${result}: driven by ${parts.join('; ')}.`
  },
}

const SWEDISH: Texts = {
  language: 'sv',
  genericName: 'ROI-kalkylator',
  nameSuffix: ' — ROI-kalkylator',
  assumptionNote: (inputKind) =>
    inputKind === 'document' ? 'Antagande — ingen siffra i dokumentet' : 'Antagande — ingen siffra i beskrivningen',
  assumptionDescription: (inputKind) =>
    `Ingen siffra i ${inputKind === 'document' ? 'dokumentet' : 'beskrivningen'} för detta — ett typiskt värde att justera efter era förhållanden.`,
  fromDocument: (page) => `Från dokumentet, sida ${page}.`,
  fromDescription: 'Från din beskrivning.',
  converted: (original, to, rate) => `Anges som ${original}; omräknat till ${to} med den fasta kursen ${rate}.`,
  unconverted: (code, base) => `Anges i ${code}; det finns ingen fast kurs för ${code}, så beloppet används som det står, i ${base}.`,
  rangeMidpoint: (low, high) => `Texten anger ett intervall (${low}–${high}); mittvärdet används.`,
  statedOverYears: (amount, span, years) =>
    years === '1'
      ? `Dokumentet anger ${amount} för ${span}; det är kostnaden per år.`
      : `Dokumentet anger ${amount} för ${span}; delat med ${years} används ett års andel.`,
  statedTotal: (amount, periodNoun) =>
    `Dokumentet anger ${amount} som ett totalbelopp, inte per ${periodNoun}; totalbeloppet används som kostnad per ${periodNoun}.`,
  perPersonReading: 'Tolkas som timmar per person.',
  periodNoun: (period) => SV_PERIOD[period],
  perPeriod: (period) => `per ${SV_PERIOD[period]}`,
  hoursUnit: (period) => `timmar/${SV_PERIOD[period]}`,
  hourlyUnit: (symbol) => `${symbol}/timme`,
  hoursWord: 'timmar',
  minutesWord: 'minuter',
  many: (entity) => entity.sv.many,
  one: (entity) => entity.sv.one,
  heldConstant: 'Fasta värden i formeln',
  oneOffNote: (amount, from, period) => `Engångspris: ${amount} (${from}), ingår inte i resultatet per ${SV_PERIOD[period]}.`,
  assumed: 'antaget',
  constantFromDocument: (page) => `från förslaget, sida ${page}`,
  constantFromDescription: 'enligt erbjudandet',
  takenFrom: (inputKind) => (inputKind === 'document' ? 'Från förslaget' : 'Enligt erbjudandet'),
  assumptionsToAdjust: 'Antaganden att justera',
  keyMetrics: 'Nyckeltal',
  pageShort: (page) => `sida ${page}`,
  templateNote: (examples) =>
    examples
      ? 'Dokumentet är en mall: dess siffror är exempelsiffror, återgivna som mallen skriver dem; ersätt dem med offertens egna.'
      : 'Dokumentet är en mall som inte anger några siffror: alla värden är antaganden.',
  exampleFigure: 'En exempelsiffra ur mallen, inte ett offererat pris: ersätt den med offertens egen.',
  exampleConstant: 'en exempelsiffra ur mallen',
  yearly: 'per år',
  say: (_en, sv) => sv,
  indicativeRate: (original, code, base, rate) =>
    `Anges som ${original}; omräknat till ${base} med en ungefärlig kurs, 1 ${code} = ${String(rate).replace('.', ',')} ${base} (justera till dagens kurs).`,
  rescaled: (fromNoun, toNoun, factor) => `Anges per ${fromNoun}; ${factor} för en ${toNoun}.`,
  fromToNote: (from, to) => `Härlett ur den angivna förändringen från ${from} till ${to}.`,
  noClaimNote: (inputKind) =>
    `${inputKind === 'document' ? 'Förslaget' : 'Erbjudandet'} anger ingen besparing eller vinst, så kalkylatorn räknar på de kostnader som anges; inget värde här är en besparing.`,
  contractValueNote: (amount, page, inputKind) =>
    inputKind === 'document'
      ? `Förslaget anger ${amount} (sida ${page}) som kontraktsvärde, takbelopp eller budget; det är inte en besparing.`
      : `Erbjudandet anger ${amount} som kontraktsvärde, takbelopp eller budget; det är inte en besparing.`,
  drivers: ({ result, stated, assumed, inputKind }) => {
    const parts: string[] = []
    if (stated.length > 0) parts.push(`${listed(stated, 'och')} enligt ${inputKind === 'document' ? 'förslaget' : 'erbjudandet'}`)
    const assumedText = `${listed(assumed, 'och')} ${assumed.length === 1 ? 'är ett antagande' : 'är antaganden'} att justera`
    if (stated.length === 0) return `${result}: ${assumedText}.`
    if (assumed.length > 0) parts.push(assumedText)
    return `${result}: bygger på ${parts.join('; ')}.`
  },
}

export function textsFor(language: Language): Texts {
  return language === 'sv' ? SWEDISH : ENGLISH
}

const NUMBER_FORMATS = new Map<string, Intl.NumberFormat>()

/** "1,234.5" (en) or "1 234,5" (sv), at most two decimals (three significant digits below 1). */
export function formatNumber(value: number, language: Language): string {
  const digits = Math.abs(value) < 1 && value !== 0 ? 3 : 2
  const key = `${language}|${digits}`
  let format = NUMBER_FORMATS.get(key)
  if (format === undefined) {
    format = new Intl.NumberFormat(language === 'sv' ? 'sv-SE' : 'en-US', { maximumFractionDigits: digits })
    NUMBER_FORMATS.set(key, format)
  }
  return format.format(value)
}

export const CURRENCY_SYMBOLS: Readonly<Record<Currency, string>> = { USD: '$', EUR: '€', SEK: 'kr' }

/** "$1,234", "€1,234", "1 234 kr". */
export function formatAmount(value: number, currency: Currency, language: Language): string {
  const number = formatNumber(value, language)
  return currency === 'SEK' ? `${number} kr` : `${CURRENCY_SYMBOLS[currency]}${number}`
}
