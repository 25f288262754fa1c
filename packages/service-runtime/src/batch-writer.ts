// Writes that many requests make at once (a view beacon, an engagement beacon): items are gathered
// for a short moment and written in one transaction per batch, and each request is answered once
// its item's batch is committed (docs/decisions/117). The proposal service's views and analytics'
// engagement both go through this one writer.
import { errors, type HttpError, type Logger } from '@valueproof/http-kit'

export interface BatchWriterOptions<Item> {
  /** What the items are, for the log ("proposal views"). */
  name: string
  logger: Logger
  /** Writes one batch (one transaction); a deadlock with another replica's batch is retried once. */
  write: (batch: readonly Item[]) => Promise<unknown>
  /** Called after each batch is written (the outbox relay is nudged so its events go out at once). */
  written?: () => void
  /**
   * What a caller whose item was not stored is told (a 503): its batch's write failed, or the
   * writer was stopping. The cause goes to the log, once per batch.
   */
  notStoredMessage?: string
  /**
   * Extra time items are gathered before a batch is written. Default none: a batch is written as
   * soon as the writer is free, and items arriving meanwhile form the next one (group commit), so a
   * caller waits about one transaction and a flood still makes few, large batches.
   */
  batchDelayMs?: number
  maxBatch?: number
  /**
   * Batches written at once (each its own transaction; two replicas' batches already may be): while
   * one commits, the next is written, so callers wait less. Default 2.
   */
  concurrentBatches?: number
  /** Items waiting to be written; beyond it `add` waits for room, so memory stays bounded and nothing is dropped. */
  maxPending?: number
}

/** PostgreSQL's deadlock_detected: two replicas' batches crossed; one retry succeeds. */
function isDeadlock(error: unknown): boolean {
  return error instanceof Error && /40P01|deadlock detected/.test(error.message)
}

export const NOT_STORED_MESSAGE = 'This could not be stored just now. Please try again shortly.'

/** An item waiting for its batch, and the caller waiting for its commit. */
interface Entry<Item> {
  item: Item
  stored(): void
  failed(error: HttpError): void
}

/**
 * A bounded queue written in batches. `add` resolves once the item's batch is committed and rejects
 * (503, `notStoredMessage`) when that write failed or the writer was stopped, so a caller answers
 * "accepted" only for what is stored. When the queue is full, `add` first waits until a batch has
 * made room: a flood is slowed down to what the database writes, never dropped.
 */
export class BatchWriter<Item> {
  readonly #options: BatchWriterOptions<Item>
  readonly #batchDelayMs: number
  readonly #maxBatch: number
  readonly #maxPending: number
  readonly #concurrentBatches: number
  readonly #notStoredMessage: string
  #pending: Array<Entry<Item>> = []
  /** Callers waiting for room, in arrival order. */
  #waiting: Array<() => void> = []
  #timer: NodeJS.Timeout | undefined
  /** The batches being written. */
  readonly #writes = new Set<Promise<void>>()
  #stopped = false

  constructor(options: BatchWriterOptions<Item>) {
    this.#options = options
    this.#batchDelayMs = options.batchDelayMs ?? 0
    this.#maxBatch = options.maxBatch ?? 500
    this.#maxPending = options.maxPending ?? 10_000
    this.#concurrentBatches = Math.max(1, Math.floor(options.concurrentBatches ?? 2))
    this.#notStoredMessage = options.notStoredMessage ?? NOT_STORED_MESSAGE
  }

  /** Queues the item and resolves once its batch is committed; rejects with a 503 HttpError when it was not stored. */
  async add(item: Item): Promise<void> {
    while (!this.#stopped && this.#pending.length >= this.#maxPending) {
      await new Promise<void>((resolve) => this.#waiting.push(resolve))
    }
    if (this.#stopped) throw this.#notStored('stopped')
    const committed = new Promise<void>((stored, failed) => this.#pending.push({ item, stored, failed }))
    this.#flushSoon(this.#pending.length >= this.#maxBatch ? 0 : this.#batchDelayMs)
    return committed
  }

  #notStored(reason: 'stopped' | 'failed'): HttpError {
    return errors.serviceUnavailable(this.#notStoredMessage, reason === 'stopped' ? 'not_stored_stopping' : 'not_stored')
  }

  #flushSoon(delayMs: number): void {
    if (this.#timer !== undefined && delayMs > 0) return
    clearTimeout(this.#timer)
    this.#timer = setTimeout(() => {
      this.#timer = undefined
      this.#pump()
    }, delayMs)
  }

  /**
   * Writes everything queued; resolves once nothing is queued or being written (failed writes
   * included: those callers were told).
   */
  async flush(): Promise<void> {
    clearTimeout(this.#timer)
    this.#timer = undefined
    this.#pump()
    while (this.#writes.size > 0) await Promise.all([...this.#writes])
  }

  /** Starts writing batches of what is queued, as many at once as allowed; each one done starts the next. */
  #pump(): void {
    while (this.#writes.size < this.#concurrentBatches && this.#pending.length > 0) {
      const batch = this.#pending.splice(0, this.#maxBatch)
      this.#makeRoom()
      const write: Promise<void> = this.#write(batch).finally(() => {
        this.#writes.delete(write)
        this.#pump()
      })
      this.#writes.add(write)
    }
  }

  async #write(batch: Array<Entry<Item>>): Promise<void> {
    const items = batch.map((entry) => entry.item)
    try {
      await this.#options.write(items).catch((error: unknown) => {
        if (isDeadlock(error)) return this.#options.write(items)
        throw error
      })
    } catch (error) {
      this.#options.logger.warn(
        { err: error, items: batch.length },
        `${this.#options.name} could not be recorded; their requests are answered 503`,
      )
      const notStored = this.#notStored('failed')
      for (const entry of batch) entry.failed(notStored)
      return
    }
    for (const entry of batch) entry.stored()
    this.#options.written?.()
  }

  /** Lets as many waiting callers queue their items as there is room for (all of them once stopped). */
  #makeRoom(): void {
    let room = this.#stopped ? this.#waiting.length : this.#maxPending - this.#pending.length
    while (room > 0 && this.#waiting.length > 0) {
      this.#waiting.shift()?.()
      room -= 1
    }
  }

  /**
   * Writes what is queued and resolves when it is committed. Callers still waiting for room, and
   * any `add` after this, are refused (503): their requests were not answered "accepted".
   */
  async stop(): Promise<void> {
    this.#stopped = true
    this.#makeRoom()
    clearTimeout(this.#timer)
    this.#timer = undefined
    await this.flush()
  }
}
