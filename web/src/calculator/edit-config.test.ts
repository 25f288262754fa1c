import { validateCalculatorData, type CalculatorData, type CalculatorDataInput } from '@valueproof/formula'
import { describe, expect, it } from 'vitest'
import {
  addParameter,
  calculatorDataOf,
  calculatorFormOf,
  formulaProblem,
  parameterFieldKey,
  parseNumberText,
  priceFieldKey,
  valueFieldFieldKey,
  valueFieldFormulaProblem,
  type CalculatorForm,
  type FormProblem,
  type FormResult,
  type ParameterForm,
} from './edit-config.ts'
import type { PriceForm } from './edit-price.ts'
import { handSetSource } from './edit-texts.ts'
import { formulaErrorLine } from './formula-error-line.ts'

/** `expect.stringContaining`, typed: vitest declares its asymmetric matchers as answering `any`. */
const containing = (text: string): unknown => expect.stringContaining(text)

function valid(input: CalculatorDataInput): CalculatorData {
  const result = validateCalculatorData(input)
  if (!result.ok) throw new Error(`fixture is not valid: ${JSON.stringify(result.problems)}`)
  return result.calculatorData
}

// A definition as the generator returns it: sources quoted from the document, a stored description
// of '' and explicit timeframes.
const supportDesk = valid({
  name: 'Support desk automation',
  description: 'Fewer tickets handled by hand',
  formula: 'ticketsPerDay * minutesSaved / 60 * hourlyCost',
  explanation: 'Tickets per day times the time saved per ticket, at the hourly cost of an agent.',
  parameters: [
    {
      name: 'ticketsPerDay',
      label: 'Tickets per day',
      description: 'Tickets your team handles each day',
      unit: 'tickets',
      type: 'slider',
      min: 10,
      max: 2000,
      step: 10,
      defaultValue: 400,
      source: { kind: 'document', quote: 'Our desk handles around 400 tickets a day.', page: 3 },
    },
    {
      name: 'minutesSaved',
      label: 'Minutes saved per ticket',
      description: '',
      unit: 'minutes',
      type: 'number',
      min: 0,
      max: 30,
      step: 0.5,
      defaultValue: 2.5,
    },
    {
      name: 'hourlyCost',
      label: 'Hourly cost of an agent',
      unit: '$',
      min: 15,
      max: 120,
      step: 1,
      source: { kind: 'description', quote: 'agents cost us about $45 an hour' },
    },
  ],
  baseCurrency: 'SEK',
  baseTimeframe: 'daily',
  timeframes: [
    { period: 'daily', multiplier: 1, display: false },
    { period: 'monthly', multiplier: 30, display: true },
    { period: 'yearly', multiplier: 365, display: true },
  ],
  valueType: 'moneySaved',
  complexity: 'balanced',
  perUnitValue: 45,
  branding: { companyName: 'Acme' },
})

const clinicValue = valid({
  name: 'Clinic bookings',
  formula: '',
  calculatorType: 'value',
  valueType: 'moneyGained',
  parameters: [{ name: 'patients', label: 'Patients per month', min: 0, max: 500, step: 5, defaultValue: 120 }],
  valueFields: [
    { name: 'visitPrice', label: 'Price per visit', defaultValue: 80, unit: '$', prefix: '$' },
    { name: 'revenue', label: 'Monthly revenue', calculated: true, formula: 'patients * visitPrice', prefix: '', highlight: true },
  ],
})

function saved(result: FormResult): CalculatorData {
  if (!result.ok) throw new Error(`expected a valid definition: ${JSON.stringify(result.problems)}`)
  return result.calculatorData
}

function problemsOf(result: FormResult): FormProblem[] {
  if (result.ok) throw new Error('expected problems')
  return result.problems
}

function parameter(form: CalculatorForm, index: number): ParameterForm {
  const found = form.parameters[index]
  if (found === undefined) throw new Error(`no parameter ${index}`)
  return found
}

function withParameter(form: CalculatorForm, index: number, change: Partial<ParameterForm>): CalculatorForm {
  return { ...form, parameters: form.parameters.map((item, at) => (at === index ? { ...item, ...change } : item)) }
}

