import { describe, expect, it } from 'vitest'
import { readQuantities } from '../read/quantities.ts'
import { assignRoles } from './roles.ts'

function roles(text: string, language: 'en' | 'sv' = 'en') {
  const quantities = readQuantities([{ page: 1, text }], { dollar: 'USD', rand: false, swedish: language === 'sv', language })
  return assignRoles(quantities, text).map(({ quantity, role }) => ({ text: quantity.text, role }))
}

function roleOf(text: string, written: string, language: 'en' | 'sv' = 'en') {
  const found = roles(text, language).find((entry) => entry.text.startsWith(written))
  if (found === undefined) throw new Error(`no "${written}" in ${JSON.stringify(roles(text, language))}`)
  return found.role
}

describe('assignRoles', () => {
  it("tells the offer's price from what the customer pays today", () => {
    const text = 'Kedjan betalar för 540 licenser i kassasystemet, 35 USD per licens och månad. Vi tar 4 900 kr i månaden.'
    expect(roleOf(text, '35 USD', 'sv').role).toBe('baseline')
    expect(roleOf(text, '4 900', 'sv')).toEqual({ role: 'price', what: 'recurring' })
  })

  it('reads a labelled line with one amount a period as the price', () => {
    expect(roleOf('Sensorer och plattform: 8 900 kr/mån.', '8 900', 'sv').role).toBe('price')
    expect(roleOf('Kostnad 350 kr per hyresgäst och månad.', '350', 'sv').role).toBe('price')
  })

  it('keeps what the customer risks or loses out of the price, in a labelled line too', () => {
    expect(roleOf('Total annual compliance risk: $2M–$10M/season.', '$2M').role).toBe('baseline')
    expect(roleOf('Regulatory breach: £10K–£100K per violation.', '£10K').role).toBe('baseline')
    expect(roleOf('Förlust per år: 400 000 kr/år.', '400 000', 'sv').role).toBe('baseline')
    expect(roleOf('Plattform: 8 900 kr/mån.', '8 900', 'sv').role).toBe('price')
  })

  it('reads an amount called one-off right after it as a one-off price', () => {
    expect(roleOf('Skanner, montage och driftsättning: 240 000 EUR, engångskostnad.', '240 000', 'sv')).toEqual({
      role: 'price',
      what: 'oneOff',
    })
    expect(roleOf('€1,850 per dock door per year plus €7,500 setup.', '€7,500')).toEqual({ role: 'price', what: 'oneOff' })
  })

  it('reads "(engång)" after a price per thing as one-off', () => {
    expect(roleOf('Chippen kostar 6 kr per plagg (engång) och därefter tar vi 12 öre per tvätt.', '6 kr', 'sv')).toEqual({
      role: 'price',
      what: 'oneOff',
    })
  })

  it('takes a share said again after "alltså" or "i.e." as the change it restates', () => {
    const text = 'Vår optimering höjer utbytet med 1,5 procentenheter, alltså blir 1,5 % av timret sågade varor.'
    expect(roleOf(text, '1,5 procentenheter', 'sv').role).toBe('effect')
    expect(roleOf(text, '1,5 %', 'sv').role).toBe('context')
  })

  it('reads a closing sentence that is nothing but an amount per thing as the price per use', () => {
    expect(roleOf('Our size advice cuts returns by a fifth. $0.10 per order.', '$0.10')).toEqual({ role: 'price', what: 'perUse' })
  })

  it('keeps what a person costs the customer out of the price', () => {
    const text = 'Your in-house team is 22 FTE at about $41,000 each and we would do it all for a flat $890,000 a year.'
    expect(roleOf(text, '$41,000').role).toBe('baseline')
    expect(roleOf(text, '$890,000').role).toBe('price')
  })

  it('reads the share still needed after the change', () => {
    expect(roleOf('Med tjänsten återstår bara granskningen, ungefär en femtedel av tiden.', 'en femtedel', 'sv')).toEqual({
      role: 'effect',
      what: 'remaining',
    })
  })

  it('reads a share of cases the offer can take over, and a share the sentence says can go', () => {
    expect(roleOf('Med AR-glasögon kan personalen guidas på distans i 45 % av fallen.', '45 %', 'sv')).toEqual({
      role: 'effect',
      what: 'reduction',
    })
    expect(roleOf('Var sjätte licens har inte använts, så de kan sägas upp direkt.', 'Var sjätte', 'sv')).toEqual({
      role: 'effect',
      what: 'reduction',
    })
  })

  it('does not take a noun that starts like a verb for a change ("boosters")', () => {
    expect(roleOf('A group has 38% of patients overdue for boosters.', '38%').role).toBe('baseline')
  })

  it('reads the upper end of a range after "to" as part of the range, not a target', () => {
    expect(roleOf('Our controls cut consumption by 18 to 24 percent.', '24 percent')).toEqual({ role: 'effect', what: 'reduction' })
  })

  it('reads counts saved outright as the saving itself', () => {
    expect(roleOf('Our battery shaves 180 kW off the monthly peak.', '180 kW')).toEqual({ role: 'effect', what: 'direct' })
  })
})

