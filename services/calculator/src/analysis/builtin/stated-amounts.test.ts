import { validateCalculatorData, type CalculatorData, type Currency } from '@valueproof/formula'
import { describe, expect, it } from 'vitest'
import type { Language, TextPage } from '../types.ts'
import { readDocument } from './document-reading.ts'
import { createBuiltinAnalyzer } from './index.ts'
import { spanIn, statedAmounts } from './stated-amounts.ts'

const analyzer = createBuiltinAnalyzer()

function analyze(
  text: string,
  options: { language?: Language; currency?: Currency; complexity?: 'minimal' | 'balanced' | 'advanced' | 'value' } = {},
): Promise<CalculatorData> {
  const pages: TextPage[] = [{ page: 1, text }]
  return analyzer.analyze({
    kind: 'document',
    pages,
    complexity: options.complexity ?? 'advanced',
    language: options.language ?? 'en',
    currency: options.currency ?? 'USD',
  })
}

function parameter(calculator: CalculatorData, name: string) {
  const found = calculator.parameters.find((candidate) => candidate.name === name)
  if (found === undefined) throw new Error(`no ${name}: ${calculator.parameters.map((candidate) => candidate.name).join(', ')}`)
  return found
}

const stated = (text: string) =>
  statedAmounts(readDocument([{ page: 1, text }])).map((amount) => ({
    text: amount.figure.text,
    strength: amount.strength,
    years: amount.span?.years,
  }))

describe('which amounts are stated amounts', () => {
  it('reads a labelled total, budget or contract value, strongest first', () => {
    expect(stated('PI: A. Person. Requested Amount: $599,968 over 3 years')).toEqual([{ text: '$599,968', strength: 'strong', years: 3 }])
    expect(stated('The Government estimates the total three\nyear value of BPA obligations to be $100 million.')).toEqual([
      { text: '$100 million', strength: 'strong', years: 3 },
    ])
    expect(stated('Budget 2 500 000 kr för hela projektet.')).toEqual([{ text: '2 500 000 kr', strength: 'strong', years: undefined }])
    // "Total" alone is plain; "project fee" says which amount it is.
    expect(stated('Total $199,989. The project fee is $14,000.')).toEqual([
      { text: '$14,000', strength: 'strong', years: undefined },
      { text: '$199,989', strength: 'plain', years: undefined },
    ])
  })

  it('reads the AMOUNT column of an award table', () => {
    const table =
      'South Africa\nTENDER NO\tTENDER DESCRIPTION\tAWARDED TO\tAMOUNT\tPOINTS\nAB 1/2020\tCLEANING SERVICES\tACME (PTY) LTD\tR 1 234 567,89\t100'
    expect(stated(table)).toEqual([{ text: 'R 1 234 567,89', strength: 'strong', years: undefined }])
  })

  it.each([
    ['an unlabelled amount', 'A single mother earning $25,000 might receive SNAP benefits.'],
    ['a price per something', 'Documents will be sold at R50,00 per set. South Africa.'],
    ['the upper end of a range in words', 'South Africa: services with a pre-estimated value from above R100 000 to R300 000'],
    ['a limit', 'The total contract value shall not exceed $250,000.'],
    ['boilerplate', 'Insurance cover with a total value of $1,000,000 per occurrence.'],
    ['an hourly rate', 'The hourly fee is $150 / hour.'],
  ])('not %s', (_, text) => {
    expect(stated(text)).toEqual([])
  })
})

describe('the span a stated amount covers', () => {
  it.each([
    ['over 3 years', 3],
    ['for a period of 36 months', 3],
    ['OVER THE PERIOD OF 24 MONTHS', 2],
    ['the total three year value', 3],
    ['a 2-year budget', 2],
    ['under tre år', 3],
    ['ett 3-årigt avtal', 3],
    ['for 18 months', 1.5],
  ])('%s: %d years', (text, years) => {
    expect(spanIn(text, false)?.years).toBe(years)
  })

  it.each(['Contract period: 03 months', 'within 2 years', 'Year 1 Year 2 Year 3 Total', 'for 40 years'])('none in "%s"', (text) => {
    expect(spanIn(text, false)).toBeUndefined()
  })
})

