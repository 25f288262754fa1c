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

  it.each([
    ['Vi tar 2 490 kr i månaden', 2_490, 'SEK'],
    ['Totalkostnad för utvärderingen: 8 386 560 kr', 8_386_560, 'SEK'],
    ['Pris 1 250:- per månad', 1_250, 'SEK'],
    ['Porto 0,35 kr per faktura', 0.35, 'SEK'],
    ['Avgift 12.500 kr', 12_500, 'SEK'],
    ['kostar 2\u202f490\u00a0kr', 2_490, 'SEK'],
    ['Priset är 2:50 kr per sida', 2.5, 'SEK'],
    ['Pris 12:50:- per styck', 12.5, 'SEK'],
    ['Skanning 50 öre per sida', 0.5, 'SEK'],
    ['Fee: US$ 40 per hour', 40, 'USD'],
    ['Fee: 40 USD per hour', 40, 'USD'],
    ['Card fee: EUR 40', 40, 'EUR'],
    ['Workshop 1.200 € per day', 1_200, 'EUR'],
    ['Sponsorship A$5,000', 5_000, 'AUD'],
    ['Sponsorship AU$ 5,000', 5_000, 'AUD'],
    ['Sponsorship 5,000 AUD', 5_000, 'AUD'],
    ['Retainer £1,500 a month', 1_500, 'GBP'],
    ['Retainer GBP 1,500', 1_500, 'GBP'],
    ['Shoot ₹25,000 per day', 25_000, 'INR'],
    ['Shoot INR 25,000 per day', 25_000, 'INR'],
    ['Shoot Rs. 25,000 per day', 25_000, 'INR'],
    ['Fuel costs $0.15 per mile', 0.15, 'USD'],
    ['Couriers C$40,000 a month', 40_000, 'CAD'],
    ['Platform CA$1,200 per month', 1_200, 'CAD'],
    ['Platform 1,200 CAD per month', 1_200, 'CAD'],
    ['Licence NZ$ 900 a year', 900, 'NZD'],
    ['Bränsle NOK 180 000 i månaden', 180_000, 'NOK'],
    ['Tjänsten kostar 4 500 NOK per månad', 4_500, 'NOK'],
    ['Hyran är 50 000 norska kronor per år', 50_000, 'NOK'],
    ['Budtjänster 50 000 DKK i månaden', 50_000, 'DKK'],
    ['Support CHF 120 per hour', 120, 'CHF'],
    ['Hosting ¥500,000 a month', 500_000, 'JPY'],
    ['Hosting 500,000 yen a month', 500_000, 'JPY'],
  ])('%s', (text, value, currency) => {
    const figure = only(text, /kr|:-|öre/.test(text) ? SWEDISH : ENGLISH)
    expect(figure).toMatchObject({ kind: 'money', currency })
    expect(figure.value).toBeCloseTo(value, 6)
    expect(text.slice(figure.start, figure.end)).toBe(figure.text)
  })

  it("reads a bare '$' as the dollars the text names (CAD, NZD), and no code inside a word", () => {
    expect(only('Couriers $40,000 a month', { ...ENGLISH, dollar: 'CAD' })).toMatchObject({ value: 40_000, currency: 'CAD' })
    expect(only('Licence $900 a year', { ...ENGLISH, dollar: 'NZD' })).toMatchObject({ value: 900, currency: 'NZD' })
    expect(only('An academic licence of 1,200 USD')).toMatchObject({ value: 1_200, currency: 'USD' })
    expect(scan('Ticket DECADE 2024 for 700 attendees').every((figure) => figure.kind !== 'money')).toBe(true)
  })

  it('reads "2:50 kr" and öre as kronor, flagged', () => {
    expect(only('Pris 2:50 kr', SWEDISH).flags).toContain('ore')
    expect(scan('Mötet börjar 2:50 i morgon', SWEDISH)).toEqual([])
  })

  it('reads rand before the number, with or without a space, in a South African document', () => {
    const rand = { ...ENGLISH, rand: true }
    expect(only('Paid R1 200,00 on award', rand)).toMatchObject({ kind: 'money', value: 1_200, currency: 'ZAR', flags: [] })
    expect(only('tender fee of R 500.00', rand)).toMatchObject({ value: 500, currency: 'ZAR' })
    expect(only('ZAR 1 200', rand)).toMatchObject({ value: 1_200, currency: 'ZAR' })
    expect(only('Item R 5 on the list', rand)).toMatchObject({ value: 5, currency: 'ZAR' })
  })

  it('reads R as rand elsewhere only with evidence: a thousands separator, a multiplier or a money word', () => {
    const text = 'A municipality loses R 1.8 million a year to tampering. Installation is a once-off R 120,000.'
    expect(scan(text)).toMatchObject([
      { kind: 'money', value: 1_800_000, currency: 'ZAR', per: 'year', text: 'R 1.8 million a year', flags: ['randSymbol'] },
      { kind: 'money', value: 120_000, currency: 'ZAR', text: 'R 120,000', flags: ['randSymbol'] },
    ])
    expect(only('AWARDED TO ACME R 1 234,00')).toMatchObject({ value: 1_234, currency: 'ZAR', flags: ['randSymbol'] })
    expect(only('Kommunen förlorar R 2,5 miljoner per år', SWEDISH)).toMatchObject({ value: 2_500_000, currency: 'ZAR' })
    expect(only('The meter costs R450 to install')).toMatchObject({ value: 450, currency: 'ZAR' })
    // A code name, research and development, a list letter: R is a letter.
    expect(scan('the R2 model')).toEqual([])
    expect(scan('R&D 1,000 hours').map((figure) => figure.currency)).toEqual([undefined])
    expect(scan('see R 5 in the appendix')).toEqual([])
  })

  it('reads "$" as AUD in a document priced in AUD', () => {
    expect(only('Gold sponsor $7,500', { ...ENGLISH, dollar: 'AUD' }).currency).toBe('AUD')
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

  it('takes a header period only from a header, not from a sentence that names a monthly fee', () => {
    const prose = scan('Kunden betalar en månadsavgift på 4 990 kr. Därutöver tillkommer en startavgift om 10 000 kr.', SWEDISH)
    expect(prose.map((figure) => figure.per)).toEqual(['month', undefined])
    expect(scan('The monthly fee for hosting is $99. Setup costs $500.').map((figure) => figure.per)).toEqual(['month', undefined])
    expect(only('Monthly Revenue*\tThreshold\nVideo\t$ 30,000.00')).toMatchObject({ per: 'month', flags: ['headerPeriod'] })
  })

  it('does not give a price the period of another figure', () => {
    const figures = scan('Each agent saves 10 hours per week at $40 of cost.')
    expect(figures.find((figure) => figure.kind === 'money')?.per).toBeUndefined()
    expect(only('Pris per timme: 950 kr', SWEDISH).per).toBe('hour')
  })

  it('reads CPM prices', () => {
    expect(only('Direct Sponsorship $50CPM Market Rate')).toMatchObject({ value: 50, perEntity: 'thousand' })
    expect(only('Display $12 per 1,000 impressions')).toMatchObject({ value: 12, perEntity: 'thousand', text: '$12 per 1,000 impressions' })
    expect(only('Annons 95 kr per 1 000 visningar', SWEDISH)).toMatchObject({ value: 95, perEntity: 'thousand' })
  })

  it.each([
    ['$0.15 per mile', ENGLISH, { value: 0.15, perEntity: 'mile' }],
    ['$0.05 per page', ENGLISH, { value: 0.05, perEntity: 'page' }],
    ['2,50 kr per sida', SWEDISH, { value: 2.5, perEntity: 'page' }],
    ['$1.20 per invoice', ENGLISH, { value: 1.2, perEntity: 'invoice' }],
    ['4 kr per faktura', SWEDISH, { value: 4, perEntity: 'invoice' }],
    ['$15 per seat per month', ENGLISH, { value: 15, perEntity: 'seat', per: 'month' }],
    ['349 kr per användare och månad', SWEDISH, { value: 349, perEntity: 'user', per: 'month' }],
    ['0,35 kr/st', SWEDISH, { value: 0.35, perEntity: 'item' }],
    ['$3 per booking', ENGLISH, { value: 3, perEntity: 'booking' }],
    ['12 kr per bokning', SWEDISH, { value: 12, perEntity: 'booking' }],
    ['$8 per shipment', ENGLISH, { value: 8, perEntity: 'shipment' }],
    ['1,20 kr per kWh', SWEDISH, { value: 1.2, perEntity: 'kwh' }],
    ['$2,000 monthly', ENGLISH, { value: 2_000, per: 'month' }],
    ['1 990 kr/mån', SWEDISH, { value: 1_990, per: 'month' }],
    ['5 000 kr per år', SWEDISH, { value: 5_000, per: 'year' }],
  ])('reads the unit price "%s"', (text, options, expected) => {
    expect(only(text, options)).toMatchObject({ kind: 'money', ...expected, text })
  })
})

