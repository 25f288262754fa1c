import { describe, expect, it } from 'vitest'
import { readText } from '../analyze.ts'

function read(text: string, language: 'en' | 'sv' = 'en') {
  return readText([{ page: 1, text }], { language, currency: language === 'sv' ? 'SEK' : 'USD' })
}

describe('compose: two levels of the same measure, today and with the offer', () => {
  it('reads a rate per period today and the same rate where the offer is in use as before→after', () => {
    const bank = read(
      'The bank has 52,000 card customers and 1.8% close their account every month. Banks that have adopted our onboarding service see 1.2% a month. A customer is worth about $900 to the bank.',
    )
    expect(bank.grossYearly).toBeCloseTo(52_000 * 0.006 * 12 * 900, 0)
    const club = read(
      'Klubben har 3 200 medlemmar och 3 % lämnar klubben varje månad. Hos våra kundklubbar ligger avhoppen på 2 % i månaden. Varje medlem som stannar är värd 1 500 kr.',
      'sv',
    )
    expect(club.grossYearly).toBeCloseTo(3_200 * 0.01 * 12 * 1_500, 0)
  })

  it('reads "1 in N" today and "1 in M" with us as before→after', () => {
    const swedish = read(
      'Ni tar emot 400 reklamationer om året. I dag leder var fjärde till en ersättning, hos oss var åttonde, och varje ersättning kostar er 2 500 kr.',
      'sv',
    )
    expect(swedish.grossYearly).toBeCloseTo(400 * (0.25 - 0.125) * 2_500, 0)
  })

  it('leaves two shares that are no rates per period apart', () => {
    const reading = read('We run 300 trucks. About 6% of loads are late. We take 15% of what we save.')
    expect(reading.model.streams.some((stream) => stream.effectWhat === 'beforeAfter')).toBe(false)
  })

  it('reads a smaller frequency said to suffice as a cost a period cut in proportion', () => {
    const english = read(
      'The lobby is staffed seven days a week for $30,000 a month. Footfall data shows that four days are enough, and the staffing bill follows the days staffed.',
    )
    expect(english.grossYearly).toBeCloseTo((30_000 * 12 * 3) / 7, 0)
    const swedish = read(
      'Kärlen töms i dag tre dagar i veckan för 18 000 kr i månaden. Med våra fyllnadsgivare visar det sig att två dagar räcker, och kostnaden följer antalet tömningsdagar.',
      'sv',
    )
    expect(swedish.grossYearly).toBeCloseTo((18_000 * 12) / 3, 0)
  })
})

describe('compose: a frequency today and a lower one with the offer', () => {
  it('reads "N times a week" and "M pickups a week with …" as one before→after on the counted stock', () => {
    const english = read(
      'Our client has 800 grease traps across its restaurants. Today each trap is pumped 4 times a month. With our level sensors, crews pump on demand: 2.5 pumpings a month. A pumping costs $90.',
    )
    expect(english.grossYearly).toBeCloseTo(800 * 1.5 * 12 * 90, 0)
    const swedish = read(
      'Kommunen har 450 återvinningskärl. I dag töms varje kärl 2 gånger i veckan. Med våra givare räcker det med 1,2 tömningar i veckan. Kostnad per tömning: 60 kr.',
      'sv',
    )
    expect(swedish.grossYearly).toBeCloseTo(450 * 0.8 * 52 * 60, 0)
  })
})

describe('compose: a share written the sentence before the amount it is of', () => {
  it('keeps the share in the chain of the base it is of', () => {
    const swedish = read(
      'Reklamationer kostar i snitt 3 % av omsättningen i branschen. Ni omsätter 80 mkr om året. Med vår kvalitetsapp minskar reklamationskostnaderna med en fjärdedel.',
      'sv',
    )
    expect(swedish.grossYearly).toBeCloseTo(80_000_000 * 0.03 * 0.25, 0)
  })
})

describe('compose: a level and its target of the things counted with it', () => {
  it('multiplies the change in level by the count the level is a share of', () => {
    const swedish = read(
      'Klubben har 900 medlemmar och medlemsavgiften är 1 200 kr per år. I dag betalar ca 12 % aldrig. Med vår app får ni ner andelen till 5 %.',
      'sv',
    )
    expect(swedish.grossYearly).toBeCloseTo(900 * 0.07 * 1_200, 0)
    const english = read(
      'The clinic sees 6,000 patients a year, and today 9% of them miss a follow-up worth $120. Our reminders bring that down to 4%.',
    )
    expect(english.grossYearly).toBeCloseTo(6_000 * 0.05 * 120, 0)
  })
})

describe('compose: an overrun in days at a rate per day', () => {
  it('chains the share that overruns, by how many days, at the rate per day', () => {
    const english = read(
      'You rent about 1,000 trailers a year and 30% of them come back late, typically by 2 days, at $60 per trailer per day. Our return reminders bring that share down to 10%.',
    )
    expect(english.grossYearly).toBeCloseTo(1_000 * 0.2 * 2 * 60, 0)
  })
})

describe('compose: a plain level today and the level with the offer, and Swedish compounds', () => {
  it('reads "i dag: 18 %" and "Med X: 8 %" as the level before and after', () => {
    const swedish = read(
      '• 40 000 pallar i omlopp\n• Förlorade pallar per år i dag: 12 %\n• Med spårning i varje lastbärare: ca 4 %\n• Ersättningskostnad per pall: 150 kr',
      'sv',
    )
    expect(swedish.grossYearly).toBeCloseTo(40_000 * 0.08 * 150, 0)
  })

  it('lets a Swedish compound meet the plural of its last part and reads "fylls" as a gain', () => {
    const swedish = read(
      'Salongen har fyra frisörer som gör 30 klippningar per frisör och vecka, 48 veckor om året. Var åttonde kund uteblir. Med vår väntelista fylls hälften av de tomma tiderna. En herrklippning kostar 450 kr.',
      'sv',
    )
    expect(swedish.grossYearly).toBeCloseTo(4 * 30 * 48 * 0.125 * 0.5 * 450, 0)
  })
})

describe('compose: a bare number said to suffice', () => {
  it('reads "sex besök per år; med X räcker tre" as a frequency before and after', () => {
    const swedish = read(
      'Bolaget har 80 pumpstationer. I dag gör entreprenören fyra tillsynsbesök per station och år à 1 900 kr; med fjärrövervakning räcker två.',
      'sv',
    )
    expect(swedish.grossYearly).toBeCloseTo(80 * 2 * 1_900, 0)
  })
})

describe('compose: a pair whose levels stand in two sentences', () => {
  it('keeps a share written beside the later level in the chain', () => {
    const english = read(
      'A retailer spends $20k a month on search ads at 3x ROAS. With our bidding the same budget returns 4x. Your margin on those sales is 30%.',
    )
    expect(english.grossYearly).toBeCloseTo(20_000 * (4 - 3) * 12 * 0.3, 0)
  })
})
