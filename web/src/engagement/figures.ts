// The figures the prospect saw beside an input they moved (issue 19): the timeframe results or the
// key metrics the calculator showed, by name, in the calculator's base currency.
import type { CalculatorResult } from '@valueproof/formula'
import { ENGAGEMENT_MAX_FIGURES } from '@valueproof/contracts/engagement-limits'

/**
 * The contract's longest figure name. Names are timeframes or, for a value calculator, its field
 * names, which its validation keeps to camelCase words: only their length needs a check.
 */
const FIGURE_NAME_MAX_LENGTH = 32

function shownFigures(result: CalculatorResult): [string, number][] {
  switch (result.calculatorType) {
    case 'standard':
      return [
        ...result.timeframes.map((timeframe): [string, number] => [timeframe.period, timeframe.value]),
        ['threeYear', result.standard.threeYear],
      ]
    case 'ai-calculated':
      return [
        ['daily', result.aiCalculated.daily],
        ['monthly', result.aiCalculated.monthly],
        ['yearly', result.aiCalculated.yearly],
      ]
    case 'value':
      return result.valueCalculation.highlighted.map((field) => [field.name, field.value])
  }
}

/** At most ENGAGEMENT_MAX_FIGURES finite figures with names the contract accepts; undefined when none. */
export function figuresOf(result: CalculatorResult): Record<string, number> | undefined {
  const figures = Object.fromEntries(
    shownFigures(result)
      .filter(([name, value]) => name.length <= FIGURE_NAME_MAX_LENGTH && Number.isFinite(value))
      .slice(0, ENGAGEMENT_MAX_FIGURES),
  )
  return Object.keys(figures).length === 0 ? undefined : figures
}

/** The value the figures were computed with (the formula keeps an input within its range). */
export function valueUsed(result: CalculatorResult, name: string, given: number): number {
  const used = result.values[name]
  return used !== undefined && Number.isFinite(used) ? used : given
}
