// The webhook round, every second, apart from the e-mail round: a slow receiver (each POST may take
// up to the client's time limit) never holds back e-mails. A failing round is logged and the next one
// tries again; stop() waits for the round in flight.
import { deliverDueWebhooks, type DeliverDeps } from './deliver.ts'

const DEFAULT_POLL_MS = 1000
const BATCH = 100
/** Longer than a batch can take (its POSTs run at once, each within the client's time limit). */
const LEASE_MS = 5 * 60_000

export class WebhookWorker {
  readonly #deps: DeliverDeps
  readonly #pollMs: number
  #timer: NodeJS.Timeout | undefined
  #round: Promise<void> | undefined
  #stopped = false

  constructor(deps: DeliverDeps, options: { pollMs?: number } = {}) {
    this.#deps = deps
    this.#pollMs = options.pollMs ?? DEFAULT_POLL_MS
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
    while (!this.#stopped && (await deliverDueWebhooks(this.#deps, { limit: BATCH, leaseMs: LEASE_MS })) === BATCH) {
      // A full batch: more may be due.
    }
  }

  #schedule(delayMs: number): void {
    if (this.#stopped) return
    this.#timer = setTimeout(() => {
      this.#round = this.runOnce()
        .catch((error: unknown) => this.#deps.logger.warn({ err: error }, 'webhook round failed; trying again'))
        .finally(() => {
          this.#round = undefined
          this.#schedule(this.#pollMs)
        })
    }, delayMs)
    this.#timer.unref()
  }
}
