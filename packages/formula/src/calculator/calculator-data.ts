// SPEC §3 calculatorData (the calculator definition, also called calculator config) as a zod schema
// shared by web and services. Structural rules live on each field; rules that need several fields
// (unique names, formulas against declared names) run once the structure is sound.
import { z } from 'zod'
import { compileFormula } from '../formula/compile-formula.ts'
import { parameterNamesIn } from '../formula/names.ts'
import { parse } from '../formula/parser.ts'
import { FORBIDDEN_NAMES } from '../formula/syntax.ts'
import { CURRENCIES } from '../money/currency-rates.ts'
import { calculatorPriceSchema, PRICE_LIMITS } from './calculator-price.ts'
import { defaultTimeframes, TIMEFRAME_PERIODS, VALUE_TYPES } from './timeframes.ts'

export const CALCULATOR_TYPES = ['standard', 'value', 'ai-calculated'] as const
export const COMPLEXITIES = ['minimal', 'balanced', 'advanced', 'value', 'custom'] as const
/** How the prospect meets an input: a slider (with its number), a number field, or a fixed figure shown with its source (issue 36). */
export const PARAMETER_TYPES = ['slider', 'number', 'fixed'] as const
/** The languages a calculator is written in (its labels, and what the prospect's page shows around them). */
export const CALCULATOR_LANGUAGES = ['en', 'sv'] as const
export type CalculatorLanguage = (typeof CALCULATOR_LANGUAGES)[number]

/** SPEC §3 / ARCHITECTURE: the stored definition's parameter defaults (min 0, max 1,000,000, step 1,000). */
export const STORED_PARAMETER_DEFAULTS = { min: 0, max: 1_000_000, step: 1_000 } as const

/** Select values are never empty (SPEC §5), and the message lists what is allowed. */
function choice<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, {
    error: (issue) =>
      issue.input === '' ? `must not be empty; choose one of ${values.join(', ')}` : `must be one of ${values.join(', ')}`,
  })
}

export const currencySchema = choice(CURRENCIES)
export const timeframePeriodSchema = choice(TIMEFRAME_PERIODS)
export const valueTypeSchema = choice(VALUE_TYPES)
export const calculatorTypeSchema = choice(CALCULATOR_TYPES)
export const complexitySchema = choice(COMPLEXITIES)
export const parameterTypeSchema = choice(PARAMETER_TYPES)

// Generated definitions often carry null for "not given"; it reads as missing.
const optionalText = z
  .string()
  .nullish()
  .transform((value) => value ?? undefined)
const optionalNumber = z
  .number()
  .nullish()
  .transform((value) => value ?? undefined)
const numberOr = (fallback: number) =>
  z
    .number()
    .nullish()
    .transform((value) => value ?? fallback)
const textOr = (fallback: string) =>
  z
    .string()
    .nullish()
    .transform((value) => value ?? fallback)
const flagOr = (fallback: boolean) =>
  z
    .boolean()
    .nullish()
    .transform((value) => value ?? fallback)
function optionalChoice<const T extends readonly [string, ...string[]]>(values: T) {
  return choice(values)
    .nullish()
    .transform((value) => value ?? undefined)
}

const CAMEL_CASE = /^[a-z][a-zA-Z0-9]*$/

/** Why a name cannot be a parameter or value field name, or undefined when it can. */
export function calculatorNameProblem(name: string): string | undefined {
  if (!CAMEL_CASE.test(name)) {
    return `'${name}' is not a camelCase name: start with a lowercase letter and use only letters and digits (e.g. hoursPerWeek)`
  }
  if (FORBIDDEN_NAMES.has(name)) return `'${name}' is a reserved word and cannot be used as a name`
  return undefined
}

const formulaText = z.string().superRefine((source, context) => {
  if (source.trim() === '') return
  const parsed = parse(source)
  if (!parsed.ok) context.addIssue({ code: 'custom', message: parsed.error.message })
})

/**
 * Where a parameter's default value came from (issue 4): a quoted passage of the uploaded document
 * (with its page), a quoted passage of the user's description, or an assumption with no figure
 * behind it. A generator never presents an invented number as if a document stated it.
 */
