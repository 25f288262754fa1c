import { CONVERSION_CURRENCY_PATTERN, CONVERSION_MAX_AMOUNT } from '@valueproof/contracts/engagement-limits'
import { sendBeacon } from './engagement/beacon.ts'
import { asksNotToBeTracked } from './engagement/do-not-track.ts'

/** Conversion events of SPEC §1. */
export type ConversionEvent = 'SIGN_UP' | 'CTA_CLICK'

export interface ConversionDetails {
  amount?: number
  currency?: string
}

declare global {
  interface Window {
    /** Set by the visitor-analytics script when it has loaded; absent otherwise. */
    valueproofAnalytics?: (event: ConversionEvent, details: ConversionDetails) => void
  }
}

/** POST /api/track/conversion: the product's own count of conversions (issue 19). */
export const CONVERSION_PATH = '/api/track/conversion'

/** The body the conversion path accepts (conversionBodySchema): an amount and a currency only when they are valid. */
export function conversionBody(event: ConversionEvent, { amount, currency }: ConversionDetails): object {
  return {
    event,
    ...(amount !== undefined && Number.isFinite(amount) && amount >= 0 && amount <= CONVERSION_MAX_AMOUNT ? { amount } : {}),
    ...(currency !== undefined && CONVERSION_CURRENCY_PATTERN.test(currency) ? { currency } : {}),
  }
}

/**
 * Reports a conversion: to the product's own analytics (not when the browser asks not to be
 * tracked), and to the loaded visitor-analytics script; without that script it is skipped with a
 * warning (SPEC §1). Never throws: analytics must not break the user's flow.
 */
export function trackConversion(event: ConversionEvent, details: ConversionDetails = {}): void {
  if (!asksNotToBeTracked()) sendBeacon(CONVERSION_PATH, conversionBody(event, details))
  const track = window.valueproofAnalytics
  if (typeof track !== 'function') {
    console.warn(`Analytics is not loaded; skipping the ${event} conversion event.`)
    return
  }
  try {
    track(event, details)
  } catch (error) {
    console.warn(`Analytics failed to track the ${event} conversion event.`, error)
  }
}
