import { CALCULATOR_LIMITS } from '@valueproof/contracts'
import { describe, expect, it } from 'vitest'
import { monthlyUsage, NEAR_LIMIT_PERCENT } from './usage.ts'

const free = (calculatorsCreated: number) => monthlyUsage({ plan: 'free', calculatorsCreated, calculatorsLimit: CALCULATOR_LIMITS.free })
const pro = (calculatorsCreated: number) => monthlyUsage({ plan: 'pro', calculatorsCreated, calculatorsLimit: CALCULATOR_LIMITS.pro })

describe('monthlyUsage', () => {
  it('reads a new Free account as 0 of 5 with room left and no upgrade pressed on it', () => {
    const usage = free(0)
    expect(usage).toMatchObject({ created: 0, limit: 5, percent: 0, remaining: 5, level: 'room', offerUpgrade: false })
    expect(usage.message).toBe('5 calculators left this month.')
  })

  it(`offers Pro to a Free user from ${NEAR_LIMIT_PERCENT}% of the limit on`, () => {
    expect(free(3)).toMatchObject({ percent: 60, level: 'room', offerUpgrade: false })
    const near = free(4)
    expect(near).toMatchObject({ percent: 80, remaining: 1, level: 'near', offerUpgrade: true })
    expect(near.message).toBe(`1 calculator left this month. Pro gives you up to ${CALCULATOR_LIMITS.pro} a month.`)
  })

  it('says when the limit is reached, and caps the percentage at 100 past it (SPEC §9)', () => {
    const reached = free(5)
    expect(reached).toMatchObject({ percent: 100, remaining: 0, level: 'reached', offerUpgrade: true })
    expect(reached.message).toBe(`You have used all 5 calculators of this month. Pro gives you up to ${CALCULATOR_LIMITS.pro} a month.`)
    // More than the limit, as after a downgrade from Pro.
    expect(free(40)).toMatchObject({ created: 40, percent: 100, remaining: 0, level: 'reached' })
  })

  it('never offers Pro to a Pro user, even at the limit', () => {
    expect(pro(10)).toMatchObject({ percent: 10, remaining: 90, level: 'room', offerUpgrade: false })
    expect(pro(95)).toMatchObject({ level: 'near', offerUpgrade: false, message: '5 calculators left this month.' })
    expect(pro(100)).toMatchObject({ level: 'reached', offerUpgrade: false, message: 'You have used all 100 calculators of this month.' })
  })

  it('treats a zero limit as reached rather than dividing by it', () => {
    expect(monthlyUsage({ plan: 'free', calculatorsCreated: 0, calculatorsLimit: 0 })).toMatchObject({ percent: 0, level: 'reached' })
  })
})
