// The built-in templates: at least six ROI stories, each in English (USD) and Swedish (SEK), each a
// valid calculator whose every figure is marked as the template's example, never a document's.
import { createCalculator, validateCalculatorData } from '@valueproof/formula'
import { describe, expect, it } from 'vitest'
import {
  BUILTIN_TEMPLATE_SETS,
  BUILTIN_TEMPLATES,
  builtinCalculator,
  builtinInLanguage,
  findBuiltinTemplate,
  roundStep,
} from './builtin.ts'
import { CURRENCY_MARK } from './template-data.ts'

const SWEDISH_LETTERS = /[åäö]/i

describe('the built-in templates', () => {
  it('tell the same six or more stories in English and Swedish', () => {
    const [english, swedish] = BUILTIN_TEMPLATE_SETS
    expect(english?.language).toBe('en')
    expect(english?.currency).toBe('USD')
    expect(swedish?.language).toBe('sv')
    expect(swedish?.currency).toBe('SEK')
    const keys = english?.templates.map((template) => template.key)
    expect(keys?.length).toBeGreaterThanOrEqual(6)
    expect(swedish?.templates.map((template) => template.key)).toEqual(keys)
    expect(new Set(BUILTIN_TEMPLATES.map((template) => template.id)).size).toBe(BUILTIN_TEMPLATES.length)
  })

  it.each(BUILTIN_TEMPLATES.map((template) => [template.id, template] as const))(
    '%s is a valid calculator of example figures',
    (_, template) => {
      const calculator = builtinCalculator(template)
      expect(validateCalculatorData(calculator)).toMatchObject({ ok: true })
      expect(calculator.language).toBe(template.set.language)
      expect(calculator.baseCurrency).toBe(template.set.currency)
      expect(calculator.price).toBeUndefined()
      expect(calculator.parameters.length).toBeGreaterThanOrEqual(3)
      for (const parameter of calculator.parameters) {
        expect(parameter.source).toEqual({ kind: 'assumption', note: template.set.exampleNote })
        expect(parameter.unit ?? '').not.toContain(CURRENCY_MARK)
      }
      // Amounts are inputs (converted with the currency), never constants of the formula or figures of its words.
      for (const constant of calculator.formula.match(/\d+(\.\d+)?/g) ?? []) expect(['60', '100']).toContain(constant)
      const words = `${calculator.description} ${calculator.explanation}`
      expect(words).not.toMatch(/[$€]|\bkr\b/)
      for (const number of words.match(/\d+/g) ?? []) expect(number).toBe('60')
      const money = template.data.calculator.inputs.filter((input) => input.money)
      expect(money.length).toBeGreaterThan(0)
      for (const input of money) expect(input.unit).toContain(CURRENCY_MARK)
      // Every default gives a positive value to start from.
      const started = createCalculator(calculator).compute()
      expect(started.calculatorType === 'standard' ? started.result : 0).toBeGreaterThan(0)
    },
  )

  it('writes the Swedish ones in Swedish', () => {
    for (const template of BUILTIN_TEMPLATES.filter((candidate) => candidate.set.language === 'sv')) {
      const calculator = builtinCalculator(template)
      const words = [template.data.name, template.data.description, calculator.explanation, ...calculator.parameters.map((p) => p.label)]
      expect(words.join(' '), template.id).toMatch(SWEDISH_LETTERS)
      expect(calculator.parameters.find((parameter) => parameter.unit?.includes('kr'))).toBeDefined()
      expect(template.set.exampleNote).toMatch(/Exempelvärde/)
    }
  })

  it('converts the amounts into another currency at the fixed rates, on whole steps', () => {
    const support = findBuiltinTemplate('builtin-support-tickets-en')
    if (support === undefined) throw new Error('missing template')
    const inSek = builtinCalculator(support, 'SEK')
    const hourly = inSek.parameters.find((parameter) => parameter.name === 'hourlyCost')
    // $40 an hour at 10.42 is 416.8 kr: on the converted step of 10 kr.
    expect(hourly).toMatchObject({ unit: 'kr/hour', step: 10, defaultValue: 420, min: 100, max: 1_570 })
    expect(inSek.parameters.find((parameter) => parameter.name === 'ticketsPerMonth')).toMatchObject({ defaultValue: 2_000 })
    expect(inSek.baseCurrency).toBe('SEK')
    expect(inSek.language).toBe('en')
    const energy = findBuiltinTemplate('builtin-energy-costs-sv')
    if (energy === undefined) throw new Error('missing template')
    expect(builtinCalculator(energy, 'EUR').parameters.find((parameter) => parameter.name === 'pricePerKwh')).toMatchObject({
      unit: '€/kWh',
      step: 0.01,
      defaultValue: 0.13,
    })
    expect(builtinInLanguage(support, 'sv').id).toBe('builtin-support-tickets-sv')
  })

  it('rounds a converted step to 1, 2 or 5 times a power of ten', () => {
    expect([0.1042, 0.96, 10.42, 104.2, 0.0089, 3.4].map(roundStep)).toEqual([0.1, 1, 10, 100, 0.01, 5])
  })
})
