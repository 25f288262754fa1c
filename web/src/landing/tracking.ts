import { useCallback, useRef } from 'react'
import { trackConversion, type ConversionDetails } from '../analytics.ts'
import { apiRequest } from '../api.ts'

/** SPEC §7: the landing demo's interaction call, JSON content type and no body fields. */
export const DEMO_INTERACTION_PATH = '/api/track/demo-interaction'

/** Posts one demo interaction; a failure is only logged (SPEC §7), the visitor's page never notices. */
export async function reportDemoInteraction(): Promise<void> {
  try {
    const response = await apiRequest('POST', DEMO_INTERACTION_PATH, {})
    // Read the (empty) answer to its end: an unread body keeps the request open in the browser.
    await response.text()
  } catch (error) {
    console.warn('Could not report the demo interaction.', error)
  }
}

/**
 * A callback for the demo's sliders that reports the first change of this page view and nothing
 * after it (SPEC §2: once only), however many changes follow.
 */
export function useReportFirstDemoInteraction(): () => void {
  const reported = useRef(false)
  return useCallback(() => {
    if (reported.current) return
    reported.current = true
    void reportDemoInteraction()
  }, [])
}

/** SPEC §1: a call-to-action click is a CTA_CLICK conversion, with an amount when it buys something. */
export function reportCtaClick(details: ConversionDetails = {}): void {
  trackConversion('CTA_CLICK', details)
}
