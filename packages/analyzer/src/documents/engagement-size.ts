// The size of a consulting engagement as a document states it: its total hours ("maximalt 600
// timmar") and its length within a year ("förlängning med upp till 12 månader", "12 weeks"), read
// only in sentences about the engagement, not an interview's or a meeting's.
import type { Quantity } from '../model.ts'

/** Words of a sentence that gives the engagement's size (not an interview's or a meeting's). */
const ENGAGEMENT =
  /uppdrag|omfattning|kontrakt|avrop|option|engagement|project|contract|scope|in total|totalt|maximalt|maximum|estimated|uppskatt/iu

/** A total of hours the engagement is for ("maximalt 600 timmar", "about 500 hours"): hours, per nothing, in a sentence about the engagement. */
export const totalHours = (quantity: Quantity, lead = ''): boolean =>
  quantity.kind === 'duration' &&
  (quantity.unit.hour ?? 0) === 1 &&
  Object.keys(quantity.unit).length === 1 &&
  quantity.value >= 40 &&
  ENGAGEMENT.test(`${lead} ${quantity.sentence}`)

/** How long a tender or an offer binds its writer ("anbud ska vara bindande minst tre månader"): not the work's length. */
const VALIDITY = /(?<![\p{L}])(?:bindande|giltig\p{L}*|valid|binding|anbudsdag\p{L}*|acceptance)(?![\p{L}])/iu

/** Weeks in one of a duration's time units. */
const WEEKS_PER: Readonly<Record<string, number>> = { week: 1, month: 52 / 12, year: 52 }

/** The single time unit a duration is stated in ("12 månader" → month), if it is a week, month or year. */
function lengthUnit(quantity: Quantity): string | undefined {
  const keys = Object.keys(quantity.unit)
  const key = keys[0]
  return quantity.kind === 'duration' && keys.length === 1 && key !== undefined && quantity.unit[key] === 1 && key in WEEKS_PER
    ? key
    : undefined
}

/**
 * The engagement's length within a year ("förlängning med upp till 12 månader", "a 6-month
 * engagement", "8 weeks of work"): weeks, months or a year, per nothing, in a sentence about the
 * engagement. A longer term is the agreement's, not a year's work.
 */
export const engagementLength = (quantity: Quantity, lead = ''): boolean => {
  const unit = lengthUnit(quantity)
  return (
    unit !== undefined &&
    quantity.value * (WEEKS_PER[unit] ?? 0) <= 52 &&
    ENGAGEMENT.test(`${lead} ${quantity.sentence}`) &&
    !VALIDITY.test(quantity.sentence)
  )
}

/** Weeks per unit a length is stated in: the factor's conversion from the document's unit. */
export const weeksPerStated = (quantity: Quantity): number => WEEKS_PER[lengthUnit(quantity) ?? 'week'] ?? 1
