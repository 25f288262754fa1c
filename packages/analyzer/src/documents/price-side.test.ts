// The engagement's price from small synthetic pages, English and Swedish: line items, quantities ×
// unit prices, hours × rates, fee schedules per month, totals reconciled with their lines (never
// both), instalments, tiers and options. Each formula is checked by evaluating it at its defaults.
import { compileFormula, type Currency } from '@valueproof/formula'
import { describe, expect, it } from 'vitest'
import type { TextPage } from '../types.ts'
import { detectSwedish, scanOptionsFor, wordsIn } from './document-reading.ts'
import { pagesForReading } from './pages.ts'
import { readPriceLines } from './price-lines.ts'
import { priceSide, type DocumentPrice } from './price-side.ts'

function priceOf(texts: readonly string[], options: { language?: 'en' | 'sv'; currency?: Currency } = {}): DocumentPrice | undefined {
  const pages: TextPage[] = texts.map((text, index) => ({ page: index + 1, text }))
  const reading = pagesForReading(pages).pages
  const text = reading.map((page) => page.text).join('\n')
  const lines = readPriceLines(reading, scanOptionsFor(text, detectSwedish(wordsIn(text))))
  const language = options.language ?? 'en'
  return priceSide(lines, { currency: options.currency ?? (language === 'sv' ? 'SEK' : 'USD'), language, text })
}

/** A formula's value at its inputs' defaults (percentages as written, divided in the formula). */
function valueOf(formula: string | undefined, price: DocumentPrice): number {
  if (formula === undefined) return 0
  const compiled = compileFormula(
    formula,
    price.inputs.map((input) => input.name),
  )
  if (!compiled.ok) throw new Error(`does not compile: ${formula}`)
  const result = compiled.formula.evaluate(Object.fromEntries(price.inputs.map((input) => [input.name, input.value])))
  if (!result.ok) throw new Error(`does not evaluate: ${formula}`)
  return result.value
}

function expectConsistent(price: DocumentPrice | undefined): DocumentPrice {
  if (price === undefined) throw new Error('no price')
  expect(valueOf(price.yearly?.formula, price)).toBeCloseTo(price.yearly?.amount ?? 0, 2)
  expect(valueOf(price.oneOff?.formula, price)).toBeCloseTo(price.oneOff?.amount ?? 0, 2)
  // Every input is used by the price, and every stated one quotes its page.
  for (const input of price.inputs)
    expect(`${price.yearly?.formula ?? ''} ${price.oneOff?.formula ?? ''}`).toMatch(new RegExp(`\\b${input.name}\\b`))
  return price
}

