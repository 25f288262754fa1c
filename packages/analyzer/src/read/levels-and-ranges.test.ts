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

describe('readQuantities: what a time is spent on, then what it is per', () => {
  it('reads the per-phrase after a time and the work it names', () => {
    expect(find('Planners spend 3 hours scheduling per project.', '3 hours').unit).toEqual({ hour: 1, 'n:project': -1 })
    expect(find('Revisorn lägger 4 timmar granskning per kund.', '4 timmar', 'sv').unit).toEqual({ hour: 1, 'n:customer': -1 })
    expect(find('Drivers log 40 hours overtime a month.', '40 hours').unit).toEqual({ hour: 1, month: -1 })
  })

  it('reads a time after "each one" or "var och en" as per the thing counted before', () => {
    expect(find('The depot loads 300 pallets a week, and each one typically needs 6 minutes of checks.', '6 minutes').unit).toEqual({
      hour: 1,
      pallet: -1,
    })
    expect(find('Kliniken skickar 800 remisser om året och var och en tar ungefär 20 minuter.', '20 minuter', 'sv').unit).toMatchObject({
      hour: 1,
    })
    expect(
      Object.keys(find('Kliniken skickar 800 remisser om året och var och en tar ungefär 20 minuter.', '20 minuter', 'sv').unit),
    ).toHaveLength(2)
  })

  it('reads "på varje" and "for every" as per', () => {
    expect(find('Säljarna lägger 2 timmar på varje offert.', '2 timmar', 'sv').unit).toEqual({ hour: 1, 'n:offert': -1 })
    expect(find('Clerks spend 12 minutes for every delivery note.', '12 minutes').unit).toMatchObject({ hour: 1 })
    expect(Object.keys(find('Clerks spend 12 minutes for every delivery note.', '12 minutes').unit)).toHaveLength(2)
  })

  it('ends a sentence at an amount\'s "kr." before a capital', () => {
    const [rate, share] = read('Montörtimmen kostar 540 kr. Dessutom sjunker kassationen med 2 % av materialet.', 'sv')
    expect(rate?.sentence).toBe('Montörtimmen kostar 540 kr.')
    expect(share?.sentence.trim().startsWith('Dessutom')).toBe(true)
  })
})

describe('readQuantities: modifiers joined before the noun they share', () => {
  it('counts "MRI and CT scans" as scans and "steel or alloy parts" as parts', () => {
    expect(find('The lab runs 12,000 MRI and CT scans a year.', '12,000').unit).toEqual({ 'n:scan': 1, year: -1 })
    expect(find('The line makes 900 steel or alloy parts a day.', '900').unit).toEqual({ 'n:part': 1, day: -1 })
  })
})

describe('readQuantities: the value of one unit of a change', () => {
  it('reads "varje dag kortare är värd" and "each hour saved is worth" as per that unit', () => {
    expect(find('Varje dag kortare är värd ungefär 40 kr per bil och år.', '40 kr', 'sv').unit).toEqual({
      money: 1,
      day: -1,
      year: -1,
      'n:vehicle': -1,
    })
    expect(find('Each hour saved is worth about $90 to the plant.', '$90').unit).toEqual({ money: 1, hour: -1 })
  })

  it('meets a short Swedish noun and its "-r" plural: "sko" and "skor"', () => {
    const quantities = read('Butiken säljer 4 000 skor i månaden och etiketten kostar 2 kr per sko.', 'sv')
    expect(quantities[0]?.unit).toEqual({ 'n:sko': 1, month: -1 })
    expect(quantities[1]?.unit).toEqual({ money: 1, 'n:sko': -1 })
  })
})

describe('readQuantities: a measure of more or less of something, then what it is per', () => {
  it('reads "150 kg högre skörd per hektar" and "20 litres less fuel per trip" as per that thing', () => {
    expect(find('Sorten ger 300 kg högre skörd per hektar.', '300 kg', 'sv').unit).toEqual({ kg: 1, 'n:hekt': -1 })
    expect(find('Drivers use 20 litres less fuel per trip.', '20 litres').unit).toMatchObject({ 'n:trip': -1 })
  })
})
