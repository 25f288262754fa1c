// A link's optional expiry as the owner picks it: a last day in a date input, in the owner's own
// time zone. The link opens through that whole day, so the stored expiresAt is the start of the
// next local day; shown back, an expiresAt reads as the day before that instant.
import { lastDayOf } from './proposal-dates.ts'

// Shown back in the prospect's page too, the formatting lives with the other dates (a smaller bundle).
export { formatLastDay } from './proposal-dates.ts'

const DAY_VALUE = /^(\d{4})-(\d{2})-(\d{2})$/

function pad(value: number): string {
  return String(value).padStart(2, '0')
}

/** A local date as a date input's value, 'YYYY-MM-DD'. */
function dayValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/** Today as a date input's value (the earliest last day the owner can pick). */
export function todayValue(now = new Date()): string {
  return dayValue(now)
}

/** The expiresAt (ISO) for a last day chosen in a date input; undefined when the value is not a real day. */
export function expiresAtForLastDay(value: string): string | undefined {
  const match = DAY_VALUE.exec(value)
  if (match === null) return undefined
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const lastDay = new Date(year, month - 1, day)
  if (lastDay.getFullYear() !== year || lastDay.getMonth() !== month - 1 || lastDay.getDate() !== day) return undefined
  return new Date(year, month - 1, day + 1).toISOString()
}

/** The date input's value for a stored expiresAt ('' when there is none). */
export function lastDayValue(expiresAt: string | null | undefined): string {
  const lastDay = lastDayOf(expiresAt)
  return lastDay === undefined ? '' : dayValue(lastDay)
}

/** What is wrong with a last day as picked ('' is none), for the share and expiry dialogs. */
export function lastDayProblem(value: string, now = new Date()): string | undefined {
  if (value === '') return undefined
  if (expiresAtForLastDay(value) === undefined) return 'Enter a date, or leave it empty for no expiry'
  return value < todayValue(now) ? 'Choose today or a later day' : undefined
}
