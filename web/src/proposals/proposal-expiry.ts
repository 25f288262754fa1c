// A link's optional expiry as the owner picks it: a last day in a date input, in the owner's own
// time zone. The link opens through that whole day, so the stored expiresAt is the start of the
// next local day; shown back, an expiresAt reads as the day before that instant.

const DAY_VALUE = /^(\d{4})-(\d{2})-(\d{2})$/

const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' })

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

function lastDayOf(expiresAt: string | null | undefined): Date | undefined {
  if (expiresAt === null || expiresAt === undefined || expiresAt === '') return undefined
  const time = Date.parse(expiresAt)
  return Number.isNaN(time) ? undefined : new Date(time - 1)
}

/** The date input's value for a stored expiresAt ('' when there is none). */
export function lastDayValue(expiresAt: string | null | undefined): string {
  const lastDay = lastDayOf(expiresAt)
  return lastDay === undefined ? '' : dayValue(lastDay)
}

/** 'Dec 31, 2026': the last day the link opens; undefined when there is no expiry. */
export function formatLastDay(expiresAt: string | null | undefined): string | undefined {
  const lastDay = lastDayOf(expiresAt)
  return lastDay === undefined ? undefined : shortDate.format(lastDay)
}

/** What is wrong with a last day as picked ('' is none), for the share and expiry dialogs. */
export function lastDayProblem(value: string, now = new Date()): string | undefined {
  if (value === '') return undefined
  if (expiresAtForLastDay(value) === undefined) return 'Enter a date, or leave it empty for no expiry'
  return value < todayValue(now) ? 'Choose today or a later day' : undefined
}
