// Turns a story's design into a calculator definition for one complexity: which terms become
// sliders (1, 2, 3, or every input of a value calculator), the others written into the formula as
// documented constants with their source, and the explanation that says what drives the result.
import { SLIDER_DEFAULTS, isSubscription, type CalculatorDataInput } from '@valueproof/formula'
import { SLIDERS_PER_COMPLEXITY, type GenerationComplexity } from '../types.ts'
import { offerPrice } from './offer-price.ts'
import type { Design, Metric, Names } from './story-kit.ts'
import { paybackMetric } from './story-one-off.ts'
import { isStated, type DesignContext, type Term } from './terms.ts'

/** A number as formula text ("1563", "0.173"). */
function literal(value: number): string {
  const text = String(value)
  return text.includes('e') ? value.toFixed(0) : text
}

const uncapitalize = (text: string): string => (/^\p{Lu}\p{Ll}/u.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text)

/**
 * Which terms become sliders: assumed multipliers first (never hidden in a constant), then by the
 * story's priority (the customer's own volume before the claim, the claim before the rates).
 */
export function sliderKeys(design: Design, complexity: GenerationComplexity): Set<string> {
  const movable = design.terms.filter((term) => !term.fixed)
  if (complexity === 'value') return new Set(movable.map((term) => term.key))
  const wanted = SLIDERS_PER_COMPLEXITY[complexity]
  const ordered = [...movable].sort((a, b) => Number(b.mustSlide) - Number(a.mustSlide) || a.priority - b.priority)
  const count = Math.max(wanted, design.terms.filter((term) => term.mustSlide).length)
  return new Set(ordered.slice(0, count).map((term) => term.key))
}

function origin(term: Term, context: DesignContext): string {
  const { texts, inputKind } = context
  const figure = term.figures[0]
  if (figure === undefined) return texts.assumed
  const from = inputKind === 'document' ? texts.constantFromDocument(figure.page) : texts.constantFromDescription
  return term.figures.some((each) => each.flags.includes('example')) ? `${from}, ${texts.exampleConstant}` : from
}

function explanationFor(design: Design, sliders: ReadonlySet<string>, context: DesignContext, valueCalculator: boolean): string {
  const { texts, inputKind } = context
  const phrases: Record<string, string> = {}
  for (const term of design.terms) phrases[term.key] = term.phrase
  const sentences: string[] = []
  if (valueCalculator) {
    const names: Record<string, string> = {}
    for (const term of design.terms) names[term.key] = term.name
    const highlighted = design
      .metrics(names)
      .filter((metric) => metric.highlight)
      .map((metric) => uncapitalize(metric.label))
    sentences.push(`${texts.keyMetrics}: ${highlighted.join(', ')}.`)
  }
  sentences.push(design.explain(phrases))
  const constants = design.terms.filter((term) => !sliders.has(term.key))
  if (constants.length > 0) {
    sentences.push(
      `${texts.heldConstant}: ${constants.map((term) => `${term.phrase} = ${term.display} (${origin(term, context)})`).join(', ')}.`,
    )
    // A constant derived from many rows says how (every fee of a schedule, listed): nothing stated is lost.
    for (const term of constants) if (term.fixed && term.derivation !== undefined) sentences.push(term.derivation)
  }
  const sliderTerms = design.terms.filter((term) => sliders.has(term.key))
  const backed = sliderTerms.filter(isStated)
  if (backed.length > 0) {
    const listed = backed.map((term) => {
      const page = term.figures[0]?.page
      return inputKind === 'document' && page !== undefined ? `${term.phrase} (${texts.pageShort(page)})` : term.phrase
    })
    sentences.push(`${texts.takenFrom(inputKind)}: ${listed.join(', ')}.`)
  }
  const assumed = sliderTerms.filter((term) => !isStated(term))
  if (assumed.length > 0) sentences.push(`${texts.assumptionsToAdjust}: ${assumed.map((term) => term.phrase).join(', ')}.`)
  const { oneOff } = design
  if (oneOff !== undefined && oneOffInput(design, valueCalculator) === undefined)
    sentences.push(texts.oneOffNote(oneOff.display, origin(oneOff, context), design.period))
  let explanation = sentences.join(' ')
  // SPEC §9: "per month" in the explanation makes the result monthly; say it only when it is.
  if (design.period !== 'monthly' && isSubscription(explanation)) {
    explanation = explanation
      .replace(/per(\s+)month/gi, 'a$1month')
      .replace(/per(\s+)månad/gi, 'i$1månaden')
      .replace(/subscription/gi, 'plan')
  }
  return explanation
}

export interface AssembleProps {
  readonly design: Design
  readonly complexity: GenerationComplexity
  readonly name: string
  readonly description: string
  readonly context: DesignContext
}

/** A value calculator's input for the one-off price, whose payback is a key metric (only a claimed value pays one back). */
function oneOffInput(design: Design, valueCalculator: boolean): Term | undefined {
  return valueCalculator && !design.noValueClaim ? design.oneOff : undefined
}

function metricsWithPayback(design: Design, names: Names, context: DesignContext): Metric[] {
  const metrics = design.metrics(names)
  const payback = paybackMetric(design, metrics, names, context)
  return payback === undefined ? metrics : [...metrics, payback]
}

/** The calculator definition (before validation) for one complexity. */
export function assembleCalculator(props: AssembleProps): CalculatorDataInput {
  const { complexity, name, description, context } = props
  // The offer's one fee, when the text states it, is the calculator's price (issue 15); the result is the value before it.
  const offer = offerPrice(props.design, complexity, context)
  const design = offer?.design ?? props.design
  const valueCalculator = complexity === 'value'
  const sliders = sliderKeys(design, complexity)
  const names: Record<string, string> = {}
  for (const term of design.terms) names[term.key] = sliders.has(term.key) ? term.name : literal(term.value)
  // A one-off price is an input of a value calculator (its payback is a key metric), never a slider.
  const oneOff = oneOffInput(design, valueCalculator)
  if (oneOff !== undefined) names[oneOff.key] = oneOff.name
  const parameters = [...design.terms.filter((term) => sliders.has(term.key)), ...(oneOff === undefined ? [] : [oneOff])].map((term) => ({
    name: term.name,
    label: term.label,
    description: term.description,
    unit: term.unit,
    type: valueCalculator ? ('number' as const) : ('slider' as const),
    min: term.range.min,
    max: term.range.max,
    step: term.range.step > 0 ? term.range.step : SLIDER_DEFAULTS.step,
    defaultValue: term.value,
    source: term.source,
  }))
  const frozen: Names = names
  return {
    name,
    description,
    formula: design.formula(frozen),
    explanation: [explanationFor(design, sliders, context, valueCalculator), offer?.sentence]
      .filter((part) => part !== undefined)
      .join(' '),
    ...(offer === undefined ? {} : { price: offer.price }),
    parameters,
    baseCurrency: context.currency,
    baseTimeframe: design.period,
    ...(design.valueType === undefined ? {} : { valueType: design.valueType }),
    complexity,
    calculatorType: valueCalculator ? 'value' : 'standard',
    language: context.texts.language,
    valueFields: valueCalculator
      ? metricsWithPayback(design, frozen, context).map((metric) => ({
          name: metric.name,
          label: metric.label,
          calculated: true,
          formula: metric.formula,
          unit: metric.unit ?? null,
          prefix: metric.prefix ?? null,
          highlight: metric.highlight,
        }))
      : [],
  }
}
