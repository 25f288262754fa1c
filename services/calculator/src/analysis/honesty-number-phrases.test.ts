import { describe, expect, it } from 'vitest'
import { readNumbers } from './honesty-numbers.ts'

/** Every reading of the passage's numbers, flattened. */
const readings = (text: string): number[] => readNumbers(text).flatMap((number) => number.values)

describe('the checker reads numbers written as phrases', () => {
  it.each([
    ['About 1 in 8 appointments is a no-show', 12.5],
    ['one in six of those would-be lapsers', 16.67],
    ['i två fall av tre hinner ni stoppa', 66.67],
    ['ungefär var femte av bokningarna', 20],
    ['var tjugonde patient dyker inte upp', 5],
    ['our size advice cuts returns by a fifth', 20],
    ['our models stop an additional quarter of that', 25],
    ['fyrtiofem minuter om dagen', 45],
    ['forty-five minutes a day', 45],
    ['an hour and a half of billable work', 1.5],
    ['en och en halv lönekonsult', 1.5],
    ['överfarten på fyra och en halv timme', 4.5],
    ['med appen räcker det med en kvart', 15],
    ['tre kvart per butik och vecka', 45],
    ['each monthly rec takes 1h45m by hand', 1.75],
    ['plus 85 öre per sms', 0.85],
    ['förbrukade runt fyra miljoner liter', 4_000_000],
  ])('"%s" → %d', (text, value) => {
    expect(readings(text).some((reading) => Math.abs(reading - value) < 0.01)).toBe(true)
  })

  it('reads no share from a year or a date', () => {
    expect(readings('3 in 2025')).not.toContain(0.15)
    expect(readings('We opened 2 of 3 sites')).toContain(66.66666666666666)
  })
})
