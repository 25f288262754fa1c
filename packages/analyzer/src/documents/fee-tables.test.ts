// Fee and rate rows: small tables in both languages, and the real sample documents
// (../shared/samples/documents) with their text extracted by the service's own extractor. The
// samples are not part of the repository; under CI=true a missing folder fails instead of skipping.
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createDocumentExtractor } from '@valueproof/documents'
import { afterAll, describe, expect, it } from 'vitest'
import { readFeeRows, type FeeRow } from './fee-tables.ts'
import type { ScanOptions } from '../read/figures.ts'

const ENGLISH: ScanOptions = { dollar: 'USD', rand: false, swedish: false }
const SWEDISH: ScanOptions = { dollar: 'USD', rand: false, swedish: true }

function rows(text: string, options: ScanOptions = ENGLISH): FeeRow[] {
  return readFeeRows([{ page: 1, text }], options)
}

/** The rows as label, amount, period: what a reader of the table would write down. */
function summary(found: readonly FeeRow[]): Array<[string, number, string | undefined]> {
  return found.map((row) => [row.label, row.figure.value, row.period])
}

describe('small tables', () => {
  it('reads a tab-separated price list under a "Monthly Fee" header', () => {
    const found = rows('Plan\tMonthly Fee\nBasic\t$49\nPro\t$99 per user\nEnterprise\tContact us')
    expect(summary(found)).toEqual([
      ['Basic', 49, 'month'],
      ['Pro', 99, 'month'],
    ])
    expect(found[1]).toMatchObject({ layout: 'line', column: 'Monthly Fee', perEntity: 'user' })
  })

  it('reads Swedish "Label: amount" lines with their periods', () => {
    const text = 'Startavgift: 5 000 kr\nMånadsavgift: 990 kr\nTimpris: 950 kr exkl. moms\nLicens: 349 kr per användare och månad'
    expect(summary(rows(text, SWEDISH))).toEqual([
      ['Startavgift', 5_000, undefined],
      ['Månadsavgift', 990, 'month'],
      ['Timpris', 950, 'hour'],
      ['Licens', 349, 'month'],
    ])
  })

  it('reads bare numbers under a column whose header names the currency ("Pris (kr)")', () => {
    const found = rows('Tjänst\tPris (kr)\nGrundpaket\t2 490\nTillägg per sida\t0,35', SWEDISH)
    expect(found.map((row) => [row.label, row.figure.value, row.figure.currency])).toEqual([
      ['Grundpaket', 2_490, 'SEK'],
      ['Tillägg per sida', 0.35, 'SEK'],
    ])
    expect(found[0]?.figure.flags).toContain('headerCurrency')
  })

  it('reads a DOCX table, one cell per paragraph, and gives the row label to the amounts that follow it', () => {
    const text = 'Tjänst\n\nPris\n\nGrundpaket\n\n2 490 kr/mån\n\nSkanning\n\n2,50 kr per sida\n\n0,35 kr per faktura'
    const found = rows(text, SWEDISH)
    expect(summary(found)).toEqual([
      ['Grundpaket', 2_490, 'month'],
      ['Skanning', 2.5, undefined],
      ['Skanning', 0.35, undefined],
    ])
    expect(found.map((row) => row.perEntity)).toEqual([undefined, 'page', 'invoice'])
  })

  it('names a rate card amount by the title of its block, in order when one block closes with several', () => {
    const text = [
      'Sponsorship',
      'Gold Package',
      'two conference tickets',
      'logo on the website',
      '$5,000',
      'Add-ons',
      'Lanyard Sponsor',
      'Coffee Cart Sponsor',
      '+$2,000',
      'exclusive',
      '+$1,500',
    ].join('\n')
    expect(summary(rows(text))).toEqual([
      ['Sponsorship', 5_000, undefined],
      ['Lanyard Sponsor', 2_000, undefined],
      ['Coffee Cart Sponsor', 1_500, undefined],
    ])
  })

  it('reads a row whose name and amount are on different lines, with the words that narrow each amount', () => {
    const text = [
      'Service Name\tDescription\tTerm\tFee (USD)',
      'A1.1\tPayroll Services –',
      'Systems',
      'Provision of payroll services and',
      'support for the payroll team.',
      '$11,000 per month',
      '$3,700 per month for',
      'Kronos software',
    ].join('\n')
    const found = rows(text)
    expect(found.map((row) => [row.label, row.figure.value, row.period, row.detail, row.layout])).toEqual([
      ['Payroll Services – Systems', 11_000, 'month', undefined, 'row'],
      ['Payroll Services – Systems', 3_700, 'month', 'for Kronos software', 'row'],
    ])
    const [first] = found
    expect(text.slice(first?.lineStart, first?.lineEnd)).toMatch(/^A1\.1\tPayroll Services –[\s\S]*\$11,000 per month$/)
  })

  it('reads the fee a sentence names, in English and Swedish', () => {
    const english = 'Client agrees to pay the sum of $5,000 (the "Contract Price"). Rush work is billed at the standard hourly rate of $40.'
    expect(rows(english).map((row) => [row.label, row.figure.value, row.period, row.layout])).toEqual([
      ['Contract Price', 5_000, undefined, 'phrase'],
      ['standard hourly rate', 40, 'hour', 'phrase'],
    ])
    const swedish = 'Kunden betalar en månadsavgift på 4 990 kr. Därutöver tillkommer en startavgift om 10 000 kr.'
    expect(summary(rows(swedish, SWEDISH))).toEqual([
      ['månadsavgift', 4_990, 'month'],
      ['startavgift', 10_000, undefined],
    ])
  })

  it('reads list items as text recognition gives them: bullets read as "*", "e" or "+", a name before a colon or a full stop', () => {
    const text = [
      '* Single Gate $920.00',
      'e (1) Fire access: FLB-100-Mini with padlock. — If required. $942.00',
      '+ Clean-up and removal of excavated materials from site. $ 1,768.00',
      'e Deduct if reflective tape is only installed on one side of the gate.',
    ].join('\n')
    expect(summary(rows(text))).toEqual([
      ['Single Gate', 920, undefined],
      ['(1) Fire access', 942, undefined],
      ['Clean-up and removal of excavated materials from site', 1_768, undefined],
    ])
    expect(summary(rows('• Grundpaket 2 490 kr\n+ Tilläggsmodul: fakturatolkning. 990 kr', SWEDISH))).toEqual([
      ['Grundpaket', 2_490, undefined],
      ['Tilläggsmodul', 990, undefined],
    ])
  })

  it('reads the tiers a price list names in prose: "Starter is $29 …", "Bas kostar 1 495 kr …"', () => {
    const english = 'Pricing: Starter is $29 per user per month, Team is $24 per user per month. The cost is $40,000 a year.'
    expect(rows(english).map((row) => [row.label, row.figure.value, row.period, row.perEntity])).toEqual([
      ['Starter', 29, 'month', 'user'],
      ['Team', 24, 'month', 'user'],
    ])
    const swedish =
      'Prislista: Bas kostar 1 495 kr per månad för upp till 5 användare och Premium kostar 4 990 kr per månad med obegränsat antal användare.'
    expect(summary(rows(swedish, SWEDISH))).toEqual([
      ['Bas', 1_495, 'month'],
      ['Premium', 4_990, 'month'],
    ])
  })

  it('reads a deduction in angle brackets or parentheses, with a name that wraps onto the line above', () => {
    const quote = [
      '* Single Gate $920.00',
      'e Deduct for (1) 42" Dual-height gooseneck mounting pedestal',
      'powder-coated finish — Metro to provide concrete footing. <$ 1,071.00>',
      'Credit for early signing ($500)',
      'Gold Sponsorship ($7,500)',
    ].join('\n')
    const found = rows(quote)
    expect(found.map((row) => [row.label, row.figure.value, row.deduction])).toEqual([
      ['Single Gate', 920, undefined],
      ['Deduct for (1) 42" Dual-height gooseneck mounting pedestal powder-coated finish', 1_071, true],
      ['Credit for early signing', 500, true],
      ['Gold Sponsorship', 7_500, undefined],
    ])
    // The row runs from its name's first line to the amount.
    expect(found[1] === undefined ? '' : quote.slice(found[1].lineStart, found[1].lineEnd)).toMatch(/^e Deduct[^]*1,071\.00>$/u)
    // A sentence that runs on to an amount is not a wrapped name.
    expect(rows('The Client shall pay\nthe sum of $5,000 on signing.').map((row) => row.label)).not.toContain(
      'The Client shall pay the sum of',
    )
  })

  it('has no rows for amounts in ordinary prose, boilerplate fees or blank price fields', () => {
    expect(rows('Our customers save $40,000 a year and spend 10 hours a week less on reports.')).toEqual([])
    expect(rows('A late fee of $50 applies to overdue invoices.')).toEqual([])
    expect(rows('Pris\n\nSEK:\n\nSEK:', SWEDISH)).toEqual([])
    expect(rows('ITEM\tUNIT\tQTY\tPRICE (₹)\nProfessional shoot\tper day\nShort reels\tper reel')).toEqual([])
  })
})