describe('a stated amount as the calculator’s cost', () => {
  it('English: a multi-year total is divided by the years the text states', async () => {
    const calculator = await analyze('Scalable Infrastructure\nRequested Amount: $599,968 over 3 years\nWe build open-source tools.')
    expect(calculator.formula).toBe('costPerYear * costReductionPercent / 100 * numberOfTeams')
    expect(calculator.baseTimeframe).toBe('yearly')
    expect(calculator.valueType).toBe('moneySaved')
    const cost = parameter(calculator, 'costPerYear')
    expect(cost).toMatchObject({
      defaultValue: 199_989,
      label: 'Cost per year',
      source: { kind: 'document', page: 1, quote: 'Requested Amount: $599,968 over 3 years' },
    })
    expect(cost.description).toContain('The document states $599,968 for 3 years; divided by 3')
    expect(parameter(calculator, 'costReductionPercent').source?.kind).toBe('assumption')
    expect(calculator.description).toContain('1 value taken from the document, 2 assumed')
  })

  it('Swedish: "budget 2 500 000 kr" without years is the stated total, used as the yearly cost', async () => {
    const calculator = await analyze('Offert: nytt ärendesystem\nProjektets budget 2 500 000 kr. Vi levererar systemet i tre steg.', {
      language: 'sv',
      currency: 'SEK',
    })
    const cost = parameter(calculator, 'costPerYear')
    expect(cost).toMatchObject({ defaultValue: 2_500_000, label: 'Kostnad per år', source: { kind: 'document', page: 1 } })
    expect(cost.source?.kind === 'document' ? cost.source.quote : '').toContain('budget 2 500 000 kr')
    expect(cost.description).toContain('Dokumentet anger 2 500 000 kr som ett totalbelopp, inte per år')
    expect(calculator.explanation).toContain('Besparing per år = kostnad per år × kostnadsminskning (%) × antal team eller enheter.')
  })

  it('a rand amount in an award table: as stated (no fixed rate), a share of the months its row states', async () => {
    const text = [
      'GOVERNMENT TENDER BULLETIN — South Africa',
      'TENDER NO\tTENDER DESCRIPTION\tAWARDED TO\tAMOUNT\tB-BEEE\tPOINTS',
      'AB 1/2020\tSECURITY SERVICES FOR A PERIOD OF 24 MONTHS\tACME (PTY) LTD\tR 1 234 567,89\t1\t100',
    ].join('\n')
    const calculator = await analyze(text)
    const cost = parameter(calculator, 'costPerYear')
    expect(cost).toMatchObject({ defaultValue: 617_284, source: { kind: 'document', page: 1 } })
    expect(cost.source?.kind === 'document' ? cost.source.quote : '').toContain('FOR A PERIOD OF 24 MONTHS\tACME (PTY) LTD\tR 1 234 567,89')
    expect(cost.description).toContain('Stated in ZAR; there is no fixed rate for ZAR, so the amount is used as it stands, in USD.')
    expect(cost.description).toContain('R 1 234 567,89 for 24 months; divided by 2')
  })

  it('beside a reduction the text states', async () => {
    const calculator = await analyze('Our budget is $500,000 over 2 years. The tool cuts costs by 20%.')
    expect(parameter(calculator, 'costPerYear')).toMatchObject({ defaultValue: 250_000, source: { kind: 'document' } })
    expect(parameter(calculator, 'costReductionPercent')).toMatchObject({ defaultValue: 20, source: { kind: 'document' } })
  })

  it('keeps an amount with its own period as it is', async () => {
    const calculator = await analyze('Our support costs $8,000 per month.')
    expect(calculator.baseTimeframe).toBe('monthly')
    expect(parameter(calculator, 'currentCostPerMonth')).toMatchObject({ defaultValue: 8_000, source: { kind: 'document' } })
  })

  it('gives way to a better driver', async () => {
    const calculator = await analyze(
      'Total budget: $500,000.\nYour team of 12 agents spends 10 hours per week each on triage; staff cost $40 per hour.',
    )
    expect(calculator.formula).toBe('hoursPerWeek * hourlyRate * numberOfAgents')
  })

  it('every complexity validates with a stated amount', async () => {
    for (const complexity of ['minimal', 'balanced', 'advanced', 'value'] as const) {
      const calculator = await analyze('The estimated contract value is €1.2 million over 4 years.', { complexity, currency: 'SEK' })
      expect(validateCalculatorData(calculator).ok).toBe(true)
      expect(parameter(calculator, 'costPerYear').source).toMatchObject({ kind: 'document', page: 1 })
    }
  })

  it('never takes a placeholder template’s price', async () => {
    const text =
      'How We Can Help\n\nCompany Name\n\nSome introductory text.\n\nA Subhead\n\nSome intro text.\n\nTitle\t\t\t$10,000 / 8-10 weeks\n\nSome explanation text.'
    const calculator = await analyze(text)
    expect(calculator.parameters.every((candidate) => candidate.source?.kind === 'assumption')).toBe(true)
  })
})
