import { describe, expect, it } from 'vitest'
import { limitMessageOf } from './allowance.ts'

describe("Generate and the month's allowance", () => {
  it('goes on while calculators are left, and says the month is used up with the way to Pro on Free', () => {
    expect(limitMessageOf({ plan: 'free', calculatorsCreated: 4, calculatorsLimit: 5 })).toBeUndefined()
    expect(limitMessageOf({ plan: 'free', calculatorsCreated: 5, calculatorsLimit: 5 })).toBe(
      'You have used all 5 calculators of this month. Pro gives you up to 100 a month.',
    )
    expect(limitMessageOf({ plan: 'pro', calculatorsCreated: 100, calculatorsLimit: 100 })).toBe(
      'You have used all 100 calculators of this month.',
    )
    expect(limitMessageOf(null)).toBeUndefined()
  })
})
