// The "for value" calculator (SPEC §2's value type): the same model shown as key metrics — each
// input a field the prospect can change, each stream's value per year, the price per year and the
// net value per year as calculated fields — instead of one result with ROI.
import type { CalculatorDataInput, CalculatorPriceInput } from '@valueproof/formula'
import type { ComposedModel } from '../compose/compose.ts'
import type { AnalysisInput } from '../types.ts'
import type { Input } from './inputs.ts'
import { streamFormula } from './formula.ts'

interface ValueProps {
  readonly model: ComposedModel
  readonly inputs: readonly Input[]
  readonly formula: string
  readonly price: CalculatorPriceInput | undefined
  readonly name: string
  readonly explanation: string
  readonly valueType: 'moneySaved' | 'moneyGained'
  readonly analysis: AnalysisInput
  readonly parameterOf: (
    input: Input,
    slider: boolean,
    analysis: AnalysisInput,
  ) => { name: string; label: string; description: string; unit: string }
}

const LABELS = {
  en: { stream: 'Value per year', price: 'Price per year', net: 'Net value per year' },
  sv: { stream: 'Värde per år', price: 'Pris per år', net: 'Nettovärde per år' },
} as const

export function valueCalculator(props: ValueProps): CalculatorDataInput {
  const { model, inputs, analysis } = props
  const labels = LABELS[analysis.language]
  const byRef = new Map(inputs.map((input) => [input.ref, input]))
  const fields: NonNullable<CalculatorDataInput['valueFields']> = inputs.map((input) => {
    const parameter = props.parameterOf(input, true, analysis)
    return {
      name: parameter.name,
      label: parameter.label,
      description: parameter.description,
      unit: parameter.unit,
      defaultValue: input.value,
      calculated: false,
    }
  })
  const streamNames = model.streams.map((stream, index) => {
    const name = `valuePerYear${index + 1}`
    fields.push({
      name,
      label: model.streams.length > 1 ? `${labels.stream} (${index + 1})` : labels.stream,
      calculated: true,
      formula: streamFormula(stream, byRef, model),
      unit: analysis.currency,
    })
    return name
  })
  // The price per year over the price's own inputs: the recurring part, and the one-off part spread
  // over the three years of the horizon — no amount written into the formula.
  const recurring =
    props.price === undefined || props.price.period === 'one-off'
      ? undefined
      : props.price.period === 'month'
        ? `(${props.price.formula ?? ''}) * 12`
        : props.price.formula
  const oneOffTerms = model.price
    .filter((term) => term.period === 'one-off')
    .map((term) =>
      term.factors
        .map((factor) => byRef.get(factor.ref)?.name)
        .filter((name) => name !== undefined)
        .join(' * '),
    )
    .filter((text) => text !== '')
  const oneOff = oneOffTerms.length === 0 ? undefined : `(${oneOffTerms.join(' + ')}) / 3`
  const parts = [recurring, oneOff].filter((part) => part !== undefined && part !== '' && part !== '() * 12')
  if (parts.length > 0) {
    fields.push({ name: 'pricePerYear', label: labels.price, calculated: true, formula: parts.join(' + '), unit: analysis.currency })
  }
  const net = parts.length > 0 ? `${streamNames.join(' + ')} - pricePerYear` : streamNames.join(' + ')
  fields.push({
    name: 'netValuePerYear',
    label: labels.net,
    calculated: true,
    formula: net || '0',
    unit: analysis.currency,
    highlight: true,
  })
  return {
    name: props.name,
    description: props.explanation,
    formula: '',
    explanation: props.explanation,
    parameters: [],
    valueFields: fields,
    baseCurrency: analysis.currency,
    baseTimeframe: 'yearly',
    valueType: props.valueType,
    complexity: 'value',
    language: analysis.language,
    calculatorType: 'value',
  }
}