/** What a default typed in the editor of an English calculator is noted as. */
const HAND_SET_SOURCE = handSetSource(undefined)

describe('a definition round-trips through the form unchanged', () => {
  it.each([
    ['a standard calculator with quoted sources', supportDesk],
    ['a value calculator with value fields', clinicValue],
  ])('%s', (_, calculatorData) => {
    expect(saved(calculatorDataOf(calculatorFormOf(calculatorData), calculatorData))).toEqual(calculatorData)
  })

  it('shows every number as text and an absent default as empty', () => {
    const form = calculatorFormOf(supportDesk)
    expect(parameter(form, 1)).toMatchObject({ min: '0', max: '30', step: '0.5', defaultValue: '2.5' })
    expect(parameter(form, 2).defaultValue).toBe('')
  })
})

describe('the formula is checked against the parameter names in the form now', () => {
  it('flags the formula at the old name as soon as a parameter is renamed', () => {
    const renamed = withParameter(calculatorFormOf(supportDesk), 1, { name: 'minutesPerTicket' })
    const error = formulaProblem(renamed)
    expect(error).toMatchObject({ code: 'unknown-name', position: 16, end: 28 })
    expect(renamed.formula.slice(error?.position, error?.end)).toBe('minutesSaved')
    expect(error?.message).toContain('at character 17')
  })

  it('blocks Save with the problem on the formula field', () => {
    const renamed = withParameter(calculatorFormOf(supportDesk), 1, { name: 'minutesPerTicket' })
    expect(problemsOf(calculatorDataOf(renamed, supportDesk))).toEqual([
      expect.objectContaining({ field: 'formula', where: 'Formula', message: containing("'minutesSaved'") }),
    ])
  })

  it('is clean again once the formula uses the new name', () => {
    const renamed = withParameter(calculatorFormOf(supportDesk), 1, { name: 'minutesPerTicket' })
    expect(formulaProblem({ ...renamed, formula: 'ticketsPerDay * minutesPerTicket / 60 * hourlyCost' })).toBeUndefined()
  })

  it('points at a syntax error where it is', () => {
    const form = { ...calculatorFormOf(supportDesk), formula: 'ticketsPerDay * (minutesSaved' }
    expect(formulaProblem(form)).toMatchObject({ code: 'unclosed-parenthesis', position: 16 })
  })

  it('does not flag an empty formula while typing (no required-field checks)', () => {
    expect(formulaProblem({ ...calculatorFormOf(supportDesk), formula: '  ' })).toBeUndefined()
  })

  it("checks a calculated value field's names against the parameters and the other fields", () => {
    const form = calculatorFormOf(clinicValue)
    const revenueKey = form.valueFields[1]?.key ?? ''
    expect(valueFieldFormulaProblem(form, revenueKey)).toBeUndefined()
    const renamedField = {
      ...form,
      valueFields: form.valueFields.map((field, index) => (index === 0 ? { ...field, name: 'price' } : field)),
    }
    expect(valueFieldFormulaProblem(renamedField, revenueKey)).toMatchObject({ code: 'unknown-name', position: 11 })
  })
})

