// The calculator of a document that claims no value: its value side is assumptions that fit its
// domain (value-side.ts), its price the document's own (price-side.ts), never a cost shown as value.
// The plain calculator shows the value per year with ROI against the price; the "for value" one
// (calculatorType 'value') shows every input as a field and the value, the price and the net value
// per year as key metrics.
import type { CalculatorDataInput, CalculatorPriceInput } from '@valueproof/formula'
import type { Quantity, RoledQuantity } from '../model.ts'
import { sliderRange, type QuantityKind } from '../explain/slider-range.ts'
import { yearlyWording } from '../explain/texts.ts'
import type { AnalysisInput } from '../types.ts'
import type { DocumentSide } from './document-side.ts'
import { sliderNames, slidersFor } from './document-sliders.ts'
import { documentTexts, type DocumentTexts } from './document-texts.ts'
import type { Stated } from './lines.ts'
import type { DocumentPrice } from './price-side.ts'
import type { PriceInput } from './price-terms.ts'
import { claimedAmounts } from './claimed-amounts.ts'
import { comparisonRows } from './comparison-rows.ts'
import { statedProducts } from './stated-products.ts'
import { valueSide, type ValueInput, type ValueSide } from './value-side.ts'

type Parameter = CalculatorDataInput['parameters'][number]
type ValueField = NonNullable<CalculatorDataInput['valueFields']>[number]

const MAX_QUOTE = 600
/** Domains whose value is revenue gained rather than cost saved. */
const GAINS: ReadonlySet<string> = new Set(['website', 'audience'])

function documentSource(stated: Stated): { kind: 'document'; page: number; quote: string; ocr?: true } {
  return {
    kind: 'document',
    page: stated.page,
    quote: stated.quote.slice(0, MAX_QUOTE),
    ...(stated.ocr === true ? { ocr: true as const } : {}),
  }
}

function rangeOf(input: ValueInput | PriceInput): { min: number; max: number; step: number } {
  if (input.kind === 'choice') return { min: 0, max: 1, step: 1 }
  if (input.value <= 0) return { min: 0, max: input.kind === 'hours' ? 2_000 : 100, step: 1 }
  const kind: QuantityKind =
    input.kind === 'money' ? 'money' : input.kind === 'percent' ? 'percent' : input.kind === 'hours' ? 'hours' : 'count'
  const range = sliderRange(kind, input.value)
  return { min: Math.min(range.min, input.value), max: Math.max(range.max, input.value), step: range.step }
}

/** A value or price input as a calculator parameter. */
export function parameterOf(input: ValueInput | PriceInput, slider: boolean, texts: DocumentTexts): Parameter {
  const note = 'note' in input ? input.note : undefined
  const summed = 'summed' in input ? input.summed : undefined
  const description =
    input.stated !== undefined
      ? [texts.statedNote(input.stated.page), note].filter((part) => part !== undefined).join(' ')
      : summed !== undefined
        ? texts.summedNote(summed.lines, summed.firstPage, summed.lastPage)
        : input.kind === 'choice'
          ? texts.choiceNote
          : texts.assumptionNote
  return {
    name: input.name,
    label: input.label,
    description,
    unit: input.unit,
    type: slider ? 'slider' : 'number',
    ...rangeOf(input),
    defaultValue: input.value,
    source:
      input.stated === undefined
        ? {
            kind: 'assumption',
            note: summed !== undefined ? description : input.kind === 'choice' ? texts.choiceNote : texts.assumptionNote,
          }
        : documentSource(input.stated),
  }
}

/** The document's price as the calculator's price: recurring per year with a setup part, or once. */
export function calculatorPriceOf(price: DocumentPrice): CalculatorPriceInput {
  const source = documentSource(price.source)
  const round = (value: number) => Number(value.toFixed(2))
  if (price.yearly !== undefined) {
    const setup = price.oneOff === undefined ? {} : { setup: round(price.oneOff.amount) }
    return { amount: round(price.yearly.amount), period: 'year', ...setup, formula: price.yearly.formula, source }
  }
  return {
    amount: round(price.oneOff?.amount ?? 0),
    period: 'one-off',
    ...(price.oneOff === undefined ? {} : { formula: price.oneOff.formula }),
    source,
  }
}

/** The price per year as a formula: the recurring part, and the one-off part spread over the 3-year horizon. */
export function pricePerYearFormula(price: DocumentPrice): string {
  const parts = [price.yearly?.formula, price.oneOff === undefined ? undefined : `(${price.oneOff.formula}) / 3`].filter(
    (part) => part !== undefined,
  )
  return parts.length === 0 ? '0' : parts.join(' + ')
}

function explanationOf(side: DocumentSide, value: ValueSide, analysis: AnalysisInput, texts: DocumentTexts, worked: boolean): string {
  const stated = value.inputs.filter((input) => input.stated !== undefined).map((input) => input.label.toLowerCase())
  const assumed = value.inputs.filter((input) => input.stated === undefined).map((input) => input.label.toLowerCase())
  const sentences = [
    worked
      ? texts.valueWorked(stated, assumed)
      : texts.valueAssumed(
          side.domain.name[analysis.language],
          value.streams.map((stream) => stream.label),
          stated,
        ),
  ]
  sentences.push(side.price === undefined ? texts.noPrice : texts.price(side.price, analysis.currency))
  if (side.price !== undefined && side.template) sentences.push(texts.templatePrice)
  if (side.price?.inputs.some((input) => input.note !== undefined) === true) sentences.push(texts.converted)
  return yearlyWording(sentences.join(' '), analysis.language)
}

