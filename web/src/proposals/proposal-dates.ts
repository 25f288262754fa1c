// SPEC §2 date formats: the proposals table shows 'Jan 5, 2025' (N/A when missing); a proposal shows
// its creation date in long format, 'January 5, 2025'.

const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' })

function parsed(value: string | null | undefined): Date | undefined {
  if (value === null || value === undefined || value.trim() === '') return undefined
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? undefined : date
}

/** 'Jan 5, 2025', or 'N/A' when the date is missing or unreadable. */
export function formatCreatedDate(value: string | null | undefined): string {
  const date = parsed(value)
  return date === undefined ? 'N/A' : shortDate.format(date)
}

/** 'January 5, 2025' ('5 januari 2025' in sv-SE), or undefined when there is no readable date to show. */
export function formatLongDate(value: string | null | undefined, locale = 'en-US'): string | undefined {
  const date = parsed(value)
  return date === undefined ? undefined : new Intl.DateTimeFormat(locale, { month: 'long', day: 'numeric', year: 'numeric' }).format(date)
}

/**
 * The last day a link opens, for a stored expiresAt: the stored instant is the start of the next
 * local day (proposal-expiry.ts), so it reads as the day before it.
 */
export function lastDayOf(expiresAt: string | null | undefined): Date | undefined {
  if (expiresAt === null || expiresAt === undefined || expiresAt === '') return undefined
  const time = Date.parse(expiresAt)
  return Number.isNaN(time) ? undefined : new Date(time - 1)
}

/** 'Dec 31, 2026': the last day the link opens; undefined when there is no expiry. */
export function formatLastDay(expiresAt: string | null | undefined): string | undefined {
  const lastDay = lastDayOf(expiresAt)
  return lastDay === undefined ? undefined : shortDate.format(lastDay)
}
