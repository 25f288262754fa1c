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

/** Reports a conversion to the loaded analytics service; without one it is skipped with a warning. */
export function trackConversion(event: ConversionEvent, details: ConversionDetails = {}): void {
  const track = window.valueproofAnalytics
  if (typeof track !== 'function') {
    console.warn(`Analytics is not loaded; skipping the ${event} conversion event.`)
    return
  }
  try {
    track(event, details)
  } catch (error) {
    // Analytics must never break the user's flow.
    console.warn(`Analytics failed to track the ${event} conversion event.`, error)
  }
}
