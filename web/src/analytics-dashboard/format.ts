// How the dashboard says its figures: durations as people say them ("1 min 20 s"), dates and times
// in the seller's own time zone, days as the short dates of the chart.
import type { EngagementSection } from '@valueproof/contracts'

const SECOND = 1_000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE

/** '1 min 20 s', '45 s', '2 h 5 min'; '—' when there is no time to tell (nobody looked). */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '—'
  const seconds = Math.round(Math.max(0, ms) / SECOND)
  if (seconds < 60) return `${seconds} s`
  if (seconds < 3_600) {
    const minutes = Math.floor(seconds / 60)
    const rest = seconds % 60
    return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`
  }
  const minutes = Math.round(seconds / 60)
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`
}

const dateTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' })
const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' })
const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })
const longDay = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })

function sameLocalDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate()
}

/** 'Just now', '5 min ago', 'Today, 3:04 PM', 'Yesterday, 9:15 AM', else 'Jan 5, 2026, 3:04 PM'; '—' for none. */
export function formatWhen(iso: string | null | undefined, now = new Date()): string {
  if (iso === null || iso === undefined) return '—'
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return '—'
  const ago = now.getTime() - date.getTime()
  if (ago >= -MINUTE && ago < MINUTE) return 'Just now'
  if (ago > 0 && ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`
  if (sameLocalDay(date, now)) return `Today, ${time.format(date)}`
  const yesterday = new Date(now)
  yesterday.setDate(now.getDate() - 1)
  if (sameLocalDay(date, yesterday)) return `Yesterday, ${time.format(date)}`
  return dateTime.format(date)
}

/** A UTC day of the answers ('2026-01-05') as 'Jan 5'; `long` gives 'Mon, Jan 5, 2026'. */
export function formatDay(day: string, long = false): string {
  const date = new Date(`${day}T00:00:00Z`)
  if (Number.isNaN(date.getTime())) return day
  return (long ? longDay : shortDay).format(date)
}

const count = new Intl.NumberFormat('en-US')
export const formatCount = (value: number): string => count.format(value)

/** An input's value as the calculator would show it: grouped, at most two decimals. */
const inputValue = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })
export function formatValue(value: number, unit?: string): string {
  const text = inputValue.format(value)
  const trimmed = unit?.trim() ?? ''
  if (trimmed === '') return text
  return trimmed === '%' ? `${text}%` : `${text} ${trimmed}`
}

/** "1 view", "3 views"; the same for visitors and visits. */
export function plural(value: number, one: string, many = `${one}s`): string {
  return `${formatCount(value)} ${value === 1 ? one : many}`
}

/** The names the page's sections have in the proposal (SPEC §2's default layout). */
const SECTION_LABELS: Record<EngagementSection, string> = {
  executiveSummary: 'Executive Summary',
  problemStatement: 'Problem Statement',
  solutionOverview: 'Solution Overview',
  valueProposition: 'Value Proposition',
  calculator: 'ROI Calculator',
  nextSteps: 'Next Steps',
  contactInformation: 'Contact Information',
}

export function sectionLabel(section: string): string {
  const labels: Partial<Record<string, string>> = SECTION_LABELS
  return Object.hasOwn(labels, section) ? (labels[section] ?? section) : section
}
