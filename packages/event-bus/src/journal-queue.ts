// How the in-process bus uses its journal (journal.ts): one journal operation at a time, in call
// order, so a durable name's first claim and the events appended around it never cross; publishes
// arriving while a write is under way go into the next write together (a burst of events costs a
// few statements, not one each); finished deliveries are settled in batches a moment later.
import type { EventJournal, PendingDelivery } from './journal.ts'
import { errorField, type EventBusLogger } from './logger.ts'
import type { EventEnvelope } from './types.ts'

/** Events appended per statement. */
const APPEND_BATCH = 500
/** Finished deliveries are gathered this long before one statement settles them. */
const SETTLE_DELAY_MS = 20
/** The journal is pruned after this many appended events (and once at start). */
const PRUNE_EVERY_EVENTS = 1_000

export interface JournalQueueOptions {
  journal: EventJournal
  logger: EventBusLogger
  /** Called inside the append's turn with the events stored now (duplicates left out), in publish order. */
  stored(events: ReadonlyArray<{ envelope: EventEnvelope; seq: number }>): void
  retainEvents: number
  maxAgeMs: number
}

interface Append {
  envelope: EventEnvelope
  resolve(): void
  reject(error: unknown): void
}

export class JournalQueue {
  readonly #options: JournalQueueOptions
  #tail: Promise<unknown> = Promise.resolve()
  #appends: Append[] = []
  #appendQueued = false
  #settles: Array<{ durable: string; seq: number }> = []
  #settleTimer: NodeJS.Timeout | undefined
  #appendedSincePrune = 0
  #failing = false

  constructor(options: JournalQueueOptions) {
    this.#options = options
    this.#prune()
  }

  /** Whether the last journal operation failed (the bus cannot take events until it works again). */
  get failing(): boolean {
    return this.#failing
  }

  /** Runs `work` after every journal operation asked for before it, alone. */
  run<T>(work: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(work)
    this.#tail = result.then(
      () => {
        this.#failing = false
      },
      () => {
        this.#failing = true
      },
    )
    return result
  }

  /** Resolves once the event is in the journal (or was there already). */
  append(envelope: EventEnvelope): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#appends.push({ envelope, resolve, reject })
      if (this.#appendQueued) return
      this.#appendQueued = true
      void this.run(() => this.#writeAppends()).catch(() => undefined)
    })
  }

  async #writeAppends(): Promise<void> {
    this.#appendQueued = false
    while (this.#appends.length > 0) {
      const batch = this.#appends.splice(0, APPEND_BATCH)
      let seqs: Array<number | undefined>
      try {
        seqs = await this.#options.journal.append(batch.map((append) => append.envelope))
      } catch (error) {
        for (const append of batch) append.reject(error)
        throw error
      }
      const stored: Array<{ envelope: EventEnvelope; seq: number }> = []
      batch.forEach((append, index) => {
        const seq = seqs[index]
        if (seq !== undefined) stored.push({ envelope: append.envelope, seq })
      })
      this.#options.stored(stored)
      for (const append of batch) append.resolve()
      this.#appendedSincePrune += stored.length
      if (this.#appendedSincePrune >= PRUNE_EVERY_EVENTS) this.#prune()
    }
  }

  /** The durable name's pending deliveries, read in turn with the appends around it; `took` runs inside that turn. */
  claim(durable: string, subject: string, took: (pending: PendingDelivery[]) => void): Promise<void> {
    return this.run(async () => took(await this.#options.journal.claim(durable, subject)))
  }

  /** A delivery that is over (handled or given up): its row goes with the next batch. */
  settle(durable: string, seq: number): void {
    this.#settles.push({ durable, seq })
    this.#settleTimer ??= setTimeout(() => void this.#writeSettles(), SETTLE_DELAY_MS)
  }

  #writeSettles(): Promise<void> {
    clearTimeout(this.#settleTimer)
    this.#settleTimer = undefined
    const batch = this.#settles.splice(0)
    if (batch.length === 0) return Promise.resolve()
    // A settle that is not written only means that delivery comes again after a restart (consumers are idempotent).
    return this.run(() => this.#options.journal.settle(batch)).catch((error: unknown) => {
      this.#options.logger.warn({ err: errorField(error), deliveries: batch.length }, 'cannot settle event deliveries in the journal')
    })
  }

  /** A failed delivery, tried again from `notBefore` on: in this run by the bus's timer, or after a restart. */
  postpone(delivery: { durable: string; seq: number; failures: number; notBefore: Date }): void {
    this.run(() => this.#options.journal.postpone(delivery)).catch((error: unknown) => {
      this.#options.logger.warn({ err: errorField(error), durable: delivery.durable }, 'cannot note a redelivery in the journal')
    })
  }

  #prune(): void {
    this.#appendedSincePrune = 0
    const { retainEvents, maxAgeMs, logger } = this.#options
    this.run(() => this.#options.journal.prune({ retainEvents, maxAgeMs })).then(
      ({ expiredDeliveries }) => {
        if (expiredDeliveries > 0) {
          logger.warn(
            { expiredDeliveries },
            'event deliveries older than the journal keeps were dropped (a durable name nobody subscribes to)',
          )
        }
      },
      (error: unknown) => logger.warn({ err: errorField(error) }, 'cannot prune the event journal'),
    )
  }

  /** Writes the settled deliveries now and waits for every journal operation asked for so far. */
  async flush(): Promise<void> {
    await this.#writeSettles()
    await this.#tail
  }
}
