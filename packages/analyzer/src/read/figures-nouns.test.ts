import { describe, expect, it } from 'vitest'
import { scanPage, type Figure, type ScanOptions } from './figures.ts'

const ENGLISH: ScanOptions = { dollar: 'USD', rand: false, swedish: false }
const SWEDISH: ScanOptions = { dollar: 'USD', rand: false, swedish: true }

function counts(text: string, options: ScanOptions): Figure[] {
  return scanPage(1, text, options).filter((figure) => figure.kind === 'count')
}

describe('counts with their noun', () => {
  it.each([
    ['Each of your 6 lawyers spends 10 hours a week on it.', '6 lawyers', 6, 'lawyer'],
    ['Today your 4 clerks handle 2,500 invoices a month.', '4 clerks', 4, 'clerk'],
    ["Your clinic's 8 physicians could fill that time.", '8 physicians', 8, 'physician'],
    ['You submit about 40 bids a year.', '40 bids a year', 40, 'bid'],
    ['A municipality with 15,000 households loses money.', '15,000 households', 15_000, 'household'],
    ['Your store has 120,000 visitors a month.', '120,000 visitors a month', 120_000, 'visitor'],
    ['A restaurant taking 3,000 online orders a month.', '3,000 online orders a month', 3_000, 'order'],
    ['A typical 80-bed facility pays overtime.', '80-bed', 80, 'bed'],
    ['A 120-room hotel spends on electricity.', '120-room', 120, 'room'],
    ['Your 25 trucks drive far.', '25 trucks', 25, 'vehicle'],
    ['We deliver 12 conference days.', '12 conference days', 12, 'day'],
    ['Our 30 nurses and 5 receptionists.', '30 nurses', 30, 'nurse'],
    ['Your 6 analysts compile reports.', '6 analysts', 6, 'analyst'],
    ['Your 3 controllers close the books.', '3 controllers', 3, 'accountant'],
    ['Your 20 customer service representatives answer calls.', '20 customer service representatives', 20, 'agent'],
  ])('%s', (text, words, value, entity) => {
    expect(counts(text, ENGLISH)).toContainEqual(expect.objectContaining({ text: words, value, entity }))
  })

  it.each([
    ['Vårt verktyg halverar tiden som era 8 arbetsledare lägger.', '8 arbetsledare', 8, 'supervisor'],
    ['Era 15 säljare lägger 4 timmar i veckan.', '15 säljare', 15, 'salesperson'],
    ['Ert team på 6 analytiker lägger 8 timmar i veckan.', '6 analytiker', 6, 'analyst'],
    ['Era 5 projektledare lägger 3 timmar i veckan.', '5 projektledare', 5, 'manager'],
    ['Våra 4 redovisningsekonomer stänger böckerna.', '4 redovisningsekonomer', 4, 'accountant'],
    ['för var och en av mottagningens 6 fysioterapeuter.', '6 fysioterapeuter', 6, 'physiotherapist'],
    ['Ni har 2 000 företagskunder som betalar.', '2 000 företagskunder', 2_000, 'customer'],
    ['en tandvårdsklinik med 35 bokade besök per dag.', '35 bokade besök per dag', 35, 'visit'],
    ['Fabriken tillverkar 250 000 enheter per år.', '250 000 enheter per år', 250_000, 'item'],
    ['vilket ger 10 extra besök i veckan.', '10 extra besök i veckan', 10, 'visit'],
    ['Vi levererar 12 konferensdagar à 18 500 kr per dag.', '12 konferensdagar', 12, 'day'],
    ['En fastighet med 60 lägenheter betalar.', '60 lägenheter', 60, 'apartment'],
    ['Kommunen hanterar 1 200 bygglovsärenden per år.', '1 200 bygglovsärenden per år', 1_200, 'ticket'],
    ['Ni skickar 40 000 SMS-påminnelser i månaden.', '40 000 SMS-påminnelser i månaden', 40_000, 'reminder'],
    ['Ni har 12 lastbilsförare.', '12 lastbilsförare', 12, 'driver'],
  ])('%s', (text, words, value, entity) => {
    expect(counts(text, SWEDISH)).toContainEqual(expect.objectContaining({ text: words, value, entity }))
  })

  it('reads a count per quarter, "300 kvalificerade säljmöten per kvartal"', () => {
    expect(counts('Teamet har 300 kvalificerade säljmöten per kvartal.', SWEDISH)).toMatchObject([
      { text: '300 kvalificerade säljmöten per kvartal', value: 300, entity: 'meeting', per: 'quarter' },
    ])
    expect(counts('We run 40 workshops a quarter.', ENGLISH)).toMatchObject([{ value: 40, per: 'quarter' }])
  })

  it('reads the count per period of "2 besök i timmen" and "two an hour"', () => {
    expect(counts('2 besök i timmen à 450 kr', SWEDISH)).toMatchObject([{ value: 2, entity: 'visit', per: 'hour' }])
    expect(counts('fill it with appointments: two an hour at $110 each', ENGLISH)).toMatchObject([
      { value: 2, entity: 'booking', per: 'hour', flags: ['wordNumber'] },
    ])
  })

  it('reads a compound by its last part only in Swedish, and not where the ending is another word', () => {
    expect(counts('2 000 företagskunder', ENGLISH)[0]?.entity).toBeUndefined()
    expect(counts('10 sekunder', SWEDISH)).toEqual([])
    expect(counts('20 arbetsplatser', SWEDISH)[0]?.entity).toBeUndefined()
    expect(counts('3 utförare', SWEDISH)[0]?.entity).toBeUndefined()
  })

  it('keeps "10 business days" a duration question, not a count of business', () => {
    expect(counts('within 10 business days', ENGLISH)).toEqual([])
    expect(scanPage(1, 'a 36-month term', ENGLISH)).toMatchObject([{ kind: 'duration', value: 36, duration: 'month', text: '36-month' }])
  })
})
