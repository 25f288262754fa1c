import { describe, expect, it } from 'vitest'
import { expiresAtForLastDay, formatLastDay, lastDayProblem, lastDayValue, todayValue } from './proposal-expiry.ts'

describe('a link’s last day', () => {
  it('ends the link at the start of the next local day, and reads back as the day picked', () => {
    const expiresAt = expiresAtForLastDay('2026-12-31')
    const end = new Date(expiresAt ?? '')
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours(), end.getMinutes()]).toEqual([2027, 0, 1, 0, 0])
    expect(lastDayValue(expiresAt)).toBe('2026-12-31')
    expect(formatLastDay(expiresAt)).toBe('Dec 31, 2026')
  })

  it('has no last day without an expiry, or with one it cannot read', () => {
    for (const none of [null, undefined, '', 'soon']) {
      expect(lastDayValue(none)).toBe('')
      expect(formatLastDay(none)).toBeUndefined()
    }
  })

  it('refuses days that do not exist and days already past; empty means none', () => {
    const now = new Date(2026, 10, 24, 15, 30)
    expect(todayValue(now)).toBe('2026-11-24')
    expect(lastDayProblem('', now)).toBeUndefined()
    expect(lastDayProblem('2026-11-24', now)).toBeUndefined()
    expect(lastDayProblem('2027-02-01', now)).toBeUndefined()
    expect(lastDayProblem('2026-11-23', now)).toBe('Choose today or a later day')
    for (const unreal of ['2026-02-30', '2026-13-01', '24/11/2026']) {
      expect(expiresAtForLastDay(unreal)).toBeUndefined()
      expect(lastDayProblem(unreal, now)).toBe('Enter a date, or leave it empty for no expiry')
    }
  })
})
