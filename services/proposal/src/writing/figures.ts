// The calculator's figures as a proposal quotes them: its inputs at their starting values, the
// results per period computed by the formula package (SPEC §9), money formatted per SPEC §9.
import {
  createCalculator,
  effectiveBaseTimeframe,
  formatMoney,
  type CalculatorData,
  type Currency,
  type TimeframePeriod,
  type ValueType,
} from '@valueproof/formula'
import type { Language } from './types.ts'

export interface Figure {
  readonly label: string
  readonly value: number
  /** Formatted for the reader, with its unit or currency. */
  readonly shown: string
}

export interface CalculatorFigures {
  readonly name: string
  readonly currency: Currency
  readonly valueType: ValueType | undefined
  /** The period the formula's result is per (monthly for subscriptions, SPEC §9). */
  readonly basePeriod: TimeframePeriod
  /** Parameters (and a value calculator's input fields) at their starting values. */
  readonly inputs: readonly Figure[]
  /** The result per period; empty for a value calculator. */
  readonly periods: Partial<Record<TimeframePeriod | 'threeYear', Figure>>
  /** The one figure a summary leads with: the yearly value, or a value calculator's first key metric. */
  readonly headline: Figure | undefined
  /** A value calculator's highlighted results (or its calculated ones when none is highlighted). */
  readonly keyMetrics: readonly Figure[]
  /** The formula with labels for names and × ÷ for * /, e.g. 'Hours saved per week × Hourly rate × 12'. */
  readonly formulaInWords: string | undefined
}

const NUMBER_LOCALES: Record<Language, string> = { en: 'en-US', sv: 'sv-SE' }

const CURRENCY_UNITS: ReadonlyArray<readonly [RegExp, Currency]> = [
  [/^(\$|usd|dollars?)$/i, 'USD'],
  [/^(€|eur|euros?)$/i, 'EUR'],
  [/^(sek|kr|kronor)$/i, 'SEK'],
]

/** The currency a unit names ('$', 'kr', 'EUR' ...), if it names one. */
function currencyOfUnit(unit: string): Currency | undefined {
  return CURRENCY_UNITS.find(([pattern]) => pattern.test(unit.trim()))?.[1]
}

export function formatNumber(value: number, language: Language): string {
  const shown = Number.isFinite(value) ? value : 0
  return new Intl.NumberFormat(NUMBER_LOCALES[language], { maximumFractionDigits: Math.abs(shown) >= 100 ? 0 : 2 }).format(shown)
}

/**
 * A value with its unit: money units ('$', 'kr', 'SEK') and rates of money ('$/hour', 'kr/timme')
 * through formatMoney, percentages as '40%' ('40 %' in Swedish), anything else as '15 hours/week'.
 */
export function formatWithUnit(
  value: number,
  unit: string | undefined,
  props: { currency: Currency; language: Language; prefix?: string | undefined },
): string {
  const trimmed = unit?.trim() ?? ''
  const prefixCurrency = props.prefix ? currencyOfUnit(props.prefix) : undefined
  if (prefixCurrency)
    return trimmed === '' || currencyOfUnit(trimmed)
      ? formatMoney(value, prefixCurrency)
      : `${formatMoney(value, prefixCurrency)} ${trimmed}`
  const money = currencyOfUnit(trimmed)
  if (money) return formatMoney(value, money)
  const rate = /^(\$|€|kr|sek|usd|eur)\s*\/\s*(.+)$/i.exec(trimmed)
  if (rate?.[1] !== undefined && rate[2] !== undefined) {
    return `${formatMoney(value, currencyOfUnit(rate[1]) ?? props.currency)}/${rate[2]}`
  }
  const number = formatNumber(value, props.language)
  if (trimmed === '') return props.prefix ? `${props.prefix}${number}` : number
  if (trimmed === '%') return props.language === 'sv' ? `${number} %` : `${number}%`
  return `${props.prefix ?? ''}${number} ${trimmed}`
}

const IDENTIFIER = /[A-Za-z_][A-Za-z0-9_]*/g