describe('number formats of both languages', () => {
  it.each([
    ['We process 12,500 invoices a year', ENGLISH, 12_500],
    ['Vi hanterar 1 200 fakturor i månaden', SWEDISH, 1_200],
    ['Vi hanterar 1\u202f200 fakturor i månaden', SWEDISH, 1_200],
    ['Det tar 3,75 timmar per ärende', SWEDISH, 3.75],
    ['It takes 2.4 hours per ticket', ENGLISH, 2.4],
    ['Vi har 2 490 användare', SWEDISH, 2_490],
  ])('%s', (text, options, value) => {
    expect(only(text, options).value).toBeCloseTo(value, 6)
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
    expect(only('minskar kostnaden med 30 procent', SWEDISH)).toMatchObject({ kind: 'percent', value: 30 })
    expect(only('reduces handling time by 45 per cent')).toMatchObject({ kind: 'percent', value: 45 })
    expect(only('Display $- 5 0 %').value).toBe(50)
  })

  it('reads percentage points, flagged, and the sign written before a percentage', () => {
    expect(only('lifts conversion by +0.5 percentage points')).toMatchObject({ kind: 'percent', value: 0.5, flags: ['points', 'plus'] })
    expect(only('höjer konverteringen med 0,5 procentenheter', SWEDISH)).toMatchObject({ value: 0.5, flags: ['points'] })
    expect(only('margin up 2 pp')).toMatchObject({ value: 2, flags: ['points'] })
    expect(only('churn -12% year on year').flags).toEqual(['minus'])
    expect(only('bookings +18%').flags).toEqual(['plus'])
    expect(only('45 %').flags).toEqual([])
  })

  it('reads money ranges whose ends carry their own multiplier or symbol, with any dash', () => {
    for (const [text, low, high, currency] of [
      ['review labour costs $64K–$96K a year', 64_000, 96_000, 'USD'],
      ['a violation costs $50K-$500K per clause', 50_000, 500_000, 'USD'],
      ['a breach costs £10K–£100K per violation', 10_000, 100_000, 'GBP'],
      ['the risk is $2M – $10M a season', 2_000_000, 10_000_000, 'USD'],
      ['it costs $2–3M a year', 2_000_000, 3_000_000, 'USD'],
    ] as const) {
      expect(only(text)).toMatchObject({ kind: 'money', currency, low, high, value: (low + high) / 2 })
    }
  })

  it('reads percentage ranges as their midpoint', () => {
    for (const text of ['saves 10–20% of the time', 'sparar 10-20 % av tiden', 'saves 10%–20% of the time']) {
      expect(only(text, SWEDISH)).toMatchObject({ kind: 'percent', value: 15, low: 10, high: 20, flags: ['range'] })
    }
  })

  it('reads counts with their noun and their period', () => {
    expect(only('about 40 tickets per day')).toMatchObject({ kind: 'count', value: 40, entity: 'ticket', per: 'day' })
    expect(only('700 attendees')).toMatchObject({ kind: 'count', value: 700, entity: 'attendee' })
    expect(only('25 handläggare', SWEDISH)).toMatchObject({ kind: 'count', value: 25, entity: 'agent' })
    expect(only('300 samtal om dagen', SWEDISH)).toMatchObject({ kind: 'count', entity: 'call', per: 'day' })
    expect(only('80 bokningar varje vecka', SWEDISH)).toMatchObject({ kind: 'count', entity: 'booking', per: 'week' })
    expect(only('150 orders a week')).toMatchObject({ kind: 'count', entity: 'order', per: 'week' })
    expect(only('60 patients a day')).toMatchObject({ kind: 'count', entity: 'patient', per: 'day' })
    expect(only('2 000 leveranser per år', SWEDISH)).toMatchObject({ kind: 'count', entity: 'shipment', per: 'year' })
    expect(only('40,000 miles a year')).toMatchObject({ kind: 'count', entity: 'mile', per: 'year' })
    expect(only('50 000 kWh per år', SWEDISH)).toMatchObject({ kind: 'count', entity: 'kwh', per: 'year' })
    expect(only('3 times a week')).toMatchObject({ kind: 'count', value: 3, per: 'week' })
    expect(only('två gånger i månaden', SWEDISH)).toMatchObject({ kind: 'count', value: 2, per: 'month', flags: ['wordNumber'] })
    expect(only('twice a week')).toMatchObject({ kind: 'count', value: 2, per: 'week', flags: ['wordNumber'] })
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
    ['an ordinal', 'as of the 26th day of March'],
    ['a gazette number', 'No. 3102 Vol. 658'],
    ['a Swedish date', 'Sista anbudsdag: 2024-11-17 23:59'],
    ['a Swedish written date', 'den 3 mars 2025 kl. 14.30'],
    ['a Swedish organisation number', 'Organisationsnummer: 556036-0793'],
    ['a Swedish mobile number', 'Mobil 070-123 45 67'],
    ['a phone number wrapped onto the next line', 'Tel: 072 444\n9996 Email: info@example.com'],
    ['a Swedish section heading', '1.2.1 Efterfrågat konsultbehov'],
    ['a paragraph sign', 'enligt § 4 i avtalet'],
    ['a time with a colon', 'Mötet börjar 14:30'],
    ['a plus before a phone number', 'Ring +46 8 525 029 96'],
    ['the first half of a year', 'during the first half of 2025'],
  ])('%s: %s', (_what, text) => {
    expect(scan(text, /[åäö]|består|publicerad/i.test(text) ? SWEDISH : ENGLISH)).toEqual([])
  })

  it('keeps a count whose noun the vocabulary does not know, with the noun and no entity', () => {
    expect(only('Vaxholm består av 70 öar', SWEDISH)).toMatchObject({ kind: 'count', value: 70, noun: 'öar', text: '70 öar' })
    expect(only('Vaxholm består av 70 öar', SWEDISH).entity).toBeUndefined()
    expect(only('janitorial services at 14 municipal buildings for the city')).toMatchObject({
      kind: 'count',
      value: 14,
      noun: 'buildings',
    })
    expect(only('to 1,200 students')).toMatchObject({ kind: 'count', value: 1_200, noun: 'students' })
    // Not a count of things: a unit of measure, a number whose noun is left out, a number word with no known noun.
    expect(scan('within 10 seconds')).toEqual([])
    expect(scan('of the 40, 12 signed')).toEqual([])
    expect(scan('the two main reasons')).toEqual([])
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

it('reads a long page in one pass', () => {
  const text = 'from 3 to 4 minutes, half of 5,000 tickets at 2:50 kr per sida, +12% and 9 0 % ' + 'x'.repeat(60) + '\n'
  const started = performance.now()
  expect(scan(text.repeat(10_000), SWEDISH).length).toBeGreaterThan(50_000)
  expect(performance.now() - started).toBeLessThan(10_000)
})
