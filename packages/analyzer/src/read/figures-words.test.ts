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
  const D = 'wordDecrease'
  const I = 'wordIncrease'
  it.each([
    ['Our triage halves handling time.', 'halves', 50, [D]],
    ['Halving the time spent on invoices.', 'Halving', 50, [D]],
    ['It cuts the time in half.', 'half', 50, [D]],
    ['Reduces rework by half.', 'half', 50, []],
    ['Half of all calls are about passwords.', 'Half', 50, []],
    ['Done in half the time.', 'half', 50, [D]],
    ['It takes half as long.', 'half', 50, [D]],
    ['A third of tickets are duplicates.', 'A third', 33.3, []],
    ['Cuts costs by a third.', 'a third', 33.3, []],
    ['Two thirds of orders arrive by email.', 'Two thirds', 66.7, []],
    ['A quarter of invoices are late.', 'A quarter', 25, []],
    ['It doubles bookings.', 'doubles', 100, [I]],
    ['Bookings doubled in a year.', 'doubled', 100, [I]],
    ['Double the leads of a cold campaign.', 'Double', 100, [I]],
    ['Twice as many demos booked.', 'Twice', 100, [I]],
    ['Triple your pipeline.', 'Triple', 200, [I]],
    ['It triples the reach.', 'triples', 200, [I]],
  ])('%s', (text, words, value, direction) => {
    const [figure] = fractions(text)
    // The direction the word itself says ("halves" falls, "doubles" rises); "by half" leaves it to the verb.
    expect(figure).toMatchObject({ kind: 'percent', value, text: words, flags: ['wordFraction', ...direction] })
    expect(text.slice(figure?.start, figure?.end)).toBe(words)
  })

  it.each([
    ['Hälften av samtalen gäller lösenord.', 'Hälften', 50, []],
    ['Tjänsten halverar handläggningstiden.', 'halverar', 50, [D]],
    ['Vi kan halvera tiden för avstämning.', 'halvera', 50, [D]],
    ['Kostnaden minskar till hälften.', 'hälften', 50, [D]],
    ['Avtalsprocessen tar hälften så lång tid.', 'hälften', 50, [D]],
    ['En tredjedel av ärendena är dubbletter.', 'En tredjedel', 33.3, []],
    ['En fjärdedel av fakturorna betalas sent.', 'En fjärdedel', 25, []],
    ['Ni får dubbelt så många bokningar.', 'dubbelt', 100, [I]],
    ['Kampanjen fördubblar antalet leads.', 'fördubblar', 100, [I]],
    ['Räckvidden tredubblas på ett år.', 'tredubblas', 200, [I]],
    ['Vi tredubblar försäljningen.', 'tredubblar', 200, [I]],
  ])('%s', (text, words, value, direction) => {
    expect(fractions(text, SWEDISH)).toEqual([
      expect.objectContaining({ kind: 'percent', value, text: words, flags: ['wordFraction', ...direction] }),
    ])
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

  it('reads "one in five", "1 in 20" and "en av fem" as a share, instead of a count of five', () => {
    expect(scan('One in five meetings turns into a deal.')).toMatchObject([
      { kind: 'percent', value: 20, text: 'One in five', flags: ['wordFraction'] },
    ])
    expect(scan('1 in 20 calls is a complaint')).toMatchObject([{ kind: 'percent', value: 5, text: '1 in 20' }])
    expect(scan('En av fem kunder säger upp avtalet.', SWEDISH)).toMatchObject([{ kind: 'percent', value: 20, text: 'En av fem' }])
    expect(scan('Steg 1 av 3', SWEDISH)).toEqual([])
    expect(fractions('one of five options')).toEqual([])
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
    // The first price's period is written only after the second: it takes it, flagged 'pairedUnit'.
    expect(scan('from $40 to $25 per hour')).toMatchObject([
      { kind: 'money', value: 40, per: 'hour', flags: ['pairedUnit', 'fromTo'] },
      { kind: 'money', value: 25, per: 'hour', fromValue: 40 },
    ])
  })

  it('gives the first figure of a pair the unit written after the second ("from $0.62 to $0.47 per mile")', () => {
    expect(scan('lowers running cost from $0.62 to $0.47 per mile')).toMatchObject([
      { value: 0.62, perEntity: 'mile', flags: ['pairedUnit', 'fromTo'] },
      { value: 0.47, perEntity: 'mile', fromValue: 0.62 },
    ])
    expect(scan('sänker kostnaden från 4,10 kr till 2,50 kr per sida', SWEDISH)).toMatchObject([
      { value: 4.1, perEntity: 'page', flags: ['pairedUnit', 'fromTo'] },
      { value: 2.5, perEntity: 'page', fromValue: 4.1 },
    ])
  })

  it('links "från 15 % till 11 % per år": both are per year, the first flagged fromTo', () => {
    expect(scan('minskar kundbortfallet från 15 % till 11 % per år', SWEDISH)).toMatchObject([
      { kind: 'percent', value: 15, per: 'year', flags: ['pairedUnit', 'fromTo'] },
      { kind: 'percent', value: 11, per: 'year', fromValue: 15 },
    ])
    expect(scan('reduces churn from 12% to 8% a year')).toMatchObject([
      { kind: 'percent', value: 12, per: 'year', flags: ['pairedUnit', 'fromTo'] },
      { kind: 'percent', value: 8, per: 'year', fromValue: 12 },
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
