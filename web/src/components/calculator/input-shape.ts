// The seller's shape of an input (issue 36), edited in place beside the calculator: how the prospect
// meets it (slider, number field or a fixed figure), its label, unit and range — and the seller's
// word that an assumed figure is checked. Pure, so the editor only draws it.
import { isUncheckedAssumption, type CalculatorData, type CalculatorParameter } from '@valueproof/formula'

export type InputType = CalculatorParameter['type']

/** The editor's fields as typed. */
export interface InputShapeDraft {
  readonly type: InputType
  readonly label: string
  readonly unit: string
  readonly min: string
  readonly max: string
  readonly step: string
}

/** What is wrong with a draft, by the field it concerns. */
export type InputShapeProblem = 'label' | 'min' | 'max' | 'step' | 'range' | 'fixed'

export type InputShapeResult =
  { readonly ok: true; readonly parameter: CalculatorParameter } | { readonly ok: false; readonly problem: InputShapeProblem }

export function draftOf(parameter: CalculatorParameter): InputShapeDraft {
  return {
    type: parameter.type,
    label: parameter.label,
    unit: parameter.unit ?? '',
    min: String(parameter.min),
    max: String(parameter.max),
    step: String(parameter.step),
  }
}

/** A typed number, with a decimal comma as Swedish sellers write it; NaN when it is none. */
function numberOf(text: string): number {
  const trimmed = text.trim().replace(/\s/g, '').replace(',', '.')
  return trimmed === '' ? Number.NaN : Number(trimmed)
}

/**
 * The parameter the draft makes, or its first problem. The starting figure moves into a narrowed
 * range; an assumption the seller has not checked stays something the prospect can move.
 */
export function reshapedInput(parameter: CalculatorParameter, draft: InputShapeDraft): InputShapeResult {
  const label = draft.label.trim()
  if (label === '') return { ok: false, problem: 'label' }
  const [min, max, step] = [numberOf(draft.min), numberOf(draft.max), numberOf(draft.step)]
  if (!Number.isFinite(min)) return { ok: false, problem: 'min' }
  if (!Number.isFinite(max)) return { ok: false, problem: 'max' }
  if (!Number.isFinite(step) || step <= 0) return { ok: false, problem: 'step' }
  if (min > max) return { ok: false, problem: 'range' }
  if (draft.type === 'fixed' && isUncheckedAssumption(parameter)) return { ok: false, problem: 'fixed' }
  const unit = draft.unit.trim()
  const { defaultValue } = parameter
  return {
    ok: true,
    parameter: {
      ...parameter,
      type: draft.type,
      label,
      unit: unit === '' ? undefined : unit,
      min,
      max,
      step,
      defaultValue: defaultValue === undefined ? undefined : Math.min(max, Math.max(min, defaultValue)),
    },
  }
}

/** The seller's "I checked this figure": the assumption is confirmed, and no longer counted as unchecked. */
export function confirmedInput(parameter: CalculatorParameter): CalculatorParameter {
  const { source } = parameter
  if (source?.kind !== 'assumption') return parameter
  return { ...parameter, source: { ...source, confirmed: true } }
}

/** The calculator with `parameter` in place of the input of the same name. */
export function withInput(config: CalculatorData, parameter: CalculatorParameter): CalculatorData {
  return { ...config, parameters: config.parameters.map((candidate) => (candidate.name === parameter.name ? parameter : candidate)) }
}

/** The calculator renamed, or undefined for an empty name (the old name stays). */
export function renamed(config: CalculatorData, name: string): CalculatorData | undefined {
  const trimmed = name.trim()
  return trimmed === '' ? undefined : { ...config, name: trimmed }
}
