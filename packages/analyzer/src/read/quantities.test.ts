import { describe, expect, it } from 'vitest'
import { readQuantities } from './quantities.ts'

function read(text: string, language: 'en' | 'sv' = 'en') {
  return readQuantities([{ page: 1, text }], { dollar: 'USD', rand: false, swedish: language === 'sv', language })
}

function unitOf(text: string, written: string, language: 'en' | 'sv' = 'en') {
  const quantity = read(text, language).find((candidate) => candidate.text.startsWith(written))
  if (quantity === undefined) throw new Error(`no quantity "${written}" in ${JSON.stringify(read(text, language).map((q) => q.text))}`)
  return quantity.unit
}

describe('readQuantities: what a figure is per', () => {
  it('reads per-phrases after money and counts', () => {
    expect(unitOf('The app is $12 per user per month.', '$12')).toEqual({ money: 1, person: -1, month: -1 })
    expect(unitOf('We handle 14 000 ärenden per år.', '14 000', 'sv')).toEqual({ 'n:ticket': 1, year: -1 })
  })

  it('reads a compound after "per" by its last word, but not a word that ends no noun', () => {
    expect(unitOf('€1,850 per dock door per year (8 doors).', '€1,850')).toEqual({ money: 1, 'n:door': -1, year: -1 })
    expect(unitOf('$40 per seat upfront.', '$40')).toMatchObject({ money: 1, person: -1 })
    expect(unitOf('$40 per seat upfront.', '$40')['n:upfront']).toBeUndefined()
  })

  it('reads the level a figure drops to, its unit unwritten, as the level after', () => {
    const [before, after] = read('Trucks wait 75 minutes at your docks; with slot booking that drops to 20.')
    expect(before).toMatchObject({ value: 75, relation: { kind: 'from' } })
    expect(after).toMatchObject({ value: 20, unit: { hour: 1 } })
  })

  it('counts events a period from a chance of one a period', () => {
    expect(unitOf('You face roughly a 1-in-25 chance of a breach each year.', '1-in-25')).toEqual({ 'n:event': 1, year: -1 })
  })

  it('reads shifts as a working day\'s, "var" closing a phrase as each, and timber in m³fub', () => {
    expect(unitOf('ni har tolv CNC-maskiner som går två skift à 8 timmar.', 'två skift', 'sv')).toEqual({ 'n:skift': 1, day: -1 })
    expect(unitOf('Era 28 lastbilar går 11 000 mil per år var, och mer.', '11 000', 'sv')).toEqual({ km: 1, year: -1, 'n:vehicle': -1 })
    expect(unitOf('ni tar in cirka 320 000 m³fub timmer per år.', '320 000', 'sv')).toEqual({ m3: 1, year: -1 })
  })

  it('pairs a level with the one after a semicolon, and keeps a period the words before name', () => {
    const text =
      'Ni anställer 70 nya agenter om året och i dag tar det sex veckor innan en agent klarar sig själv; med vår träning tar det fyra. Varje inlärningsvecka kostar er 1 100 USD per agent. Pris: 180 USD per ny agent.'
    const [, before, after] = read(text, 'sv')
    expect(before).toMatchObject({ value: 6, relation: { kind: 'from' } })
    expect(after).toMatchObject({ value: 4, unit: { week: 1 } })
    expect(unitOf(text, '1 100', 'sv')).toEqual({ money: 1, person: -1, week: -1 })
    expect(unitOf(text, '180', 'sv')).toEqual({ money: 1, person: -1 })
  })

  it('reads time a team of people spends as each person\'s, and an amount "to process each return" per return', () => {
    expect(unitOf('A 6-person finance team spending 12 working days every month closing the books.', '12', 'en')).toMatchObject({
      person: -1,
    })
    expect(unitOf('14 site managers working about 220 days a year.', '220')).toEqual({ day: 1, year: -1 })
    // What an office loses is the office's: "an office of 60 people loses about 480 sick days a year".
    expect(unitOf('An office of 60 people loses about 480 sick days a year.', '480')).toEqual({ day: 1, year: -1 })
    expect(unitOf('A store pays about $14 to process each return.', '$14')).toEqual({ money: 1, 'n:return': -1 })
  })

  it('reads "varje klinik ca 38" per the clinic the text counts, and "ferries each burn" per ferry', () => {
    expect(unitOf('En kedja med 11 kliniker. Varje klinik hade ca 38 uteblivna besök i månaden.', '38', 'sv')).toMatchObject({
      'n:klinik': -1,
    })
    expect(unitOf('Your 4 ferries each burn around 900,000 litres a year.', '900,000')).toMatchObject({ 'n:vessel': -1 })
  })

  it('reads "en timme för en medarbetare kostar er 520 kr" per hour, and a period word before a comma as no part of it', () => {
    expect(unitOf('Resan tar en och en halv timme, och en timme för en medarbetare kostar er 520 kr.', '520', 'sv')).toEqual({
      money: 1,
      hour: -1,
    })
    expect(unitOf('At 140 trucks a day, 50 weeks a year, every waiting hour costs you €55.', '€55')).toEqual({ money: 1, hour: -1 })
  })

  it('keeps a period written right after another figure with that figure', () => {
    // The year belongs to the cases; the minutes are per case.
    const unit = unitOf('Vi har 14 000 ärenden per år à 40 minuter.', '40 minuter', 'sv')
    expect(unit.year).toBeUndefined()
    expect(unit.hour).toBe(1)
  })

  it('prices each of a number of hours per hour, not per the thing counted before', () => {
    expect(unitOf('Vi har 1 450 licenser. Jobbet tar 38 timmar à 1 150 kr.', '1 150', 'sv')).toEqual({ money: 1, hour: -1 })
  })

  it('never runs a per-phrase into the next line', () => {
    expect(unitOf('Fleet: 150 vehicles\nAccidents: 0.4 per vehicle per year', '150 vehicles')).toEqual({ 'n:vehicle': 1 })
  })

  it('reads "8-hour days" as hours a day and day counts with their clause period', () => {
    const text = 'The team spends 12 working days every month closing the books, 8-hour days.'
    expect(unitOf(text, '8-hour')).toEqual({ hour: 1, day: -1 })
    expect(unitOf(text, '12 working')).toEqual({ day: 1, month: -1 })
  })

  it('takes a period named by a label before a count', () => {
    expect(unitOf('Annual volume: 1.6 million order lines.', '1.6 million').year).toBe(-1)
  })

  it('reads an interest rate as a share a year', () => {
    expect(unitOf('Er kalkylränta: 6 %', '6 %', 'sv')).toEqual({ year: -1 })
  })

  it('prices the thing named with "each … costing" and "en … kostar er"', () => {
    expect(unitOf('Scrap is 2.4%, each scrapped part costing $3.80.', '$3.80')).toEqual({ money: 1, 'n:part': -1 })
    expect(unitOf('En sjukdag kostar er ca 2 900 kr.', '2 900', 'sv')).toEqual({ money: 1, day: -1 })
  })

  it('reads cents and pounds as money', () => {
    const cents = read('Subscription: 8 cents per sq ft per month.').find((quantity) => quantity.kind === 'money')
    expect(cents?.value).toBeCloseTo(0.08)
    expect(cents?.unit).toEqual({ money: 1, sqft: -1, month: -1 })
    expect(read('till en kostnad av 42 pund i timmen', 'sv').find((quantity) => quantity.kind === 'money')?.currency).toBe('GBP')
  })

  it('reads "1-in-25" as a share and leaves "en kostnad av 42" an amount', () => {
    expect(read('You face roughly a 1-in-25 chance each year.').find((quantity) => quantity.kind === 'percent')?.value).toBe(4)
    expect(read('till en kostnad av 42 pund i timmen', 'sv').some((quantity) => quantity.kind === 'percent')).toBe(false)
  })

  it('lets a Swedish compound meet its last part', () => {
    const quantities = read('Teknikerna gör 120 utlandsresor om året, och en resa kostar 2 400 kr.', 'sv')
    const trips = quantities.find((quantity) => quantity.value === 120)
    const cost = quantities.find((quantity) => quantity.value === 2400)
    const [tripAtom] = Object.keys(trips?.unit ?? {}).filter((atom) => atom.startsWith('n:'))
    expect(tripAtom).toBeDefined()
    expect(cost?.unit[tripAtom ?? '']).toBe(-1)
  })
})

