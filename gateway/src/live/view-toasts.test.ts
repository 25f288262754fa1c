// The seller's live toast coalesced (issue 34, decision 119): a proposal's first counted view at
// once, the rest of the interval folded into one event at its end, per owner and proposal, and
// nothing kept for an owner with no open stream. Timers are vitest's, so intervals end exactly.
import { LIVE_PROPOSAL_VIEWED_EVENT, liveProposalViewedSchema, type LiveProposalViewed } from '@valueproof/contracts'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ViewToasts } from './view-toasts.ts'

const INTERVAL_MS = 60_000
const START = new Date('2026-03-01T12:00:00.000Z').getTime()

/** Streams that record what each owner was sent; `online` owners have a stream open. */
function recordingStreams(online: number[]) {
  const sent: Array<{ userId: number } & LiveProposalViewed> = []
  return {
    sent,
    count: (userId?: number) => (userId !== undefined && online.includes(userId) ? 1 : 0),
    send(userId: number, event: string, data: unknown) {
      expect(event).toBe(LIVE_PROPOSAL_VIEWED_EVENT)
      sent.push({ userId, ...liveProposalViewedSchema.parse(data) })
      return 1
    },
  }
}

describe('ViewToasts', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: START })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  const at = (ms: number) => new Date(START + ms)

  it('announces the first view at once and folds the rest of the interval into one event at its end', () => {
    const streams = recordingStreams([1])
    const toasts = new ViewToasts({ streams, intervalMs: INTERVAL_MS })
    for (let view = 0; view < 30; view += 1) toasts.viewed({ ownerUserId: 1, proposalId: 'p', viewedAt: at(view * 100) })
    expect(streams.sent).toEqual([{ userId: 1, proposalId: 'p', viewedAt: at(0).toISOString(), views: 1 }])
    vi.advanceTimersByTime(INTERVAL_MS - 1)
    expect(streams.sent).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(streams.sent.at(-1)).toEqual({ userId: 1, proposalId: 'p', viewedAt: at(2_900).toISOString(), views: 29 })
    // That event opened the next interval: a view in it waits for its end.
    toasts.viewed({ ownerUserId: 1, proposalId: 'p', viewedAt: at(INTERVAL_MS + 5_000) })
    expect(streams.sent).toHaveLength(2)
    vi.advanceTimersByTime(INTERVAL_MS)
    expect(streams.sent.map((event) => event.views)).toEqual([1, 29, 1])
    // An interval that folded nothing ends quietly, and the next view is news at once.
    vi.advanceTimersByTime(INTERVAL_MS)
    expect([streams.sent.length, toasts.open]).toEqual([3, 0])
    toasts.viewed({ ownerUserId: 1, proposalId: 'p', viewedAt: at(4 * INTERVAL_MS) })
    expect(streams.sent.map((event) => event.views)).toEqual([1, 29, 1, 1])
  })

  it('keeps an interval per owner and proposal, and nothing for an owner with no stream open', () => {
    const streams = recordingStreams([1, 2])
    const toasts = new ViewToasts({ streams, intervalMs: INTERVAL_MS })
    toasts.viewed({ ownerUserId: 1, proposalId: 'p', viewedAt: at(0) })
    toasts.viewed({ ownerUserId: 1, proposalId: 'q', viewedAt: at(1) })
    toasts.viewed({ ownerUserId: 2, proposalId: 'r', viewedAt: at(2) })
    toasts.viewed({ ownerUserId: 3, proposalId: 's', viewedAt: at(3) })
    expect(streams.sent.map((event) => [event.userId, event.proposalId])).toEqual([
      [1, 'p'],
      [1, 'q'],
      [2, 'r'],
    ])
    expect(toasts.open).toBe(3)
    toasts.stop()
    vi.advanceTimersByTime(INTERVAL_MS)
    expect([streams.sent.length, toasts.open]).toEqual([3, 0])
  })
})
