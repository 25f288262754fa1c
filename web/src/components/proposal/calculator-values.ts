// The prospect's inputs on a proposal page (issue 20), kept above the calculator so that the
// headline, the payback chart, the calculator's card, the PDF link and the agreement all use the
// same values. A scenario sets every input at once; moving an input afterwards keeps the
// scenario's name, but the values are then the prospect's own.
import { scenarioValues, type CalculatorData, type Scenario } from '@valueproof/formula'
import { useState } from 'react'

export interface CalculatorValuesState {
  /** The calculator these values belong to: another calculator (the proposal was reloaded) starts over. */
  readonly calculatorData: CalculatorData | undefined
  readonly scenario: Scenario
  readonly values: Readonly<Record<string, number>>
}

/** The seller's own values, which are the expected scenario. */
export function initialValuesState(calculatorData: CalculatorData | undefined): CalculatorValuesState {
  return {
    calculatorData,
    scenario: 'expected',
    values: calculatorData === undefined ? {} : scenarioValues(calculatorData, 'expected'),
  }
}

/** Every input set to the scenario's values. */
export function chooseScenario(state: CalculatorValuesState, scenario: Scenario): CalculatorValuesState {
  if (state.calculatorData === undefined) return state
  return { ...state, scenario, values: scenarioValues(state.calculatorData, scenario) }
}

/** The prospect moved an input: the values are theirs, under the scenario they started from. */
export function moveInputs(state: CalculatorValuesState, values: Readonly<Record<string, number>>): CalculatorValuesState {
  return { ...state, values }
}

export interface CalculatorValues {
  readonly scenario: Scenario
  readonly values: Readonly<Record<string, number>>
  readonly chooseScenario: (scenario: Scenario) => void
  readonly setValues: (values: Record<string, number>) => void
}

/** The page's one set of input values for `calculatorData` (undefined: the proposal has no calculator to show). */
export function useCalculatorValues(calculatorData: CalculatorData | undefined): CalculatorValues {
  const [state, setState] = useState(() => initialValuesState(calculatorData))
  // A reloaded proposal (a new calculator, or the seller's new scenarios) starts from the seller's values again.
  const current = state.calculatorData === calculatorData ? state : initialValuesState(calculatorData)
  if (current !== state) setState(current)
  return {
    scenario: current.scenario,
    values: current.values,
    chooseScenario: (scenario) => setState((previous) => chooseScenario(previous, scenario)),
    setValues: (values) => setState((previous) => moveInputs(previous, values)),
  }
}
