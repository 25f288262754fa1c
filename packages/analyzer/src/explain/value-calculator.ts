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
  const priceFormula = props.price?.period === 'year' ? (props.price.formula ?? String(props.price.amount)) : undefined
  const oneOffPerYear =
    props.price === undefined ? 0 : props.price.period === 'one-off' ? props.price.amount / 3 : (props.price.setup ?? 0) / 3
  if (priceFormula !== undefined || oneOffPerYear > 0) {
    fields.push({
      name: 'pricePerYear',
      label: labels.price,
      calculated: true,
      formula: `${priceFormula ?? '0'} + ${Number(oneOffPerYear.toFixed(2))}`,
      unit: analysis.currency,
    })
  }
  const net = priceFormula !== undefined || oneOffPerYear > 0 ? `${streamNames.join(' + ')} - pricePerYear` : streamNames.join(' + ')
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
