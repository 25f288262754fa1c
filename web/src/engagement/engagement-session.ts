// What one visit of the prospect's page reports (issue 19), without the DOM: visible time of the
// tab and of each section, the calculator inputs settled on, numbered and batched into engagement
// beacons. The page's wiring (start-engagement.ts) feeds it the browser's events and timers.
// Closures rather than classes: they minify smaller, and this is part of the prospect's page and
// its JavaScript budget.
import type { EngagementBeaconBody, EngagementEvent } from '@valueproof/contracts'
import {
  ENGAGEMENT_MAX_EVENTS,
  ENGAGEMENT_MAX_EVENTS_PER_VISIT,
  MAX_REPORTED_VISIBLE_MS,
  type EngagementSection,
} from '@valueproof/contracts/engagement-limits'

/** A section on screen for less than this was scrolled past, not read: it is not reported. */
export const MIN_SECTION_MS = 1_000
/** One drag of a slider is one report: an input counts as settled once left alone this long. */
export const INPUT_SETTLE_MS = 1_000

export interface VisibleClock {
  set(visible: boolean, now: number): void
  /** The visible milliseconds since the last report; 0 (the time kept for later) when below `atLeast`. */
  take(now: number, atLeast?: number): number
}

/** Time something was visible, taken in reports; what a report cannot claim (above MAX_REPORTED_VISIBLE_MS) is carried. */
export function visibleClock(visible: boolean, now: number): VisibleClock {
  let since = visible ? now : undefined
  let carried = 0
  const set = (visibleNow: boolean, at: number) => {
    if (since !== undefined) carried += Math.max(0, at - since)
    since = visibleNow ? at : undefined
  }
  return {
    set: (visibleNow, at) => {
      if (visibleNow !== (since !== undefined)) set(visibleNow, at)
    },
    take(at, atLeast = 1) {
      set(since !== undefined, at)
      const reported = carried < atLeast ? 0 : Math.min(MAX_REPORTED_VISIBLE_MS, Math.round(carried))
      carried -= reported
      return reported
    },
  }
}

export interface EngagementSession {
  setTabVisible(visible: boolean, now: number): void
  setSectionOnScreen(name: EngagementSection, onScreen: boolean, now: number): void
  /** An input's value now, with the figures shown; reported once it has settled. */
  noteInput(name: string, value: number, figures: Record<string, number> | undefined, now: number): void
  /**
   * Sends the time since the last report (a heartbeat, each section's share) and the inputs that
   * settled, ENGAGEMENT_MAX_EVENTS per beacon; `leaving` (tab hidden, page gone) sends every input.
   */
  report(now: number, leaving?: boolean): void
}

type Unnumbered<Event> = Event extends EngagementEvent ? Omit<Event, 'seq'> : never
type NewEvent = Unnumbered<EngagementEvent>

export function engagementSession(
  visit: Omit<EngagementBeaconBody, 'events'>,
  send: (beacon: EngagementBeaconBody) => void,
  tabVisible: boolean,
  now: number,
): EngagementSession {
  let seq = 0
  const tab = visibleClock(tabVisible, now)
  const sections = new Map<EngagementSection, { clock: VisibleClock; onScreen: boolean }>()
  const inputs = new Map<string, { value: number; figures: Record<string, number> | undefined; at: number }>()
  return {
    setTabVisible(visible, at) {
      tabVisible = visible
      tab.set(visible, at)
      for (const section of sections.values()) section.clock.set(visible && section.onScreen, at)
    },
    setSectionOnScreen(name, onScreen, at) {
      const section = sections.get(name) ?? { clock: visibleClock(false, at), onScreen }
      section.onScreen = onScreen
      section.clock.set(tabVisible && onScreen, at)
      sections.set(name, section)
    },
    noteInput(name, value, figures, at) {
      inputs.set(name, { value, figures, at })
    },
    report(at, leaving = false) {
      const events: EngagementEvent[] = []
      const add = (event: NewEvent) => {
        // The server stops counting a visit there; a tab left open for days need not keep sending.
        if (seq < ENGAGEMENT_MAX_EVENTS_PER_VISIT) events.push({ ...event, seq: seq++ })
      }
      const visibleMs = tab.take(at)
      if (visibleMs > 0) add({ type: 'heartbeat', visibleMs })
      for (const [section, { clock }] of sections) {
        const sectionMs = clock.take(at, MIN_SECTION_MS)
        if (sectionMs > 0) add({ type: 'section', section, visibleMs: sectionMs })
      }
      for (const [name, { value, figures, at: changedAt }] of inputs) {
        if (!leaving && at - changedAt < INPUT_SETTLE_MS) continue
        inputs.delete(name)
        add(figures === undefined ? { type: 'input', name, value } : { type: 'input', name, value, figures })
      }
      for (let start = 0; start < events.length; start += ENGAGEMENT_MAX_EVENTS) {
        send({ ...visit, events: events.slice(start, start + ENGAGEMENT_MAX_EVENTS) })
      }
    },
  }
}