it('reads a long page in time proportional to its length (no rescanning of the line per amount)', () => {
  const line = 'Pris 2 490 kr per sida och ' + 'text '.repeat(30)
  const started = performance.now()
  const found = rows(line.repeat(8_000), SWEDISH)
  expect(found).toHaveLength(8_000)
  // Linear takes about a quarter of a second here; reading the line again for every amount took minutes.
  expect(performance.now() - started).toBeLessThan(10_000)
})

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url))
const corpus = resolve(repoRoot, '../shared/samples/documents')
const available = existsSync(corpus)
if (!available && process.env.CI === 'true') throw new Error(`The sample documents are missing at ${corpus}`)

const extractor = createDocumentExtractor()
afterAll(() => extractor.close())

async function sampleRows(file: string, options: ScanOptions): Promise<FeeRow[]> {
  const { pages } = await extractor.extract(readFileSync(resolve(corpus, file)))
  return readFeeRows(pages, options)
}

function find(found: readonly FeeRow[], label: string, value: number): FeeRow {
  const row = found.find((candidate) => candidate.label === label && candidate.figure.value === value)
  if (row === undefined) throw new Error(`no row ${label} = ${value} in ${found.map((candidate) => candidate.label).join(' | ')}`)
  return row
}

describe.skipIf(!available)('the sample documents', () => {
  it('reynolds: the monthly fee of every IT service and the hourly rates of the schedules', async () => {
    const found = await sampleRows('reynolds-transition-services-agreement.pdf', ENGLISH)
    const monthlyIt = found.filter((row) => row.page >= 24 && row.page <= 27)
    expect(monthlyIt).toHaveLength(27)
    expect(monthlyIt.every((row) => row.period === 'month' && row.figure.currency === 'USD')).toBe(true)
    expect(find(found, 'Autosys', 10_109)).toMatchObject({ page: 24, layout: 'row' })
    expect(find(found, 'Collaboration – Email, Instant Messaging & Teams', 32_155).page).toBe(25)
    expect(find(found, 'Base Infrastructure', 220_775).page).toBe(27)
    expect(find(found, 'Project Manager', 150)).toMatchObject({ period: 'hour', group: 'Discretionary Enhancements' })
    expect(find(found, 'Payroll Services – Systems and Support', 29_150)).toMatchObject({ period: 'month', detail: 'for ADP' })
    expect(find(found, 'General Services – Legal Support', 70)).toMatchObject({
      period: 'hour',
      perEntity: 'person',
      detail: 'for paralegals',
    })
    expect(find(found, 'Travel and Expense Services – Concur & Travel Booking Assistance', 19_000).period).toBe('month')
    // Not fees: the raw-material spend in a bullet, the insurance limits of the body text.
    expect(found.some((row) => row.figure.value >= 1_000_000)).toBe(false)
  })

  it('weatherzone: the CPM price of each ad format', async () => {
    const found = await sampleRows('weatherzone-advertising-media-kit.pdf', { ...ENGLISH, dollar: 'AUD' })
    expect(found.map((row) => [row.label, row.figure.value])).toEqual([
      ['Full page takeover', 50],
      ['Eclipse', 50],
      ['Mobile display', 18],
      ['Mobile display', 25],
      ['Standard display', 18],
      ['Standard display', 25],
      ['Standard display', 50],
    ])
    expect(found.every((row) => row.perEntity === 'thousand')).toBe(true)
  })

  it('pyconau: one price per sponsorship tier and package, in AUD, without the stray "$10,000" of every page', async () => {
    const found = await sampleRows('pyconau-2019-sponsorship-prospectus.pdf', { ...ENGLISH, dollar: 'AUD' })
    expect(found.map((row) => [row.page, row.label, row.figure.value])).toEqual([
      [8, 'Platinum Sponsorship Tier', 10_000],
      [9, 'Gold Sponsorship Tier', 7_500],
      [10, 'Standard Sponsorship Tier', 2_500],
      [12, 'Video Sponsor', 4_000],
      [13, 'Lanyard Sponsor no longer available', 3_000],
      [14, 'Specialist Track Sponsor', 2_000],
      [14, 'Development Sprints Sponsor', 3_000],
    ])
    expect(found.every((row) => row.figure.currency === 'AUD')).toBe(true)
  })

  it('freecook: the contract price, its payment split and the hourly rate, from the sentences that name them', async () => {
    const found = await sampleRows('freecook-website-design-hosting-agreement.pdf', ENGLISH)
    expect(found.map((row) => [row.label, row.figure.value, row.period])).toEqual([
      ['Contract Price', 5_000, undefined],
      ['total', 5_000, undefined],
      ['prepayment', 1_900, undefined],
      ['remaining', 3_100, undefined],
      ['standard hourly rate', 40, 'hour'],
    ])
  })

  it('kubient: the monthly revenue thresholds with the revenue-share splits of their row', async () => {
    const found = await sampleRows('kubient-ap-revenue-share-exhibit.pdf', ENGLISH)
    expect(found.map((row) => [row.label, row.figure.value, row.period, row.column])).toEqual([
      ['Programmatic/Display', 300_000, 'month', 'Threshold'],
      ['Video', 30_000, 'month', 'Threshold'],
      ['Native', 100_000, 'month', 'Threshold'],
    ])
    expect(found[0]?.cells?.map((cell) => [cell.column, cell.figure.value])).toEqual([
      ['Customer', 90],
      ['Kubient', 10],
      ['Customer', 50],
      ['Kubient', 50],
    ])
  })

  it('flow media: a blank rate card has no rows', async () => {
    expect(await sampleRows('flow-media-rate-card-blank.pdf', ENGLISH)).toEqual([])
  })

  it('region dalarna: the evaluation total and the value of each criterion with its weight', async () => {
    const found = await sampleRows('sv-region-dalarna-avrop-rpa-team.pdf', SWEDISH)
    expect(found.map((row) => [row.label, row.figure.value, row.cells?.map((cell) => cell.figure.value)])).toEqual([
      ['Totalkostnad för utvärderingen', 8_386_560, undefined],
      ['Kompetens/erfarenhet', 3_354_624, [40]],
      ['Konsulttjänstens kvalitét', 5_031_936, [60]],
    ])
  })

  it('vaxholm: the price deduction of each added value, and nothing for the blank price fields', async () => {
    const found = await sampleRows('sv-vaxholm-avrop-resurskonsult.docx', SWEDISH)
    expect(found.map((row) => [row.label, row.figure.value, row.figure.currency])).toEqual([
      ['Genomfört utbildning med intyg inom PM3/objektledning', 100, 'SEK'],
      ['Arbetslivserfarenhet av att ha ansvarat för processkartläggningar inom samhällsbyggnadsområdet', 150, 'SEK'],
      ['Arbetslivserfarenhet av verksamhetsutveckling inom samhällsbyggnadsområdet', 150, 'SEK'],
      ['Erfarenhet av 2 liknande uppdrag', 100, 'SEK'],
      ['Erfarenhet av 3 liknande uppdrag eller fler', 50, 'SEK'],
    ])
  })
})
