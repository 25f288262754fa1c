// The explain stage: the model becomes a calculator definition — inputs with sources, the formula
// (the streams' value per year), the seller's price as a formula over the same inputs, sliders for
// the inputs that move the result most, an explanation and a name in the calculator's language.
import { compileFormula, formatMoney, type CalculatorDataInput, type CalculatorPriceInput, type Currency } from '@valueproof/formula'
import type { ComposedModel } from '../compose/compose.ts'
import { SLIDERS_PER_COMPLEXITY, type AnalysisInput } from '../types.ts'
import { inputsOf, type Input } from './inputs.ts'
import { priceFormula, streamFormula } from './formula.ts'
import { calculatorNameFor } from './names.ts'
import { sliderRange, type QuantityKind } from './slider-range.ts'
import { explainTexts, yearlyWording } from './texts.ts'
import { valueCalculator } from './value-calculator.ts'
import { assumedCalculator } from './assumed.ts'

function rangeKind(input: Input): QuantityKind {
  if (input.kind === 'money') return 'money'
  if (input.kind === 'percent') return 'percent'
  if (input.kind === 'duration') return input.scale < 1 ? 'minutes' : 'hours'
  return 'count'
}

function evaluate(formula: string, inputs: readonly Input[], values: Record<string, number>): number {
  const compiled = compileFormula(
    formula,
    inputs.map((input) => input.name),
  )
  if (!compiled.ok) return 0
  const result = compiled.formula.evaluate(values)
  return result.ok ? result.value : 0
}

/** The inputs that move the net value per year most when each moves by a tenth (SPEC §2's slider counts). */
function movers(inputs: readonly Input[], formula: string, price: string | undefined): string[] {
  const defaults = Object.fromEntries(inputs.map((input) => [input.name, input.value]))
  const net = (values: Record<string, number>) =>
    evaluate(formula, inputs, values) - (price === undefined ? 0 : evaluate(price, inputs, values))
  const base = net(defaults)
  return inputs
    .map((input) => ({ name: input.name, effect: Math.abs(net({ ...defaults, [input.name]: input.value * 1.1 }) - base) }))
    .sort((a, b) => b.effect - a.effect)
    .map((entry) => entry.name)
}

function parameterOf(input: Input, slider: boolean, analysis: AnalysisInput) {
  const range = sliderRange(rangeKind(input), input.value)
  const texts = explainTexts(analysis.language)
  const source = input.assumed
    ? { kind: 'assumption' as const, note: texts.assumptionNote }
    : analysis.kind === 'document'
      ? {
          kind: 'document' as const,
          page: input.page ?? 1,
          ...(input.quote !== undefined ? { quote: input.quote } : {}),
          ...(input.ocr === true ? { ocr: true as const } : {}),
        }
      : { kind: 'description' as const, ...(input.quote !== undefined ? { quote: input.quote } : {}) }
  return {
    name: input.name,
    label: input.label,
    description: input.note ?? (input.assumed ? texts.assumptionNote : `${texts.fromText(analysis.kind)}.`),
    unit: input.unit,
    type: slider ? ('slider' as const) : ('number' as const),
    min: Math.min(range.min, input.value),
    max: Math.max(range.max, input.value),
    step: range.step,
    defaultValue: input.value,
    source,
  }
}

function priceOf(
  model: ComposedModel,
  inputs: ReadonlyMap<number | string, Input>,
  currency: Currency,
  analysis: AnalysisInput,
): CalculatorPriceInput | undefined {
  const yearly = model.price.filter((term) => term.period === 'year').reduce((sum, term) => sum + term.amount, 0)
  const oneOff = model.price.filter((term) => term.period === 'one-off').reduce((sum, term) => sum + term.amount, 0)
  const first = model.price[0]?.factors[0]?.ref
  const input = first === undefined ? undefined : inputs.get(first)
  if (input === undefined || (yearly <= 0 && oneOff <= 0)) return undefined
  const source =
    analysis.kind === 'document'
      ? { kind: 'document' as const, page: input.page ?? 1, ...(input.quote !== undefined ? { quote: input.quote } : {}) }
      : { kind: 'description' as const, ...(input.quote !== undefined ? { quote: input.quote } : {}) }
  void currency
  if (yearly <= 0) return { amount: Number(oneOff.toFixed(2)), period: 'one-off', source }
  // A price stated a month ("$1,500 per month") stays the seller's monthly price.
  const recurring = model.price.filter((term) => term.period === 'year')
  const monthly = recurring.length > 0 && recurring.every((term) => Math.abs(term.conversion - 12) < 1e-9)
  const formula = priceFormula(model, inputs, monthly ? 12 : 1)
  return {
    amount: Number((monthly ? yearly / 12 : yearly).toFixed(2)),
    period: monthly ? 'month' : 'year',
    ...(oneOff > 0 ? { setup: Number(oneOff.toFixed(2)) } : {}),
    ...(formula !== undefined ? { formula } : {}),
    source,
  }
}