export const parameterSourceSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('document'),
    quote: z.string().min(1).max(PRICE_LIMITS.maxQuoteLength).optional(),
    page: z.number().int().positive(),
    /** The page was read by text recognition (a scanned page): the quote may differ from the print. */
    ocr: z.literal(true).optional(),
  }),
  z.object({ kind: z.literal('description'), quote: z.string().min(1).max(PRICE_LIMITS.maxQuoteLength).optional() }),
  z.object({
    kind: z.literal('assumption'),
    note: z.string().min(1).max(PRICE_LIMITS.maxQuoteLength).optional(),
    /** The seller checked the figure (issue 36): no longer an unchecked assumption, and it may be fixed. */
    confirmed: z.literal(true).optional(),
  }),
])
export type ParameterSource = z.output<typeof parameterSourceSchema>

/** An assumption the seller has not checked: the prospect must be able to move it (issue 36). */
export function isUncheckedAssumption(parameter: { readonly source?: ParameterSource | undefined }): boolean {
  return parameter.source?.kind === 'assumption' && parameter.source.confirmed !== true
}

export const calculatorParameterSchema = z
  .object({
    name: z.string(),
    label: z.string(),
    description: optionalText,
    unit: optionalText,
    type: parameterTypeSchema.nullish().transform((value) => value ?? 'slider'),
    min: numberOr(STORED_PARAMETER_DEFAULTS.min),
    max: numberOr(STORED_PARAMETER_DEFAULTS.max),
    step: numberOr(STORED_PARAMETER_DEFAULTS.step).pipe(z.number().gt(0, { error: 'step must be greater than 0' })),
    defaultValue: optionalNumber,
    source: parameterSourceSchema.nullish().transform((value) => value ?? undefined),
  })
  .superRefine((parameter, context) => {
    const nameProblem = calculatorNameProblem(parameter.name)
    if (nameProblem !== undefined) context.addIssue({ code: 'custom', path: ['name'], message: nameProblem })
    if (parameter.min > parameter.max) {
      context.addIssue({ code: 'custom', path: ['max'], message: `max (${parameter.max}) must not be less than min (${parameter.min})` })
    }
    if (parameter.type === 'fixed' && isUncheckedAssumption(parameter)) {
      context.addIssue({ code: 'custom', path: ['type'], message: 'an unchecked assumption stays an input: confirm it before fixing it' })
    }
    const { defaultValue } = parameter
    if (defaultValue !== undefined && (defaultValue < parameter.min || defaultValue > parameter.max)) {
      context.addIssue({
        code: 'custom',
        path: ['defaultValue'],
        message: `defaultValue (${defaultValue}) must be between min (${parameter.min}) and max (${parameter.max})`,
      })
    }
  })

export const timeframeSchema = z.object({
  period: timeframePeriodSchema,
  multiplier: z.number().gt(0, { error: 'multiplier must be greater than 0' }),
  display: flagOr(true),
})

export const valueFieldSchema = z
  .object({
    name: z.string(),
    label: z.string(),
    description: optionalText,
    defaultValue: optionalNumber,
    calculated: flagOr(false),
    formula: optionalText.pipe(formulaText.optional()),
    unit: optionalText,
    prefix: optionalText,
    highlight: flagOr(false),
  })
  .superRefine((field, context) => {
    const nameProblem = calculatorNameProblem(field.name)
    if (nameProblem !== undefined) context.addIssue({ code: 'custom', path: ['name'], message: nameProblem })
    if (field.calculated && (field.formula === undefined || field.formula.trim() === '')) {
      context.addIssue({ code: 'custom', path: ['formula'], message: 'a calculated field needs a formula' })
    }
  })

export const calculatedValuesSchema = z.object({
  daily: optionalNumber,
  weekly: optionalNumber,
  monthly: optionalNumber,
  yearly: optionalNumber,
})

/**
 * SPEC §3's branding, stamped by the proposal service (never the client's). The contact fields are
 * the seller's (issue 15): on every plan's proposals, shown in the page's footer.
 */
export const brandingSchema = z.object({
  companyName: optionalText,
  companyLogo: optionalText,
  companyWebsite: optionalText,
  contactName: optionalText,
  contactEmail: optionalText,
  contactPhone: optionalText,
})

function addFormulaNameIssues(
  context: z.RefinementCtx,
  path: Array<string | number>,
  source: string,
  declared: readonly string[],
  what: string,
): void {
  const compiled = compileFormula(source, declared)
  // Syntax errors were reported on the field itself.
  if (compiled.ok || compiled.unknownNames.length === 0) return
  const listed = compiled.unknownNames.map((name) => `'${name}'`).join(', ')
  const known = declared.length === 0 ? 'none are declared' : `declared: ${declared.join(', ')}`
  context.addIssue({
    code: 'custom',
    path,
    message: `${what} uses ${compiled.unknownNames.length === 1 ? 'an unknown name' : 'unknown names'} ${listed} (${known})`,
  })
}