describe('numbers are read at Save', () => {
  it('reads what people type, keeping half-typed text as invalid rather than guessing', () => {
    expect(parseNumberText(' 2.5 ')).toBe(2.5)
    expect(parseNumberText('1.')).toBe(1)
    expect(parseNumberText('-20')).toBe(-20)
    expect(parseNumberText('1e3')).toBe(1000)
    expect(parseNumberText('')).toBeUndefined()
    for (const text of ['-', '.', 'abc', '1,000', '0x10', '1e999', 'Infinity']) expect(parseNumberText(text)).toBe('invalid')
  })

  it("reports 'Min must be a number' next to that parameter's Min and saves nothing", () => {
    const form = withParameter(calculatorFormOf(supportDesk), 0, { min: 'ten' })
    expect(problemsOf(calculatorDataOf(form, supportDesk))).toEqual([
      { field: parameterFieldKey('parameter-0', 'min'), where: 'Parameter 1 (ticketsPerDay): Min', message: 'Min must be a number' },
    ])
  })

  it('treats an empty min, max or step as a problem, and an empty default as no default', () => {
    const form = withParameter(calculatorFormOf(supportDesk), 0, { max: '', step: ' ', defaultValue: '' })
    expect(problemsOf(calculatorDataOf(form, supportDesk)).map((problem) => problem.message)).toEqual([
      'Max must be a number',
      'Step must be a number',
    ])
    const noDefault = withParameter(calculatorFormOf(supportDesk), 0, { defaultValue: '' })
    expect(saved(calculatorDataOf(noDefault, supportDesk)).parameters[0]?.defaultValue).toBeUndefined()
  })

  it('places range problems from validation at their field', () => {
    const form = withParameter(calculatorFormOf(supportDesk), 0, { min: '500', defaultValue: '5000' })
    expect(problemsOf(calculatorDataOf(form, supportDesk))).toEqual([
      {
        field: parameterFieldKey('parameter-0', 'defaultValue'),
        where: 'Parameter 1 (ticketsPerDay): Default value',
        message: 'defaultValue (5000) must be between min (500) and max (2000)',
      },
    ])
  })

  it('reports a bad value field default', () => {
    const form = calculatorFormOf(clinicValue)
    const changed = {
      ...form,
      valueFields: form.valueFields.map((field, index) => (index === 0 ? { ...field, defaultValue: '8o' } : field)),
    }
    expect(problemsOf(calculatorDataOf(changed, clinicValue))).toEqual([
      {
        field: valueFieldFieldKey('valueField-0', 'defaultValue'),
        where: 'Value field 1 (visitPrice): Default value',
        message: 'Default value must be a number',
      },
    ])
  })
})

describe("a parameter's source", () => {
  it('is replaced by an assumption when the default value is changed by hand', () => {
    const form = withParameter(calculatorFormOf(supportDesk), 0, { defaultValue: '350' })
    const [ticketsPerDay] = saved(calculatorDataOf(form, supportDesk)).parameters
    expect(ticketsPerDay).toMatchObject({ defaultValue: 350, source: HAND_SET_SOURCE })
    expect(HAND_SET_SOURCE).toEqual({ kind: 'assumption', note: 'Set by hand in the editor.' })
    // A Swedish calculator says so in Swedish.
    const swedish: CalculatorData = { ...supportDesk, language: 'sv' }
    const typed = withParameter(calculatorFormOf(swedish), 0, { defaultValue: '70' })
    expect(saved(calculatorDataOf(typed, swedish)).parameters[0]?.source).toEqual({
      kind: 'assumption',
      note: 'Angivet för hand i redigeraren.',
    })
  })

  it('makes a fixed input movable again when its figure is typed anew (issue 36)', () => {
    const fixed = {
      ...supportDesk,
      parameters: supportDesk.parameters.map((parameter, index) => (index === 0 ? { ...parameter, type: 'fixed' as const } : parameter)),
    }
    const kept = saved(calculatorDataOf(calculatorFormOf(fixed), fixed)).parameters[0]
    expect(kept?.type).toBe('fixed')
    const typed = saved(calculatorDataOf(withParameter(calculatorFormOf(fixed), 0, { defaultValue: '350' }), fixed)).parameters[0]
    expect(typed).toMatchObject({ type: 'slider', source: HAND_SET_SOURCE })
  })

  it('is replaced when a default is added to a parameter that had none', () => {
    const form = withParameter(calculatorFormOf(supportDesk), 2, { defaultValue: '45' })
    expect(saved(calculatorDataOf(form, supportDesk)).parameters[2]?.source).toEqual(HAND_SET_SOURCE)
  })

  it('is kept when the default is the same number, or when other fields change', () => {
    const form = withParameter(calculatorFormOf(supportDesk), 0, { defaultValue: '400.0', label: 'Tickets a day', max: '3000' })
    expect(saved(calculatorDataOf(form, supportDesk)).parameters[0]?.source).toEqual({
      kind: 'document',
      quote: 'Our desk handles around 400 tickets a day.',
      page: 3,
    })
  })
})

