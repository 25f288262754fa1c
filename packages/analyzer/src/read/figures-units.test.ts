import { describe, expect, it } from 'vitest'
import { scanPage, type Figure, type ScanOptions } from './figures.ts'

const ENGLISH: ScanOptions = { dollar: 'USD', rand: false, swedish: false }
const SWEDISH: ScanOptions = { dollar: 'USD', rand: false, swedish: true }

function money(text: string, options: ScanOptions): Figure[] {
  return scanPage(1, text, options).filter((figure) => figure.kind === 'money')
}

describe('what a price is per', () => {
  it.each([
    [
      'Our telematics program lowers cost from $0.62 to $0.47 per mile.',
      ENGLISH,
      [
        { value: 0.62, perEntity: 'mile' },
        { value: 0.47, perEntity: 'mile' },
      ],
    ],
    ['I dag kostar det er 4,10 kr per sida i egen regi.', SWEDISH, [{ value: 4.1, perEntity: 'page' }]],
    ['till en kostnad av 38,50 kr per enhet', SWEDISH, [{ value: 38.5, perEntity: 'item' }]],
    ['we charge a flat £2,500 per bid', ENGLISH, [{ value: 2_500, currency: 'GBP', perEntity: 'bid' }]],
    ['The licence is $45 per consultant per month.', ENGLISH, [{ value: 45, perEntity: 'consultant', per: 'month' }]],
  ])('reads the unit after a price: %s', (text, options, expected) => {
    expect(money(text, options)).toMatchObject(expected)
  })

  it('reads the unit named before a price ("varje påminnelse kostar", "a deal worth") and shares it with the price it is compared with', () => {
    const text = 'Med vår SMS-tjänst kostar varje påminnelse 0,35 kr i stället för de 0,95 kr ni betalar i dag.'
    expect(money(text, SWEDISH)).toMatchObject([
      { value: 0.35, perEntity: 'reminder' },
      { value: 0.95, perEntity: 'reminder' },
    ])
    expect(money('Varje påminnelse kostar 0,35 kr.', SWEDISH)).toMatchObject([{ perEntity: 'reminder' }])
    expect(money('Ett besök är värt 900 kr.', SWEDISH)).toMatchObject([{ value: 900, perEntity: 'visit', text: '900 kr' }])
    expect(money('en genomsnittlig affär är värd 45 000 kr.', SWEDISH)).toMatchObject([{ perEntity: 'deal' }])
    expect(money('One in five meetings turns into a deal worth $12,000 on average.', ENGLISH)).toMatchObject([{ perEntity: 'deal' }])
    expect(money('the average order is $64', ENGLISH)).toMatchObject([{ perEntity: 'order' }])
    expect(money('We deliver at $0.15 instead of the $0.24 per mile', ENGLISH)).toMatchObject([
      { perEntity: 'mile' },
      { perEntity: 'mile' },
    ])
  })

  it('does not make a wage a unit price: "an agent costs $40 per hour" is per hour only', () => {
    expect(money('an agent costs $40 per hour', ENGLISH)).toMatchObject([{ per: 'hour' }])
    expect(money('an agent costs $40 per hour', ENGLISH)[0]?.perEntity).toBeUndefined()
    expect(money('En handläggare kostar 620 kr i timmen.', SWEDISH)[0]?.perEntity).toBeUndefined()
    expect(money('Licensen kostar 9 900 kr i månaden.', SWEDISH)[0]?.perEntity).toBeUndefined()
  })

  it('gives "à 450 kr" and "at $110 each" the unit of the count before them, not its period', () => {
    const [visit] = money('Den tiden kan bokas med patientbesök, 2 besök i timmen à 450 kr.', SWEDISH)
    expect(visit).toMatchObject({ value: 450, perEntity: 'visit' })
    expect(visit?.per).toBeUndefined()
    const [appointment] = money('fill that time with appointments: two an hour at $110 each.', ENGLISH)
    expect(appointment).toMatchObject({ value: 110, perEntity: 'booking', text: '$110 each' })
    expect(appointment?.per).toBeUndefined()
    expect(money('ger 10 extra besök i veckan à 1 200 kr.', SWEDISH)).toMatchObject([{ value: 1_200, perEntity: 'visit' }])
    // A value per period stays one: "each worth $6,000 a year" is what a customer brings in a year.
    expect(money('600 customers, each worth $6,000 a year.', ENGLISH)).toMatchObject([{ per: 'year' }])
    expect(money('600 customers, each worth $6,000 a year.', ENGLISH)[0]?.perEntity).toBeUndefined()
    expect(money('200,000 cases a month ship with a wrong label, each costing $18', ENGLISH)).toMatchObject([
      { value: 18, perEntity: 'ticket' },
    ])
    // Already per day: "12 konferensdagar à 18 500 kr per dag" stays a day rate.
    expect(money('Vi levererar 12 konferensdagar à 18 500 kr per dag.', SWEDISH)).toMatchObject([{ per: 'day' }])
  })

  it('gives "12 minutes each" the unit of the count before it', () => {
    const text = 'Today your 4 clerks handle 2,500 invoices a month at 12 minutes each, at a loaded cost of $35 an hour.'
    expect(scanPage(1, text, ENGLISH).find((figure) => figure.kind === 'minutes')).toMatchObject({
      value: 12,
      perEntity: 'invoice',
      text: '12 minutes each',
    })
    const swedish = 'Vi tar emot 6 000 ärenden i månaden, 7 minuter styck.'
    expect(scanPage(1, swedish, SWEDISH).find((figure) => figure.kind === 'minutes')).toMatchObject({ value: 7, perEntity: 'ticket' })
  })

  it('reads the unit after what an amount buys ("$0.60 of fuel per mile", "0,60 kr i bränsle per mil")', () => {
    expect(money('A truck drives 2,000 miles per week at $0.60 of fuel per mile.', ENGLISH)).toMatchObject([
      { value: 0.6, perEntity: 'mile', text: '$0.60 of fuel per mile' },
    ])
    expect(money('$500 in fees per month', ENGLISH)).toMatchObject([{ value: 500, per: 'month' }])
    expect(money('med 0,60 kr i bränsle per mil', SWEDISH)).toMatchObject([{ value: 0.6, perEntity: 'scandinavianMile' }])
    // Without a per-phrase after them the words are not the amount's: "$40 for the tool" is $40.
    expect(money('$40 for the tool, and more', ENGLISH)).toMatchObject([{ value: 40, text: '$40' }])
    expect(money('$10 for every user per month', ENGLISH)[0]?.per).toBeUndefined()
  })

  it('reads "mil" as the Scandinavian mile in Swedish only', () => {
    expect(scanPage(1, 'En lastbil kör 800 mil i veckan.', SWEDISH)).toMatchObject([
      { kind: 'count', value: 800, entity: 'scandinavianMile', per: 'week' },
    ])
    expect(money('0,60 kr per mil', SWEDISH)).toMatchObject([{ perEntity: 'scandinavianMile' }])
    expect(scanPage(1, 'a coating of 4 mil per layer', ENGLISH)[0]?.entity).toBeUndefined()
  })

  it('reads the hour written before the amount as the period ("a consultant\'s hour costs $120")', () => {
    expect(money("a consultant's hour costs $120", ENGLISH)).toMatchObject([{ value: 120, per: 'hour' }])
    expect(money('En arbetsledares timme kostar 540 kr.', SWEDISH)).toMatchObject([{ value: 540, per: 'hour' }])
    expect(money('en säljares timme kostar 600 kr.', SWEDISH)).toMatchObject([{ value: 600, per: 'hour' }])
    expect(money('an hour of downtime costs $2,000.', ENGLISH)).toMatchObject([{ value: 2_000, per: 'hour' }])
    // Hours spent are not the price's period.
    expect(money('spends 10 hours a week on it, and the tool costs $90', ENGLISH)[0]?.per).toBeUndefined()
  })
})
