// Writes that are answered before they are made (a view beacon, an engagement beacon): items are
// gathered for a short moment and written in one transaction per batch, off the request path. The
// proposal service's views and analytics' engagement both go through this one writer.
import type { Logger } from '@valueproof/http-kit'

export interface BatchWriterOptions<Item> {
  /** What the items are, for the log ("proposal views"). */
  name: string
  logger: Logger
  /** Writes one batch (one transaction); a deadlock with another replica's batch is retried once. */
  write: (batch: readonly Item[]) => Promise<unknown>
  /** Called after each batch is written (the outbox relay is nudged so its events go out at once). */
  written?: () => void
  /** Items are gathered this long before a batch is written. */
  batchDelayMs?: number
  maxBatch?: number
  /** Items waiting to be written; beyond it `add` waits for room, so memory stays bounded and nothing is dropped. */
  maxPending?: number
}

/** PostgreSQL's deadlock_detected: two replicas' batches crossed; one retry succeeds. */
function isDeadlock(error: unknown): boolean {
  return error instanceof Error && /40P01|deadlock detected/.test(error.message)
}

/**
 * A bounded queue written in batches. `add` resolves as soon as the item is queued — at once
 * unless the queue is full, when the caller waits until a batch has made room: a flood is slowed
 * down to what the database writes, never dropped. Only a failed write loses its batch (logged);
 * items added after `stop` are not written.
 */
export class BatchWriter<Item> {
  readonly #options: BatchWriterOptions<Item>
  readonly #batchDelayMs: number
  readonly #maxBatch: number
  readonly #maxPending: number
  #pending: Item[] = []
  /** Callers waiting for room, in arrival order. */
  #waiting: Array<() => void> = []
  #timer: NodeJS.Timeout | undefined
  #writing: Promise<void> = Promise.resolve()
  #dropped = 0
  #stopped = false

  constructor(options: BatchWriterOptions<Item>) {
    this.#options = options
    this.#batchDelayMs = options.batchDelayMs ?? 50
    this.#maxBatch = options.maxBatch ?? 500
    this.#maxPending = options.maxPending ?? 10_000
  }

  /** Queues the item (synchronously when there is room); resolves once it is queued. */
  async add(item: Item): Promise<void> {
    while (!this.#stopped && this.#pending.length >= this.#maxPending) {
      await new Promise<void>((resolve) => this.#waiting.push(resolve))
    }
    if (this.#stopped) {
      this.#dropped += 1
      return
    }
    this.#pending.push(item)
    this.#flushSoon(this.#pending.length >= this.#maxBatch ? 0 : this.#batchDelayMs)
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

  /** Writes everything queued so far; resolves when it is written (or was given up). */
  flush(): Promise<void> {
    this.#writing = this.#writing.then(() => this.#writeAll())
    return this.#writing
  }

  async #writeAll(): Promise<void> {
    while (this.#pending.length > 0) {
      const batch = this.#pending.splice(0, this.#maxBatch)
      this.#makeRoom()
      try {
        await this.#options.write(batch).catch((error: unknown) => {
          if (isDeadlock(error)) return this.#options.write(batch)
          throw error
        })
        this.#options.written?.()
      } catch (error) {
        this.#options.logger.warn({ err: error, items: batch.length }, `${this.#options.name} could not be recorded`)
      }
    }
    if (this.#dropped > 0) {
      this.#options.logger.warn({ items: this.#dropped }, `${this.#options.name} arrived after stopping and were not recorded`)
      this.#dropped = 0
    }
  }

  /** Lets as many waiting callers queue their items as there is room for (all of them once stopped). */
  #makeRoom(): void {
    let room = this.#stopped ? this.#waiting.length : this.#maxPending - this.#pending.length
    while (room > 0 && this.#waiting.length > 0) {
      this.#waiting.shift()?.()
      room -= 1
    }
  }

  /** Writes what is queued; items added after this (and those still waiting for room) are not written. */
  async stop(): Promise<void> {
    this.#stopped = true
    this.#makeRoom()
    clearTimeout(this.#timer)
    this.#timer = undefined
    await this.flush()
  }
}
