// What the PDF of a proposal says, decided here on the service's thread and handed to the renderer
// (a worker thread) as plain data: every text in the calculator's language and every figure computed
// by @valueproof/formula from the stored calculator and the values asked for — never the client's.
import type { ProposalRecord } from '@valueproof/contracts'
import type { ProposalDocument, RichText } from '@valueproof/contracts/proposal-document'
import {
  calculatorFigures,
  calculatorTexts,
  createCalculator,
  estimateNoteOf,
  formatInputValue,
  moneyDisplayOf,
  moneyFormatter,
  numberLocaleOf,
  paybackStatement,
  headlineLabel,
  headlineOf,
  headlineValue,
  paybackSeries,
  PRICE_HORIZON_YEARS,
  priceOfQuote,
  proposalTexts,
  sliderSettings,
  valueFieldSlider,
  type CalculatorData,
  type Currency,
  type CalculatorLanguage,
  type CalculatorTexts,
  type ProposalTexts,
  type Scenario,
  type CalculatorFigure,
  type CalculatorResult,
  type MoneyDisplay,
} from '@valueproof/formula'
import { paybackChartOf, type PaybackChart } from './payback-chart-data.ts'
import { contactOf, headerOf, type PdfContact, type PdfHeader } from './pdf-branding.ts'
import { accentOf, documentBlocksOf } from './pdf-document.ts'
import { pricingTablesOf, type PdfPricingTable, type QuoteTicks } from './pdf-pricing.ts'

/** A pricing table's money when the proposal has no calculator to take a currency from. */
const FALLBACK_CURRENCY: Currency = 'USD'

export interface PdfHeadline {
  /** "You save per year" and the value; undefined for a value calculator. */
  value: { label: string; text: string } | undefined
  /** "Pays back in" and "4.2 months", with "Estimate" when it is SPEC §9's estimate. */
  payback: { label: string; text: string; estimate: string | undefined } | undefined
  /** "Scenario: Conservative". */
  scenario: string
}

export interface PdfInput {
  label: string
  /** The value with its unit, as the prospect set it (clamped to its slider). */
  value: string
}

export interface PdfCalculator {
  name: string
  description: string
  inputs: PdfInput[]
  figures: PdfFigures
  explanation: string
}

export interface PdfAgreement {
  heading: string
  /** "Agreed on November 24, 2026". */
  agreedOn: string
  scenario: string
  figures: CalculatorFigure[]
  inputs: PdfInput[]
  note: string
  /** Said when the stored record no longer matches its hash. */
  altered: string | undefined
}

/** A block of the body, in the document's order (pdf-document.ts). */
export type PdfBlock =
  /** Rich text under its heading; a `lead` (the executive summary under the title) has none. */
  | { kind: 'section'; heading: string | undefined; lead: boolean; content: RichText }
  /** An upload's PNG or JPEG bytes, drawn at the text's width; `alt` is its alternative text. */
  | { kind: 'image'; bytes: Uint8Array; alt: string; caption: string | undefined; width: number; height: number }
  | { kind: 'calculator'; heading: string | undefined }
  | { kind: 'pricing'; table: PdfPricingTable }
  | { kind: 'quote'; text: string; author: string | undefined }
  /** A call to action as link text; `href` only when it is https: or mailto:. */
  | { kind: 'button'; label: string; href: string | undefined }
  /** The seller's contact: the document layout's footer, or inside the executive layout's Next Steps. */
  | { kind: 'contact'; footer: boolean }

export interface ProposalPdfContent {
  language: CalculatorLanguage
  title: string
  /** The creation date in long format, in the calculator's language. */
  date: string | undefined
  header: PdfHeader
  /** A Pro seller's valid brand colour, for the headings' accent. */
  accent: string | undefined
  /** The proposal's public /proposals/{id} address, printed on every page. */
  shareUrl: string
  headline: PdfHeadline | undefined
  chart: PaybackChart | undefined
  agreement: PdfAgreement | undefined
  blocks: PdfBlock[]
  /** The calculator card; `undefined` with a calculator block means it cannot be shown. */
  calculator: PdfCalculator | undefined
  contact: PdfContact
}

/** The proposal's calculator when it validates; `invalid` when it is there but cannot be shown. */
export type PdfCalculatorState = { kind: 'none' } | { kind: 'invalid' } | { kind: 'ready'; calculatorData: CalculatorData }

export interface PdfRequest {
  proposal: ProposalRecord
  calculator: PdfCalculatorState
  scenario: Scenario
  /** Every input's value (the scenario's, with the client's on top), already checked to be inputs. */
  values: Record<string, number>
  shareUrl: string
  /** The image blocks' bytes by image id (pdf-images.ts); an image without bytes is left out. */
  images: ReadonlyMap<string, Uint8Array>
  /** The prospect's ticks of optional pricing lines (`options`); undefined: the seller's choices. */
  ticks: QuoteTicks
}