describe('the rest of the definition', () => {
  it('keeps a renamed-everywhere parameter and its type', () => {
    const form = withParameter(calculatorFormOf(supportDesk), 1, { name: 'minutesPerTicket' })
    const data = saved(calculatorDataOf({ ...form, formula: 'ticketsPerDay * minutesPerTicket / 60 * hourlyCost' }, supportDesk))
    expect(data.parameters[1]).toMatchObject({ name: 'minutesPerTicket', type: 'number', defaultValue: 2.5 })
  })

  it('gives new timeframe multipliers for a new base timeframe, keeping which are displayed', () => {
    const data = saved(calculatorDataOf({ ...calculatorFormOf(supportDesk), baseTimeframe: 'monthly' }, supportDesk))
    expect(data.timeframes).toEqual([
      { period: 'daily', multiplier: 1 / 30, display: false },
      { period: 'monthly', multiplier: 1, display: true },
      { period: 'yearly', multiplier: 12, display: true },
    ])
  })

  it('adds a parameter with slider defaults whose problems are placed by its key', () => {
    const form = addParameter(calculatorFormOf(supportDesk))
    const added = parameter(form, 3)
    expect(added).toMatchObject({ key: 'parameter-3', name: '', min: '0', max: '100', step: '1', defaultValue: '' })
    const problems = problemsOf(calculatorDataOf({ ...withParameter(form, 3, { name: 'ticketsPerDay' }) }, supportDesk))
    expect(problems).toEqual([
      {
        field: parameterFieldKey('parameter-3', 'name'),
        where: 'Parameter 4 (ticketsPerDay): Parameter name',
        message: "'ticketsPerDay' is already the name of parameters[0]",
      },
    ])
    const saved4 = saved(calculatorDataOf(withParameter(form, 3, { name: 'agents', label: 'Agents', defaultValue: '12' }), supportDesk))
      .parameters[3]
    expect(saved4).toMatchObject({ name: 'agents', type: 'slider', min: 0, max: 100, step: 1, defaultValue: 12, source: HAND_SET_SOURCE })
  })

  it('keeps a removed parameter out and flags the formula that still uses it', () => {
    const form = calculatorFormOf(supportDesk)
    const removed = { ...form, parameters: form.parameters.filter((item) => item.name !== 'hourlyCost') }
    expect(formulaProblem(removed)).toMatchObject({ code: 'unknown-name' })
    expect(problemsOf(calculatorDataOf(removed, supportDesk)).map((problem) => problem.field)).toEqual(['formula'])
  })

  it('lists problems of parts the dialog does not edit in the summary only', () => {
    const broken = { ...supportDesk, timeframes: [...supportDesk.timeframes, { period: 'daily' as const, multiplier: 1, display: true }] }
    expect(problemsOf(calculatorDataOf(calculatorFormOf(broken), broken))).toEqual([
      { field: undefined, where: 'timeframes[3].period', message: "The period 'daily' is listed twice" },
    ])
  })

  it("reports an empty standard formula at Save, as 'The formula is empty'", () => {
    expect(problemsOf(calculatorDataOf({ ...calculatorFormOf(supportDesk), formula: '' }, supportDesk))).toEqual([
      { field: 'formula', where: 'Formula', message: 'The formula is empty' },
    ])
  })
})