/** Calculated value fields whose formulas refer to each other in a circle. */
function fieldsInCycles(
  fields: ReadonlyArray<{ readonly name: string; readonly calculated: boolean; readonly formula?: string | undefined }>,
): Set<string> {
  const dependencies = new Map<string, string[]>()
  for (const field of fields) {
    if (!field.calculated || field.formula === undefined) continue
    const parsed = parse(field.formula)
    dependencies.set(field.name, parsed.ok ? parameterNamesIn(parsed.tree) : [])
  }
  const inCycle = new Set<string>()
  const state = new Map<string, 'visiting' | 'done'>()
  const stack: string[] = []
  const visit = (name: string): void => {
    const seen = state.get(name)
    if (seen === 'done') return
    if (seen === 'visiting') {
      for (const member of stack.slice(stack.indexOf(name))) inCycle.add(member)
      return
    }
    state.set(name, 'visiting')
    stack.push(name)
    for (const next of dependencies.get(name) ?? []) if (dependencies.has(next)) visit(next)
    stack.pop()
    state.set(name, 'done')
  }
  for (const name of dependencies.keys()) visit(name)
  return inCycle
}

/** Input values by input name (start values, a scenario's values): finite numbers only. */
const inputValuesSchema = z.record(z.string(), z.number().refine(Number.isFinite, { error: 'input values must be finite numbers' }))

