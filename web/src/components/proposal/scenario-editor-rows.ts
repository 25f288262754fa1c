// The Scenarios panel's table (issue 20) as data: one row per input the prospect can move, with the
// seller's expected value and the conservative and optimistic values being edited as text, and
// what a draft is worth per year. Kept out of the component so its rules are tested without a DOM.
import {
  createCalculator,
  headlineOf,
  isImprovementInput,
  sliderSettings,
  valueFieldSlider,
  type CalculatorData,
  type Scenario,
  type ScenarioSet,
} from '@valueproof/formula'

/** The two scenarios the seller sets; the expected one is the seller's own values. */
export const EDITED_SCENARIOS = ['conservative', 'optimistic'] as const
export type EditedScenario = (typeof EDITED_SCENARIOS)[number]

export interface ScenarioRow {
  readonly name: string
  readonly label: string
  readonly unit: string | undefined
  /** An improvement the offer claims (derived scenarios move it), rather than the prospect's own figure. */
  readonly claim: boolean
  /** The seller's value: where the prospect's page starts. */
  readonly expected: number
  readonly min: number
  readonly max: number
}

/** The text in each editable cell, by scenario and input name. */
export type ScenarioDraft = Record<EditedScenario, Record<string, string>>

/** Every input the prospect can move, in the calculator's order, with the seller's expected value. */
export function scenarioRows(calculatorData: CalculatorData): ScenarioRow[] {
  const expected = createCalculator(calculatorData).initialValues()
  const rows: ScenarioRow[] = calculatorData.parameters.map((parameter) => {
    const slider = sliderSettings(parameter)
    return {
      name: parameter.name,
      label: parameter.label,
      unit: parameter.unit,
      claim: isImprovementInput(calculatorData, parameter.name),
      expected: expected[parameter.name] ?? slider.initialValue,
      min: slider.min,
      max: slider.max,
    }
  })
  if (calculatorData.calculatorType !== 'value') return rows
  for (const field of calculatorData.valueFields) {
    if (field.calculated) continue
    const slider = valueFieldSlider(field)
    rows.push({
      name: field.name,
      label: field.label,
      unit: field.unit,
      claim: false,
      expected: expected[field.name] ?? slider.initialValue,
      min: slider.min,
      max: slider.max,
    })
  }
  return rows
}

/** A value as the seller would type it: no binary noise from ±20 % (3 × 1.2 is 3.6, not 3.5999999999999996). */
export function cellText(value: number): string {
  return String(Number(value.toPrecision(12)))
}

/** The cells for a scenario set: each input's value in it, the expected value where the set leaves it alone. */
export function draftOf(rows: readonly ScenarioRow[], set: ScenarioSet): ScenarioDraft {
  const draft: ScenarioDraft = { conservative: {}, optimistic: {} }
  for (const scenario of EDITED_SCENARIOS) {
    for (const row of rows) draft[scenario][row.name] = cellText(set[scenario][row.name] ?? row.expected)
  }
  return draft
}

export interface DraftProblem {
  readonly scenario: EditedScenario
  readonly name: string
  readonly message: string
}

export type DraftCheck =
  | { readonly ok: true; readonly scenarios: { conservative: Record<string, number>; optimistic: Record<string, number> } }
  | { readonly ok: false; readonly problems: DraftProblem[] }

const SCENARIO_WORDS: Record<EditedScenario, string> = { conservative: 'conservative', optimistic: 'optimistic' }
const rangeNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 })

/** A cell's number, or undefined when it is not one. */
function cellNumber(text: string | undefined): number | undefined {
  const trimmed = text?.trim() ?? ''
  if (trimmed === '') return undefined
  const value = Number(trimmed)
  return Number.isFinite(value) ? value : undefined
}

/**
 * The scenarios to store, or what is wrong with the cells: each must be a number within its
 * input's range (the prospect's sliders cannot show anything else). Values equal to the expected
 * one are left out: the scenario then follows the seller's value.
 */
export function checkDraft(rows: readonly ScenarioRow[], draft: ScenarioDraft): DraftCheck {
  const problems: DraftProblem[] = []
  const scenarios = { conservative: {} as Record<string, number>, optimistic: {} as Record<string, number> }
  for (const scenario of EDITED_SCENARIOS) {
    for (const row of rows) {
      const value = cellNumber(draft[scenario][row.name])
      if (value === undefined) {
        problems.push({ scenario, name: row.name, message: `Enter a number for ${row.label} (${SCENARIO_WORDS[scenario]})` })
      } else if (value < row.min || value > row.max) {
        const range = `${rangeNumber.format(row.min)} and ${rangeNumber.format(row.max)}`
        problems.push({ scenario, name: row.name, message: `${row.label} (${SCENARIO_WORDS[scenario]}) must be between ${range}` })
      } else if (value !== row.expected) {
        scenarios[scenario][row.name] = value
      }
    }
  }
  return problems.length === 0 ? { ok: true, scenarios } : { ok: false, problems }
}

/**
 * What each scenario of the draft is worth per year (the headline the prospect will see), by
 * scenario; undefined for a value calculator, which has no value per year, and for a scenario whose
 * cells are not all numbers yet.
 */
export function yearlyValues(
  calculatorData: CalculatorData,
  rows: readonly ScenarioRow[],
  draft: ScenarioDraft,
): Record<Scenario, number | undefined> {
  const calculator = createCalculator(calculatorData)
  const expected = Object.fromEntries(rows.map((row) => [row.name, row.expected]))
  const yearlyOf = (values: Record<string, number>) => headlineOf(calculator.compute(values)).yearlyValue
  const ofDraft = (scenario: EditedScenario) => {
    const values = { ...expected }
    for (const row of rows) {
      const value = cellNumber(draft[scenario][row.name])
      if (value === undefined) return undefined
      values[row.name] = Math.min(row.max, Math.max(row.min, value))
    }
    return yearlyOf(values)
  }
  return { conservative: ofDraft('conservative'), expected: yearlyOf(expected), optimistic: ofDraft('optimistic') }
}

/**
 * A plain word for the seller when the draft's order is off: a conservative scenario worth more
 * than the expected one, or an optimistic one worth less. Undefined when the order is right.
 */
export function orderNote(values: Record<Scenario, number | undefined>): string | undefined {
  const { conservative, expected, optimistic } = values
  if (expected === undefined) return undefined
  if (conservative !== undefined && conservative > expected) return 'The conservative scenario is worth more than the expected one.'
  if (optimistic !== undefined && optimistic < expected) return 'The optimistic scenario is worth less than the expected one.'
  return undefined
}
