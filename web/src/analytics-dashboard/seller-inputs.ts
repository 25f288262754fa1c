// What the seller put in front of the prospect, for each calculator input: its label, unit and the
// value the proposal's calculator starts from (the seller's shared values where set, else the
// defaults), to set against the values prospects settled on.
import { createCalculator, sliderSettings, validateCalculatorData, valueFieldSlider } from '@valueproof/formula'

export interface SellerInput {
  label: string
  unit: string | undefined
  /** The value the prospect's page starts at. */
  value: number
  min: number
  max: number
}

/** By input name; empty when the proposal has no calculator the page could show. */
export function sellerInputs(calculatorData: unknown): Map<string, SellerInput> {
  const inputs = new Map<string, SellerInput>()
  const validation = validateCalculatorData(calculatorData)
  if (!validation.ok) return inputs
  const data = validation.calculatorData
  const start = createCalculator(data).initialValues()
  for (const parameter of data.parameters) {
    const slider = sliderSettings(parameter)
    inputs.set(parameter.name, {
      label: parameter.label,
      unit: parameter.unit,
      value: start[parameter.name] ?? slider.initialValue,
      min: slider.min,
      max: slider.max,
    })
  }
  if (data.calculatorType === 'value') {
    for (const field of data.valueFields) {
      if (field.calculated) continue
      const slider = valueFieldSlider(field)
      inputs.set(field.name, {
        label: field.label,
        unit: field.unit,
        value: start[field.name] ?? slider.initialValue,
        min: slider.min,
        max: slider.max,
      })
    }
  }
  return inputs
}
