import { describe, expect, it } from 'vitest'
import { readText } from '../analyze.ts'

function read(text: string, language: 'en' | 'sv' = 'en', currency: 'USD' | 'SEK' | 'EUR' = language === 'sv' ? 'SEK' : 'USD') {
  return readText([{ page: 1, text }], { language, currency })
}

describe('compose: a price per thing times the count of that thing, named by another word', () => {
  it('takes the thing its clause prices ("one meter per block at $18 a month") to the count of it', () => {
    const english = read(
      'A property manager with 25 apartment blocks spends $90,000 a year on water leaks; our meters cut that by 30%. One meter per block at $18 a month.',
    )
    expect(english.priceYearly).toBe(18 * 25 * 12)
    const swedish = read(
      'Rederiet har 16 fartyg och lägger 3 miljoner kr om året på bränsle. Vår styrning sänker förbrukningen med 8 %. En sensor per fartyg, 900 kr i månaden för varje fartyg.',
      'sv',
    )
    expect(swedish.priceYearly).toBe(900 * 16 * 12)
  })

  it('matches the head noun of a per-phrase ("per project site") with the count of sites', () => {
    const english = read(
      'A facilities contractor spends $400,000 a year on call-outs and our monitoring avoids a quarter of them. $450 per client site per month; they look after 9 sites.',
    )
    expect(english.priceYearly).toBe(450 * 9 * 12)
  })

  it('reads a generic unit ("per enhet", "per unit") as the one thing the text counts, never its staff', () => {
    const swedish = read(
      'Verkstaden har 35 mekaniker och 12 lyftar. Stillestånd kostar 80 000 kr i månaden och vår planering minskar det med 25 %. Pris: 199 kr per enhet och månad.',
      'sv',
    )
    expect(swedish.priceYearly).toBe(199 * 12 * 12)
    const english = read(
      'A dairy runs 18 delivery vans and loses $2,500 a month to wrong turns. Our routing cuts that by 40%. Pricing: $25 per unit per month.',
    )
    expect(english.priceYearly).toBe(25 * 18 * 12)
  })

  it('leaves a price per a thing the text does not count unmultiplied rather than using a headcount', () => {
    const reading = read(
      'A logistics firm with 400 staff spends $60,000 a month on pallets; our tracking cuts losses by 25%. $12 per tag per month.',
    )
    expect(reading.priceYearly).toBe(12 * 12)
    const flat = read(
      'A school district with 20 planners wastes 300 hours a month on timetables at $40 an hour. Our planner cuts that by half. Our platform is $900 a month for all planners.',
    )
    expect(flat.priceYearly).toBe(900 * 12)
  })

  it('reads the amount a period after a one-off fee as the recurring price', () => {
    const english = read(
      'A law firm of 30 lawyers spends $8,000 a month on courier fees; our e-signing removes 70% of them. Onboarding fee $5,000, then $1,200 a month.',
    )
    expect(english.oneOff).toBe(5_000)
    expect(english.priceYearly).toBe(1_200 * 12)
    const swedish = read(
      'En tandvårdskedja med 9 kliniker förlorar 1,2 miljoner kr om året på uteblivna besök. Våra påminnelser minskar uteblivna besök med 35 %. Uppstartsavgift 40 000 kr, därefter 6 000 kr i månaden.',
      'sv',
    )
    expect(swedish.oneOff).toBe(40_000)
    expect(swedish.priceYearly).toBe(6_000 * 12)
  })

  it('counts the uses a price per use is of as a frequency times the things it happens to', () => {
    const english = read(
      'The hospital has 9,000 garments worth $30 each and loses 12% of them every year. Our tags halve the losses. Tags cost $0.60 per garment (one-off), then we charge 2 cents per wash; garments are washed once a week.',
    )
    expect(english.oneOff).toBeCloseTo(0.6 * 9_000, 6)
    expect(english.priceYearly).toBeCloseTo(0.02 * 9_000 * 52, 6)
    const swedish = read(
      'Åkeriet har 120 bilar och lägger 900 000 kr om året på rost. Vår tvätt minskar rostskadorna med 30 %. Vi tar 40 kr per tvätt och bilarna tvättas två gånger i månaden.',
      'sv',
    )
    expect(swedish.priceYearly).toBe(40 * 2 * 120 * 12)
  })

  it('multiplies a one-off price per thing by its count when the plural is written apart ("per ko" … "240 kor")', () => {
    const reading = read(
      'Gården har 240 kor och förlorar 300 000 kr om året på missade brunster; våra halsband halverar det. Halsbanden kostar 900 kr per ko, engångskostnad.',
      'sv',
    )
    expect(reading.oneOff).toBe(900 * 240)
  })

  it('pays once an amount its clause calls one-off even when a period was read beside it', () => {
    const reading = read(
      'Vårdcentralen har 80 sjuksköterskor som lägger 2 timmar i veckan var på dokumentation till 420 kr i timmen; vår taligenkänning halverar den tiden. Engångsavgift 2 000 kr per sjuksköterska och därefter 300 kr per användare och månad.',
      'sv',
    )
    expect(reading.oneOff).toBe(2_000 * 80)
    expect(reading.priceYearly).toBe(300 * 80 * 12)
  })

  it('reads a closing line of nothing but an amount per thing as a price per use of the counted volume', () => {
    const english = read(
      'An imaging center does 40,000 scans a year. Staff spend 20 minutes per scan on paperwork at $30 an hour, and our forms halve that time. $2 per scan.',
    )
    expect(english.grossYearly).toBeCloseTo(40_000 * (20 / 60) * 30 * 0.5, 0)
    expect(english.priceYearly).toBe(2 * 40_000)
    const swedish = read(
      'Labbet analyserar 52 000 prover om året. Vår kontroll sparar 3 minuter per prov till 600 kr i timmen. 6 kr per prov.',
      'sv',
    )
    expect(swedish.priceYearly).toBe(6 * 52_000)
  })

  it('pays a price per period for the calendar year, not for a length of time the text states', () => {
    const english = read(
      'A streaming service has 50,000 subscribers paying $12 a month and loses 4% of them every month. Our win-back emails cut that churn by a quarter, and a saved subscriber stays on average eight more months. $0.05 per subscriber per month.',
    )
    expect(english.priceYearly).toBeCloseTo(0.05 * 50_000 * 12, 6)
  })
})