/** The formula read aloud: parameter names become their labels, * and / become × and ÷. */
export function formulaInWords(formula: string, labels: ReadonlyMap<string, string>): string | undefined {
  if (formula.trim() === '') return undefined
  let words = ''
  let last = 0
  for (const match of formula.matchAll(IDENTIFIER)) {
    words += operatorsInWords(formula.slice(last, match.index))
    words += labels.get(match[0]) ?? match[0]
    last = match.index + match[0].length
  }
  words += operatorsInWords(formula.slice(last))
  return words.replace(/\s+/g, ' ').trim()
}

function operatorsInWords(text: string): string {
  return text
    .replace(/\s*\*\s*/g, ' × ')
    .replace(/\s*\/\s*/g, ' ÷ ')
    .replace(/\s*([+-])\s*/g, ' $1 ')
}

/** Computes the calculator at its starting values and formats what a proposal quotes. */
export function calculatorFigures(calculatorData: CalculatorData, language: Language): CalculatorFigures {
  const calculator = createCalculator(calculatorData)
  const values = calculator.initialValues()
  const currency = calculatorData.baseCurrency
  const money = (label: string, value: number): Figure => ({ label, value, shown: formatMoney(value, currency) })

  const inputs: Figure[] = calculatorData.parameters.map((parameter) => {
    const value = values[parameter.name] ?? 0
    return { label: parameter.label, value, shown: formatWithUnit(value, parameter.unit, { currency, language }) }
  })
  const labels = new Map(calculatorData.parameters.map((parameter) => [parameter.name, parameter.label]))

  const result = calculator.compute(values)
  const periods: Partial<Record<TimeframePeriod | 'threeYear', Figure>> = {}
  let keyMetrics: Figure[] = []
  switch (result.calculatorType) {
    case 'standard': {
      const { daily, weekly, monthly, yearly, threeYear } = result.standard
      Object.assign(periods, {
        daily: money('daily', daily),
        weekly: money('weekly', weekly),
        monthly: money('monthly', monthly),
        yearly: money('yearly', yearly),
        threeYear: money('threeYear', threeYear),
      })
      break
    }
    case 'ai-calculated': {
      const { daily, monthly, yearly } = result.aiCalculated
      Object.assign(periods, {
        daily: money('daily', daily),
        monthly: money('monthly', monthly),
        yearly: money('yearly', yearly),
        threeYear: money('threeYear', yearly * 3),
      })
      break
    }
    case 'value': {
      const fields = result.valueCalculation.fields
      for (const field of calculatorData.valueFields) labels.set(field.name, field.label)
      for (const field of fields) {
        if (field.calculated) continue
        inputs.push({
          label: field.label,
          value: field.value,
          shown: formatWithUnit(field.value, field.unit, { currency, language, prefix: field.prefix }),
        })
      }
      const highlighted = result.valueCalculation.highlighted
      const chosen = (highlighted.length > 0 ? highlighted : fields.filter((field) => field.calculated)).filter((field) => !field.fellBack)
      keyMetrics = chosen.map((field) => ({
        label: field.label,
        value: field.value,
        shown: formatWithUnit(field.value, field.unit, { currency, language, prefix: field.prefix }),
      }))
      break
    }
  }

  return {
    name: calculatorData.name.trim(),
    currency,
    valueType: calculatorData.valueType,
    basePeriod: effectiveBaseTimeframe(calculatorData),
    inputs,
    periods,
    headline: periods.yearly ?? preferredMetric(keyMetrics),
    keyMetrics,
    formulaInWords:
      result.calculatorType === 'value' ? valueFormulaInWords(calculatorData, labels) : formulaInWords(calculatorData.formula, labels),
  }
}

/** A yearly money figure if the value calculator has one, else its first key metric. */
function preferredMetric(metrics: readonly Figure[]): Figure | undefined {
  return metrics.find((metric) => /year|annual|årlig|per år/i.test(metric.label)) ?? metrics[0]
}

/** How a value calculator's first highlighted (or calculated) field is computed. */
function valueFormulaInWords(calculatorData: CalculatorData, labels: ReadonlyMap<string, string>): string | undefined {
  const calculated = calculatorData.valueFields.filter((field) => field.calculated && field.formula)
  const field = calculated.find((candidate) => candidate.highlight) ?? calculated[0]
  if (field?.formula === undefined) return undefined
  const words = formulaInWords(field.formula, labels)
  return words === undefined ? undefined : `${field.label} = ${words}`
}
