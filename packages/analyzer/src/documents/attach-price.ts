// A document that claims value gets its calculator from the read → roles → compose → explain
// pipeline; when that calculator has no price but the document states one, the document's price is
// added to it: its inputs as number inputs (renamed where the calculator already uses a name), the
// calculator's price (a "for value" calculator: a price field and a net value that subtracts it).
import type { CalculatorDataInput } from '@valueproof/formula'
import { nameOf } from '../explain/inputs.ts'
import { explainTexts } from '../explain/texts.ts'
import type { AnalysisInput } from '../types.ts'
import { calculatorPriceOf, parameterOf, pricePerYearFormula } from './document-calculator.ts'
import { sliderNames, slidersFor } from './document-sliders.ts'
import { documentTexts } from './document-texts.ts'
import type { DocumentPrice } from './price-side.ts'
import type { PriceInput } from './price-terms.ts'

/** A price this sure of itself is the offer's: a total, a work breakdown, a recurring fee, a tier or several lines. */
export function isOfferPrice(price: DocumentPrice): boolean {
  return price.basis !== 'lines' || price.lines >= 2 || price.yearly !== undefined
}

/** The price with its inputs renamed away from `taken` (and its names added to it). */
export function renamedPrice(price: DocumentPrice, taken: Set<string>): DocumentPrice {
  const names = new Map<string, string>()
  const inputs: PriceInput[] = price.inputs.map((input) => {
    if (!taken.has(input.name)) {
      taken.add(input.name)
      return input
    }
    const name = nameOf(input.label, taken)
    names.set(input.name, name)
    return { ...input, name }
  })
  if (names.size === 0) return price
  const rename = (formula: string) => formula.replace(/[A-Za-z][A-Za-z0-9]*/g, (word) => names.get(word) ?? word)
  return {
    ...price,
    inputs,
    ...(price.yearly === undefined ? {} : { yearly: { ...price.yearly, formula: rename(price.yearly.formula) } }),
    ...(price.oneOff === undefined ? {} : { oneOff: { ...price.oneOff, formula: rename(price.oneOff.formula) } }),
  }
}

/** `data` with the document's price, unless it has a price already. */
export function withDocumentPrice(data: CalculatorDataInput, documentPrice: DocumentPrice, analysis: AnalysisInput): CalculatorDataInput {
  const texts = documentTexts(analysis.language)
  const fields = data.valueFields ?? []
  // The pipeline said the text states no price; the document does, and says so instead.
  const said = (text: string | null | undefined, price: DocumentPrice) =>
    `${(text ?? '')
      .replace(explainTexts(analysis.language).noPrice, '')
      .replace(/\s{2,}/gu, ' ')
      .trim()} ${texts.price(price, analysis.currency)}`.trim()
  const taken = new Set([...data.parameters.map((parameter) => parameter.name), ...fields.map((field) => field.name)])
  if (data.calculatorType === 'value') {
    if (fields.some((field) => field.name === 'pricePerYear')) return data
    const price = renamedPrice(documentPrice, taken)
    const inputs = price.inputs.map((input) => {
      const parameter = parameterOf(input, true, texts)
      return {
        name: parameter.name,
        label: parameter.label,
        description: parameter.description ?? '',
        unit: parameter.unit ?? '',
        defaultValue: input.value,
        calculated: false,
      }
    })
    const priceField = {
      name: 'pricePerYear',
      label: texts.fields.price,
      calculated: true,
      formula: pricePerYearFormula(price),
      unit: analysis.currency,
      highlight: true,
    }
    const withNet = fields.map((field) =>
      field.name === 'netValuePerYear' && field.formula ? { ...field, formula: `${field.formula} - pricePerYear` } : field,
    )
    return {
      ...data,
      explanation: said(data.explanation, price),
      description: said(data.description, price),
      valueFields: [
        ...inputs,
        ...withNet.filter((field) => field.name !== 'netValuePerYear'),
        priceField,
        ...withNet.filter((field) => field.name === 'netValuePerYear'),
      ],
    }
  }
  if (data.price !== undefined && data.price !== null) return data
  const price = renamedPrice(documentPrice, taken)
  // The pipeline's inputs keep their sliders; when they are fewer than the complexity promises, the price's inputs fill the rest.
  const sliders = data.parameters.filter((parameter) => (parameter.type ?? 'slider') === 'slider').length
  const onSliders = sliderNames(price.inputs, slidersFor(analysis.complexity) - sliders)
  return {
    ...data,
    parameters: [...data.parameters, ...price.inputs.map((input) => parameterOf(input, onSliders.has(input.name), texts))],
    price: calculatorPriceOf(price),
    explanation: said(data.explanation, price),
    description: said(data.description, price),
  }
}
