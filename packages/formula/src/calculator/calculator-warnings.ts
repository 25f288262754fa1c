// A result a seller can stand behind (issue 35): what the seller is told beside a calculator and
// asked to confirm before sharing it — a negative value, a price above the value, the offer's price
// counted inside the value, a figure hidden in the formula, or a value with no stated figure behind it. Pure, so the calculator
// service answers a generation with the same warnings the screen shows as the seller edits.
import { parameterNamesIn } from '../formula/names.ts'
import { parse } from '../formula/parser.ts'
import { parameterSigns } from '../formula/terms.ts'
import { moneyDisplayOf, moneyFormatter, numberLocaleOf, type MoneyDisplay } from '../proposal/money-display.ts'
import { isUncheckedAssumption, type CalculatorData, type CalculatorParameter } from './calculator-data.ts'
import { calculatorWarningTexts } from './calculator-warning-texts.ts'
import { createCalculator } from './calculator.ts'
import { hiddenConstants } from './hidden-constants.ts'

export const CALCULATOR_WARNING_CODES = ['negative_value', 'price_above_value', 'cost_as_value', 'hidden_constant', 'all_assumed'] as const
export type CalculatorWarningCode = (typeof CALCULATOR_WARNING_CODES)[number]

export interface CalculatorWarning {
  readonly code: CalculatorWarningCode
  /** In the calculator's language, with its figures written out. */
  readonly message: string
  /** The inputs it is about, by name (cost_as_value). */
  readonly inputs?: readonly string[]
}

export interface CalculatorWarningOptions {
  /** The values to judge (the seller's, which a share carries); default: the calculator's starting values. */
  readonly values?: Readonly<Record<string, number>>
  /** How money is written; default: the calculator's currency in its language's style. */
  readonly display?: MoneyDisplay
}

const MONEY_MARK = /[$€£]|(?<![\p{L}])(?:kr|sek|usd|eur)(?![\p{L}])/iu

/** The names a formula uses; none when it does not parse (validation reports that). */
function namesIn(formula: string | undefined): string[] {
  if (formula === undefined || formula.trim() === '') return []
  const parsed = parse(formula)
  return parsed.ok ? parameterNamesIn(parsed.tree) : []
}

/** The parameters the value depends on: the main formula's, or a value calculator's through its key metrics. */
function valueParameters(data: CalculatorData): CalculatorParameter[] {
  const byName = new Map(data.parameters.map((parameter) => [parameter.name, parameter]))
  if (data.calculatorType !== 'value') return namesIn(data.formula).flatMap((name) => byName.get(name) ?? [])
  const fields = new Map(data.valueFields.map((field) => [field.name, field]))
  const seen = new Set<string>()
  const pending = data.valueFields.filter((field) => field.highlight).map((field) => field.name)
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (seen.has(name)) continue
    seen.add(name)
    pending.push(...namesIn(fields.get(name)?.formula))
  }
  return [...seen].flatMap((name) => byName.get(name) ?? [])
}

/** Within half a percent: a default written per month against a price per year, rounded. */
function near(value: number, target: number): boolean {
  return target !== 0 && Math.abs(value - target) <= Math.abs(target) * 0.005
}

/**
 * The parameters that are the offer's price: a money input of the price's formula, or an input that
 * quotes the price's own passage with the price's figure (per month, per year, or its setup part).
 */
function priceParameters(data: CalculatorData): CalculatorParameter[] {
  const price = data.price
  if (price === undefined) return []
  const inPriceFormula = new Set(namesIn(price.formula))
  const priceQuote = price.source.kind === 'entered' ? undefined : price.source.quote?.trim()
  const figures = [price.amount, price.amount / 12, price.amount * 12, ...(price.setup === undefined ? [] : [price.setup])]
  return data.parameters.filter((parameter) => {
    if (inPriceFormula.has(parameter.name)) return MONEY_MARK.test(parameter.unit ?? '') || parameter.unit?.trim() === data.baseCurrency
    const quote = parameter.source?.kind === 'assumption' ? undefined : parameter.source?.quote?.trim()
    const value = parameter.defaultValue
    return priceQuote !== undefined && quote === priceQuote && value !== undefined && figures.some((figure) => near(value, figure))
  })
}

function costAsValue(data: CalculatorData, language: CalculatorData['language']): CalculatorWarning[] {
  if (data.calculatorType === 'value' || data.formula.trim() === '') return []
  const parsed = parse(data.formula)
  if (!parsed.ok) return []
  const texts = calculatorWarningTexts(language)
  return priceParameters(data).flatMap((parameter): CalculatorWarning[] => {
    const signs = parameterSigns(parsed.tree, parameter.name)
    if (signs.length === 0) return []
    const message = signs.every((sign) => sign === 1)
      ? texts.priceAsValue(parameter.label)
      : signs.every((sign) => sign === -1)
        ? texts.priceTwice(parameter.label)
        : texts.priceInValue(parameter.label)
    return [{ code: 'cost_as_value', message, inputs: [parameter.name] }]
  })
}