function filled(text: string | null | undefined): text is string {
  return typeof text === 'string' && text.trim() !== ''
}

// Making an Intl format costs about a millisecond, on the thread that serves requests: kept per locale.
const longDates = new Map<string, Intl.DateTimeFormat>()

function cached<T>(formats: Map<string, T>, locale: string, make: () => T): T {
  let format = formats.get(locale)
  if (format === undefined) {
    format = make()
    formats.set(locale, format)
  }
  return format
}

/** 'January 5, 2025' ('5 januari 2025' in sv-SE), as the page writes the creation date. */
export function longDate(value: string | null | undefined, locale: string): string | undefined {
  if (!filled(value)) return undefined
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return undefined
  return cached(longDates, locale, () => new Intl.DateTimeFormat(locale, { month: 'long', day: 'numeric', year: 'numeric' })).format(date)
}

interface InputDefinition {
  name: string
  label: string
  unit: string | undefined
}

/** The inputs the page's calculator shows, in its order: parameters, then a value calculator's input fields. */
export function inputsOf(calculatorData: CalculatorData): InputDefinition[] {
  const inputs: InputDefinition[] = calculatorData.parameters.map(({ name, label, unit }) => ({ name, label, unit }))
  if (calculatorData.calculatorType === 'value') {
    for (const field of calculatorData.valueFields)
      if (!field.calculated) inputs.push({ name: field.name, label: field.label, unit: field.unit })
  }
  return inputs
}

/** The value within the input's slider, as the page's number input would hold it. */
function clampedValue(calculatorData: CalculatorData, input: InputDefinition, value: number): number {
  const parameter = calculatorData.parameters.find((candidate) => candidate.name === input.name)
  const field = calculatorData.valueFields.find((candidate) => candidate.name === input.name)
  const slider = parameter !== undefined ? sliderSettings(parameter) : field !== undefined ? valueFieldSlider(field) : undefined
  return slider === undefined ? value : Math.min(slider.max, Math.max(slider.min, value))
}

/** "12 agents", "20%" ("20 %" in Swedish), "1,500 $/month": the number in the page's locale, then its unit. */

function shownInputs(calculatorData: CalculatorData, values: Readonly<Record<string, number>>, locale: string): PdfInput[] {
  return inputsOf(calculatorData).flatMap((input) => {
    const value = values[input.name]
    return value === undefined
      ? []
      : [{ label: input.label, value: formatInputValue(clampedValue(calculatorData, input, value), input.unit, locale) }]
  })
}

function scenarioLine(texts: ProposalTexts, scenario: Scenario): string {
  return `${texts.scenario}: ${texts.scenarioNames[scenario]}`
}

interface Figuring {
  calculatorData: CalculatorData
  texts: ProposalTexts
  figureTexts: CalculatorTexts
  display: MoneyDisplay
}

/** A negative value per year is a net cost, never "You save −…" (issue 36). */
function honestValue(yearlyValue: number, calculatorData: CalculatorData, texts: ProposalTexts, money: (amount: number) => string) {
  const value = headlineValue(yearlyValue)
  return { label: headlineLabel(value, calculatorData.valueType, texts), text: money(value.amount) }
}

function headlineFigures(
  figuring: Figuring,
  headline: { yearlyValue: number | undefined; payback: { months: number; paidBack: boolean; estimate: boolean } | undefined },
): Pick<PdfHeadline, 'value' | 'payback'> {
  const { calculatorData, texts, figureTexts, display } = figuring
  const money = moneyFormatter(calculatorData.baseCurrency, display)
  const { payback } = headline
  // "Pays back in" and "less than 0.1 months" read as one phrase; "Payback period: Not paid back"
  // rather than "Pays back in: Not paid back", as on the page.
  const statement = payback === undefined ? undefined : paybackStatement(payback, texts, figureTexts, numberLocaleOf(display))
  return {
    value: headline.yearlyValue === undefined ? undefined : honestValue(headline.yearlyValue, calculatorData, texts, money),
    payback:
      payback === undefined || statement === undefined
        ? undefined
        : { label: statement.label, text: statement.value, estimate: payback.estimate ? figureTexts.estimate : undefined },
  }
}

