// The offer's own price becomes the calculator's price (issue 15, docs/decisions/101) only when the
// text states one fee for the service; its quote is verbatim and the honesty checks accept it.
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createDocumentExtractor } from '@valueproof/documents'
import { createCalculator, type CalculatorData } from '@valueproof/formula'
import { afterAll, describe, expect, it } from 'vitest'
import { honestyProblems } from '../honesty.ts'
import { createQuoteFinder, searchablePages } from '../honesty-quotes.ts'
import type { AnalysisInput } from '../types.ts'
import { describeText, quoteStates } from './builtin-analyzer-fixtures.ts'
import { inspectAnalysis } from './inspect.ts'

/** The price's quote is in the text word for word (on its page for a document) and states `amount`. */
function expectQuoted(calculator: CalculatorData, input: AnalysisInput, ...amounts: number[]) {
  const source = calculator.price?.source
  if (source === undefined || source.kind === 'entered') throw new Error(`expected a quoted price: ${JSON.stringify(calculator.price)}`)
  const pages = createQuoteFinder(searchablePages(input))(source.quote ?? '')
  expect(pages).toContain(source.kind === 'document' ? source.page : 1)
  for (const amount of amounts) expect(quoteStates(source.quote ?? '', amount)).toBe(true)
  expect(honestyProblems(calculator, input)).toEqual([])
}

function description(text: string, swedish = false): AnalysisInput {
  return {
    kind: 'description',
    pages: [{ page: 1, text }],
    complexity: 'advanced',
    language: swedish ? 'sv' : 'en',
    currency: swedish ? 'SEK' : 'USD',
  }
}

const FUEL =
  'Switching your fleet to our route optimisation cuts fuel costs by 12%. You spend $38,000 a month on fuel today, and the service costs $1,500 per month. Installation is a one-off $9,000.'

describe('the offer’s one fee is the calculator’s price', () => {
  it('a monthly price with a one-off setup, in English: the result is the value before the price', () => {
    const input = description(FUEL)
    const report = inspectAnalysis(input)
    const calculator = report.calculatorData
    expect(calculator.price).toMatchObject({ amount: 1500, period: 'month', setup: 9000, source: { kind: 'description' } })
    expectQuoted(calculator, input, 1500, 9000)
    // The formula no longer subtracts the price: ROI, payback and net value set it against the value.
    expect(calculator.formula).toBe('currentCostPerMonth * costReductionPercent / 100')
    expect(calculator.parameters.map((parameter) => parameter.name)).not.toContain('pricePerMonth')
    expect(report.yearlyAtDefaults).toBeCloseTo(38_000 * 0.12 * 12, 0)
    // The figure still counts as used: it is the calculator's price.
    expect(report.figures.find((figure) => figure.text.includes('$1,500'))?.use).toBe('constant')
    expect(calculator.explanation).toContain(
      'ROI, payback and net value compare the value with the price, $1,500 a month plus $9,000 once (as stated in the offer).',
    )
    const result = createCalculator(calculator).compute()
    if (result.calculatorType !== 'standard') throw new Error('expected a standard calculator')
    // $4,560 a month of value: $9,000 + 3 × $1,500 is covered within the third month.
    expect(result.priced?.payback).toEqual({ paidBack: true, months: (9000 + 3 * 1500) / 4560 })
    expect(result.priced?.netValue).toBeCloseTo(4560 * 36 - (9000 + 1500 * 36), 6)
  })

  it('a monthly price in Swedish, with a Swedish sentence that does not make the result monthly', () => {
    const text =
      'Fastigheter som använder vår energioptimering sänker sin värmekostnad med 10–15 %. En fastighet med 60 lägenheter betalar i dag 1,2 miljoner kr per år för uppvärmning. Tjänsten kostar 3 500 kr i månaden.'
    const input = description(text, true)
    const calculator = inspectAnalysis(input).calculatorData
    expect(calculator.price).toMatchObject({ amount: 3500, period: 'month', source: { kind: 'description' } })
    expect(calculator.price?.setup).toBeUndefined()
    expectQuoted(calculator, input, 3500)
    expect(calculator.explanation).toMatch(/jämför värdet med priset, 3\s500 kr i månaden \(enligt erbjudandet\)\./u)
    // The story is told per year; the price's sentence must not turn it into a monthly subscription (SPEC §9).
    expect(calculator.baseTimeframe).toBe('yearly')
    expect(calculator.explanation).not.toMatch(/per\s+månad/iu)
  })

  it('a one-off price alone: the formula is untouched, the price is one-off', () => {
    const input = description(
      "Our energy management system lowers a hotel's electricity bill by 18%. A 120-room hotel spends €14,500 a month on electricity. Installation is a one-off €9,000.",
    )
    const before = describeText(input.pages[0]?.text ?? '', { currency: 'EUR' })
    expect(before.calculatorData.price).toEqual({
      amount: 9000,
      period: 'one-off',
      source: { kind: 'description', quote: 'Installation is a one-off €9,000.' },
    })
    expect(before.calculatorData.formula).toBe('currentCostPerMonth * costReductionPercent / 100')
    expectQuoted(before.calculatorData, { ...input, currency: 'EUR' }, 9000)
  })

  it('a yearly price read from a document page, quoted with its page', () => {
    const input: AnalysisInput = {
      kind: 'document',
      pages: [
        { page: 1, text: 'Support automation proposal\nOur assistant reduces handling time by 45%.' },
        {
          page: 2,
          text: 'Your 12 agents each spend 20 hours a week on tickets at a cost of $40 per hour.\nThe licence is $18,000 per year.',
        },
      ],
      complexity: 'balanced',
      language: 'en',
      currency: 'USD',
    }
    const calculator = inspectAnalysis(input).calculatorData
    expect(calculator.price).toMatchObject({ amount: 18_000, period: 'year', source: { kind: 'document', page: 2 } })
    expectQuoted(calculator, input, 18_000)
  })

  it('converts a price in another currency openly, as its parameters are', () => {
    const input = {
      ...description(
        'Our rostering software cuts overtime at aged-care facilities by a third. A typical 80-bed facility pays AUD 22,000 a month in overtime. The subscription is AUD 900 per month.',
      ),
    }
    const calculator = inspectAnalysis(input).calculatorData
    expect(calculator.price).toMatchObject({ amount: 585, period: 'month' })
    expect(calculator.explanation).toContain('Stated as 900 AUD; converted to USD at an indicative rate of 1 AUD = 0.65 USD')
    expectQuoted(calculator, input, 900)
  })
})

