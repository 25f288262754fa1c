// The honest calculator of a document that claims no value, English and Swedish: its price is the
// document's, its value side assumptions that fit its domain (or volumes it states), never a price
// counted as value; the "for value" call gives a value calculator distinct from the plain one.
import { createCalculator, validateCalculatorData, type CalculatorData } from '@valueproof/formula'
import { describe, expect, it } from 'vitest'
import { analyze } from '../analyze.ts'
import type { Quantity } from '../model.ts'
import type { AnalysisInput, GenerationComplexity } from '../types.ts'
import { documentCalculator } from './document-calculator.ts'
import { readDocumentSide } from './document-side.ts'

const WEBSITE = [
  'Website Design and Development Agreement',
  'Client agrees to pay to Company the sum of $5,000 (the “Contract Price”) to design and develop a website for Client.',
  'Client shall make a prepayment of $1,900 and pay the remaining $3,100 on completion of the Scope of Work.',
  'The surcharge for rush work shall be the standard hourly rate of $40.',
  'Scope: 37 webpages in a CMS, search engine optimisation and a mobile version of the website.',
].join('\n')

const KONSULT = [
  'Avrop IT-konsulttjänster: resurskonsult',
  'Avropet omfattar en konsult med kompetensnivå 4.',
  'Timpris: 950 kr exkl. moms',
  'Omfattning: maximalt 400 timmar under 2025.',
].join('\n')

/** A domain whose value side is two assumptions: the third slider is the price's. */
const HOSTING = [
  'Hosting and Management Agreement',
  'Customer shall pay a hosting fee of $8,000 per month.',
  'A one-time setup fee of $12,000 is due on signing.',
].join('\n')

function input(text: string, complexity: GenerationComplexity, language: 'en' | 'sv' = 'en'): AnalysisInput {
  return { kind: 'document', pages: [{ page: 1, text }], complexity, language, currency: language === 'sv' ? 'SEK' : 'USD' }
}

/** A stated quantity as the read stage gives it (only what the value side reads). */
function quantity(text: string, fields: Pick<Quantity, 'kind' | 'value' | 'unit'> & Partial<Quantity>): Quantity {
  const start = text.indexOf(fields.text ?? '')
  return {
    index: 0,
    scale: 1,
    flags: new Set(),
    page: 1,
    start,
    end: start + (fields.text ?? '').length,
    text: '',
    sentence: text,
    sentenceStart: 0,
    sentenceIndex: 0,
    ...fields,
  }
}

function calculator(
  text: string,
  complexity: GenerationComplexity,
  quantities: readonly Quantity[] = [],
  language: 'en' | 'sv' = 'en',
): CalculatorData {
  const analysis = input(text, complexity, language)
  const side = readDocumentSide(analysis.pages, { language, currency: analysis.currency })
  const validated = validateCalculatorData(documentCalculator({ side, quantities, analysis }))
  if (!validated.ok) throw new Error(validated.problems.map((problem) => `${problem.path}: ${problem.message}`).join('; '))
  return validated.calculatorData
}

