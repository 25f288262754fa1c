// The prospect's page reporting one visit (issue 19): the view beacon once, then an engagement
// beacon every heartbeat while the tab is visible (its time, the sections on screen, the calculator
// inputs settled on), and whatever is left when the tab is hidden or the page goes away.
import { HEARTBEAT_INTERVAL_MS, type EngagementSection } from '@valueproof/contracts/engagement-limits'
import type { CalculatorResult } from '@valueproof/formula'
import { sendBeacon } from './beacon.ts'
import { engagementSession } from './engagement-session.ts'
import { figuresOf, valueUsed } from './figures.ts'
import { newVisitId } from './visit-id.ts'

/** The attribute naming a part of the page whose time on screen is reported (proposal-document.tsx). */
export const SECTION_ATTRIBUTE = 'data-section'
/** A section counts as on screen while it crosses the middle half of the viewport, not its edges. */
const READING_BAND = '-25% 0px -25% 0px'

export interface EngagementHandle {
  /** The prospect moved a calculator input; the result is what the page then showed. */
  input(name: string, value: number, result: CalculatorResult): void
  /** Sends what is left and stops (the proposal was replaced, or the view went away). */
  stop(): void
}

export function startEngagement(proposalId: string, token: string, root: HTMLElement): EngagementHandle {
  const visitId = newVisitId()
  sendBeacon(`/api/proposals/${encodeURIComponent(proposalId)}/views`, { visitId, token })

  const visible = () => document.visibilityState === 'visible'
  const session = engagementSession(
    { proposalId, visitId, token },
    (beacon) => sendBeacon('/api/track/engagement', beacon),
    visible(),
    Date.now(),
  )
  const heartbeat = setInterval(() => session.report(Date.now()), HEARTBEAT_INTERVAL_MS)
  const leave = () => session.report(Date.now(), true)
  const onVisibility = () => {
    session.setTabVisible(visible(), Date.now())
    if (!visible()) leave()
  }
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        // Only the page's own sections carry the attribute, each with a name of ENGAGEMENT_SECTIONS.
        const name = entry.target.getAttribute(SECTION_ATTRIBUTE) as EngagementSection
        session.setSectionOnScreen(name, entry.isIntersecting, Date.now())
      }
    },
    { rootMargin: READING_BAND },
  )
  for (const element of root.querySelectorAll(`[${SECTION_ATTRIBUTE}]`)) observer.observe(element)
  document.addEventListener('visibilitychange', onVisibility)
  addEventListener('pagehide', leave)

  return {
    input: (name, value, result) => session.noteInput(name, valueUsed(result, name, value), figuresOf(result), Date.now()),
    stop() {
      clearInterval(heartbeat)
      observer.disconnect()
      document.removeEventListener('visibilitychange', onVisibility)
      removeEventListener('pagehide', leave)
      leave()
    },
  }
}
