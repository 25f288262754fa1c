import { CALCULATOR_LIMITS, PRO_PRICE } from '@valueproof/contracts'
import { describe, expect, it } from 'vitest'
import { planIncludes, PRO_OFFER_TEXT, usagePercent } from './plan-summary.ts'

describe('usagePercent', () => {
  it('is the share of the limit used, rounded', () => {
    expect(usagePercent(0, 5)).toBe(0)
    expect(usagePercent(2, 5)).toBe(40)
    expect(usagePercent(1, 3)).toBe(33)
    expect(usagePercent(37, 100)).toBe(37)
  })

  it('is capped at 100 (SPEC §9) when more were made than the limit, as after a downgrade', () => {
    expect(usagePercent(5, 5)).toBe(100)
    expect(usagePercent(40, 5)).toBe(100)
  })

  it('never goes below 0 or divides by a zero limit', () => {
    expect(usagePercent(-3, 5)).toBe(0)
    expect(usagePercent(0, 0)).toBe(0)
    expect(usagePercent(1, 0)).toBe(100)
  })
})

describe('planIncludes', () => {
  it("names each plan's calculator limit, sharing and branding (SPEC §2)", () => {
    const pro = planIncludes('pro')
    const free = planIncludes('free')
    expect(pro[0]).toContain(`up to ${CALCULATOR_LIMITS.pro} `)
    expect(free[0]).toContain(`up to ${CALCULATOR_LIMITS.free} `)
    for (const list of [pro, free]) expect(list.some((line) => /share/i.test(line))).toBe(true)
    expect(pro.some((line) => /custom branding/i.test(line))).toBe(true)
    expect(free.some((line) => /ValueProof branding/.test(line))).toBe(true)
    expect(free.join(' ')).not.toMatch(/templates|priority/i)
  })
})

describe('PRO_OFFER_TEXT', () => {
  it("is SPEC's words with the Pro price the server charges", () => {
    expect(PRO_OFFER_TEXT).toBe(`${PRO_PRICE.label} - Unlock Pro features`)
  })
})
