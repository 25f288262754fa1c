import { describe, expect, it } from 'vitest'
import { readText } from '../analyze.ts'

function read(text: string, language: 'en' | 'sv' = 'en', currency: 'USD' | 'SEK' | 'EUR' = language === 'sv' ? 'SEK' : 'USD') {
  return readText([{ page: 1, text }], { language, currency })
}

describe('compose: the value per year and the price from a description', () => {
  it('multiplies a volume, a time per thing, a rate and a speed-up', () => {
    const reading = read(
      'We process 10,000 invoices a year at 6 minutes each. Staff cost $50 an hour. Our tool makes it 3x faster. $500 a month.',
    )
    // 10,000 × 0.1 h × $50 × (1 − 1/3)
    expect(reading.grossYearly).toBeCloseTo(10_000 * 0.1 * 50 * (2 / 3), 0)
    expect(reading.priceYearly).toBe(6_000)
  })

  it("counts today's own cost as the value when the seller takes the whole job over at a recurring price", () => {
    const reading = read(
      "Your in-house team is 22 FTE at about $41,000 each plus $70,000 for supervision and we'd do the whole thing for a flat $890,000 a year.",
    )
    expect(reading.grossYearly).toBeCloseTo(22 * 41_000 + 70_000, 0)
    expect(reading.priceYearly).toBe(890_000)
    const swedish = read('I dag har ni 6 egna vaktmästare à 480 000 kr per år. Vi tar över hela driften för 2 400 000 kr per år.', 'sv')
    expect(swedish.grossYearly).toBeCloseTo(6 * 480_000, 0)
    expect(swedish.priceYearly).toBe(2_400_000)
  })

  it('meets a cost per event with a chance of one a period, in English and Swedish', () => {
    const reading = read(
      'Regulators fine firms about $600,000 per reportable breach, and you face a 1-in-25 chance of one each year. Our controls cut that risk by 80%. $9,600 a year.',
    )
    expect(reading.grossYearly).toBeCloseTo(600_000 * 0.04 * 0.8, 0)
    expect(reading.priceYearly).toBe(9_600)
    const swedish = read(
      'En brand kostar 2 miljoner kr per brand och risken för en brand är 2 % per år. Vårt system halverar risken.',
      'sv',
    )
    expect(swedish.grossYearly).toBeCloseTo(2_000_000 * 0.02 * 0.5, 0)
  })

  it('reads a rate per hour that rises as more output when the text prices each thing, not time per thing', () => {
    const reading = read(
      'Today we pack 90 orders an hour, with our scanners 120. We run 2,000 hours a year and each order earns $4 in margin.',
    )
    expect(reading.grossYearly).toBeCloseTo((120 - 90) * 2_000 * 4, 0)
    const swedish = read(
      'I dag 380 prover per skift, med roboten 520. Två skift, 240 dagar om året, täckningsbidrag 95 kr per extra prov.',
      'sv',
    )
    expect(swedish.grossYearly).toBeCloseTo((520 - 380) * 2 * 240 * 95, 0)
  })

  it('reads time after "each of your 3 sites" per site, and two rates set against each other as their difference', () => {
    const guarding = read(
      'Remote video guarding instead of night guards. Each of your 3 sites has a guard on a 12-hour night shift, every night, at $24/hour. We monitor all sites for $1,450 per site per month.',
    )
    expect(guarding.grossYearly).toBeCloseTo(3 * 12 * 365 * 24, 0)
    const nurses = read(
      'A client books 1,200 agency hours a month at $78/h, while its own bank staff cost $46/h. Our marketplace moves 60% of those hours to bank staff.',
    )
    expect(nurses.grossYearly).toBeCloseTo(1_200 * 12 * 0.6 * (78 - 46), 0)
  })

  it('multiplies a one-off price per thing by the counts that reach it, and pairs levels on bullet lines', () => {
    const reading = read(
      '• 42 butiker i kedjan\n• I dag lägger varje butik 6 timmar i veckan på att byta lappar\n• Med ESL går det ner till en halvtimme i veckan\n• Timkostnad: 310 kr\n• Etiketter: 25 kr styck, engångskostnad, cirka 4 000 etiketter per butik\n• Licens: 1 900 kr per butik och månad',
      'sv',
    )
    expect(reading.grossYearly).toBeCloseTo(42 * 5.5 * 52 * 310, 0)
    expect(reading.model.price.find((term) => term.period === 'one-off')?.amount).toBe(25 * 4_000 * 42)
    expect(reading.priceYearly).toBe(1_900 * 42 * 12)
  })

  it('leaves a one-off word to the amount it leads', () => {
    const reading = read(
      'Hotellet har 210 rum och ventilationen drar 520 000 kWh om året till 0,14 €/kWh. Styrningen sänker förbrukningen med 30 %. 3 € per rum och månad, installation 45 € per rum.',
      'sv',
      'EUR',
    )
    expect(reading.model.price.map((term) => [term.period, term.amount])).toEqual([
      ['year', 3 * 210 * 12],
      ['one-off', 45 * 210],
    ])
  })

  it('applies the share still needed after the change as one minus the share', () => {
    const reading = read(
      'Teamet lägger 10 timmar i veckan på översättning, till en kostnad av 500 kr i timmen. Med tjänsten återstår bara en fjärdedel av tiden. Räkna med 40 arbetsveckor.',
      'sv',
    )
    expect(reading.grossYearly).toBeCloseTo(10 * 500 * 0.75 * 40, 0)
  })

  it('pairs a level said of today with the level the offer reaches', () => {
    const reading = read('Annual spend is $10M. Teams capture only 10% of the discounts today; our clients capture 40%. $1,000/month.')
    expect(reading.grossYearly).toBeCloseTo(10_000_000 * 0.3, 0)
    expect(reading.priceYearly).toBe(12_000)
  })

  it('reads a share of a year of an amount a year once, not per year twice', () => {
    const reading = read(
      'You are at $2M ARR with churn of 10% a year. Customers using our product cut churn by two percentage points. $500/mo.',
    )
    expect(reading.grossYearly).toBeCloseTo(2_000_000 * 0.02, 0)
  })

  it('meets kW for hours with a price per kWh', () => {
    const reading = read(
      'Your compressors draw 100 kW for 4,000 hours a year at $0.10/kWh, and leaks waste 20% of that. Our survey recovers half of the wasted air.',
    )
    expect(reading.grossYearly).toBeCloseTo(100 * 4_000 * 0.1 * 0.2 * 0.5, 0)
  })

  it('states no value where the text states none', () => {
    const reading = read('We are a consultancy with 20 years of experience. Our hourly rate is $150.')
    expect(reading.model.streams).toHaveLength(0)
  })
})
