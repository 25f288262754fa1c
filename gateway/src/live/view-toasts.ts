// The seller's live "was just opened", at most once a minute a proposal (issue 34, decision 119):
// the first counted view is announced at once, and the views after it within the interval are
// folded into one event at its end ("opened 3 times"), which opens the next interval. Every
// replica receives every view event and keeps its own intervals for the streams it holds: each
// open tab gets at most one event a proposal per interval, and the events' `views` add up to the
// counted views that replica received. Replicas' intervals start at the same views but are not
// synchronised, so two tabs on two replicas may fold slightly differently.
import { LIVE_PROPOSAL_VIEWED_EVENT, liveProposalViewedSchema } from '@valueproof/contracts'
import type { LiveStreams } from './live-streams.ts'

export interface ViewToastsOptions {
  streams: Pick<LiveStreams, 'count' | 'send'>
  /** LIVE_VIEW_TOAST_INTERVAL_MS (tests shorten it). */
  intervalMs: number
}

interface Interval {
  ownerUserId: number
  proposalId: string
  /** Counted views since the interval's event, and the latest one's time. */
  folded: number
  latest: Date | undefined
  timer: NodeJS.Timeout
}

export class ViewToasts {
  readonly #options: ViewToastsOptions
  /** The open intervals, by owner and proposal. */
  readonly #intervals = new Map<string, Interval>()

  constructor(options: ViewToastsOptions) {
    this.#options = options
  }

  /** A counted view of the owner's proposal: announced now, or folded into its interval's end. */
  viewed(props: { ownerUserId: number; proposalId: string; viewedAt: Date }): void {
    const key = `${props.ownerUserId} ${props.proposalId}`
    const open = this.#intervals.get(key)
    if (open) {
      open.folded += 1
      open.latest = props.viewedAt
      return
    }
    // Nobody to tell on this replica: no interval is kept (a flood across many proposals costs nothing here).
    if (this.#options.streams.count(props.ownerUserId) === 0) return
    this.#announce(props.ownerUserId, props.proposalId, props.viewedAt, 1)
    this.#open(key, props.ownerUserId, props.proposalId)
  }

  /** Intervals open now (tests). */
  get open(): number {
    return this.#intervals.size
  }

  /** Ends every interval without announcing what it folded (shutdown). */
  stop(): void {
    for (const interval of this.#intervals.values()) clearTimeout(interval.timer)
    this.#intervals.clear()
  }

  #open(key: string, ownerUserId: number, proposalId: string): void {
    const timer = setTimeout(() => this.#close(key), this.#options.intervalMs)
    timer.unref()
    this.#intervals.set(key, { ownerUserId, proposalId, folded: 0, latest: undefined, timer })
  }

  /** The interval's end: what it folded is announced, and that event opens the next interval. */
  #close(key: string): void {
    const interval = this.#intervals.get(key)
    this.#intervals.delete(key)
    if (!interval || interval.folded === 0 || interval.latest === undefined) return
    this.#announce(interval.ownerUserId, interval.proposalId, interval.latest, interval.folded)
    this.#open(key, interval.ownerUserId, interval.proposalId)
  }

  #announce(ownerUserId: number, proposalId: string, viewedAt: Date, views: number): void {
    const data = liveProposalViewedSchema.parse({ proposalId, viewedAt: viewedAt.toISOString(), views })
    this.#options.streams.send(ownerUserId, LIVE_PROPOSAL_VIEWED_EVENT, data)
  }
}
