// The built-in calculator templates (issue 16): each ROI story in English (USD) and Swedish (SEK),
// built into a full calculator definition in the currency asked. Every input's source is an
// assumption that says it is the template's example figure, so no template figure is ever
// presented as one of the seller's documents.
import { BUILTIN_TEMPLATE_ID_PREFIX } from '@valueproof/contracts'
import { calculatorDataSchema, conversionRate, type CalculatorData, type Currency } from '@valueproof/formula'
import type { Language } from '../analysis/types.ts'
import { ENGLISH_TEMPLATES } from './builtin-en.ts'
import { SWEDISH_TEMPLATES } from './builtin-sv.ts'
import { CURRENCY_MARK, type BuiltinTemplateData, type BuiltinTemplateSet, type TemplateInput } from './template-data.ts'

export const BUILTIN_TEMPLATE_SETS: readonly BuiltinTemplateSet[] = [ENGLISH_TEMPLATES, SWEDISH_TEMPLATES]

/** A template's complexity: its stories have three or four inputs, the 'Advanced' kind of calculator. */
export const BUILTIN_TEMPLATE_COMPLEXITY = 'advanced'

export interface BuiltinTemplate {
  readonly id: string
  readonly set: BuiltinTemplateSet
  readonly data: BuiltinTemplateData
}

/** How a template's money units read in each currency. */
const CURRENCY_SYMBOLS = { USD: '$', EUR: '€', SEK: 'kr' } as const

export function builtinTemplateId(key: string, language: Language): string {
  return `${BUILTIN_TEMPLATE_ID_PREFIX}${key}-${language}`
}

/** Every built-in template, English first, each language in the stories' order. */
export const BUILTIN_TEMPLATES: readonly BuiltinTemplate[] = BUILTIN_TEMPLATE_SETS.flatMap((set) =>
  set.templates.map((data) => ({ id: builtinTemplateId(data.key, set.language), set, data })),
)

export function findBuiltinTemplate(id: string): BuiltinTemplate | undefined {
  return BUILTIN_TEMPLATES.find((template) => template.id === id)
}

/** The same story in another language (every story exists in each). */
export function builtinInLanguage(template: BuiltinTemplate, language: Language): BuiltinTemplate {
  return findBuiltinTemplate(builtinTemplateId(template.data.key, language)) ?? template
}

const clean = (value: number): number => Number(value.toFixed(10))

/** The nearest of 1, 2 and 5 times a power of ten: a slider step that reads well in any currency. */
export function roundStep(value: number): number {
  const exponent = Math.floor(Math.log10(value))
  const candidates = [-1, 0, 1].flatMap((shift) => [1, 2, 5].map((mantissa) => clean(mantissa * 10 ** (exponent + shift))))
  return candidates.reduce((best, candidate) =>
    Math.abs(Math.log(candidate / value)) < Math.abs(Math.log(best / value)) ? candidate : best,
  )
}

/** A money input in another currency at SPEC §9's fixed rates, its range and default on whole steps. */
function convertedInput(input: TemplateInput, rate: number): TemplateInput {
  if (rate === 1) return input
  const step = roundStep(input.step * rate)
  const onStep = (value: number, round: (x: number) => number) => clean(round(clean((value * rate) / step)) * step)
  const min = onStep(input.min, Math.floor)
  const max = Math.max(onStep(input.max, Math.ceil), min + step)
  const defaultValue = Math.min(max, Math.max(min, onStep(input.defaultValue, Math.round)))
  return { ...input, min, max, step, defaultValue }
}

/** The template's calculator definition, its amounts in `currency` (default: the set's own). */
export function builtinCalculator(template: BuiltinTemplate, currency: Currency = template.set.currency): CalculatorData {
  const { set, data } = template
  const rate = conversionRate(set.currency, currency)
  const { inputs, ...calculator } = data.calculator
  const parameters = inputs.map((original) => {
    const input = original.money ? convertedInput(original, rate) : original
    return {
      name: input.name,
      label: input.label,
      unit: input.unit.replaceAll(CURRENCY_MARK, CURRENCY_SYMBOLS[currency]),
      type: 'slider',
      min: input.min,
      max: input.max,
      step: input.step,
      defaultValue: input.defaultValue,
      source: { kind: 'assumption', note: set.exampleNote },
    }
  })
  return calculatorDataSchema.parse({
    ...calculator,
    parameters,
    baseCurrency: currency,
    language: set.language,
    complexity: BUILTIN_TEMPLATE_COMPLEXITY,
    calculatorType: 'standard',
    valueFields: [],
  })
}
