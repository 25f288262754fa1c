import { describe, expect, it } from 'vitest'
import { scanPage, type Figure, type ScanOptions } from './figures.ts'

const ENGLISH: ScanOptions = { dollar: 'USD', rand: false, swedish: false }
const SWEDISH: ScanOptions = { dollar: 'USD', rand: false, swedish: true }

function scan(text: string, options: ScanOptions = ENGLISH): Figure[] {
  return scanPage(1, text, options)
}

function only(text: string, options: ScanOptions = ENGLISH): Figure {
  const figures = scan(text, options)
  expect(figures.map((figure) => figure.text)).toHaveLength(1)
  const [figure] = figures
  if (figure === undefined) throw new Error(`no figure in ${text}`)
  return figure
}

describe('money', () => {
  it.each([
    ['The project fee is $14,000.', 14_000, 'USD'],
    ['Totalt 1 280 900 kr exklusive moms', 1_280_900, 'SEK'],
    ['Pris: 1,80 kr per styck', 1.8, 'SEK'],
    ['Möjligt prisavdrag SEK 100', 100, 'SEK'],
    ['Setup fee €2.500 once', 2_500, 'EUR'],
    ['Setup fee 2 500 EUR once', 2_500, 'EUR'],
    ['Budget of 2 500 euro', 2_500, 'EUR'],
    ['Invoice total USD 3,200.50', 3_200.5, 'USD'],
    ['Kostnad 450:- för kursen', 450, 'SEK'],
    ['Raised $1.5M last year', 1_500_000, 'USD'],
    ['Omsättning 12 Mkr', 12_000_000, 'SEK'],
    ['identified $1 billion in benefits', 1_000_000_000, 'USD'],
  ])('%s', (text, value, currency) => {
    const figure = only(text)
    expect(figure.kind).toBe('money')
    expect(figure.value).toBeCloseTo(value, 6)
    expect(figure.currency).toBe(currency)
    expect(text.slice(figure.start, figure.end)).toBe(figure.text)
  })

  it('reads "2.500" in Swedish writing as 2,500', () => {
    expect(only('Avgift 2.500 kr', SWEDISH).value).toBe(2_500)
    expect(only('Fee 2.500 kr').value).toBe(2_500)
  })

  it('reads "$" as AUD in a document priced in AUD, and R as rand only in a South African one', () => {
    expect(only('Gold sponsor $7,500', { ...ENGLISH, dollar: 'AUD' }).currency).toBe('AUD')
    const rand = only('AWARDED TO ACME R 1 234,00', { ...ENGLISH, rand: true })
    expect(rand).toMatchObject({ kind: 'money', value: 1_234, currency: 'ZAR' })
    expect(scan('AWARDED TO ACME R 1 234,00')).toEqual([])
  })
})

describe('rates per unit and per period', () => {
  it('reads "$150 / hour" and "$125 per person /\\nper hour"', () => {
    expect(only('Project Manager at $150 / hour')).toMatchObject({ value: 150, per: 'hour', text: '$150 / hour' })
    expect(only('$125 per person /\nper hour')).toMatchObject({ value: 125, per: 'hour', perEntity: 'person' })
  })

  it('reads "per user per month" and Swedish "kr/användare/månad"', () => {
    expect(only('Licences are $15 per user per month.')).toMatchObject({ value: 15, per: 'month', perEntity: 'user' })
    expect(only('Licens 99 kr/användare/månad', SWEDISH)).toMatchObject({ value: 99, currency: 'SEK', per: 'month', perEntity: 'user' })
  })

  it('reads "40 timmar/vecka" as working hours per week', () => {
    expect(only('Omfattning, cirka: 40 timmar/vecka per person i teamet', SWEDISH)).toMatchObject({
      kind: 'hours',
      value: 40,
      per: 'week',
      perEntity: 'person',
    })
    expect(only('saves 3 hours a week')).toMatchObject({ kind: 'hours', value: 3, per: 'week' })
    expect(only('sparar 2 timmar i veckan', SWEDISH)).toMatchObject({ kind: 'hours', value: 2, per: 'week' })
  })

  it('takes the period from the words before the amount or from a "Monthly Fee" header', () => {
    expect(only('the standard hourly rate of $40 plus extras')).toMatchObject({ value: 40, per: 'hour' })
    expect(only('Timpris: 950 kr', SWEDISH)).toMatchObject({ value: 950, per: 'hour' })
    expect(only('Service Monthly Fee (USD)\nAutosys scheduling $10,109 TBD')).toMatchObject({
      value: 10_109,
      per: 'month',
      flags: ['headerPeriod'],
    })
  })

  it('does not give a price the period of another figure', () => {
    const figures = scan('Each agent saves 10 hours per week at $40 of cost.')
    expect(figures.find((figure) => figure.kind === 'money')?.per).toBeUndefined()
    expect(only('Pris per timme: 950 kr', SWEDISH).per).toBe('hour')
  })

  it('reads CPM prices', () => {
    expect(only('Direct Sponsorship $50CPM Market Rate')).toMatchObject({ value: 50, perEntity: 'thousand' })
  })
})