describe('readQuantities: multipliers, power, labels and the head of a noun phrase', () => {
  it('reads a multiplier word between a bare number and its unit', () => {
    expect(read('The quarry ships about 2.4 million tonnes of gravel a year.')[0]).toMatchObject({ value: 2_400_000 })
    expect(unitOf('Anläggningen renar 3,5 miljoner m³ vatten per år.', '3,5', 'sv')).toEqual({ m3: 1, year: -1 })
  })

  it('reads kW and MW as power that meets an energy price per kWh', () => {
    expect(unitOf('Each chiller draws 45 kW.', '45')).toMatchObject({ 'n:kw': 1 })
    expect(read('Kompressorerna drar 1,2 MW.', 'sv')[0]).toMatchObject({ value: 1.2, scale: 1000, unit: { 'n:kw': 1 } })
  })

  it('takes the per-word of a label the amount closes on its line', () => {
    expect(unitOf('Cost per callout (van, technician), from last year: $140.', '$140')).toEqual({ money: 1, 'n:callout': -1 })
    expect(unitOf('Kostnad per utryckning enligt era siffror: 2 300 kr', '2 300', 'sv')).toEqual({ money: 1, 'n:utryckning': -1 })
  })

  it('counts the plural that heads the noun phrase after its modifiers', () => {
    expect(unitOf('The hospital runs 340 bedside infusion pumps.', '340')).toEqual({ 'n:pump': 1 })
    expect(unitOf('We inspect 75 underground storm-water tanks every spring.', '75')).toMatchObject({ 'n:tank': 1 })
  })
})

