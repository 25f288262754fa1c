import { validateCalculatorData, type CalculatorData } from '@valueproof/formula'
import { describe, expect, it } from 'vitest'
import { confirmedInput, draftOf, renamed, reshapedInput, withInput } from './input-shape.ts'

function calculator(): CalculatorData {
  const result = validateCalculatorData({
    name: 'Support',
    formula: 'hours * rate',
    parameters: [
      { name: 'hours', label: 'Hours saved', min: 0, max: 40, step: 1, defaultValue: 10, source: { kind: 'assumption', note: 'A guess.' } },
      { name: 'rate', label: 'Hourly cost', unit: 'USD', min: 10, max: 200, step: 5, defaultValue: 50 },
    ],
  })
  if (!result.ok) throw new Error(JSON.stringify(result.problems))
  return result.calculatorData
}

const [hours, rate] = calculator().parameters
if (hours === undefined || rate === undefined) throw new Error('expected two inputs')

describe('reshapedInput', () => {
  it('makes the draft’s type, label, unit and range, moving the starting figure into a narrowed range', () => {
    const result = reshapedInput(rate, {
      ...draftOf(rate),
      type: 'number',
      label: ' Agent hour ',
      unit: '',
      min: '60',
      max: '1 000',
      step: '2,5',
    })
    expect(result).toEqual({
      ok: true,
      parameter: { ...rate, type: 'number', label: 'Agent hour', unit: undefined, min: 60, max: 1000, step: 2.5, defaultValue: 60 },
    })
    // What it makes is a valid calculator.
    if (!result.ok) throw new Error('expected a parameter')
    expect(validateCalculatorData(withInput(calculator(), result.parameter)).ok).toBe(true)
  })

  it('names the field a draft gets wrong', () => {
    const draft = draftOf(rate)
    expect(reshapedInput(rate, { ...draft, label: ' ' })).toEqual({ ok: false, problem: 'label' })
    expect(reshapedInput(rate, { ...draft, min: 'ten' })).toEqual({ ok: false, problem: 'min' })
    expect(reshapedInput(rate, { ...draft, max: '' })).toEqual({ ok: false, problem: 'max' })
    expect(reshapedInput(rate, { ...draft, step: '0' })).toEqual({ ok: false, problem: 'step' })
    expect(reshapedInput(rate, { ...draft, min: '300' })).toEqual({ ok: false, problem: 'range' })
  })

  it('keeps an unchecked assumption an input the prospect can move, until the seller confirms it', () => {
    expect(reshapedInput(hours, { ...draftOf(hours), type: 'fixed' })).toEqual({ ok: false, problem: 'fixed' })
    const checked = confirmedInput(hours)
    expect(checked.source).toEqual({ kind: 'assumption', note: 'A guess.', confirmed: true })
    const fixed = reshapedInput(checked, { ...draftOf(checked), type: 'fixed' })
    expect(fixed.ok && fixed.parameter.type).toBe('fixed')
    // A figure with no assumption behind it is left as it is.
    expect(confirmedInput(rate)).toBe(rate)
  })
})

describe('renamed', () => {
  it('takes the trimmed name and keeps the old one for an empty name', () => {
    expect(renamed(calculator(), '  Support savings ')?.name).toBe('Support savings')
    expect(renamed(calculator(), '   ')).toBeUndefined()
  })
})