export const calculatorDataSchema = z
  .object({
    name: z.string(),
    description: textOr(''),
    formula: textOr('').pipe(formulaText),
    explanation: textOr(''),
    perUnitValue: optionalNumber,
    parameters: z.array(calculatorParameterSchema),
    calculatedValues: calculatedValuesSchema.nullish().transform((value) => value ?? undefined),
    baseCurrency: currencySchema.nullish().transform((value) => value ?? 'USD'),
    baseTimeframe: timeframePeriodSchema.nullish().transform((value) => value ?? 'daily'),
    timeframes: z
      .array(timeframeSchema)
      .nullish()
      .transform((value) => value ?? undefined),
    valueType: optionalChoice(VALUE_TYPES),
    complexity: optionalChoice(COMPLEXITIES),
    /** The calculator's language; absent means English (calculators stored before it existed). */
    language: optionalChoice(CALCULATOR_LANGUAGES),
    /** The seller's price (issue 15): ROI, payback and net value use it; absent means SPEC §9's estimate. */
    price: calculatorPriceSchema.nullish().transform((value) => value ?? undefined),
    calculatorType: calculatorTypeSchema.nullish().transform((value) => value ?? 'standard'),
    valueFields: z
      .array(valueFieldSchema)
      .nullish()
      .transform((value) => value ?? []),
    branding: brandingSchema.nullish().transform((value) => value ?? undefined),
    /** The seller's values when the calculator was shared (issue 15): where the prospect's sliders start. */
    startValues: inputValuesSchema.nullish().transform((value) => value ?? undefined),
    /**
     * The seller's conservative and optimistic input values (issue 20); the expected scenario is the
     * seller's own values (startValues). Absent: the page derives them (scenarios.ts).
     */
    scenarios: z
      .strictObject({ conservative: inputValuesSchema, optimistic: inputValuesSchema })
      .nullish()
      .transform((value) => value ?? undefined),
  })
  .superRefine((data, context) => {
    // A value calculator shows its own key metrics (its fields carry any price); ROI against a price is for the others.
    if (data.price !== undefined && data.calculatorType === 'value') {
      context.addIssue({
        code: 'custom',
        path: ['price'],
        message: 'a value calculator shows its own key metrics: set the price in a value field, not as the calculator price',
      })
    }
    const inputNames = new Set([...data.parameters.map((parameter) => parameter.name), ...data.valueFields.map((field) => field.name)])
    for (const name of Object.keys(data.startValues ?? {})) {
      if (!inputNames.has(name))
        context.addIssue({ code: 'custom', path: ['startValues', name], message: `'${name}' is not an input of this calculator` })
    }
    for (const scenario of ['conservative', 'optimistic'] as const) {
      for (const name of Object.keys(data.scenarios?.[scenario] ?? {})) {
        if (!inputNames.has(name)) {
          context.addIssue({ code: 'custom', path: ['scenarios', scenario, name], message: `'${name}' is not an input of this calculator` })
        }
      }
    }
    const parameterNames = data.parameters.map((parameter) => parameter.name)
    const firstIndex = new Map<string, number>()
    data.parameters.forEach((parameter, index) => {
      const earlier = firstIndex.get(parameter.name)
      if (earlier !== undefined) {
        context.addIssue({
          code: 'custom',
          path: ['parameters', index, 'name'],
          message: `'${parameter.name}' is already the name of parameters[${earlier}]`,
        })
      } else {
        firstIndex.set(parameter.name, index)
      }
    })

    if (data.price?.formula !== undefined)
      addFormulaNameIssues(context, ['price', 'formula'], data.price.formula, [...firstIndex.keys()], 'the price formula')
    if (data.formula.trim() === '') {
      if (data.calculatorType !== 'value') context.addIssue({ code: 'custom', path: ['formula'], message: 'the formula is empty' })
    } else {
      addFormulaNameIssues(context, ['formula'], data.formula, [...firstIndex.keys()], 'the formula')
    }

    const fieldIndex = new Map<string, number>()
    data.valueFields.forEach((field, index) => {
      const earlierField = fieldIndex.get(field.name)
      const parameterIndex = firstIndex.get(field.name)
      if (earlierField !== undefined) {
        context.addIssue({
          code: 'custom',
          path: ['valueFields', index, 'name'],
          message: `'${field.name}' is already the name of valueFields[${earlierField}]`,
        })
      } else if (parameterIndex !== undefined) {
        context.addIssue({
          code: 'custom',
          path: ['valueFields', index, 'name'],
          message: `'${field.name}' is already the name of parameters[${parameterIndex}]`,
        })
      } else {
        fieldIndex.set(field.name, index)
      }
    })
    data.valueFields.forEach((field, index) => {
      if (!field.calculated || field.formula === undefined || field.formula.trim() === '') return
      const declared = [...new Set([...parameterNames, ...fieldIndex.keys()])].filter((name) => name !== field.name)
      addFormulaNameIssues(context, ['valueFields', index, 'formula'], field.formula, declared, `the formula of '${field.name}'`)
    })
    const circular = fieldsInCycles(data.valueFields)
    data.valueFields.forEach((field, index) => {
      if (circular.has(field.name)) {
        context.addIssue({
          code: 'custom',
          path: ['valueFields', index, 'formula'],
          message: `the formula of '${field.name}' depends on itself through other calculated fields`,
        })
      }
    })

    const seenPeriods = new Set<string>()
    data.timeframes?.forEach((timeframe, index) => {
      if (seenPeriods.has(timeframe.period)) {
        context.addIssue({
          code: 'custom',
          path: ['timeframes', index, 'period'],
          message: `the period '${timeframe.period}' is listed twice`,
        })
      }
      seenPeriods.add(timeframe.period)
    })
  })
  .transform((data) => ({ ...data, timeframes: data.timeframes ?? defaultTimeframes(data.baseTimeframe) }))

/** A calculator definition after validation, with every default applied. */
export type CalculatorData = z.output<typeof calculatorDataSchema>
/** A calculator definition as stored or generated, before defaults. */
export type CalculatorDataInput = z.input<typeof calculatorDataSchema>
export type CalculatorParameter = CalculatorData['parameters'][number]
export type ValueField = CalculatorData['valueFields'][number]
export type CalculatorType = z.output<typeof calculatorTypeSchema>
export type Complexity = z.output<typeof complexitySchema>

export interface CalculatorProblem {
  /** Where, e.g. 'parameters[2].defaultValue'; '' for the definition as a whole. */
  readonly path: string
  readonly message: string
}

export type CalculatorValidation =
  { readonly ok: true; readonly calculatorData: CalculatorData } | { readonly ok: false; readonly problems: CalculatorProblem[] }

function formatPath(path: ReadonlyArray<PropertyKey>): string {
  let text = ''
  for (const key of path) {
    if (typeof key === 'number') text += `[${key}]`
    else text += text === '' ? String(key) : `.${String(key)}`
  }
  return text
}

/** Validates a calculator definition and applies its defaults, or lists every problem found. */
export function validateCalculatorData(input: unknown): CalculatorValidation {
  const result = calculatorDataSchema.safeParse(input)
  if (result.success) return { ok: true, calculatorData: result.data }
  return { ok: false, problems: result.error.issues.map((issue) => ({ path: formatPath(issue.path), message: issue.message })) }
}