function agreementOf(figuring: Figuring, agreement: NonNullable<ProposalRecord['agreement']>): PdfAgreement {
  const { calculatorData, texts, display } = figuring
  const { value, payback } = headlineFigures(figuring, {
    yearlyValue: agreement.figures.yearlyValue ?? undefined,
    payback:
      agreement.figures.paidBack === null
        ? undefined
        : {
            months: agreement.figures.paybackMonths ?? Number.NaN,
            paidBack: agreement.figures.paidBack,
            estimate: agreement.figures.paybackEstimate,
          },
  })
  const figures: CalculatorFigure[] = []
  if (value !== undefined) figures.push({ key: 'yearly-value', label: value.label, value: value.text })
  if (payback !== undefined)
    figures.push({ key: 'payback', label: payback.label, value: payback.text, estimate: payback.estimate !== undefined })
  return {
    heading: texts.agreedFigures,
    agreedOn: texts.agreedOn(longDate(agreement.agreedAt, texts.dateLocale) ?? agreement.agreedAt),
    scenario: scenarioLine(texts, agreement.scenario),
    figures,
    inputs: shownInputs(calculatorData, agreement.values, numberLocaleOf(display)),
    note: texts.agreedNote,
    altered: agreement.verified ? undefined : texts.agreementAltered,
  }
}

/** The calculator card's figures (the page's own, from @valueproof/formula) and the lines under them. */
export interface PdfFigures {
  main: CalculatorFigure[]
  more: CalculatorFigure[]
  /** The estimate's assumption, or the price and what the figures compare. */
  notes: string[]
}

function pdfFigures(result: CalculatorResult, calculatorData: CalculatorData, texts: CalculatorTexts, display: MoneyDisplay): PdfFigures {
  const { main, more, assumedCostShare, priced } = calculatorFigures(result, calculatorData, display, texts)
  const notes: string[] = []
  if (assumedCostShare !== undefined) notes.push(estimateNoteOf(assumedCostShare, texts, display))
  if (priced !== undefined) {
    const money = moneyFormatter(calculatorData.baseCurrency, display)
    const { price } = priced
    const setup = price.setup === undefined ? undefined : money(price.setup)
    notes.push(
      texts.priceLine({ amount: money(price.amount), period: price.period, setup, source: price.source }),
      texts.pricedNote(priced.horizonYears),
    )
  }
  return { main, more, notes }
}

/**
 * With a pricing table the calculator's price is the quote's (the first table's, with the ticks):
 * the headline, payback and chart follow what the prospect would pay. No total: no price.
 */
function pricedByQuote(calculatorData: CalculatorData, document: ProposalDocument, ticks: QuoteTicks): CalculatorData {
  const [table] = pricingTablesOf(document)
  if (table === undefined) return calculatorData
  return { ...calculatorData, price: priceOfQuote(table, ticks) }
}

/** Everything the PDF shows for this proposal, scenario and values. */
export function proposalPdfContent(request: PdfRequest): ProposalPdfContent {
  const { proposal, calculator, scenario, values } = request
  const language = calculator.kind === 'ready' ? (calculator.calculatorData.language ?? 'en') : 'en'
  const texts = proposalTexts(language)
  const header = headerOf(proposal.calculatorData)
  const calculatorData =
    calculator.kind === 'ready' ? pricedByQuote(calculator.calculatorData, proposal.document, request.ticks) : undefined
  const display = calculatorData === undefined ? { currency: FALLBACK_CURRENCY, locale: undefined } : moneyDisplayOf(calculatorData)
  const base = {
    language,
    title: proposal.title,
    date: longDate(proposal.createdAt, texts.dateLocale),
    header,
    accent: accentOf(proposal.document, header.kind === 'custom'),
    shareUrl: request.shareUrl,
    blocks: documentBlocksOf({
      document: proposal.document,
      templateType: proposal.templateType,
      texts,
      hasCalculator: calculator.kind !== 'none',
      calculatorPriced: calculatorData !== undefined,
      images: request.images,
      ticks: request.ticks,
      pricing: {
        texts: texts.pricing,
        money: moneyFormatter(calculatorData?.baseCurrency ?? FALLBACK_CURRENCY, display),
        locale: numberLocaleOf(display),
      },
    }),
    contact: contactOf(proposal, texts),
  }
  if (calculatorData === undefined) return { ...base, headline: undefined, chart: undefined, agreement: undefined, calculator: undefined }
  const figureTexts = calculatorTexts(language)
  const figuring: Figuring = { calculatorData, texts, figureTexts, display }
  const result = createCalculator(calculatorData).compute(values)
  const series = paybackSeries(result)
  return {
    ...base,
    headline: { ...headlineFigures(figuring, headlineOf(result)), scenario: scenarioLine(texts, scenario) },
    chart:
      series === undefined
        ? undefined
        : paybackChartOf(series, {
            texts,
            years: PRICE_HORIZON_YEARS,
            money: moneyFormatter(calculatorData.baseCurrency, display),
            locale: numberLocaleOf(display),
          }),
    agreement: proposal.agreement ? agreementOf(figuring, proposal.agreement) : undefined,
    calculator: {
      name: calculatorData.name,
      description: calculatorData.description,
      inputs: shownInputs(calculatorData, result.values, numberLocaleOf(display)),
      figures: pdfFigures(result, calculatorData, figureTexts, display),
      explanation: calculatorData.explanation,
    },
  }
}
