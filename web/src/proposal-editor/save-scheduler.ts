// When the editor's autosave sends (issue 37): 800 ms after the last change, but while the seller
// types without a pause at most once a second, never two requests at once, and never sooner than
// a second after the previous one began. The same scheduler, with shorter waits, keeps the
// browser's copy of the draft (offline-copy.ts). Timers are the global ones so tests fake them.

export interface SaveSchedule {
  /** Quiet time after the last change before sending. */
  readonly debounceMs: number
  /** The longest a change waits while changes keep coming. */
  readonly maxWaitMs: number
  /** The shortest time between the starts of two sends. */
  readonly minIntervalMs: number
}

export const AUTOSAVE_SCHEDULE: SaveSchedule = { debounceMs: 800, maxWaitMs: 1000, minIntervalMs: 1000 }

/**
 * Runs `send` on the schedule. `send` resolves true when the changes went out (answered either
 * way), false when they could not (offline): they then wait for flush().
 */
export class SaveScheduler {
  private firstChangeAt: number | undefined
  private lastChangeAt = 0
  private lastSendAt = Number.NEGATIVE_INFINITY
  private inFlight = false
  private timer: ReturnType<typeof setTimeout> | undefined
  private stopped = false
  private held = false

  constructor(
    private readonly schedule: SaveSchedule,
    private readonly send: () => Promise<boolean>,
  ) {}

  /** Something changed: a send follows on the schedule. */
  changed(): void {
    const now = Date.now()
    this.firstChangeAt ??= now
    this.lastChangeAt = now
    if (!this.held) this.plan()
  }

  /** Sends what is pending as soon as the interval allows (the browser is back online, the page hides). */
  flush(): void {
    this.held = false
    if (this.firstChangeAt === undefined) return
    this.lastChangeAt = Number.NEGATIVE_INFINITY
    this.firstChangeAt = Number.NEGATIVE_INFINITY
    this.plan()
  }

  /** Whether changes wait to be sent or are being sent. */
  get pending(): boolean {
    return this.firstChangeAt !== undefined || this.inFlight
  }

  /** No more sends (a conflict: the seller must reload first). */
  stop(): void {
    this.stopped = true
    clearTimeout(this.timer)
    this.timer = undefined
  }

  private plan(): void {
    if (this.stopped || this.inFlight || this.firstChangeAt === undefined) return
    const due = Math.max(
      Math.min(this.lastChangeAt + this.schedule.debounceMs, this.firstChangeAt + this.schedule.maxWaitMs),
      this.lastSendAt + this.schedule.minIntervalMs,
    )
    clearTimeout(this.timer)
    this.timer = setTimeout(() => void this.fire(), Math.max(0, due - Date.now()))
  }

  private async fire(): Promise<void> {
    this.timer = undefined
    if (this.stopped || this.firstChangeAt === undefined) return
    this.firstChangeAt = undefined
    this.inFlight = true
    this.lastSendAt = Date.now()
    let sent = false
    try {
      sent = await this.send()
    } finally {
      this.inFlight = false
      if (!sent) {
        // Kept until flush(): nothing is sent again while the network is away.
        this.held = true
        this.firstChangeAt ??= Date.now()
      }
      // Changes made while the request was out go in the next one.
      if (!this.held) this.plan()
    }
  }
}
