import { describe, expect, it } from 'vitest'
import { formatDay, formatDuration, formatValue, formatWhen, plural, sectionLabel } from './format.ts'

describe('the dashboard says', () => {
  it('durations as people say them', () => {
    expect(formatDuration(80_000)).toBe('1 min 20 s')
    expect(formatDuration(45_400)).toBe('45 s')
    expect(formatDuration(400)).toBe('0 s')
    expect(formatDuration(120_000)).toBe('2 min')
    expect(formatDuration(3_600_000)).toBe('1 h')
    expect(formatDuration(2 * 3_600_000 + 5 * 60_000 + 20_000)).toBe('2 h 5 min')
    expect(formatDuration(null)).toBe('—')
  })

  it('moments relative to now while they are recent, else as a date and time', () => {
    const now = new Date(2026, 0, 6, 15, 30)
    expect(formatWhen(new Date(2026, 0, 6, 15, 29, 40).toISOString(), now)).toBe('Just now')
    expect(formatWhen(new Date(2026, 0, 6, 15, 5).toISOString(), now)).toBe('25 min ago')
    expect(formatWhen(new Date(2026, 0, 6, 9, 5).toISOString(), now)).toBe('Today, 9:05 AM')
    expect(formatWhen(new Date(2026, 0, 5, 21, 0).toISOString(), now)).toBe('Yesterday, 9:00 PM')
    expect(formatWhen(new Date(2025, 11, 24, 8, 3).toISOString(), now)).toBe('Dec 24, 2025, 8:03 AM')
    expect(formatWhen(null, now)).toBe('—')
  })

  it('days of the answers, which are UTC days', () => {
    expect(formatDay('2026-01-05')).toBe('Jan 5')
    expect(formatDay('2026-01-05', true)).toBe('Mon, Jan 5, 2026')
  })

  it('values with their unit, counts with their noun, and sections by their titles', () => {
    expect(formatValue(1234.5, 'hours')).toBe('1,234.5 hours')
    expect(formatValue(35, '%')).toBe('35%')
    expect(formatValue(0.3333)).toBe('0.33')
    expect(plural(1, 'view')).toBe('1 view')
    expect(plural(1200, 'view')).toBe('1,200 views')
    expect(sectionLabel('calculator')).toBe('ROI Calculator')
    expect(sectionLabel('somethingNew')).toBe('somethingNew')
  })
})
