import { describe, expect, it } from 'vitest'
import { digestWeekStart } from './digest.ts'

describe('when the weekly digest is due', () => {
  it('is due from Monday 08:00 UTC for the week that began the Monday before', () => {
    expect(digestWeekStart(new Date('2026-11-30T08:00:00Z'))?.toISOString()).toBe('2026-11-23T00:00:00.000Z')
    expect(digestWeekStart(new Date('2026-11-30T23:59:00Z'))?.toISOString()).toBe('2026-11-23T00:00:00.000Z')
  })

  it('is not due before 08:00 on Monday, nor on any other day', () => {
    expect(digestWeekStart(new Date('2026-11-30T07:59:59Z'))).toBeUndefined()
    expect(digestWeekStart(new Date('2026-12-01T09:00:00Z'))).toBeUndefined()
    expect(digestWeekStart(new Date('2026-11-29T09:00:00Z'))).toBeUndefined()
  })
})
