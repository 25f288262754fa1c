import type { Logger } from '@valueproof/http-kit'
import type { PrismaClient } from '../db.ts'
import { storeViewRecords, type ProposalView } from '../events/outbox.ts'

export interface ViewRecorderOptions {
  prisma: PrismaClient
  /** The service's schema when its database is shared (the embedded stack). */
  dbSchema: string | undefined
  logger: Logger
  /** Views are gathered this long before one transaction writes them. */
  batchDelayMs?: number
  maxBatch?: number
  /** Views waiting beyond this are dropped (and counted in a warning) rather than piling up in memory. */
  maxPending?: number
}

/**
 * Writes proposal-viewed events to the outbox off the request path: a view is answered without
 * waiting, and the views of a short moment go out in one transaction. Recording is best effort
 * (docs/decisions/050): a failed write is logged and those views are lost, never the page.
 */
export class ViewRecorder {
  readonly #prisma: PrismaClient
  readonly #dbSchema: string | undefined
  readonly #logger: Logger
  readonly #batchDelayMs: number
  readonly #maxBatch: number
  readonly #maxPending: number
  #pending: ProposalView[] = []
  #timer: NodeJS.Timeout | undefined
  #writing: Promise<void> = Promise.resolve()
  #dropped = 0
  #stopped = false

  constructor(options: ViewRecorderOptions) {
    this.#prisma = options.prisma
    this.#dbSchema = options.dbSchema
    this.#logger = options.logger
    this.#batchDelayMs = options.batchDelayMs ?? 50
    this.#maxBatch = options.maxBatch ?? 500
    this.#maxPending = options.maxPending ?? 10_000
  }

  record(view: ProposalView): void {
    if (this.#stopped || this.#pending.length >= this.#maxPending) {
      this.#dropped += 1
      return
    }
    this.#pending.push(view)
    if (this.#pending.length >= this.#maxBatch) this.#flushSoon(0)
    else this.#flushSoon(this.#batchDelayMs)
  }

  #flushSoon(delayMs: number): void {
    if (this.#timer !== undefined && delayMs > 0) return
    clearTimeout(this.#timer)
    this.#timer = setTimeout(() => {
      this.#timer = undefined
      void this.flush()
    }, delayMs)
    this.#timer.unref()
  }

  /** Writes everything recorded so far; resolves when it is in the outbox (or was given up). */
  flush(): Promise<void> {
    this.#writing = this.#writing.then(() => this.#writeAll())
    return this.#writing
  }

  async #writeAll(): Promise<void> {
    while (this.#pending.length > 0) {
      const batch = this.#pending.splice(0, this.#maxBatch)
      try {
        await storeViewRecords(this.#prisma, { views: batch, dbSchema: this.#dbSchema })
      } catch (error) {
        this.#logger.warn({ err: error, views: batch.length }, 'proposal views could not be recorded')
      }
    }
    if (this.#dropped > 0) {
      this.#logger.warn({ views: this.#dropped }, 'proposal views dropped: too many waiting to be recorded')
      this.#dropped = 0
    }
  }

  /** Writes what is waiting; views after this are not recorded. */
  async stop(): Promise<void> {
    this.#stopped = true
    clearTimeout(this.#timer)
    this.#timer = undefined
    await this.flush()
  }
}