describe('no price unless it is clearly the offer’s one fee', () => {
  it.each([
    [
      'a price per seat',
      'Our assistant cuts handling time by 30%. Your 12 agents each spend 20 hours a week on tickets at $40 per hour. Licences are $15 per user per month.',
    ],
    ['a ceiling', 'We cut your cloud bill by 25%. You spend $8,000 per month on hosting. Our fee is up to $500 per month.'],
    [
      'tiers of a price list',
      'We cut your cloud bill by 25%. You spend $8,000 per month on hosting. Basic is $300 per month and Pro is $500 per month.',
    ],
    ['a price comparison', 'You spend $2,000 per month on your current telephony provider. Our plan is $900 per month.'],
    ['a price per week', 'We cut your cloud bill by 25%. You spend $8,000 per month on hosting. Our service is $120 per week.'],
    [
      'a consultant’s hourly rate',
      'Our consultants charge $180 per hour. We cut the time your 6 accountants spend on month-end close by 40%; they spend 30 hours a month on it.',
    ],
  ])('%s', (_, text) => {
    expect(describeText(text).calculatorData.price).toBeUndefined()
  })

  it('never on a value calculator: its key metrics carry the price', () => {
    const calculator = describeText(FUEL, { complexity: 'value' }).calculatorData
    expect(calculator.price).toBeUndefined()
    expect(calculator.valueFields.map((field) => field.name)).toContain('netYearlyValue')
  })
})

// Real documents (../shared/samples, as sample-texts.test.ts reads them): offers without a value
// claim, whose contract prices and ceilings are never taken as the price of an ROI.
const corpus = resolve(fileURLToPath(new URL('../../../../..', import.meta.url)), '../shared/samples/documents')
const samples = existsSync(corpus) ? ['freecook-website-design-hosting-agreement.pdf', 'sv-region-dalarna-avrop-rpa-team.pdf'] : []
const extractor = createDocumentExtractor()
afterAll(() => extractor.close())

describe.skipIf(samples.length === 0)('sample documents', () => {
  it.each(samples)('%s: a contract price or a ceiling is not an ROI price', async (file) => {
    const { pages } = await extractor.extract(readFileSync(resolve(corpus, file)))
    const swedish = file.startsWith('sv-')
    const report = inspectAnalysis({
      kind: 'document',
      pages,
      complexity: 'advanced',
      language: swedish ? 'sv' : 'en',
      currency: swedish ? 'SEK' : 'USD',
    })
    expect(report.noValueClaim).toBe(true)
    expect(report.calculatorData.price).toBeUndefined()
  })
})
