// The Edit Calculator Configuration dialog's logic (issue 6): a calculator definition (SPEC §3) as
// form text and back, the live formula checks, and where each problem of a definition is shown.
// Pure functions, so the dialog only renders and tests need no browser.
import {
  compileFormula,
  parse,
  TIMEFRAME_FACTORS,
  validateCalculatorData,
  type CalculatorData,
  type CalculatorDataInput,
  type CalculatorParameter,
  type FormulaError,
  type TimeframePeriod,
  type ValueField,
  type ValueType,
} from '@valueproof/formula'
import {
  PRICE_LABELS,
  PRICE_WHERE,
  priceFormOf,
  priceOf,
  pricePlace,
  priceWhere,
  type PriceForm,
  type PriceProperty,
} from './edit-price.ts'
import { handSetSource } from './edit-texts.ts'

/** One parameter as typed: numbers stay text so a half-typed '1.' or '-' survives until Save. */
export interface ParameterForm {
  /** Stable across renames and removals, for React keys and problem placement. */
  readonly key: string
  readonly name: string
  readonly label: string
  readonly description: string
  readonly unit: string
  readonly min: string
  readonly max: string
  readonly step: string
  readonly defaultValue: string
  /** The parameter as it was before editing (keeps its type and source); undefined for a new one. */
  readonly original: CalculatorParameter | undefined
}

export interface ValueFieldForm {
  readonly key: string
  readonly name: string
  readonly label: string
  readonly description: string
  readonly formula: string
  readonly defaultValue: string
  readonly unit: string
  readonly prefix: string
  readonly calculated: boolean
  readonly highlight: boolean
  readonly original: ValueField | undefined
}

export interface CalculatorForm {
  readonly name: string
  readonly description: string
  readonly explanation: string
  readonly formula: string
  /** Undefined when the definition has none; the dialog never offers an empty choice (SPEC §5). */
  readonly valueType: ValueType | undefined
  readonly baseTimeframe: TimeframePeriod
  readonly parameters: readonly ParameterForm[]
  readonly valueFields: readonly ValueFieldForm[]
  /** The seller's price (issue 15); a value calculator's dialog does not show it. */
  readonly price: PriceForm
}

export type ParameterProperty = 'name' | 'label' | 'description' | 'unit' | 'min' | 'max' | 'step' | 'defaultValue'
export type ValueFieldProperty =
  'name' | 'label' | 'description' | 'formula' | 'defaultValue' | 'unit' | 'prefix' | 'calculated' | 'highlight'
export type CalculatorProperty = 'name' | 'description' | 'explanation' | 'formula' | 'valueType' | 'baseTimeframe'

/** The dialog's English labels, shared by the fields and the problem summary. */
export const CALCULATOR_LABELS: Readonly<Record<CalculatorProperty, string>> = {
  name: 'Calculator name',
  description: 'Description',
  explanation: 'Explanation',
  formula: 'Formula',
  valueType: 'Value type',
  baseTimeframe: 'Base timeframe',
}
export const PARAMETER_LABELS: Readonly<Record<ParameterProperty, string>> = {
  name: 'Parameter name',
  label: 'Label',
  description: 'Description',
  unit: 'Unit',
  min: 'Min',
  max: 'Max',
  step: 'Step',
  defaultValue: 'Default value',
}
export const VALUE_FIELD_LABELS: Readonly<Record<ValueFieldProperty, string>> = {
  name: 'Field name',
  label: 'Label',
  description: 'Description',
  formula: 'Formula',
  defaultValue: 'Default value',
  unit: 'Unit',
  prefix: 'Prefix',
  calculated: 'Calculated',
  highlight: 'Highlight',
}

/** Where a field lives in the form; a problem carries one to be shown next to that field. */
export type FieldKey =
  CalculatorProperty | `parameter:${string}:${ParameterProperty}` | `valueField:${string}:${ValueFieldProperty}` | `price:${PriceProperty}`

export function parameterFieldKey(key: string, property: ParameterProperty): FieldKey {
  return `parameter:${key}:${property}`
}

export function valueFieldFieldKey(key: string, property: ValueFieldProperty): FieldKey {
  return `valueField:${key}:${property}`
}

export function priceFieldKey(property: PriceProperty): FieldKey {
  return `price:${property}`
}

