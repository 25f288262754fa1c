// The service's background round, every second: later opens whose window passed become e-mails,
// on Mondays the weekly digests are owed, and due e-mails are sent. A failing round is logged and the
// next one tries again; stop() waits for the round in flight.
import { owePendingOpens } from '../domain/opens.ts'
import { oweWeeklyDigests } from '../domain/digest.ts'
import { sendDueMails, type SenderDeps } from './sender.ts'

export interface WorkerOptions {
  pollMs?: number
  /** Mails claimed per statement. */
  batch?: number
  /** How long claimed mails are held (MAIL_CLAIM_LEASE_SECONDS). */
  leaseMs?: number
}

const DEFAULT_POLL_MS = 1000
const DEFAULT_BATCH = 40
/** Longer than a batch can take (each send is bounded by the mailer's timeouts), so a claim never lapses while held. */
const DEFAULT_LEASE_MS = 5 * 60_000
const DIGEST_CHECK_MS = 5 * 60_000

export class NotificationWorker {
  readonly #deps: SenderDeps
  readonly #pollMs: number
  readonly #batch: number
  readonly #leaseMs: number
  #timer: NodeJS.Timeout | undefined
  #round: Promise<void> | undefined
  #stopped = false
  #lastDigestCheck = 0

  constructor(deps: SenderDeps, options: WorkerOptions = {}) {
    this.#deps = deps
    this.#pollMs = options.pollMs ?? DEFAULT_POLL_MS
    this.#batch = options.batch ?? DEFAULT_BATCH
    this.#leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS
  }

  start(): void {
    this.#schedule(0)
  }

  async stop(): Promise<void> {
    this.#stopped = true
    clearTimeout(this.#timer)
    await this.#round
  }

  /** One round now (tests; the timer's rounds run the same code). */
  async runOnce(): Promise<void> {
    const deps = this.#deps
    const now = deps.now()
    await deps.prisma.$transaction((tx) => owePendingOpens(tx, { now, dbSchema: deps.dbSchema }))
    if (now.getTime() - this.#lastDigestCheck >= DIGEST_CHECK_MS) {
      this.#lastDigestCheck = now.getTime()
      await deps.prisma.$transaction((tx) => oweWeeklyDigests(tx, { now, dbSchema: deps.dbSchema }))
    }
    while (!this.#stopped && (await sendDueMails(deps, { limit: this.#batch, leaseMs: this.#leaseMs })) === this.#batch) {
      // A full batch: more may be due.
    }
  }

  #schedule(delayMs: number): void {
    if (this.#stopped) return
    this.#timer = setTimeout(() => {
      this.#round = this.runOnce()
        .catch((error: unknown) => this.#deps.logger.warn({ err: error }, 'notification round failed; trying again'))
        .finally(() => {
          this.#round = undefined
          this.#schedule(this.#pollMs)
        })
    }, delayMs)
    this.#timer.unref()
  }
}
