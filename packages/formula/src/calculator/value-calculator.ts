// SPEC §9 value calculator: input valueFields, calculated valueFields from their formulas, highlights.
import { compileFormula } from '../formula/compile-formula.ts'
import type { CompiledFormula } from '../formula/compiler.ts'
import type { CalculatorParameter, ValueField } from './calculator-data.ts'
import { sliderSettings, valueFieldSlider } from './sliders.ts'

export interface ValueFieldResult {
  readonly name: string
  readonly label: string
  readonly description: string | undefined
  readonly unit: string | undefined
  readonly prefix: string | undefined
  readonly value: number
  readonly calculated: boolean
  readonly highlight: boolean
  /** The formula failed (or its field is part of a cycle) and the value fell back to 0 (SPEC §8). */
  readonly fellBack: boolean
}

export interface ValueCalculation {
  /** Every field in definition order. */
  readonly fields: ValueFieldResult[]
  /** The key metrics: the fields marked highlight. */
  readonly highlighted: ValueFieldResult[]
}

export type ParameterValues = Readonly<Record<string, number>>

/** A finite number given for `name`, if any. */
export function givenValue(values: ParameterValues, name: string): number | undefined {
  const value: unknown = Object.hasOwn(values, name) ? values[name] : undefined
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined
}

/**
 * Each parameter's value: the given number clamped into [min, max] (SPEC §5), or its initial slider
 * value when none is given (SPEC §8's "fall back to defaults").
 */
export function resolveParameterValues(parameters: readonly CalculatorParameter[], values: ParameterValues): Record<string, number> {
  const resolved: Record<string, number> = {}
  for (const parameter of parameters) {
    const slider = sliderSettings(parameter)
    const given = givenValue(values, parameter.name)
    resolved[parameter.name] = given === undefined ? slider.initialValue : Math.min(slider.max, Math.max(slider.min, given))
  }
  return resolved
}

interface CalculatedField {
  readonly field: ValueField
  readonly formula: CompiledFormula | undefined
}

/** Calculated fields ordered so that each comes after the calculated fields it uses; cycles are left out. */
function evaluationOrder(calculated: readonly CalculatedField[]): CalculatedField[] {
  const byName = new Map(calculated.map((entry) => [entry.field.name, entry]))
  const ordered: CalculatedField[] = []
  const state = new Map<string, 'visiting' | 'done' | 'cyclic'>()
  const visit = (entry: CalculatedField): boolean => {
    const name = entry.field.name
    const seen = state.get(name)
    if (seen === 'done') return true
    if (seen === 'visiting' || seen === 'cyclic') {
      state.set(name, 'cyclic')
      return false
    }
    state.set(name, 'visiting')
    let acyclic = true
    for (const used of entry.formula?.usedNames ?? []) {
      const dependency = byName.get(used)
      if (dependency !== undefined && !visit(dependency)) acyclic = false
    }
    if (!acyclic) {
      state.set(name, 'cyclic')
      return false
    }
    state.set(name, 'done')
    ordered.push(entry)
    return true
  }
  for (const entry of calculated) visit(entry)
  return ordered
}

/**
 * Prepares a value calculator: formulas compile once, `compute` runs on every input change.
 * Input fields take the given value or their slider's initial value; parameters as in
 * resolveParameterValues; calculated fields may use parameters, input fields and other
 * calculated fields.
 */
export function createValueCalculation(calculatorData: {
  readonly parameters: readonly CalculatorParameter[]
  readonly valueFields: readonly ValueField[]
}): (values: ParameterValues) => ValueCalculation {
  const { parameters, valueFields } = calculatorData
  const allNames = [...new Set([...parameters.map((parameter) => parameter.name), ...valueFields.map((field) => field.name)])]
  const calculated: CalculatedField[] = valueFields
    .filter((field) => field.calculated)
    .map((field) => {
      const compiled = compileFormula(
        field.formula ?? '',
        allNames.filter((name) => name !== field.name),
      )
      return { field, formula: compiled.ok ? compiled.formula : undefined }
    })
  const order = evaluationOrder(calculated)

  return (values) => {
    const known: Record<string, number> = resolveParameterValues(parameters, values)
    for (const field of valueFields) {
      if (!field.calculated) known[field.name] = givenValue(values, field.name) ?? valueFieldSlider(field).initialValue
    }
    const failed = new Set<string>(calculated.map((entry) => entry.field.name))
    for (const entry of order) {
      const evaluation = entry.formula?.evaluate(known)
      if (evaluation?.ok === true) {
        known[entry.field.name] = evaluation.value
        failed.delete(entry.field.name)
      } else {
        known[entry.field.name] = 0
      }
    }
    const fields = valueFields.map((field): ValueFieldResult => {
      const fellBack = field.calculated && failed.has(field.name)
      return {
        name: field.name,
        label: field.label,
        description: field.description,
        unit: field.unit,
        prefix: field.prefix,
        value: fellBack ? 0 : (known[field.name] ?? 0),
        calculated: field.calculated,
        highlight: field.highlight,
        fellBack,
      }
    })
    return { fields, highlighted: fields.filter((field) => field.highlight) }
  }
}