describe('a document that claims no value', () => {
  const pages = quantity(WEBSITE, {
    kind: 'count',
    value: 37,
    unit: { 'n:page': 1 },
    noun: 'page',
    nounText: 'webpages',
    text: '37 webpages',
  })
  const data = calculator(WEBSITE, 'balanced', [pages])

  it('has the document’s price, quoted from its page, and its instalments not added again', () => {
    expect(data.price).toMatchObject({ amount: 5_000, period: 'one-off', source: { kind: 'document', page: 1 } })
    expect(data.price?.source.kind === 'document' && data.price.source.quote).toMatch(/\$5,000/)
    expect(data.explanation).toMatch(/The price is the document's: \$5,000/)
  })

  it('has a value side of assumptions that fit its domain, and the volume it states', () => {
    expect(data.name).toBe('Value of the new website')
    const value = data.parameters.filter((parameter) => new RegExp(`\\b${parameter.name}\\b`).test(data.formula))
    expect(
      value.filter((parameter) => parameter.source?.kind === 'document').map((parameter) => [parameter.label, parameter.defaultValue]),
    ).toEqual([['Pages on the site', 37]])
    expect(value.filter((parameter) => parameter.source?.kind === 'assumption').length).toBeGreaterThanOrEqual(4)
    expect(data.explanation).toMatch(/claims no saving or gain, so the value side is assumptions/)
  })

  it('never counts a price as value', () => {
    const priceNames = new Set(
      data.parameters.filter((parameter) => data.price?.formula?.includes(parameter.name) === true).map((parameter) => parameter.name),
    )
    const valueNames = data.parameters
      .filter((parameter) => new RegExp(`\\b${parameter.name}\\b`).test(data.formula))
      .map((parameter) => parameter.name)
    expect(valueNames.some((name) => priceNames.has(name))).toBe(false)
    // No value input is a money figure the document states.
    expect(
      data.parameters
        .filter((parameter) => valueNames.includes(parameter.name) && parameter.unit === 'USD')
        .every((parameter) => parameter.source?.kind === 'assumption'),
    ).toBe(true)
  })

  it('gives the "for value" call a value calculator with the value, the price and the net per year', () => {
    const value = calculator(WEBSITE, 'value', [pages])
    expect(value.calculatorType).toBe('value')
    expect(value.price).toBeUndefined()
    expect(value.valueFields.filter((field) => field.highlight).map((field) => field.name)).toEqual(['pricePerYear', 'netValuePerYear'])
    const computed = createCalculator(value).compute()
    const values = computed.calculatorType === 'value' ? computed.values : {}
    const at = (name: string) => values[name]
    // The $5,000 is spread over the 3-year horizon; the net is the value less it.
    expect(at('pricePerYear')).toBeCloseTo(5_000 / 3, 2)
    expect(at('netValuePerYear')).toBeCloseTo((at('valuePerYear1') ?? 0) + (at('valuePerYear2') ?? 0) - 5_000 / 3, 2)
  })

  it('reads a Swedish call-off: consulting hours as stated, at an hourly cost of your own staff assumed', () => {
    const hours = quantity(KONSULT, { kind: 'duration', value: 400, unit: { hour: 1 }, text: '400 timmar' })
    const data = calculator(KONSULT, 'minimal', [hours], 'sv')
    expect(data.name).toBe('Värdet av konsulttimmarna')
    expect(data.parameters.map((parameter) => [parameter.label, parameter.defaultValue, parameter.source?.kind, parameter.type])).toEqual([
      ['Timmar arbete i uppdraget', 400, 'document', 'number'],
      ['Kostnad för samma timme med egen personal (inkl. påslag)', 900, 'assumption', 'slider'],
      ['Timpris', 950, 'document', 'number'],
      ['Timpris — timmar', 100, 'assumption', 'number'],
    ])
    expect(data.explanation).toMatch(/^Dokumentet prissätter ett konsultuppdrag men anger ingen besparing/)
    expect(data.explanation).not.toMatch(/per månad/)
  })

  it('says so when the document states no price, and still has an honest value side', () => {
    const data = calculator(
      'Offert: prototyp av en smart sensor.\nVecka 1: krav och design. Vecka 2: test. Vecka 3: rapport.',
      'advanced',
      [],
      'sv',
    )
    expect(data.price).toBeUndefined()
    expect(data.explanation).toMatch(/anger inget pris/)
    expect(data.parameters.every((parameter) => parameter.source?.kind === 'assumption')).toBe(true)
    expect(data.parameters.filter((parameter) => parameter.type === 'slider')).toHaveLength(3)
  })

  it('says that a template’s price is an example figure', () => {
    const template = [
      'Company Name',
      'Some introductory text.',
      'A Subhead',
      'Some more fun subtext.',
      'Cost & Timeline',
      'Some intro text.',
      'Title\t\t\t$10,000 / 8-10 weeks',
    ].join('\n\n')
    const data = calculator(template, 'balanced')
    expect(data.price?.amount).toBe(10_000)
    expect(data.explanation).toMatch(/The document is a template: its price is an example figure/)
  })
})

describe('through the pipeline', () => {
  it('has one, two or three sliders for Minimal, Balanced and Advanced, the price’s inputs filling in for a short value side', () => {
    for (const [text, language] of [
      [WEBSITE, 'en'],
      [KONSULT, 'sv'],
      [HOSTING, 'en'],
    ] as const) {
      for (const [complexity, count] of [
        ['minimal', 1],
        ['balanced', 2],
        ['advanced', 3],
      ] as const) {
        const data = calculator(text, complexity, [], language)
        expect(data.parameters.length).toBeGreaterThanOrEqual(3)
        expect(
          data.parameters.filter((parameter) => parameter.type === 'slider'),
          `${language} ${complexity}`,
        ).toHaveLength(count)
      }
    }
  })

  it('builds the "for value" calculator apart from the plain one', () => {
    const plain = analyze(input(WEBSITE, 'balanced'))
    const value = analyze(input(WEBSITE, 'value'))
    expect([plain.calculatorType, value.calculatorType]).toEqual(['standard', 'value'])
    expect(plain.price?.amount).toBe(5_000)
    expect(value.valueFields.some((field) => field.name === 'pricePerYear')).toBe(true)
  })
})