describe('counts, percentages and durations', () => {
  it('reads counts of people and things, also written as words', () => {
    expect(only('Your team of 12 agents')).toMatchObject({ kind: 'count', value: 12, entity: 'agent' })
    expect(only('Totalt arbetar cirka 60 personer inom förvaltningen.', SWEDISH)).toMatchObject({
      kind: 'count',
      value: 60,
      entity: 'person',
    })
    expect(only('about 50 reports')).toMatchObject({ kind: 'count', value: 50, entity: 'report', flags: ['approximate'] })
    expect(only('Three complimentary Professional-level tickets')).toMatchObject({ kind: 'count', value: 3, entity: 'ticket' })
    const perMonth = scan('Initially about 50 reports. Thereafter, about two per month.').find((figure) => figure.per === 'month')
    expect(perMonth).toMatchObject({ kind: 'count', value: 2, entity: 'report', flags: ['wordNumber'] })
  })

  it('reads percentages, including table cells whose digits the PDF spaced out', () => {
    expect(only('We reduce costs by 25%')).toMatchObject({ kind: 'percent', value: 25 })
    expect(only('vi ökar intäkterna med 12 %', SWEDISH)).toMatchObject({ kind: 'percent', value: 12 })
    expect(only('Display $- 5 0 %').value).toBe(50)
  })

  it('reads durations and ranges (the midpoint)', () => {
    expect(only('Terms of the project: 12 weeks')).toMatchObject({ kind: 'duration', value: 12, duration: 'week' })
    expect(only('en kontraktstid på 4-6 månader', SWEDISH)).toMatchObject({
      kind: 'duration',
      value: 5,
      low: 4,
      high: 6,
      duration: 'month',
    })
    expect(only('Each statement typically runs from 20-35 pages.')).toMatchObject({ kind: 'count', value: 27.5, entity: 'page' })
  })
})

describe('what is not a figure', () => {
  it.each([
    ['a year', 'In 2019 the team returns to Sydney.'],
    ['an ISO date', 'Publicerad 2024-11-08 10:40'],
    ['a US date', 'Date: 3/27/2020'],
    ['a written date', 'entered into on January 11, 2018 by and between'],
    ['a day and month', 'Friday, 2 August 2019 - Specialist Tracks'],
    ['a time', 'Support 9:00-17:00 CET, or 9 a.m. to 5 p.m.'],
    ['a phone number', 'Tel: 08-541 708 00 or +46 8 525 029 96'],
    ['an organisation number', 'Org.nr 556677-8899'],
    ['a file number', 'RS 2024/1947 and KS 2024/217.055'],
    ['a section number', 'Section 10.2 applies, see 1.2.1 Krav'],
    ['a section heading', '1.2 BESKRIVNING AV UPPDRAGET'],
    ['a list number', '2. Payment Terms. Upon signing'],
    ['a page number', 'Page 3 of 9 — Sida 2/9'],
    ['a postal code', '8 West St, North Sydney NSW 2060'],
    ['a code glued to letters', 'Sticky 300x250, M365 and G1.1.2'],
    ['a number with nothing counted', 'Vaxholm består av 70 öar'],
    ['an ordinal', 'as of the 26th day of March'],
    ['a gazette number', 'No. 3102 Vol. 658'],
  ])('%s: %s', (_what, text) => {
    expect(scan(text, /[åäö]|består|publicerad/i.test(text) ? SWEDISH : ENGLISH)).toEqual([])
  })

  it('marks thresholds', () => {
    expect(only('Rangordning (<320 timmar)', SWEDISH).flags).toContain('threshold')
    expect(only('maximalt 600 timmar', SWEDISH).flags).toContain('thresholdWord')
  })
})

it('finds figures in reading order with offsets into the page', () => {
  const text = 'Team of 12 agents, 10 hours per week each, at $150 / hour.'
  const figures = scan(text)
  expect(figures.map((figure) => figure.kind)).toEqual(['count', 'hours', 'money'])
  for (const figure of figures) expect(text.slice(figure.start, figure.end)).toBe(figure.text)
})