export interface FormProblem {
  /** The field to show it next to; undefined when no field of the dialog holds it (summary only). */
  readonly field: FieldKey | undefined
  /** The place in words, for the summary: 'Formula', 'Parameter 2 (hourlyRate): Min'. */
  readonly where: string
  readonly message: string
}

export type FormResult =
  { readonly ok: true; readonly calculatorData: CalculatorData } | { readonly ok: false; readonly problems: FormProblem[] }

function numberText(value: number | undefined): string {
  return value === undefined ? '' : String(value)
}

function parameterFormOf(parameter: CalculatorParameter, key: string): ParameterForm {
  return {
    key,
    name: parameter.name,
    label: parameter.label,
    description: parameter.description ?? '',
    unit: parameter.unit ?? '',
    min: numberText(parameter.min),
    max: numberText(parameter.max),
    step: numberText(parameter.step),
    defaultValue: numberText(parameter.defaultValue),
    original: parameter,
  }
}

function valueFieldFormOf(field: ValueField, key: string): ValueFieldForm {
  return {
    key,
    name: field.name,
    label: field.label,
    description: field.description ?? '',
    formula: field.formula ?? '',
    defaultValue: numberText(field.defaultValue),
    unit: field.unit ?? '',
    prefix: field.prefix ?? '',
    calculated: field.calculated,
    highlight: field.highlight,
    original: field,
  }
}

/** The form for a validated definition, every number as its text. */
export function calculatorFormOf(calculatorData: CalculatorData): CalculatorForm {
  return {
    name: calculatorData.name,
    description: calculatorData.description,
    explanation: calculatorData.explanation,
    formula: calculatorData.formula,
    valueType: calculatorData.valueType,
    baseTimeframe: calculatorData.baseTimeframe,
    parameters: calculatorData.parameters.map((parameter, index) => parameterFormOf(parameter, `parameter-${index}`)),
    valueFields: calculatorData.valueFields.map((field, index) => valueFieldFormOf(field, `valueField-${index}`)),
    price: priceFormOf(calculatorData.price),
  }
}

/** A key no item in the list has yet. */
function nextKey(prefix: string, items: ReadonlyArray<{ readonly key: string }>): string {
  const used = new Set(items.map((item) => item.key))
  let index = items.length
  while (used.has(`${prefix}-${index}`)) index += 1
  return `${prefix}-${index}`
}

/** An empty parameter with SPEC §9's slider defaults (min 0, max 100, step 1). */
export function addParameter(form: CalculatorForm): CalculatorForm {
  const parameter: ParameterForm = {
    key: nextKey('parameter', form.parameters),
    name: '',
    label: '',
    description: '',
    unit: '',
    min: '0',
    max: '100',
    step: '1',
    defaultValue: '',
    original: undefined,
  }
  return { ...form, parameters: [...form.parameters, parameter] }
}

export function addValueField(form: CalculatorForm): CalculatorForm {
  const field: ValueFieldForm = {
    key: nextKey('valueField', form.valueFields),
    name: '',
    label: '',
    description: '',
    formula: '',
    defaultValue: '',
    unit: '',
    prefix: '',
    calculated: false,
    highlight: false,
    original: undefined,
  }
  return { ...form, valueFields: [...form.valueFields, field] }
}

const NUMBER_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i

/** The number typed, undefined when nothing is typed, or 'invalid'. */
export function parseNumberText(text: string): number | undefined | 'invalid' {
  const trimmed = text.trim()
  if (trimmed === '') return undefined
  if (!NUMBER_TEXT.test(trimmed)) return 'invalid'
  const value = Number(trimmed)
  return Number.isFinite(value) ? value : 'invalid'
}

function distinct(names: Iterable<string>): string[] {
  return [...new Set(names)]
}

/** The live check of the calculator's formula against the parameter names in the form now. */
export function formulaProblem(form: CalculatorForm): FormulaError | undefined {
  // An empty formula is not flagged while typing (SPEC §5: no required-field checks in the dialog).
  if (form.formula.trim() === '') return undefined
  const compiled = compileFormula(form.formula, distinct(form.parameters.map((parameter) => parameter.name)))
  return compiled.ok ? undefined : compiled.error
}

/**
 * The live check of a value field's formula, as validation does it: its syntax always, and for a
 * calculated field its names against the parameters and the other value fields.
 */