describe('line items and totals', () => {
  it('takes a stated total from the lines that add up to it, and never the total and its lines both', () => {
    const quote = [
      'Quote',
      'Gate operator 1.00EA 10,288.00 10,288.00',
      'Operator, 2490, RH',
      'Detector loop 4.00EA 124.88 499.52',
      'Detector kit',
      'Total 10,787.52',
    ].join('\n')
    const price = expectConsistent(priceOf([quote]))
    expect(price.oneOff?.amount).toBeCloseTo(10_787.52, 2)
    expect(price.basis).toBe('lines')
    expect(price.inputs.filter((input) => input.kind === 'money').map((input) => input.value)).toEqual([10_288, 124.88])
  })

  it('takes the total itself when only subtotals restate it', () => {
    const quote = ['Lines Total 10,288.00', 'Freight charges 850.00', 'Quote Total 11,138.00'].join('\n')
    const price = expectConsistent(priceOf([quote]))
    expect(price.basis).toBe('total')
    expect(price.inputs.map((input) => [input.label, input.value])).toEqual([['Quote Total', 11_138]])
  })

  it('keeps a stated total whose lines do not add up to it, and counts instalments of it once', () => {
    const text =
      'Client agrees to pay the sum of $5,000 (the “Contract Price”). Client shall make a prepayment of $1,900 and pay the remaining $3,100 on completion.'
    const price = expectConsistent(priceOf([text]))
    expect(price.oneOff?.amount).toBe(5_000)
    expect(price.basis).toBe('total')
    expect(price.instalments.map((item) => item.unitPrice)).toEqual([1_900, 3_100])
    // The instalments add up to the total: they are the price's inputs, the total their check.
    expect(price.inputs.map((input) => input.value)).toEqual([1_900, 3_100])
  })

  it('prices a Swedish fixed price by its instalments, and keeps a total its instalments do not add up to', () => {
    const paid =
      'Det fasta priset för leveransen är totalt 240 000 kr. En handpenning på 90 000 kr betalas när avtalet tecknas och slutbetalningen på 150 000 kr vid godkänd leverans.'
    const price = expectConsistent(priceOf([paid], { language: 'sv' }))
    expect(price.oneOff?.amount).toBe(240_000)
    expect(price.inputs.map((input) => input.value).sort((a, b) => a - b)).toEqual([90_000, 150_000])
    const unequal =
      'Client agrees to pay the sum of $12,000 (the “Contract Price”). Client shall make a deposit of $2,000 and pay the remaining $4,000 on delivery.'
    expect(expectConsistent(priceOf([unequal])).inputs.map((input) => input.value)).toEqual([12_000])
  })

  it('rebuilds a quote from its item lines when a subtotal is their sum, with the charges after it', () => {
    const quote = [
      'Line Part Qty Unit Price Ext Price',
      '1 Pump housing 2.00EA 410.00 820.00',
      '2 Seal kit 6.00EA 12.50 75.00',
      '3 Mounting bracket 1.00EA 64.00 64.00',
      'Lines Total 959.00',
      'Freight charges 120.00',
      'Quote Total 1,079.00',
    ].join('\n')
    const price = expectConsistent(priceOf([quote]))
    expect(price.oneOff?.amount).toBeCloseTo(1_079, 2)
    expect(price.basis).toBe('lines')
    expect(price.inputs.map((input) => input.value)).toEqual([410, 2, 12.5, 6, 64, 120])
  })

  it('rebuilds a Swedish offer from its rows (antal × à-pris) under its subtotal, and keeps the total when they do not add up', () => {
    const offer = (third: string) =>
      [
        'Offert till kunden. Alla belopp är i kronor exklusive moms och gäller i 30 dagar.',
        'Artikel Antal À-pris Belopp',
        'Sensormodul 12 st 1 450,00 17 400,00',
        'Monteringssats 12 st 230,00 2 760,00',
        `Driftsättning 1 st ${third}`,
        'Delsumma 22 660,00',
        'Frakt 900,00',
        'Summa 23 560,00',
      ].join('\n')
    const price = expectConsistent(priceOf([offer('2 500,00 2 500,00')], { language: 'sv' }))
    expect(price.oneOff?.amount).toBeCloseTo(23_560, 2)
    expect(price.inputs.map((input) => input.value)).toEqual([1_450, 12, 230, 12, 2_500, 900])
    // A row the reading lost: the items no longer add up to the subtotal, so the stated total is the price.
    const lost = expectConsistent(priceOf([offer('')], { language: 'sv' }))
    expect(lost.inputs.map((input) => input.value)).toEqual([23_560])
  })

  it('multiplies a quantity by its unit price', () => {
    const text = ['Quote', 'Detector Loop 4.00EA 124.88 499.52', 'Detector kit', 'Gate guard 3.00EA 120.00 360.00', 'Black'].join('\n')
    const price = expectConsistent(priceOf([text]))
    expect(price.oneOff?.amount).toBeCloseTo(859.52, 2)
    expect(price.inputs.filter((input) => input.kind === 'count').map((input) => input.value)).toEqual([4, 3])
  })

  it('prices a DOCX budget table by its total column, spread over the years it covers', () => {
    const cells = [
      'Category',
      'Year 1',
      'Year 2',
      'Total',
      'Senior Personnel',
      '$33,750',
      '$33,750',
      '$67,500',
      'Travel',
      '$6,000',
      '$6,000',
      '$12,000',
      'Total',
      '$39,750',
      '$39,750',
      '$79,500',
    ]
    const price = expectConsistent(priceOf([`Budget Summary\n\n${cells.join('\n\n')}`]))
    expect(price.yearly?.amount).toBeCloseTo(39_750, 2)
    expect(price.inputs.map((input) => input.value)).toEqual([67_500, 12_000])
  })
})

