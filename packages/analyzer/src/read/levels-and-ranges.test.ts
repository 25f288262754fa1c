import { describe, expect, it } from 'vitest'
import { readQuantities } from './quantities.ts'

function read(text: string, language: 'en' | 'sv' = 'en') {
  return readQuantities([{ page: 1, text }], { dollar: 'USD', rand: false, swedish: language === 'sv', language })
}

function find(text: string, written: string, language: 'en' | 'sv' = 'en') {
  const quantity = read(text, language).find((candidate) => candidate.text.includes(written))
  if (quantity === undefined) throw new Error(`no quantity "${written}" in ${JSON.stringify(read(text, language).map((q) => q.text))}`)
  return quantity
}

describe('readQuantities: ranges whose low end is a bare number', () => {
  it('reads "25 to 35 hours" and "mellan 20 och 30 minuter" as ranges', () => {
    expect(find('Each survey report takes our inspectors 25 to 35 hours.', 'hours')).toMatchObject({ value: 30, low: 25, high: 35 })
    expect(find('Varje ombesiktning tar mellan 20 och 30 minuter för teknikern.', 'minuter', 'sv')).toMatchObject({
      value: 25,
      low: 20,
      high: 30,
    })
    expect(find('Revisorerna lägger 6 till 10 timmar på varje bokslut.', 'timmar', 'sv').flags.has('range')).toBe(true)
  })

  it('keeps "from 12 to 8 days" a before→after pair', () => {
    const [before, after] = read('Lead time goes from 12 to 8 days.')
    expect(before).toMatchObject({ value: 12, relation: { kind: 'from' } })
    expect(after).toMatchObject({ value: 8, relation: { kind: 'to' } })
    expect(after?.flags.has('range')).toBe(false)
  })
})

describe('readQuantities: Swedish amounts and approximate counts', () => {
  it('gives an amount after "kr." its own currency, not the "kr" of the amount before', () => {
    const quantities = read('Servicetimmen kostar er 640 kr. 2 400 kr per maskin och år för avtalet.', 'sv')
    expect(quantities.map((quantity) => [quantity.value, quantity.currency, quantity.unit.hour])).toEqual([
      [640, 'SEK', -1],
      [2400, 'SEK', undefined],
    ])
  })

  it('reads "Konsulttimmen kostar" as an amount per hour', () => {
    expect(find('Konsulttimmen kostar byrån 980 kr.', '980', 'sv').unit).toEqual({ money: 1, hour: -1 })
  })

  it('reads "ett femtiotal" and "ett hundratal" as about that many', () => {
    expect(find('Vi levererar till ett femtiotal butiker.', 'butiker', 'sv')).toMatchObject({ value: 50 })
    expect(find('Ett hundratal förare kör för er varje vecka.', 'förare', 'sv')).toMatchObject({ value: 100 })
  })
})

describe('readQuantities: a ratio stated before and after', () => {
  it('pairs "at 3.1x ROAS" with a later "returns 4x" as a before→after pair', () => {
    const quantities = read('Brands spend $25k a month on search at 3.1x ROAS. With our bidding the same spend returns 4x.')
    const levels = quantities.filter((quantity) => quantity.kind === 'multiplier')
    expect(levels.map((quantity) => [quantity.value, quantity.relation?.kind])).toEqual([
      [3.1, 'from'],
      [4, 'to'],
    ])
  })

  it('pairs a Swedish ratio and its level with the offer', () => {
    const quantities = read('Butikerna får i dag 2,5x avkastning på annonserna. Med vår styrning når de 3,5x.', 'sv')
    expect(quantities.filter((quantity) => quantity.kind === 'multiplier').map((quantity) => quantity.relation?.kind)).toEqual([
      'from',
      'to',
    ])
  })

  it('reads no ratio from "2x per week", "3x a day" or a bare "5x" with no ratio before it', () => {
    expect(read('Technicians visit 2x per week and check filters 3x a day.').some((quantity) => quantity.kind === 'multiplier')).toBe(false)
    expect(read('We grew 5x last year.').some((quantity) => quantity.kind === 'multiplier')).toBe(false)
  })
})
