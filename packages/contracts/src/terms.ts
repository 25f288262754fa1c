// What the published terms promise (SPEC §2 /legal, §9): the refund window and when support answers.
// Free of zod, like plans.ts, so any page can show them; billing's reply target reads the same hours.

/** SPEC §9: the money-back guarantee covers the first Pro payment for this many days. */
export const REFUND_WINDOW_DAYS = 14

/** SPEC §9: when support is staffed (Mon-Fri 9:00-17:00 CET). */
export const SUPPORT_HOURS = { days: 'Monday to Friday', opens: '9:00', closes: '17:00', timeZone: 'CET' } as const

/** SPEC §9 and /legal: the reply target on the ordinary support address, in hours on business days. */
export const SUPPORT_REPLY_HOURS = 24