describe('fee schedules', () => {
  it('sums monthly fees to a year and lets the buyer add hourly services (none until chosen)', () => {
    const text = [
      'Service Name\tDescription\tMonthly Fee (USD)',
      'G1.1\tAutosys\tJob scheduling.\t$10,109',
      'G1.2\tGovernance\tOverall management.\t$41,820',
      'G1.3\tProject services\tWhere this Service is used, the rates will be as follows:',
      '•\tProject Manager at $150 / hour',
    ].join('\n')
    const price = expectConsistent(priceOf([text]))
    expect(price.yearly?.amount).toBe((10_109 + 41_820) * 12)
    expect(price.inputs.find((input) => input.value === 150)?.label).toBe('Project Manager, Project services — hourly rate')
    const hours = price.inputs.find((input) => input.kind === 'hours')
    expect([hours?.value, hours?.stated]).toEqual([0, undefined])
  })

  it('reads a Swedish price list: a monthly fee and a start fee', () => {
    const price = expectConsistent(priceOf(['Prislista\nStartavgift: 5 000 kr\nMånadsavgift: 990 kr'], { language: 'sv' }))
    expect(price.yearly?.amount).toBe(990 * 12)
    expect(price.oneOff?.amount).toBe(5_000)
    expect(price.inputs.map((input) => input.label)).toEqual(['Månadsavgift — månadsavgift', 'Startavgift'])
  })

  it('counts a price per user by the users the document states', () => {
    const text = 'Licence Fees\nNet Development User Fees (each): $3,000 per user\nNumber of Users: 6'
    const price = expectConsistent(priceOf([text]))
    expect(price.oneOff?.amount).toBe(18_000)
    const users = price.inputs.find((input) => input.kind === 'count')
    expect(users?.value).toBe(6)
    expect(users?.stated?.quote).toContain('Number of Users: 6')
  })
})

describe('choices: tiers, options and deductions', () => {
  it('takes one tier of a prospectus (the first still available), not their sum, and converts its currency', () => {
    const pages = [
      'Sponsorship Prospectus\nAll prices in AUD',
      'Platinum Sponsorship Tier\nThree tickets\nno longer available\n$10,000',
      'Gold Sponsorship Tier\nTwo tickets\n$7,500',
      'Standard Sponsorship Tier\nOne ticket\n$2,500',
      'Video Sponsor\nexclusive\n+$4,000',
    ]
    const price = expectConsistent(priceOf(pages))
    expect(price.basis).toBe('choice')
    expect(price.chosen).toBe('Gold Sponsorship Tier')
    expect(price.oneOff?.amount).toBeCloseTo(7_500 * 0.65, 2)
    expect(price.inputs.find((input) => input.label === 'Gold Sponsorship Tier')?.note).toMatch(/1 AUD = 0\.65 USD/)
  })

  it('counts options and deductions only when the buyer chooses them', () => {
    const text = [
      'Quote Total 10,000.00',
      'OPTIONS — Circle options chosen to be added to totals:',
      '* Single Gate $920.00',
      'e Deduct for mounting pedestal — Metro to provide footing. <$ 1,071.00>',
    ].join('\n')
    const price = expectConsistent(priceOf([text]))
    expect(price.oneOff?.amount).toBe(10_000)
    expect(price.oneOff?.formula).toMatch(/\+ singleGate \* \w+ - deductFor\w* \* \w+/)
    expect(price.inputs.filter((input) => input.kind === 'choice').map((input) => input.value)).toEqual([0, 0])
  })
})

describe('hours × rate', () => {
  it('prices a work breakdown: the hours, plus their additions in percent, at the rate', () => {
    const text = [
      'Hours Tasks',
      '74 Wireframe to PSD',
      '2 hours x 37 pages = 74',
      '16 Payment gateway configuration',
      '- QA This is usually 20% of the total development hours',
      'Payment Terms',
      '- hours @ $16.44 = $',
    ].join('\n')
    const price = expectConsistent(priceOf([text]))
    expect(price.basis).toBe('work')
    expect(price.oneOff?.amount).toBeCloseTo((74 + 16) * 1.2 * 16.44, 2)
  })

  it('shows a list of hourly rates alone at an assumed number of hours, said to be one', () => {
    const price = expectConsistent(
      priceOf(['Rate card\nSenior consultant: 1 200 kr per timme\nJunior consultant: 850 kr per timme'], { language: 'sv' }),
    )
    expect(price.basis).toBe('rate')
    expect(price.inputs.filter((input) => input.kind === 'hours').map((input) => [input.value, input.stated])).toEqual([
      [100, undefined],
      [0, undefined],
    ])
  })
})

describe('rows of hours × rate', () => {
  it('prices a statement of work by its rows of hours at a rate, the total their check', () => {
    const sow = [
      'Fees',
      'Role Hours Rate Amount',
      'Solution architect 40 $180.00 $7,200.00',
      'Developer 120 $120.00 $14,400.00',
      'Total $21,600.00',
    ]
    const price = expectConsistent(priceOf([sow.join('\n')]))
    expect(price.oneOff?.amount).toBe(21_600)
    expect(price.inputs.map((input) => [input.label, input.value])).toEqual([
      ['Solution architect — hourly rate', 180],
      ['Solution architect — hours', 40],
      ['Developer — hourly rate', 120],
      ['Developer — hours', 120],
    ])
  })

  it('reads a Swedish offer’s rows (timmar × timpris = belopp) and leaves a row that does not check', () => {
    const offer = (amount: string) =>
      [
        'Offert — arvode för uppdraget',
        'Roll Timmar Timpris Belopp',
        'Projektledare 60 1 250 kr 75 000 kr',
        `Utvecklare 200 950 kr ${amount}`,
        'Totalt 265 000 kr',
      ].join('\n')
    const price = expectConsistent(priceOf([offer('190 000 kr')], { language: 'sv' }))
    expect(price.oneOff?.amount).toBe(265_000)
    expect(price.inputs.map((input) => input.value)).toEqual([1_250, 60, 950, 200])
    const misread = expectConsistent(priceOf([offer('199 000 kr')], { language: 'sv' }))
    expect(misread.inputs.some((input) => input.value === 950 && input.kind === 'money')).toBe(false)
  })
})