describe('readQuantities: what an amount is per, from the words around it', () => {
  it('reads "N kr styck" after a count of a thing no entity names as per that thing', () => {
    expect(
      unitOf(
        'I fjol hade ni fyra driftstopp i kylkedjan, och enligt er driftchef kostade de 85 000 kr styck i kasserade varor.',
        '85 000',
        'sv',
      ),
    ).toEqual({ money: 1, 'n:driftstopp': -1 })
  })

  it('reads a per-phrase after "of" and a few words, and "each X worth"', () => {
    expect(unitOf('A missed slot is $95 of lost billing per idle bay.', '$95')).toEqual({ money: 1, 'n:bay': -1 })
    expect(unitOf('Each repeat order worth about $640 in margin.', '$640')).toEqual({ money: 1, 'n:order': -1 })
  })

  it('keeps the period named right before "costs" over one earlier in the sentence', () => {
    expect(unitOf('The kiln is down 6 hours a week and each hour costs you about $3,000 in scrap.', '$3,000')).toEqual({
      money: 1,
      hour: -1,
    })
  })
})

describe('readQuantities: phone words and adverbs that lead the next phrase', () => {
  it('reads a price after "phone lines" and still skips a phone number', () => {
    expect(read('The office keeps 240 phone lines at $19 per line per month.').map((quantity) => quantity.text)).toContain('$19')
    expect(read('Questions? Phone: 555 0199.')).toHaveLength(0)
  })

  it('leaves an adverb after a comma to the phrase it leads', () => {
    expect(unitOf('The utility has 40,000 customers, monthly arrears 3%.', '40,000')).toEqual({ 'n:customer': 1 })
  })
})

describe('readQuantities: seasons', () => {
  it('reads "per season", "per vinter" as per year', () => {
    expect(unitOf('Ni hyr in ca 3 000 maskintimmar per vinter av åkerier.', '3 000', 'sv')).toEqual({ hour: 1, year: -1 })
    expect(unitOf('The league pays $18,000 per season for pitch marking.', '$18,000')).toEqual({ money: 1, year: -1 })
  })
})

describe('readQuantities: an amount after "each" and its noun, whatever the verb', () => {
  it('reads "each store writes off $38,000 a year" per store', () => {
    expect(unitOf('For your 14 depots: each depot writes off about $12,000 of damaged stock a year.', '$12,000')).toEqual({
      money: 1,
      year: -1,
      'n:depot': -1,
    })
    expect(unitOf('Varje butik kasserar ungefär 90 000 kr i varor per år.', '90 000', 'sv')).toEqual({ money: 1, year: -1, 'n:butik': -1 })
  })
})

describe('readQuantities: Swedish number words and nouns with non-ASCII letters', () => {
  it('reads "åtta", "åttio" and "sjuttiotvå" as numbers and "timmars" as hours', () => {
    expect(read('Kunden stannar i ytterligare åtta månader.', 'sv')[0]).toMatchObject({ value: 8, unit: { month: 1 } })
    expect(read('Vi har sjuttiotvå maskiner.', 'sv')[0]).toMatchObject({ value: 72 })
    expect(unitOf('Varje uppdrag har i dag 2 timmars restid.', '2 timmars', 'sv')).toMatchObject({ hour: 1 })
  })

  it('reads "varje X som … betalar i snitt N kr" per X', () => {
    expect(unitOf('Varje kund som förnyar betalar i snitt 1 200 kr per år.', '1 200', 'sv')).toEqual({
      money: 1,
      year: -1,
      'n:customer': -1,
    })
  })
})

describe('readQuantities: Swedish adjectives in -bar and rates "på"', () => {
  it('skips an adjective in -bara to the noun it qualifies', () => {
    expect(unitOf('Varje konsult har ungefär 1 100 debiterbara timmar om året.', '1 100', 'sv')).toEqual({ hour: 1, year: -1, person: -1 })
  })
})

describe('readQuantities: an amount "those X average" refers back to', () => {
  it('reads "those repairs average $540" per repair', () => {
    expect(unitOf('About 2% of returned pallets are damaged, and those claims average $310 each time.', '$310')).toMatchObject({
      money: 1,
      'n:claim': -1,
    })
    expect(unitOf('Du nämnde att de servrarna kostar er 9 000 euro i månaden.', '9 000', 'sv')).toEqual({ money: 1, month: -1 })
    expect(unitOf('Var tionde leverans blir försenad och de förseningarna kostar i snitt 900 kr.', '900', 'sv')).toEqual({
      money: 1,
      'n:försening': -1,
    })
  })
})