describe('the seller’s price (issue 15)', () => {
  const quoted = valid({
    ...supportDesk,
    price: { amount: 12_000, period: 'month', source: { kind: 'document', quote: 'The service costs 12 000 kr per month.', page: 2 } },
  })
  const withPrice = (form: CalculatorForm, change: Partial<PriceForm>): CalculatorForm => ({ ...form, price: { ...form.price, ...change } })

  it('round-trips a price from the document with its quote, and shows it as text', () => {
    const form = calculatorFormOf(quoted)
    expect(form.price).toMatchObject({ amount: '12000', period: 'month', setup: '' })
    expect(saved(calculatorDataOf(form, quoted))).toEqual(quoted)
  })

  it('offers an empty monthly price when the calculator has none, and saves none while it stays empty', () => {
    const form = calculatorFormOf(supportDesk)
    expect(form.price).toMatchObject({ amount: '', period: 'month', setup: '' })
    expect(saved(calculatorDataOf(form, supportDesk)).price).toBeUndefined()
  })

  it('saves a typed price as the seller’s own entry', () => {
    const form = withPrice(calculatorFormOf(supportDesk), { amount: ' 1200 ', period: 'year', setup: '5000' })
    expect(saved(calculatorDataOf(form, supportDesk)).price).toEqual({
      amount: 1200,
      period: 'year',
      setup: 5000,
      source: { kind: 'entered' },
    })
  })

  it('makes a changed price the seller’s entry: the document’s quote no longer backs it', () => {
    for (const change of [{ amount: '15000' }, { period: 'year' as const }, { setup: '2000' }]) {
      expect(saved(calculatorDataOf(withPrice(calculatorFormOf(quoted), change), quoted)).price?.source).toEqual({ kind: 'entered' })
    }
  })

  it('removes the price when the amount is emptied', () => {
    expect(saved(calculatorDataOf(withPrice(calculatorFormOf(quoted), { amount: '' }), quoted)).price).toBeUndefined()
  })

  it('ignores a setup price typed before the period became one-off', () => {
    const form = withPrice(calculatorFormOf(supportDesk), { amount: '9000', period: 'one-off', setup: '500' })
    expect(saved(calculatorDataOf(form, supportDesk)).price).toEqual({ amount: 9000, period: 'one-off', source: { kind: 'entered' } })
  })

  it('places every problem at its price field and saves nothing', () => {
    const cases: Array<[Partial<PriceForm>, { field: string; where: string; message: string }]> = [
      [{ amount: '12 000' }, { field: priceFieldKey('amount'), where: 'Your price: Price', message: 'Price must be a number' }],
      [
        { amount: '1200', setup: 'ten' },
        { field: priceFieldKey('setup'), where: 'Your price: Setup price (once)', message: 'Setup price (once) must be a number' },
      ],
      [{ amount: '0' }, { field: priceFieldKey('amount'), where: 'Your price: Price', message: 'The price must be greater than 0' }],
      [{ amount: '-40' }, { field: priceFieldKey('amount'), where: 'Your price: Price', message: 'The price must be greater than 0' }],
      [
        { amount: '1e11' },
        { field: priceFieldKey('amount'), where: 'Your price: Price', message: 'The price must be at most 10,000,000,000' },
      ],
      [
        { amount: '', setup: '500' },
        { field: priceFieldKey('amount'), where: 'Your price: Price', message: 'Enter the price, or clear the setup price' },
      ],
    ]
    for (const [change, problem] of cases) {
      expect(problemsOf(calculatorDataOf(withPrice(calculatorFormOf(supportDesk), change), supportDesk))).toEqual([problem])
    }
  })

  it('keeps a value calculator without a price: its dialog has no price fields', () => {
    expect(saved(calculatorDataOf(calculatorFormOf(clinicValue), clinicValue)).price).toBeUndefined()
  })
})

describe('the formula error marker', () => {
  it('splits the line at the error with a caret under the marked characters', () => {
    expect(formulaErrorLine('a * bb + c', { code: 'unknown-name', message: '', position: 4, end: 6 })).toEqual({
      lineNumber: 1,
      before: 'a * ',
      marked: 'bb',
      after: ' + c',
      caret: '    ^^',
    })
  })

  it('puts one caret after the end when the formula ends too early', () => {
    expect(formulaErrorLine('a *', { code: 'unexpected-end', message: '', position: 3, end: 4 })).toMatchObject({
      before: 'a *',
      marked: '',
      caret: '   ^',
    })
  })

  it('shows only the line of a formula of several lines', () => {
    expect(formulaErrorLine('a +\n\tb $ c', { code: 'unexpected-character', message: '', position: 7, end: 8 })).toEqual({
      lineNumber: 2,
      before: ' b ',
      marked: '$',
      after: ' c',
      caret: '   ^',
    })
  })
})