describe('hours at a rate in running text', () => {
  it('prices the hours an engagement is estimated at, at its rate, beside its other fees', () => {
    const price = expectConsistent(
      priceOf(['The engagement is estimated at 120 hours at $150 per hour, plus a one-time setup fee of $2,000.']),
    )
    expect(price.oneOff?.amount).toBe(20_000)
    expect(price.inputs.map((input) => input.value).sort((a, b) => a - b)).toEqual([120, 150, 2_000])
  })

  it('reads "300 timmar à 1 100 kr", and not the hours a buyer spends today', () => {
    const price = expectConsistent(priceOf(['Uppdraget omfattar cirka 300 timmar à 1 100 kr per timme.'], { language: 'sv' }))
    expect(price.oneOff?.amount).toBe(330_000)
    expect(price.inputs.map((input) => [input.kind, input.value])).toEqual([
      ['money', 1_100],
      ['hours', 300],
    ])
    expect(priceOf(['Our analysts spend 300 hours at $55 an hour on manual reconciliation every quarter.'])).toBeUndefined()
  })
})

describe('surcharges on a rate', () => {
  it('prices hours at a rate raised by the surcharge stated after it, none until chosen', () => {
    const text =
      'The design fee is $3,000. Work requested outside office hours is billed at the hourly rate of $90 plus twenty percent (20%) for the time spent.'
    const price = expectConsistent(priceOf([text]))
    expect(price.oneOff?.amount).toBe(3_000)
    const surcharge = price.inputs.find((input) => input.kind === 'percent')
    expect(surcharge?.value).toBe(20)
    expect(surcharge?.stated?.quote).toContain('plus twenty percent (20%)')
    expect(price.oneOff?.formula).toMatch(new RegExp(`\\* \\(1 \\+ ${surcharge?.name ?? '-'} / 100\\) \\*`))
  })

  it('reads a Swedish surcharge ("timpris … plus 50 %"), and none without a percentage', () => {
    const text = 'Fast pris för installationen är 18 000 kr. Jourarbete på helger debiteras med timpris 950 kr plus 50 % enligt avtalet.'
    const price = expectConsistent(priceOf([text], { language: 'sv' }))
    expect(price.inputs.filter((input) => input.kind === 'percent').map((input) => input.value)).toEqual([50])
    const plain = 'Fast pris för installationen är 18 000 kr. Extra arbete debiteras med timpris 950 kr plus resekostnader.'
    expect(expectConsistent(priceOf([plain], { language: 'sv' })).inputs.some((input) => input.kind === 'percent')).toBe(false)
  })
})

describe('no price', () => {
  it('finds none in a blank rate card, in a business case’s figures, or in money at risk', () => {
    expect(
      priceOf(['ITEM\tUNIT\tQTY\tPRICE (₹)\tAMOUNT (₹)\nProfessional shoot\tper day\nShort reels\tper reel\nSUBTOTAL\nTOTAL']),
    ).toBeUndefined()
    expect(
      priceOf(['Segment\tSize\tAvg revenue\tAvg net profit\nLoyal Buyer\t540 (30%)\t$809\t$376\nOccasional\t630 (35%)\t$600\t$185']),
    ).toBeUndefined()
    expect(
      priceOf(['• Competitive separation violation: $50,000 per clause\n• Total annual compliance risk: $2,000,000 a year']),
    ).toBeUndefined()
  })

  it('finds none in a Swedish tender’s evaluation: weights, added values and price deductions', () => {
    const text = [
      '6.4 Mervärde',
      'Mervärde',
      'Möjligt prisavdrag',
      'Genomfört utbildning med intyg',
      'SEK 100',
      'Erfarenhet av 2 liknande uppdrag',
      'SEK 150',
    ].join('\n\n')
    expect(priceOf([text], { language: 'sv' })).toBeUndefined()
  })
})
