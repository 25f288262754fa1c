// The PDF download's query and share link, decided before anything is rendered: the scenario, the
// values (JSON, finite numbers, inputs of the calculator only, the scenario's for the rest) and the
// public link printed on every page. Through the gateway: routes/proposals/pdf.test.ts.
import { PDF_VALUES_MAX_LENGTH } from '@valueproof/contracts'
import { scenarioValues, validateCalculatorData } from '@valueproof/formula'
import { HttpError } from '@valueproof/http-kit'
import { describe, expect, it } from 'vitest'
import { supportTriageCalculator } from '../testing/calculators.ts'
import {
  calculatorStateOf,
  parseScenario,
  parseValues,
  PDF_VALUES_NOT_JSON_MESSAGE,
  PDF_VALUES_TOO_LONG_MESSAGE,
  shareUrlOf,
  valuesFor,
} from './pdf-downloads.ts'

function refusal(run: () => unknown): { status: number; message: string } {
  try {
    run()
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, message: error.message }
    throw error
  }
  throw new Error('expected a refusal')
}

describe('the PDF query', () => {
  it('takes a scenario by name, the expected one when none is asked for', () => {
    expect(parseScenario(undefined)).toBe('expected')
    expect(parseScenario('')).toBe('expected')
    expect(parseScenario('conservative')).toBe('conservative')
    expect(refusal(() => parseScenario('Conservative'))).toEqual({
      status: 400,
      message: 'scenario must be one of conservative, expected, optimistic',
    })
  })

  it('takes values as a JSON object of finite numbers within the length limit', () => {
    expect(parseValues(undefined)).toEqual({})
    expect(parseValues('{"agents":20,"hourlyCost":52.5}')).toEqual({ agents: 20, hourlyCost: 52.5 })
    for (const raw of ['{agents:20}', '[1]', '"x"', 'null'])
      expect(refusal(() => parseValues(raw)).message).toBe(PDF_VALUES_NOT_JSON_MESSAGE)
    expect(refusal(() => parseValues('{"agents":"20"}')).message).toBe('values must be numbers')
    // JSON has no Infinity, but a number too large for a double parses as one: refused too.
    expect(refusal(() => parseValues('{"agents":1e999}')).status).toBe(400)
    const longest = `{"agents":1${' '.repeat(PDF_VALUES_MAX_LENGTH - 12)}}`
    expect(longest).toHaveLength(PDF_VALUES_MAX_LENGTH)
    expect(Object.keys(parseValues(longest))).toEqual(['agents'])
    expect(refusal(() => parseValues(`${longest} `))).toEqual({ status: 400, message: PDF_VALUES_TOO_LONG_MESSAGE })
  })

  it('completes the values with the scenario’s and refuses a name that is not an input', () => {
    const validation = validateCalculatorData(supportTriageCalculator)
    if (!validation.ok) throw new Error('the test calculator does not validate')
    const calculator = calculatorStateOf(supportTriageCalculator)
    expect(calculator.kind).toBe('ready')
    const conservative = scenarioValues(validation.calculatorData, 'conservative')
    expect(valuesFor(calculator, 'conservative', { agents: 30 })).toEqual({ ...conservative, agents: 30 })
    expect(refusal(() => valuesFor(calculator, 'expected', { seats: 3 })).status).toBe(400)
    expect(refusal(() => valuesFor(calculatorStateOf(null), 'expected', { agents: 3 })).status).toBe(400)
    expect(valuesFor(calculatorStateOf(null), 'expected', {})).toEqual({})
    expect(calculatorStateOf({ name: 'broken' }).kind).toBe('invalid')
  })
})

describe('the share link', () => {
  it('is the proposal’s public page at the configured origin (its path, query and trailing slash dropped)', () => {
    const id = 'AbCdEfGhIjKlMnOpQrStUv'
    expect(shareUrlOf(id, 'https://app.example.com/')).toBe(`https://app.example.com/proposals/${id}`)
    expect(shareUrlOf(id, 'http://localhost:3000/some/path?x=1')).toBe(`http://localhost:3000/proposals/${id}`)
  })
})
