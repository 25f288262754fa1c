import {
  ENGAGEMENT_MAX_EVENTS,
  ENGAGEMENT_MAX_EVENTS_PER_VISIT,
  MAX_REPORTED_VISIBLE_MS,
  VISIT_ID_PATTERN,
  engagementBeaconBodySchema,
  type EngagementBeaconBody,
} from '@valueproof/contracts'
import { describe, expect, it } from 'vitest'
import { engagementSession, INPUT_SETTLE_MS, MIN_SECTION_MS, visibleClock } from './engagement-session.ts'
import { newVisitId } from './visit-id.ts'

const visit = { proposalId: 'p-1', visitId: 'AAAAAAAAAAAAAAAAAAAAAA', token: 'v1.claims.mac' }

function sessionAt(start: number, tabVisible = true) {
  const beacons: EngagementBeaconBody[] = []
  const session = engagementSession(visit, (beacon) => beacons.push(beacon), tabVisible, start)
  const events = () => beacons.flatMap((beacon) => beacon.events)
  return { session, beacons, events }
}

describe('visible time', () => {
  it('counts only the time the thing was visible, once per report', () => {
    const clock = visibleClock(true, 0)
    clock.set(false, 4_000)
    clock.set(true, 10_000)
    expect(clock.take(12_500)).toBe(6_500)
    expect(clock.take(12_500)).toBe(0)
    clock.set(false, 13_000)
    expect(clock.take(99_000)).toBe(500)
  })

  it('carries what one report may not claim, and what is below its minimum', () => {
    const clock = visibleClock(true, 0)
    expect(clock.take(MAX_REPORTED_VISIBLE_MS + 15_000)).toBe(MAX_REPORTED_VISIBLE_MS)
    expect(clock.take(MAX_REPORTED_VISIBLE_MS + 15_000)).toBe(15_000)
    const section = visibleClock(true, 0)
    expect(section.take(600, 1_000)).toBe(0)
    expect(section.take(1_100, 1_000)).toBe(1_100)
  })

  it('setting the same visibility twice changes nothing', () => {
    const clock = visibleClock(true, 0)
    clock.set(true, 5_000)
    expect(clock.take(8_000)).toBe(8_000)
  })
})

describe('an engagement session', () => {
  it('reports heartbeats of visible time only, with increasing sequence numbers', () => {
    const { session, events } = sessionAt(0)
    session.report(10_000)
    session.setTabVisible(false, 13_000)
    session.report(20_000)
    session.setTabVisible(true, 50_000)
    session.report(60_000)
    expect(events()).toEqual([
      { type: 'heartbeat', seq: 0, visibleMs: 10_000 },
      { type: 'heartbeat', seq: 1, visibleMs: 3_000 },
      { type: 'heartbeat', seq: 2, visibleMs: 10_000 },
    ])
  })

  it('sends nothing when nothing happened', () => {
    const { session, beacons } = sessionAt(0, false)
    session.report(10_000)
    expect(beacons).toEqual([])
  })

  it("reports a section's time while it is on screen and the tab is visible, not a glimpse of it", () => {
    const { session, events } = sessionAt(0)
    session.setSectionOnScreen('calculator', true, 1_000)
    session.setSectionOnScreen('executiveSummary', true, 1_000)
    session.setSectionOnScreen('executiveSummary', false, 1_400)
    session.setTabVisible(false, 4_000)
    session.setTabVisible(true, 8_000)
    session.report(10_000)
    const sections = events().filter((event) => event.type === 'section')
    // The summary was on screen 400 ms: under MIN_SECTION_MS, scrolled past.
    expect(sections).toEqual([{ type: 'section', seq: 1, section: 'calculator', visibleMs: 5_000 }])
    session.setSectionOnScreen('executiveSummary', true, 10_000)
    session.report(10_000 + MIN_SECTION_MS)
    expect(
      events()
        .filter((event) => event.type === 'section')
        .at(-1),
    ).toMatchObject({ section: 'executiveSummary', visibleMs: 1_400 })
  })

  it('reports one event per input once it has settled, with the figures shown', () => {
    const { session, events } = sessionAt(0, false)
    session.noteInput('hoursSaved', 12, { weekly: 600 }, 1_000)
    session.noteInput('hoursSaved', 20, { weekly: 1_000 }, 1_200)
    session.noteInput('hourlyRate', 55, undefined, 9_500)
    session.report(10_000)
    expect(events()).toEqual([{ type: 'input', seq: 0, name: 'hoursSaved', value: 20, figures: { weekly: 1_000 } }])
    // Still being moved at the heartbeat: it goes with the next one, or when the prospect leaves.
    session.noteInput('hourlyRate', 60, undefined, 10_100)
    session.report(10_100 + INPUT_SETTLE_MS - 1)
    expect(events()).toHaveLength(1)
    session.report(10_200 + INPUT_SETTLE_MS - 1, true)
    expect(events().at(-1)).toEqual({ type: 'input', seq: 1, name: 'hourlyRate', value: 60 })
  })

  it('batches at most ENGAGEMENT_MAX_EVENTS per beacon, each valid for the contract', () => {
    const { session, beacons } = sessionAt(0, false)
    for (let index = 0; index < ENGAGEMENT_MAX_EVENTS + 5; index++) session.noteInput(`input${index}`, index, undefined, 0)
    session.report(5_000)
    expect(beacons.map((beacon) => beacon.events.length)).toEqual([ENGAGEMENT_MAX_EVENTS, 5])
    for (const beacon of beacons) expect(engagementBeaconBodySchema.parse(beacon)).toEqual(beacon)
    expect(beacons.flatMap((beacon) => beacon.events.map((event) => event.seq))).toEqual(
      Array.from({ length: ENGAGEMENT_MAX_EVENTS + 5 }, (_, index) => index),
    )
  })

  it('stops numbering events at the per-visit limit', () => {
    const { session, events } = sessionAt(0)
    for (let tick = 1; tick <= ENGAGEMENT_MAX_EVENTS_PER_VISIT + 3; tick++) session.report(tick * 1_000)
    expect(events()).toHaveLength(ENGAGEMENT_MAX_EVENTS_PER_VISIT)
    expect(events().at(-1)?.seq).toBe(ENGAGEMENT_MAX_EVENTS_PER_VISIT - 1)
  })
})

describe('a visit id', () => {
  it('is 16 random bytes in base64url', () => {
    const ids = new Set(Array.from({ length: 500 }, () => newVisitId()))
    expect(ids.size).toBe(500)
    for (const id of ids) {
      expect(id).toMatch(VISIT_ID_PATTERN)
      expect(Buffer.from(id, 'base64url')).toHaveLength(16)
    }
    // Over 500 ids, base64url's own characters turn up: none is left in base64's form.
    expect([...ids].join('')).toMatch(/[-_]/)
  })
})
