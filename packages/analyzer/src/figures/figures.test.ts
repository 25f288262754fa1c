import { describe, expect, it } from 'vitest'
import type { AnalysisInput } from '../types.ts'
import { buildFromFigures } from './figure-views.ts'
import { readFigures } from './reading.ts'

const description = (text: string, language: 'en' | 'sv' = 'en', currency: 'USD' | 'SEK' = 'USD'): AnalysisInput => ({
  kind: 'description',
  pages: [{ page: 1, text }],
  complexity: 'balanced',
  language,
  currency,
})

const SICK_DAYS = description(
  'Our cleaning team of 12 people loses 480 sick days a year. Each sick day costs $310. Our programme cuts sick days by 25%. It costs $4,900 a month.',
)

const figureNamed = (build: ReturnType<typeof buildFromFigures>, text: string) => {
  const figure = build.figures.find((candidate) => candidate.text.startsWith(text))
  if (figure === undefined) throw new Error(`no figure ${text}`)
  return figure
}

describe('the figures panel builds with the analyzer’s own composition', () => {
  it('lists every figure with its role and whether the calculator uses it', () => {
    const build = buildFromFigures(readFigures(SICK_DAYS))
    expect(figureNamed(build, '$4,900')).toMatchObject({ role: 'price', used: true })
    expect(figureNamed(build, '25%')).toMatchObject({ role: 'improvement', used: true })
    expect(figureNamed(build, '$310').quote).toContain('Each sick day costs $310')
    expect(build.streams).toHaveLength(1)
    expect(build.streams[0]?.yearly).toBeCloseTo(480 * 310 * 0.25)
  })

  it('takes the price out when the seller says the figure is a cost, and keeps the seller’s role', () => {
    const reading = readFigures(SICK_DAYS)
    const price = figureNamed(buildFromFigures(reading), '$4,900')
    const build = buildFromFigures(reading, { roles: { [price.index]: 'none' } })
    expect(build.calculatorData.price).toBeUndefined()
    expect(figureNamed(build, '$4,900')).toMatchObject({ role: 'none', suggested: 'price', used: false })
  })

  it('adds a stream as assumptions the seller adjusts, and removes one', () => {
    const reading = readFigures(SICK_DAYS)
    const first = buildFromFigures(reading)
    const added = buildFromFigures(reading, { addedStreams: ['custom', 'time'] })
    expect(added.streams.map((stream) => stream.kind)).toEqual(['cost', 'custom', 'time'])
    expect(added.streams[1]?.yearly).toBe(10_000)
    // No stated time or rate: 10 h a week × the assumed $50 an hour × 52 weeks × 20 %.
    expect(added.streams[2]?.yearly).toBeCloseTo(10 * 50 * 52 * 0.2)
    const assumed = added.calculatorData.parameters.filter((parameter) => parameter.source?.kind === 'assumption')
    expect(assumed.map((parameter) => parameter.label)).toEqual(
      expect.arrayContaining(['Other value per year', 'Hours a week spent on it today', 'Cost per working hour']),
    )
    const key = first.streams[0]?.key ?? ''
    const removed = buildFromFigures(reading, { removedStreams: [key], addedStreams: ['custom'] })
    expect(removed.streams.map((stream) => stream.kind)).toEqual(['custom'])
    expect(removed.calculatorData.formula).toBe('otherValuePerYear')
  })

  it('switches a stream’s kind: revenue gained is money gained', () => {
    const reading = readFigures(SICK_DAYS)
    const key = buildFromFigures(reading).streams[0]?.key ?? ''
    const build = buildFromFigures(reading, { streamKinds: { [key]: 'revenue' } })
    expect(build.streams[0]?.kind).toBe('revenue')
    expect(build.calculatorData.valueType).toBe('moneyGained')
  })

  it('names an added stream’s assumptions in the calculator’s language and uses a stated hourly cost', () => {
    const reading = readFigures(description('Fyra lagerarbetare. Timkostnad 520 kr per timme. Vi tar 3 900 kr per månad.', 'sv', 'SEK'))
    const build = buildFromFigures(reading, { addedStreams: ['time'] })
    const labels = build.calculatorData.parameters.map((parameter) => parameter.label)
    expect(labels).toEqual(expect.arrayContaining(['Timmar i veckan som läggs på det i dag', 'Andel av tiden som sparas (%)']))
    expect(build.streams.at(-1)?.yearly).toBeCloseTo(10 * 520 * 52 * 0.2)
  })
})