describe('assignRoles: the offer by its brand, falls, and a replacement cost', () => {
  it('reads an amount a brand-named offer costs as the price', () => {
    expect(roleOf('Notes from the site visit – TrackWell. A site visit costs $400. TrackWell costs $900 a month.', '$900').role).toBe(
      'price',
    )
    expect(roleOf('Notes from the site visit – TrackWell. A site visit costs $400. TrackWell costs $900 a month.', '$400').role).toBe(
      'baseline',
    )
    expect(roleOf('Möte om LagerKoll. LagerKoll kostar 2 500 kr i månaden.', '2 500', 'sv').role).toBe('price')
  })

  it('reads "fell by" as a reduction', () => {
    expect(roleOf('With our routing, fuel use per delivery fell by 14%.', '14%')).toEqual({ role: 'effect', what: 'reduction' })
  })

  it('keeps a replacement cost a cost, not a replaced one', () => {
    expect(roleOf('Replacement cost per scanner: $240.', '$240').role).toBe('baseline')
    expect(roleOf('Ersättningskostnad per skylt: 900 kr.', '900', 'sv').role).toBe('baseline')
  })
})

describe('assignRoles: levels before targets, shares we take, costs that can go', () => {
  it("reads the customer's level before a target as the level, whatever its verb", () => {
    const text = 'Your gyms sign up 2,000 trial users a year and about 20% of them convert. Our onboarding app gets that up to 26%.'
    expect(roleOf(text, '20%')).toEqual({ role: 'baseline', what: 'share' })
    expect(roleOf(text, '26%')).toEqual({ role: 'effect', what: 'target' })
  })

  it('reads what the customer is carrying as theirs', () => {
    expect(roleOf("You're carrying 600 phone lines at $22 per line per month.", '$22').role).toBe('baseline')
  })

  it('reads a rise as an uplift and a cost the customer can drop as one the offer removes', () => {
    expect(roleOf('Stores on our planogram tool see basket size rise by 4%.', '4%')).toEqual({ role: 'effect', what: 'uplift' })
    expect(roleOf('With our scheduling you can cancel the weekend agency contract, $2,400 a month.', '$2,400')).toEqual({
      role: 'effect',
      what: 'replace',
    })
  })
})

describe('assignRoles: Swedish offer nouns in the definite form, and a wage cost', () => {
  it('reads "appen kostar", "systemet kostar" as the price and a "lönekostnad" as the customer\'s', () => {
    expect(roleOf('Utbildning ingår, och appen kostar 89 kr per fordon och månad.', '89', 'sv').role).toBe('price')
    expect(roleOf('Systemet kostar 450 000 kr i engångsinvestering.', '450 000', 'sv').role).toBe('price')
    expect(roleOf('Två lagerarbetare kan flyttas, lönekostnad ca 480 000 kr per person och år.', '480 000', 'sv').role).toBe('baseline')
  })
})

describe('assignRoles: the seller\'s team, what "it" costs, and amounts under a price heading', () => {
  it("keeps the seller's own headcount out of the customer's figures", () => {
    expect(roleOf("We're 35 people in Leeds and Oslo. Your 400 drivers log 2 hours a day.", '35 people').role).toBe('context')
    expect(roleOf('Vi är 12 personer på kontoret i Umeå.', '12', 'sv').role).toBe('context')
    expect(roleOf('Vi har 610 anställda och köper 21 000 vikarietimmar.', '610', 'sv').role).toBe('baseline')
  })

  it('reads a sentence that opens on what "it" costs as the price', () => {
    expect(roleOf('It costs $9,600 a year for every site and user.', '$9,600').role).toBe('price')
    expect(roleOf('Det kostar 2 900 kr i månaden, allt ingår.', '2 900', 'sv').role).toBe('price')
  })

  it('reads an amount listed under a price heading as the price', () => {
    const text = 'Your situation\n• Waste: 14 tonnes a month\n\nInvestment\n• €650 per month, all-inclusive\n• 24-month agreement'
    expect(roleOf(text, '€650').role).toBe('price')
    expect(roleOf('3. Benefit\nFewer claims.\n\n4. Fees\nEUR 1,900 per month, all sites included.', 'EUR 1,900').role).toBe('price')
    const swedish = 'Nuläge\n• Ni betalar 12 000 kr i månaden för städning\n\nVad det kostar\n• 3 400 kr per månad'
    expect(roleOf(swedish, '3 400', 'sv').role).toBe('price')
    expect(roleOf(swedish, '12 000', 'sv').role).toBe('baseline')
  })
})

describe('assignRoles: included one-offs, question headings, a level before its change', () => {
  it('keeps a price recurring when its installation is included', () => {
    expect(roleOf('Priset är 9 kr per plats och dygn, installation ingår.', '9 kr', 'sv')).toEqual({ role: 'price', what: 'recurring' })
  })

  it('reads the line under "What does it cost?" as the price, and "we cost" too', () => {
    const text = 'What do you save?\nYou pay $3,000 a month for couriers.\n\nWhat does it cost?\nA platform fee of $900 a month.'
    expect(roleOf(text, '$900').role).toBe('price')
    expect(roleOf(text, '$3,000').role).toBe('baseline')
    expect(roleOf('Vi kostar 1 900 kr per klinik och månad.', '1 900', 'sv').role).toBe('price')
  })

  it('reads a share named as a level before the change "by" an amount in its sentence as the level', () => {
    const text = 'With your 5,000 tenants and a yearly turnover of 18% we usually cut move-outs by a third.'
    expect(roleOf(text, '18%')).toEqual({ role: 'baseline', what: 'share' })
  })
})

describe('assignRoles: an exchange rate "på" its value', () => {
  it('reads "1 DKK på ungefär 1,47 kr" as an exchange rate', () => {
    expect(roleOf('Licensen kostar 95 DKK i månaden, vilket med 1 DKK på ungefär 1,47 kr blir lite.', '1,47', 'sv').role).toBe('context')
  })
})
