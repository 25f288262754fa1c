// An honest calculator for a text that states no value: every value input an assumption said to be
// one (people, hours saved, weeks, the cost of an hour), the offer's stated price kept as its price.
// It never presents a cost or a price as value.
import type { CalculatorDataInput, CalculatorPriceInput } from '@valueproof/formula'
import { SLIDERS_PER_COMPLEXITY, type AnalysisInput } from '../types.ts'
import { explainTexts, yearlyWording } from './texts.ts'

const HOURLY: Readonly<Record<AnalysisInput['currency'], number>> = { USD: 50, EUR: 45, SEK: 500 }

export function assumedCalculator(
  analysis: AnalysisInput,
  price: CalculatorPriceInput | undefined,
  priceSentence: string | undefined,
): CalculatorDataInput {
  const texts = explainTexts(analysis.language)
  const labels = texts.assumedLabels
  const inputs = [
    { name: 'peopleAffected', label: labels.people, value: 5, max: 100, step: 1, unit: '' },
    { name: 'hoursSavedPerPersonWeek', label: labels.hours, value: 2, max: 20, step: 0.5, unit: 'h' },
    { name: 'workingWeeksYear', label: labels.weeks, value: 46, max: 52, step: 1, unit: '' },
    {
      name: 'costPerWorkingHour',
      label: labels.hourlyCost,
      value: HOURLY[analysis.currency],
      max: HOURLY[analysis.currency] * 4,
      step: 1,
      unit: analysis.currency,
    },
  ]
  const sliders = SLIDERS_PER_COMPLEXITY[analysis.complexity === 'value' ? 'advanced' : analysis.complexity]
  const explanation = yearlyWording([texts.allAssumed, priceSentence ?? texts.noPrice].join(' '), analysis.language)
  return {
    name: texts.namePrefix.generic,
    description: explanation,
    formula: 'peopleAffected * hoursSavedPerPersonWeek * workingWeeksYear * costPerWorkingHour',
    explanation,
    parameters: inputs.map((input, index) => ({
      name: input.name,
      label: input.label,
      description: texts.assumptionNote,
      unit: input.unit,
      type: index < sliders ? ('slider' as const) : ('number' as const),
      min: 0,
      max: input.max,
      step: input.step,
      defaultValue: input.value,
      source: { kind: 'assumption' as const, note: texts.assumptionNote },
    })),
    baseCurrency: analysis.currency,
    baseTimeframe: 'yearly',
    valueType: 'moneySaved',
    complexity: analysis.complexity === 'value' ? 'advanced' : analysis.complexity,
    language: analysis.language,
    calculatorType: 'standard',
    ...(price !== undefined ? { price } : {}),
  }
}
