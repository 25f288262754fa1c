// What an agreement freezes (issue 20): the hash of the canonical JSON of the calculator, the scenario
// and the values — the same however the stored JSON orders its keys, different when anything in it
// changes — and the values and figures computed here from the stored calculator, never the client's.
import { createHash } from 'node:crypto'
import { createCalculator, headlineOf, scenarioValues, validateCalculatorData, type CalculatorData } from '@valueproof/formula'
import { describe, expect, it } from 'vitest'
import { leadValueCalculator, supportTriageCalculator } from '../testing/calculators.ts'
import { agreementHash, canonicalJson, verifyAgreement } from './agreement-hash.ts'
import { agreedFigures, agreedValues } from './agreements.ts'

function checked(raw: unknown): CalculatorData {
  const validation = validateCalculatorData(raw)
  if (!validation.ok) throw new Error(JSON.stringify(validation.problems))
  return validation.calculatorData
}

const priced = checked({ ...supportTriageCalculator, price: { amount: 2_000, period: 'month', source: { kind: 'entered' } } })

describe('the canonical JSON an agreement is hashed from', () => {
  it('sorts keys at every depth, keeps arrays in order and writes numbers and strings as JSON does', () => {
    expect(canonicalJson({ b: [3, { z: 1, a: 'é"' }], a: { d: 1.5, c: null } })).toBe('{"a":{"c":null,"d":1.5},"b":[3,{"a":"é\\"","z":1}]}')
    expect(canonicalJson({ big: 1e21, small: 1e-7, negative: -0.25 })).toBe('{"big":1e+21,"negative":-0.25,"small":1e-7}')
  })

  it('gives the same hash whatever the key order jsonb hands back, and a SHA-256 of exactly that text', () => {
    const values = { agents: 12, hoursSavedPerWeek: 6, hourlyCost: 45 }
    const hash = agreementHash({ definition: supportTriageCalculator, scenario: 'expected', values })
    const reordered = JSON.parse(JSON.stringify({ values: { hourlyCost: 45, hoursSavedPerWeek: 6, agents: 12 } })) as { values: object }
    expect(agreementHash({ definition: { ...supportTriageCalculator }, scenario: 'expected', values: reordered.values })).toBe(hash)
    const text = canonicalJson({ definition: supportTriageCalculator, scenario: 'expected', values })
    expect(hash).toBe(createHash('sha256').update(text).digest('hex'))
    expect(hash).toMatch(/^[0-9a-f]{64}$/)
  })

  it('no longer verifies once a value, the scenario or anything of the definition is altered', () => {
    const row = {
      definition: supportTriageCalculator,
      scenario: 'expected',
      values: { agents: 12, hoursSavedPerWeek: 6, hourlyCost: 45 },
    }
    const stored = { ...row, hash: agreementHash(row) }
    expect(verifyAgreement(stored)).toBe(true)
    expect(verifyAgreement({ ...stored, values: { ...row.values, agents: 13 } })).toBe(false)
    expect(verifyAgreement({ ...stored, scenario: 'optimistic' })).toBe(false)
    expect(
      verifyAgreement({ ...stored, definition: { ...supportTriageCalculator, formula: 'agents * hoursSavedPerWeek * hourlyCost * 2' } }),
    ).toBe(false)
    const [first, ...rest] = supportTriageCalculator.parameters
    expect(verifyAgreement({ ...stored, definition: { ...supportTriageCalculator, parameters: [...rest, first] } })).toBe(false)
  })
})

describe('the values and figures an agreement stores', () => {
  it('completes the values with the scenario’s and clamps each to its slider', () => {
    const calculator = checked(supportTriageCalculator)
    const conservative = scenarioValues(calculator, 'conservative')
    expect(agreedValues(calculator, 'conservative', { agents: 500 })).toEqual({ ...conservative, agents: 50 })
    expect(agreedValues(calculator, 'optimistic', {})).toEqual(scenarioValues(calculator, 'optimistic'))
    expect(agreedValues(calculator, 'expected', { hourlyCost: -3, hoursSavedPerWeek: 7.5 })).toEqual({
      agents: 12,
      hoursSavedPerWeek: 7.5,
      hourlyCost: 10,
    })
  })

  it('snaps a value the prospect changed to its slider’s grid, without binary-fraction noise (issue 34)', () => {
    const calculator = checked(supportTriageCalculator)
    // Half-hour steps from 0; dollars in steps of 5 from 10.
    expect(agreedValues(calculator, 'expected', { hoursSavedPerWeek: 4.800000000000001, hourlyCost: 47.4 })).toEqual({
      agents: 12,
      hoursSavedPerWeek: 5,
      hourlyCost: 45,
    })
    expect(agreedValues(calculator, 'expected', { hoursSavedPerWeek: 4.74, agents: 12.5 })).toMatchObject({
      hoursSavedPerWeek: 4.5,
      agents: 13,
    })
    // The derived conservative scenario is on the grid itself (6 h less 20 % is 5), and is kept as the page shows it.
    const conservative = scenarioValues(calculator, 'conservative')
    expect(conservative.hoursSavedPerWeek).toBe(5)
    expect(agreedValues(calculator, 'conservative', { ...conservative })).toEqual(conservative)
  })

  it('keeps a scenario’s own value even off the grid: the seller set it and the page shows it', () => {
    const withScenarios = checked({
      ...supportTriageCalculator,
      scenarios: { conservative: { hoursSavedPerWeek: 4.2 }, optimistic: { hoursSavedPerWeek: 7.7 } },
    })
    expect(agreedValues(withScenarios, 'conservative', { hoursSavedPerWeek: 4.2 }).hoursSavedPerWeek).toBe(4.2)
    expect(agreedValues(withScenarios, 'conservative', { hoursSavedPerWeek: 4.3 }).hoursSavedPerWeek).toBe(4.5)
  })

  it('refuses a name that is not an input, a calculated value field included', () => {
    expect(() => agreedValues(checked(supportTriageCalculator), 'expected', { seats: 3 })).toThrow(
      'values names an input this calculator does not have',
    )
    expect(() => agreedValues(checked(leadValueCalculator), 'expected', { monthlyRevenue: 1 })).toThrow(
      'values names an input this calculator does not have',
    )
    expect(agreedValues(checked(leadValueCalculator), 'expected', { closeRate: 20 })).toMatchObject({ closeRate: 20, extraLeads: 40 })
  })

  it('computes the headline with the formula package at the agreed values: payback against the price, or its estimate', () => {
    const values = agreedValues(priced, 'expected', { agents: 20 })
    const headline = headlineOf(createCalculator(priced).compute(values))
    expect(agreedFigures(priced, values)).toEqual({
      yearlyValue: headline.yearlyValue,
      paybackMonths: headline.payback?.months,
      paidBack: true,
      paybackEstimate: false,
    })
    // 20 agents × 6 h × $45 a week.
    expect(agreedFigures(priced, values).yearlyValue).toBeCloseTo(20 * 6 * 45 * 52, 0)
    const unpriced = checked(supportTriageCalculator)
    expect(agreedFigures(unpriced, agreedValues(unpriced, 'expected', {}))).toMatchObject({ yearlyValue: 168_480, paybackEstimate: true })
    // A value calculator shows its own key metrics: no yearly value or payback of its own.
    const value = checked(leadValueCalculator)
    expect(agreedFigures(value, agreedValues(value, 'expected', {}))).toEqual({
      yearlyValue: null,
      paybackMonths: null,
      paidBack: null,
      paybackEstimate: false,
    })
  })
})
