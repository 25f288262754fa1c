// What the evaluation reads of a calculator definition, from the definition alone (so any analyzer's
// output can be scored): its inputs at their defaults, the net value per year the prospect sees,
// the inputs that drive the value, and where an input enters the value with a positive sign. The
// mathematics is the formula package's (createCalculator), not a copy of it.
import { createCalculator, parameterNamesIn, parse, type CalculatorData, type FormulaNode } from '@valueproof/formula'

type ValueField = CalculatorData['valueFields'][number]

/** A value calculator's price field: a calculated field named or labelled as the price (the analyzer's "pricePerYear"). */
const PRICE_FIELD = /price|pris|fee|avgift/iu

export interface CalculatorReading {
  /** Every input (parameter or input value field) at the value the prospect first sees. */
  readonly defaults: Readonly<Record<string, number>>
  /**
   * The net value per year at the defaults: a standard (or ai-calculated) calculator's yearly value
   * minus its price per year (the 3-year horizon's cost over its years, so a setup or one-off price
   * is spread over three years); a value calculator's highlighted calculated field (see valueFieldOf).
   */
  readonly netYearly: number | undefined
  /** A value calculator's price field and its value at the defaults. */
  readonly priceField: { readonly name: string; readonly value: number } | undefined
  /** The inputs the value formula uses (for a value calculator: reached from the highlighted field, not through the price). */
  readonly valueDrivers: readonly string[]
  /** Inputs that enter the value with a positive sign (a summand or a factor of one; not a divisor, not subtracted). */
  readonly positiveInValue: ReadonlySet<string>
  /** Inputs some formula computes with: the value's, the price's or a calculated field's. */
  readonly usedInputs: ReadonlySet<string>
}

/**
 * The names that enter the formula's result with a positive sign at least once: as a summand or a
 * factor of one (factors are taken as positive: inputs are amounts, counts and shares), through
 * max/min and either branch of a condition; not as a divisor, a subtracted term or another
 * function's argument.
 */
export function positiveNames(tree: FormulaNode): Set<string> {
  const positive = new Set<string>()
  const visit = (node: FormulaNode, sign: 1 | -1 | 0): void => {
    switch (node.kind) {
      case 'number':
        return
      case 'parameter':
        if (sign === 1) positive.add(node.name)
        return
      case 'unary':
        visit(node.operand, node.operator === '-' ? flip(sign) : node.operator === '+' ? sign : 0)
        return
      case 'binary':
        if (node.operator === '+' || node.operator === '*') {
          visit(node.left, sign)
          visit(node.right, sign)
        } else if (node.operator === '-' || node.operator === '/') {
          visit(node.left, sign)
          visit(node.right, node.operator === '-' ? flip(sign) : 0)
        } else {
          visit(node.left, 0)
          visit(node.right, 0)
        }
        return
      case 'conditional':
        visit(node.test, 0)
        visit(node.consequent, sign)
        visit(node.alternate, sign)
        return
      case 'call':
        for (const argument of node.arguments) visit(argument, node.callee === 'max' || node.callee === 'min' ? sign : 0)
        return
    }
  }
  visit(tree, 1)
  return positive
}

const flip = (sign: 1 | -1 | 0): 1 | -1 | 0 => (sign === 0 ? 0 : sign === 1 ? -1 : 1)

/** A net value ("Net value per year", "Nettovärde") is never the price field, whatever words it holds. */
const NET_FIELD = /net/iu

const isPriceField = (field: ValueField): boolean =>
  field.calculated && PRICE_FIELD.test(`${field.name} ${field.label}`) && !NET_FIELD.test(`${field.name} ${field.label}`)

/**
 * The field that shows a value calculator's value: its highlighted calculated field — of several
 * (the price may be highlighted too), the net value, else the first that is not the price.
 */
function valueFieldOf(data: CalculatorData): ValueField | undefined {
  const candidates = data.valueFields.filter((field) => field.highlight && field.calculated && !isPriceField(field))
  return (
    candidates.find((field) => NET_FIELD.test(`${field.name} ${field.label}`)) ??
    candidates[0] ??
    data.valueFields.find((field) => field.highlight)
  )
}

function treeOf(formula: string | undefined): FormulaNode | undefined {
  if (formula === undefined || formula.trim() === '') return undefined
  const parsed = parse(formula)
  return parsed.ok ? parsed.tree : undefined
}

/**
 * The inputs reached from `start` through calculated fields (never through a price field), and those
 * whose every path so far is positive: a field used with sign +1 passes its positive inputs on.
 */
function walkValueFields(data: CalculatorData, start: ValueField): { drivers: string[]; positive: Set<string> } {
  const fields = new Map(data.valueFields.map((field) => [field.name, field]))
  const drivers = new Set<string>()
  const positive = new Set<string>()
  const visit = (field: ValueField, positivePath: boolean, seen: ReadonlySet<string>): void => {
    const tree = treeOf(field.formula)
    if (tree === undefined) return
    const plusHere = positiveNames(tree)
    for (const name of parameterNamesIn(tree)) {
      const used = fields.get(name)
      const plus = positivePath && plusHere.has(name)
      if (used?.calculated === true) {
        if (!isPriceField(used) && !seen.has(name)) visit(used, plus, new Set([...seen, name]))
        continue
      }
      drivers.add(name)
      if (plus) positive.add(name)
    }
  }
  visit(start, true, new Set([start.name]))
  return { drivers: [...drivers], positive }
}

/** The inputs the calculator computes with: an input no formula uses moves nothing the prospect sees. */
function usedInputsOf(data: CalculatorData): Set<string> {
  const formulas = [data.formula, data.price?.formula ?? undefined, ...data.valueFields.map((field) => field.formula)]
  return new Set(
    formulas.flatMap((formula) => {
      const tree = treeOf(formula ?? undefined)
      return tree === undefined ? [] : parameterNamesIn(tree)
    }),
  )
}

export function readCalculator(data: CalculatorData): CalculatorReading {
  const calculator = createCalculator(data)
  const defaults = calculator.initialValues()
  const result = calculator.compute(defaults)
  if (result.calculatorType === 'value') {
    const highlighted = valueFieldOf(data)
    const fieldValue = (name: string | undefined) => result.valueCalculation.fields.find((field) => field.name === name)?.value
    const priceField = data.valueFields.find(isPriceField)
    const priceValue = fieldValue(priceField?.name)
    const walked = highlighted === undefined ? { drivers: [], positive: new Set<string>() } : walkValueFields(data, highlighted)
    return {
      defaults,
      netYearly: fieldValue(highlighted?.name),
      priceField: priceField === undefined || priceValue === undefined ? undefined : { name: priceField.name, value: priceValue },
      valueDrivers: walked.drivers,
      positiveInValue: walked.positive,
      usedInputs: usedInputsOf(data),
    }
  }
  const yearly = result.calculatorType === 'standard' ? result.standard.yearly : result.aiCalculated.yearly
  const pricePerYear = result.priced === undefined ? 0 : result.priced.horizonCost / result.priced.horizonYears
  const tree = treeOf(data.formula)
  const drivers = tree === undefined ? [] : parameterNamesIn(tree)
  return {
    defaults,
    netYearly: yearly - pricePerYear,
    priceField: undefined,
    valueDrivers: drivers,
    positiveInValue: tree === undefined ? new Set<string>() : positiveNames(tree),
    usedInputs: usedInputsOf(data),
  }
}