/**
 * Every input behind the value is an assumption at its assumed figure. An input with no source, or
 * one the seller has moved off its assumed default, carries the seller's own figure: not an assumption.
 */
function allAssumed(data: CalculatorData, values: Readonly<Record<string, number>>): boolean {
  const priced = new Set(priceParameters(data).map((parameter) => parameter.name))
  const behind = valueParameters(data).filter((parameter) => !priced.has(parameter.name))
  const assumed = (parameter: CalculatorParameter) =>
    isUncheckedAssumption(parameter) && (values[parameter.name] ?? parameter.defaultValue) === parameter.defaultValue
  return behind.length > 0 && behind.every(assumed)
}

/** The warnings for a calculator at the given (or its starting) values, most serious first. */
export function calculatorWarnings(data: CalculatorData, options: CalculatorWarningOptions = {}): CalculatorWarning[] {
  const texts = calculatorWarningTexts(data.language)
  const display = options.display ?? moneyDisplayOf(data)
  const money = moneyFormatter(data.baseCurrency, display)
  const calculator = createCalculator(data)
  const values = { ...calculator.initialValues(), ...options.values }
  const result = calculator.compute(values)
  const warnings: CalculatorWarning[] = []
  if (result.calculatorType === 'value') {
    for (const field of result.valueCalculation.highlighted) {
      if (field.value < 0) {
        const isMoney = MONEY_MARK.test(`${field.prefix ?? ''} ${field.unit ?? ''}`) || field.unit === data.baseCurrency
        const shown = isMoney
          ? money(field.value)
          : new Intl.NumberFormat(numberLocaleOf(display), { maximumFractionDigits: 1 }).format(field.value)
        warnings.push({ code: 'negative_value', message: texts.negativeMetric(field.label, shown) })
      }
    }
  } else {
    const yearly = result.calculatorType === 'standard' ? result.standard.yearly : result.aiCalculated.yearly
    const priced = result.priced
    if (yearly < 0) {
      warnings.push({ code: 'negative_value', message: texts.negativeValue(money(yearly)) })
    } else if (priced !== undefined && priced.netValue <= 0) {
      warnings.push({
        code: 'price_above_value',
        message: texts.priceAboveValue({
          years: priced.horizonYears,
          cost: money(priced.horizonCost),
          value: money(priced.horizonValue),
          net: money(priced.netValue),
        }),
      })
    }
  }
  warnings.push(...costAsValue(data, data.language))
  const hidden = [...new Set(hiddenConstants(data).map((constant) => constant.value))]
  if (hidden.length > 0) {
    const number = new Intl.NumberFormat(numberLocaleOf(display), { maximumFractionDigits: 10 })
    warnings.push({ code: 'hidden_constant', message: texts.hiddenConstant(hidden.map((value) => number.format(value))) })
  }
  if (allAssumed(data, values)) warnings.push({ code: 'all_assumed', message: texts.allAssumed })
  return warnings
}

/**
 * What the seller confirms before a prospect sees the calculator, beyond its warnings (issue 36): a
 * result without the seller's price (ROI and payback are then SPEC §9's estimate), and the inputs
 * that are still assumptions the seller has not checked. Not part of a generation's answer: every
 * fresh calculator has them, and the seller settles them on the generator screen.
 */
export const SHARE_CHECK_CODES = ['no_price', 'unchecked_assumptions'] as const
export type ShareCheckCode = (typeof SHARE_CHECK_CODES)[number]

export interface ShareCheck {
  readonly code: ShareCheckCode
  /** In the calculator's language. */
  readonly message: string
  /** The unchecked assumptions, by name, in the calculator's order (unchecked_assumptions). */
  readonly inputs?: readonly string[]
}

/** The parameters that are assumptions the seller has not checked. */
export function uncheckedAssumptions(data: CalculatorData): CalculatorParameter[] {
  return data.parameters.filter(isUncheckedAssumption)
}

/** The checks before sharing: no price, then "3 of 5 inputs are assumptions you have not confirmed". */
export function shareChecks(data: CalculatorData): ShareCheck[] {
  const texts = calculatorWarningTexts(data.language)
  const checks: ShareCheck[] = []
  // A value calculator carries any price in its own fields.
  if (data.calculatorType !== 'value' && data.price === undefined) checks.push({ code: 'no_price', message: texts.noPrice })
  const unchecked = uncheckedAssumptions(data)
  if (unchecked.length > 0) {
    checks.push({
      code: 'unchecked_assumptions',
      message: texts.uncheckedAssumptions(unchecked.length, data.parameters.length),
      inputs: unchecked.map((parameter) => parameter.name),
    })
  }
  return checks
}