export function valueFieldFormulaProblem(form: CalculatorForm, key: string): FormulaError | undefined {
  const field = form.valueFields.find((candidate) => candidate.key === key)
  if (field === undefined || field.formula.trim() === '') return undefined
  if (!field.calculated) {
    const parsed = parse(field.formula)
    return parsed.ok ? undefined : parsed.error
  }
  const declared = distinct([...form.parameters.map((parameter) => parameter.name), ...form.valueFields.map((other) => other.name)])
  const compiled = compileFormula(
    field.formula,
    declared.filter((name) => name !== field.name),
  )
  return compiled.ok ? undefined : compiled.error
}

/** An optional text field: empty means absent, unless the definition stored it as empty text. */
function optionalText(text: string, original: string | undefined): string | undefined {
  if (text !== '') return text
  return original === '' ? '' : undefined
}

/** A parameter's label in the summary: 'Parameter 2 (hourlyRate)'. */
function parameterWhere(index: number, name: string): string {
  return name.trim() === '' ? `Parameter ${index + 1}` : `Parameter ${index + 1} (${name})`
}

function valueFieldWhere(index: number, name: string): string {
  return name.trim() === '' ? `Value field ${index + 1}` : `Value field ${index + 1} (${name})`
}

/** 'the formula is empty' → 'The formula is empty'; leaves 'defaultValue (…)' and quoted names alone. */
function sentence(message: string): string {
  return /^[a-z]+\b/.test(message) && !/^[a-z]+[A-Z]/.test(message) ? message.charAt(0).toUpperCase() + message.slice(1) : message
}

interface NumberReading {
  readonly value: number | undefined
  readonly problem: FormProblem | undefined
}

function readNumber(text: string, label: string, field: FieldKey, where: string, optional: boolean): NumberReading {
  const value = parseNumberText(text)
  if (value === 'invalid' || (value === undefined && !optional)) {
    return { value: undefined, problem: { field, where: `${where}: ${label}`, message: `${label} must be a number` } }
  }
  return { value, problem: undefined }
}

const PATH_PARTS = /^(parameters|valueFields)\[(\d+)\](?:\.(\w+))?/

/** Places one validation problem (its path as validateCalculatorData writes it) in the form. */
function placeProblem(path: string, message: string, form: CalculatorForm): FormProblem {
  const text = sentence(message)
  const price = pricePlace(path)
  if (price !== undefined)
    return { field: price.property === undefined ? undefined : priceFieldKey(price.property), where: price.where, message: text }
  if (path in CALCULATOR_LABELS) {
    const property = path as CalculatorProperty
    return { field: property, where: CALCULATOR_LABELS[property], message: text }
  }
  const parts = PATH_PARTS.exec(path)
  if (parts !== null) {
    const [, list, indexText, property] = parts
    const index = Number(indexText)
    if (list === 'parameters') {
      const parameter = form.parameters[index]
      if (parameter !== undefined) {
        const where = parameterWhere(index, parameter.name)
        if (property !== undefined && property in PARAMETER_LABELS) {
          const known = property as ParameterProperty
          return { field: parameterFieldKey(parameter.key, known), where: `${where}: ${PARAMETER_LABELS[known]}`, message: text }
        }
        return { field: undefined, where: property === undefined ? where : `${where}: ${property}`, message: text }
      }
    } else {
      const field = form.valueFields[index]
      if (field !== undefined) {
        const where = valueFieldWhere(index, field.name)
        if (property !== undefined && property in VALUE_FIELD_LABELS) {
          const known = property as ValueFieldProperty
          return { field: valueFieldFieldKey(field.key, known), where: `${where}: ${VALUE_FIELD_LABELS[known]}`, message: text }
        }
        return { field: undefined, where: property === undefined ? where : `${where}: ${property}`, message: text }
      }
    }
  }
  // Parts of the definition the dialog does not edit (timeframes, branding, …): summary only.
  return { field: undefined, where: path === '' ? 'Calculator' : path, message: text }
}

/**
 * The base timeframe is what the formula result is measured in, and each stored multiplier turns
 * that into its period; a new base timeframe therefore gets SPEC §9's multipliers for it, keeping
 * which periods are displayed.
 */
function timeframesFor(baseTimeframe: TimeframePeriod, original: CalculatorData): CalculatorData['timeframes'] {
  if (baseTimeframe === original.baseTimeframe) return original.timeframes
  return original.timeframes.map((timeframe) => ({ ...timeframe, multiplier: TIMEFRAME_FACTORS[baseTimeframe][timeframe.period] }))
}