function fieldOf(input: ValueInput | PriceInput, texts: DocumentTexts): ValueField {
  const parameter = parameterOf(input, true, texts)
  return {
    name: parameter.name,
    label: parameter.label,
    description: parameter.description ?? '',
    unit: parameter.unit ?? '',
    defaultValue: input.value,
    calculated: false,
  }
}

/** The "for value" calculator: inputs as fields, the value, the price and the net value per year as key metrics. */
function valueFieldsOf(side: DocumentSide, value: ValueSide, analysis: AnalysisInput, texts: DocumentTexts): ValueField[] {
  const fields = [...value.inputs, ...(side.price?.inputs ?? [])].map((input) => fieldOf(input, texts))
  const streams = value.streams.map((stream, index) => {
    const name = `valuePerYear${index + 1}`
    const label = `${texts.fields.value}: ${stream.label}`
    fields.push({ name, label, calculated: true, formula: stream.formula, unit: analysis.currency })
    return name
  })
  const net = streams.join(' + ')
  if (side.price === undefined) {
    fields.push({
      name: 'netValuePerYear',
      label: texts.fields.net,
      calculated: true,
      formula: net,
      unit: analysis.currency,
      highlight: true,
    })
    return fields
  }
  fields.push({
    name: 'pricePerYear',
    label: texts.fields.price,
    calculated: true,
    formula: pricePerYearFormula(side.price),
    unit: analysis.currency,
    highlight: true,
  })
  fields.push({
    name: 'netValuePerYear',
    label: texts.fields.net,
    calculated: true,
    formula: `${net} - pricePerYear`,
    unit: analysis.currency,
    highlight: true,
  })
  return fields
}

export interface DocumentCalculatorProps {
  readonly side: DocumentSide
  /** The read stage's quantities: the volumes the document states. */
  readonly quantities: readonly Quantity[]
  readonly analysis: AnalysisInput
  /** The figures with their roles: a value the document works out itself is built from them. */
  readonly roled?: readonly RoledQuantity[]
}

/** Every amount of the document's price: its inputs, its lines' unit prices and line totals, its work's rate. */
function priceAmountsOf(side: DocumentSide): number[] {
  const lines = side.lines.items.flatMap((item) => [
    item.unitPrice,
    ...(item.quantity === undefined ? [] : [item.unitPrice * item.quantity]),
  ])
  const rate = side.lines.work?.rate?.value
  return [...(side.price?.inputs.map((input) => input.value) ?? []), ...lines, ...(rate === undefined ? [] : [rate])]
}

/** Two value sides as one: the inputs and streams of both (undefined only when both are). */
function joined(first: ValueSide, second: ValueSide | undefined): ValueSide
function joined(first: ValueSide | undefined, second: ValueSide | undefined): ValueSide | undefined
function joined(first: ValueSide | undefined, second: ValueSide | undefined): ValueSide | undefined {
  if (first === undefined || second === undefined) return first ?? second
  return { inputs: [...first.inputs, ...second.inputs], streams: [...first.streams, ...second.streams] }
}

/** The honest calculator of a document that claims no value. */
export function documentCalculator(props: DocumentCalculatorProps): CalculatorDataInput {
  const { side, analysis } = props
  const texts = documentTexts(analysis.language)
  const taken = new Set(side.price?.inputs.map((input) => input.name) ?? [])
  const priceAmounts = priceAmountsOf(side)
  const worked =
    props.roled === undefined
      ? undefined
      : statedProducts(side.pages, props.roled, {
          language: analysis.language,
          currency: analysis.currency,
          priceAmounts,
          taken,
        })
  const options = { language: analysis.language, currency: analysis.currency, taken, pages: side.pages }
  const known = worked?.streams.map((stream) => stream.yearly) ?? []
  const claimed = props.roled === undefined ? undefined : claimedAmounts(side.pages, props.roled, { ...options, priceAmounts, known })
  // What the document states of its value (its arithmetic, its claimed amounts) takes the place of the domain's assumptions.
  const stated = joined(worked, claimed)
  const value = joined(stated ?? valueSide(side.domain, props.quantities, options), comparisonRows(side.pages, props.quantities, options))
  const explanation = explanationOf(side, value, analysis, texts, stated !== undefined)
  const common = {
    name: side.domain.title[analysis.language],
    description: explanation,
    explanation,
    baseCurrency: analysis.currency,
    baseTimeframe: 'yearly' as const,
    valueType: GAINS.has(side.domain.id) ? ('moneyGained' as const) : ('moneySaved' as const),
    language: analysis.language,
  }
  if (analysis.complexity === 'value') {
    return {
      ...common,
      formula: '',
      parameters: [],
      valueFields: valueFieldsOf(side, value, analysis, texts),
      complexity: 'value',
      calculatorType: 'value',
    }
  }
  // The assumptions are what the seller adjusts first, so they take the sliders before the figures the
  // document states, and those before the price's inputs.
  const byAdjustment = [
    ...value.inputs.filter((input) => input.stated === undefined),
    ...value.inputs.filter((input) => input.stated !== undefined),
    ...(side.price?.inputs ?? []),
  ]
  const onSliders = sliderNames(byAdjustment, slidersFor(analysis.complexity))
  const parameters = [...value.inputs, ...(side.price?.inputs ?? [])].map((input) => parameterOf(input, onSliders.has(input.name), texts))
  return {
    ...common,
    formula: value.streams.map((stream) => stream.formula).join(' + '),
    parameters,
    complexity: analysis.complexity,
    calculatorType: 'standard',
    ...(side.price === undefined ? {} : { price: calculatorPriceOf(side.price) }),
  }
}