function explanationOf(
  model: ComposedModel,
  inputs: readonly Input[],
  byRef: ReadonlyMap<number | string, Input>,
  analysis: AnalysisInput,
): string {
  const texts = explainTexts(analysis.language)
  const money = (value: number) => formatMoney(value, analysis.currency)
  const sentences: string[] = []
  const streams = model.streams.map((stream) => {
    // An amount replaced or saved outright is named first ("the cost replaced: in-house cleaning per month").
    const amounts = stream.effect.filter((ref) => {
      const quantity = model.quantities[ref]?.quantity
      return (
        quantity !== undefined &&
        quantity.kind !== 'percent' &&
        quantity.kind !== 'multiplier' &&
        !stream.chain.some((factor) => factor.ref === ref)
      )
    })
    const refs =
      stream.effectWhat === 'replace' || stream.effectWhat === 'direct'
        ? [...amounts, ...stream.chain.map((factor) => factor.ref)]
        : stream.chain.map((factor) => factor.ref)
    const labels = refs.map((ref) => byRef.get(ref)?.label.toLowerCase()).filter((label) => label !== undefined)
    return texts.stream(texts.effects[stream.effectWhat] ?? '', labels.join(' × '))
  })
  if (streams.length > 0) sentences.push(texts.valueIs(streams))
  const yearly = model.price.filter((term) => term.period === 'year').reduce((sum, term) => sum + term.amount, 0)
  const oneOff = model.price.filter((term) => term.period === 'one-off').reduce((sum, term) => sum + term.amount, 0)
  if (yearly > 0) sentences.push(texts.priceIs(money(yearly), oneOff > 0 ? money(oneOff) : undefined))
  else if (oneOff > 0) sentences.push(texts.oneOffOnly(money(oneOff)))
  else sentences.push(texts.noPrice)
  // Prices the text states that the price cannot total (an hourly rate with no hours): named, not dropped silently.
  const priced = new Set(model.price.flatMap((term) => term.factors.map((factor) => factor.ref)))
  const uncounted = model.quantities.filter((entry) => entry.role.role === 'price' && !priced.has(entry.quantity.index))
  if (uncounted.length > 0) sentences.push(texts.notInPrice(uncounted.map((entry) => entry.quantity.text)))
  if (inputs.some((input) => input.note !== undefined)) sentences.push(texts.converted)
  const assumed = inputs.filter((input) => input.assumed).map((input) => input.label.toLowerCase())
  if (assumed.length > 0) sentences.push(texts.assumptions(assumed))
  return yearlyWording(sentences.join(' '), analysis.language)
}

/** The calculator definition of a model with at least one stream. */
export function explainModel(model: ComposedModel, analysis: AnalysisInput): CalculatorDataInput {
  const inputs = inputsOf(model, { language: analysis.language, currency: analysis.currency, kind: analysis.kind })
  const byRef = new Map(inputs.map((input) => [input.ref, input]))
  const formula = model.streams.map((stream) => streamFormula(stream, byRef, model)).join(' + ')
  const price = priceOf(model, byRef, analysis.currency, analysis)
  const name = calculatorNameFor(model, inputs, analysis)
  const explanation = explanationOf(model, inputs, byRef, analysis)
  const valueType = model.streams.some((stream) => stream.valueType === 'gain') ? ('moneyGained' as const) : ('moneySaved' as const)
  if (analysis.complexity === 'value')
    return valueCalculator({ model, inputs, formula, price, name, explanation, valueType, analysis, parameterOf })
  const sliders = new Set(movers(inputs, formula, price?.formula ?? undefined).slice(0, SLIDERS_PER_COMPLEXITY[analysis.complexity]))
  return {
    name,
    description: explanation,
    formula,
    explanation,
    parameters: inputs.map((input) => parameterOf(input, sliders.has(input.name), analysis)),
    baseCurrency: analysis.currency,
    baseTimeframe: 'yearly',
    valueType,
    complexity: analysis.complexity,
    language: analysis.language,
    calculatorType: 'standard',
    ...(price !== undefined ? { price } : {}),
  }
}

export type ParameterOf = typeof parameterOf

/**
 * The all-assumption calculator of a text whose figures build no value stream — with the price the
 * text states, as one amount (its per-seat or per-site inputs are not in this calculator), so ROI
 * and payback use the seller's price rather than an estimate.
 */
export function assumedWithStatedPrice(model: ComposedModel, analysis: AnalysisInput): CalculatorDataInput {
  const inputs = inputsOf(model, { language: analysis.language, currency: analysis.currency, kind: analysis.kind })
  const price = priceOf(model, new Map(inputs.map((input) => [input.ref, input])), analysis.currency, analysis)
  if (price === undefined) return assumedCalculator(analysis, undefined, undefined)
  const texts = explainTexts(analysis.language)
  const money = (value: number) => formatMoney(value, analysis.currency)
  const yearly = model.price.filter((term) => term.period === 'year').reduce((sum, term) => sum + term.amount, 0)
  const oneOff = model.price.filter((term) => term.period === 'one-off').reduce((sum, term) => sum + term.amount, 0)
  const sentence = yearly > 0 ? texts.priceIs(money(yearly), oneOff > 0 ? money(oneOff) : undefined) : texts.oneOffOnly(money(oneOff))
  return assumedCalculator(analysis, { ...price, formula: undefined }, sentence)
}
