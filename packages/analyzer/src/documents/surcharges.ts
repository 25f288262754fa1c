// A surcharge in percent on an hourly rate, stated right after it ("the standard hourly rate of $40
// plus twenty-five percent (25%)", "timpris 950 kr plus 50 %"): the hours worked at it cost the rate
// raised by that percentage, a choice the buyer makes (none until then).
import type { LineItem, Stated } from './lines.ts'

export interface Surcharge {
  readonly percent: number
  readonly stated: Stated
}

/** "plus 25%", "+ 50 %", "plus twenty-five percent (25%)", "plus ett påslag på 30 %", after an optional "per hour". */
const AFTER_RATE =
  /^[\s,]*(?:(?:per (?:hour|timme)|\/\s?(?:h|hr|hour|tim|timme))\b[\s,]*)?(?:plus|\+)\s+(?:(?:ett|a)\s+(?:påslag|surcharge|premium)\s+(?:på|om|of)\s+)?(?:(?:[\p{L}-]+\s+){1,3}\(\s*)?(\d{1,3}(?:[.,]\d+)?)\s?(?:%|percent\b|per cent\b|procent\b)\)?/iu
const REACH = 90

export function surchargeOf(item: LineItem, text: string): Surcharge | undefined {
  if (item.kind !== 'rate' || item.per !== 'hour') return undefined
  const flat = text.replace(/\s+/gu, ' ')
  const start = flat.indexOf(item.stated.quote)
  if (start < 0) return undefined
  const end = start + item.stated.quote.length
  const match = AFTER_RATE.exec(flat.slice(end, end + REACH))
  const percent = Number((match?.[1] ?? '').replace(',', '.'))
  if (match === null || !(percent > 0 && percent <= 300)) return undefined
  return { percent, stated: { ...item.stated, quote: flat.slice(start, end + match[0].length).trim() } }
}
