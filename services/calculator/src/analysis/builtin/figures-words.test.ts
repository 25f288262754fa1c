import { describe, expect, it } from 'vitest'
import { scanPage, type Figure, type ScanOptions } from './figures.ts'

const ENGLISH: ScanOptions = { dollar: 'USD', rand: false, swedish: false }
const SWEDISH: ScanOptions = { dollar: 'USD', rand: false, swedish: true }

function scan(text: string, options: ScanOptions = ENGLISH): Figure[] {
  return scanPage(1, text, options)
}

function fractions(text: string, options: ScanOptions = ENGLISH): Figure[] {
  return scan(text, options).filter((figure) => figure.flags.includes('wordFraction'))
}

describe('shares and changes written as words', () => {
  it.each([
    ['Our triage halves handling time.', 'halves', 50],
    ['Halving the time spent on invoices.', 'Halving', 50],
    ['It cuts the time in half.', 'half', 50],
    ['Reduces rework by half.', 'half', 50],
    ['Half of all calls are about passwords.', 'Half', 50],
    ['Done in half the time.', 'half', 50],
    ['A third of tickets are duplicates.', 'A third', 33.3],
    ['Cuts costs by a third.', 'a third', 33.3],
    ['Two thirds of orders arrive by email.', 'Two thirds', 66.7],
    ['A quarter of invoices are late.', 'A quarter', 25],
    ['It doubles bookings.', 'doubles', 100],
    ['Bookings doubled in a year.', 'doubled', 100],
    ['Double the leads of a cold campaign.', 'Double', 100],
    ['Twice as many demos booked.', 'Twice', 100],
    ['Triple your pipeline.', 'Triple', 200],
    ['It triples the reach.', 'triples', 200],
  ])('%s', (text, words, value) => {
    const [figure] = fractions(text)
    expect(figure).toMatchObject({ kind: 'percent', value, text: words, flags: ['wordFraction'] })
    expect(text.slice(figure?.start, figure?.end)).toBe(words)
  })

  it.each([
    ['Hälften av samtalen gäller lösenord.', 'Hälften', 50],
    ['Tjänsten halverar handläggningstiden.', 'halverar', 50],
    ['Vi kan halvera tiden för avstämning.', 'halvera', 50],
    ['Kostnaden minskar till hälften.', 'hälften', 50],
    ['En tredjedel av ärendena är dubbletter.', 'En tredjedel', 33.3],
    ['En fjärdedel av fakturorna betalas sent.', 'En fjärdedel', 25],
    ['Ni får dubbelt så många bokningar.', 'dubbelt', 100],
    ['Kampanjen fördubblar antalet leads.', 'fördubblar', 100],
    ['Räckvidden tredubblas på ett år.', 'tredubblas', 200],
    ['Vi tredubblar försäljningen.', 'tredubblar', 200],
  ])('%s', (text, words, value) => {
    expect(fractions(text, SWEDISH)).toMatchObject([{ kind: 'percent', value, text: words }])
  })

  it.each([
    'Join our half-day workshop.',
    'Results for the first half of 2025.',
    'In the second half the team grew.',
    'It takes half an hour.',
    'Halvåret gick bra.',
    'Under andra halvåret växte vi.',
    'Handled by a third party.',
    'The third round starts in May.',
    'Paid $500 a quarter.',
    'Please double-check the totals.',
    'A double room costs more.',
    'We meet twice a week.',
    'Vi har dubbla skärmar.',
    'on behalf of the client',
  ])('not a share or change: %s', (text) => {
    expect(fractions(text, /[åäö]/i.test(text) ? SWEDISH : ENGLISH)).toEqual([])
  })

  it('keeps number words as counts', () => {
    expect(scan('about two per month')).toMatchObject([{ kind: 'count', value: 2, per: 'month', flags: ['wordNumber'] }])
    expect(scan('tre nya ärenden i veckan', SWEDISH)).toMatchObject([{ kind: 'count', value: 3, entity: 'ticket', per: 'week' }])
  })
})

describe('from–to pairs', () => {
  it('links "from 12 to 4 minutes": the first takes the unit of the second', () => {
    const [from, to] = scan('cuts handling from 12 to 4 minutes per ticket')
    expect(from).toMatchObject({ kind: 'minutes', value: 12, text: '12', flags: ['pairedUnit', 'fromTo'] })
    expect(to).toMatchObject({ kind: 'minutes', value: 4, fromValue: 12 })
    expect(to?.flags).not.toContain('fromTo')
  })

  it('links "från 40 till 25 minuter"', () => {
    const [from, to] = scan('Handläggningstiden går från 40 till 25 minuter.', SWEDISH)
    expect(from).toMatchObject({ kind: 'minutes', value: 40, flags: ['pairedUnit', 'fromTo'] })
    expect(to).toMatchObject({ kind: 'minutes', value: 25, fromValue: 40 })
  })

  it('links two figures that both carry their unit', () => {
    expect(scan('no-shows fall from 12% to 8%')).toMatchObject([
      { kind: 'percent', value: 12, flags: ['fromTo'] },
      { kind: 'percent', value: 8, fromValue: 12 },
    ])
    expect(scan('från 12 % till 8 %', SWEDISH)).toMatchObject([{ flags: ['fromTo'] }, { fromValue: 12 }])
    expect(scan('from $40 to $25 per hour')).toMatchObject([
      { kind: 'money', value: 40, flags: ['fromTo'] },
      { kind: 'money', value: 25, per: 'hour', fromValue: 40 },
    ])
  })

  it('gives the unit of the first figure to a bare second one ("from 40 minutes to 25")', () => {
    expect(scan('from 40 minutes to 25')).toMatchObject([
      { kind: 'minutes', value: 40, flags: ['fromTo'] },
      { kind: 'minutes', value: 25, text: '25', flags: ['pairedUnit'], fromValue: 40 },
    ])
  })

  it('does not link figures of different kinds, nor numbers without "from"', () => {
    expect(scan('from 12 users to $40 per month').some((figure) => figure.fromValue !== undefined)).toBe(false)
    expect(scan('12 to 4 minutes').some((figure) => figure.fromValue !== undefined)).toBe(false)
    expect(scan('open from 9 to 5')).toEqual([])
  })
})
