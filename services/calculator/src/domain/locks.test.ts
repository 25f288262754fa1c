// Which kept calculators a plan opens (docs/decisions/105): on Free, those numbered above the Free
// allowance in their month; on Pro, all; calculators kept before numbers were recorded, always.
import { CALCULATOR_LIMITS } from '@valueproof/contracts'
import { describe, expect, it } from 'vitest'
import { isLocked } from './saved-calculators.ts'

describe('locked calculators', () => {
  it('locks on Free only what lies beyond the Free allowance of its month', () => {
    const free = CALCULATOR_LIMITS.free
    expect(isLocked({ numberInMonth: free }, 'free')).toBe(false)
    expect(isLocked({ numberInMonth: free + 1 }, 'free')).toBe(true)
    expect(isLocked({ numberInMonth: CALCULATOR_LIMITS.pro }, 'pro')).toBe(false)
  })

  it('never locks a calculator kept before its number was recorded', () => {
    expect(isLocked({ numberInMonth: null }, 'free')).toBe(false)
  })
})