/**
 * The definition the form describes, validated, or every problem placed at its field. What the
 * dialog does not edit (currency, timeframes, branding, a parameter's type, …) comes from
 * `original`. A parameter whose default value changed gets `handSetSource`, in the calculator's
 * language, as its source (a default typed in the editor is backed by no quoted passage any more).
 */
export function calculatorDataOf(form: CalculatorForm, original: CalculatorData): FormResult {
  const numberProblems: FormProblem[] = []
  // Parameters and value fields with a number that could not be read: validation's range checks
  // on them would compare against a stand-in, so those wait for the next Save.
  const unreadable = new Set<string>()
  const read = (text: string, label: string, field: FieldKey, where: string, optional: boolean, owner: string) => {
    const reading = readNumber(text, label, field, where, optional)
    if (reading.problem !== undefined) {
      numberProblems.push(reading.problem)
      unreadable.add(owner)
    }
    return reading.value
  }

  const parameters = form.parameters.map((parameter, index) => {
    const where = parameterWhere(index, parameter.name)
    const number = (property: 'min' | 'max' | 'step' | 'defaultValue', optional: boolean) =>
      read(
        parameter[property],
        PARAMETER_LABELS[property],
        parameterFieldKey(parameter.key, property),
        where,
        optional,
        `parameters[${index}]`,
      )
    const defaultValue = number('defaultValue', true)
    const before = parameter.original
    const defaultChanged = before === undefined ? defaultValue !== undefined : defaultValue !== before.defaultValue
    return {
      name: parameter.name,
      label: parameter.label,
      description: optionalText(parameter.description, before?.description),
      unit: optionalText(parameter.unit, before?.unit),
      // A figure typed here is an unchecked assumption, and that stays something the prospect can move (issue 36).
      type: defaultChanged && before?.type === 'fixed' ? 'slider' : (before?.type ?? 'slider'),
      min: number('min', false),
      max: number('max', false),
      step: number('step', false),
      defaultValue,
      source: defaultChanged ? handSetSource(original.language) : before?.source,
    }
  })

  const valueFields = form.valueFields.map((field, index) => {
    const before = field.original
    return {
      name: field.name,
      label: field.label,
      description: optionalText(field.description, before?.description),
      defaultValue: read(
        field.defaultValue,
        VALUE_FIELD_LABELS.defaultValue,
        valueFieldFieldKey(field.key, 'defaultValue'),
        valueFieldWhere(index, field.name),
        true,
        `valueFields[${index}]`,
      ),
      calculated: field.calculated,
      formula: optionalText(field.formula, before?.formula),
      unit: optionalText(field.unit, before?.unit),
      prefix: optionalText(field.prefix, before?.prefix),
      highlight: field.highlight,
    }
  })

  const priceNumber = (property: 'amount' | 'setup'): number | undefined | 'invalid' => {
    const before = numberProblems.length
    const value = read(form.price[property], PRICE_LABELS[property], priceFieldKey(property), PRICE_WHERE, true, 'price')
    return numberProblems.length > before ? 'invalid' : value
  }
  const price = priceOf(form.price, {
    amount: priceNumber('amount'),
    setup: form.price.period === 'one-off' ? undefined : priceNumber('setup'),
  })
  if (!price.ok) numberProblems.push({ field: priceFieldKey(price.property), where: priceWhere(price.property), message: price.message })

  const input: CalculatorDataInput = {
    ...original,
    name: form.name,
    description: form.description,
    explanation: form.explanation,
    formula: form.formula,
    valueType: form.valueType,
    baseTimeframe: form.baseTimeframe,
    timeframes: timeframesFor(form.baseTimeframe, original),
    parameters,
    valueFields,
    price: price.ok ? price.price : original.price,
  }
  const validation = validateCalculatorData(input)
  if (validation.ok && numberProblems.length === 0) return { ok: true, calculatorData: validation.calculatorData }

  const NUMBER_PROPERTIES = /^(parameters|valueFields)\[\d+\]\.(min|max|step|defaultValue)$/
  const validationProblems = validation.ok
    ? []
    : validation.problems
        .filter((problem) => !(NUMBER_PROPERTIES.test(problem.path) && unreadable.has(problem.path.slice(0, problem.path.indexOf('.')))))
        .map((problem) => placeProblem(problem.path, problem.message, form))
  return { ok: false, problems: [...numberProblems, ...validationProblems] }
}
