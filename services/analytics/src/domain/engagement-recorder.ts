import type { Logger } from '@valueproof/http-kit'
import type { PrismaClient } from '../db.ts'
import { storeEngagement, type EngagementBeacon } from './engagement.ts'

export interface EngagementRecorderOptions {
  prisma: PrismaClient
  /** The service's schema when its database is shared (the embedded stack). */
  dbSchema: string | undefined
  logger: Logger
  /** Beacons are gathered this long before one transaction writes them. */
  batchDelayMs?: number
  maxBatch?: number
  /** Beacons waiting to be written; beyond it a beacon's request waits for room (memory stays bounded, nothing is dropped). */
  maxPending?: number
}

/** PostgreSQL's deadlock_detected: a batch crossed another writer's; one retry succeeds. */
function isDeadlock(error: unknown): boolean {
  return error instanceof Error && /40P01|deadlock detected/.test(error.message)
}

/**
 * Writes engagement beacons off the request path, as the proposal service's ViewRecorder writes
 * views: a beacon is answered 202 as soon as it is queued, and the beacons of a short moment go into
 * one transaction (domain/engagement.ts). When the queue is full, a beacon's request waits until a
 * batch has made room: a flood is slowed down to what the database writes, never dropped (the
 * analytics bench counts every event after 30,000 beacons). Only a failed write loses its batch,
 * logged, never the page.
 */
export class EngagementRecorder {
  readonly #prisma: PrismaClient
  readonly #dbSchema: string | undefined
  readonly #logger: Logger
  readonly #batchDelayMs: number
  readonly #maxBatch: number
  readonly #maxPending: number
  #pending: EngagementBeacon[] = []
  /** Requests waiting for room in the queue, in arrival order. */
  #waiting: Array<() => void> = []
  #timer: NodeJS.Timeout | undefined
  #writing: Promise<void> = Promise.resolve()
  #dropped = 0
  #stopped = false

  constructor(options: EngagementRecorderOptions) {
    this.#prisma = options.prisma
    this.#dbSchema = options.dbSchema
    this.#logger = options.logger
    this.#batchDelayMs = options.batchDelayMs ?? 50
    this.#maxBatch = options.maxBatch ?? 200
    this.#maxPending = options.maxPending ?? 10_000
  }

  /** Queues the beacon; resolves once it is queued (at once unless the queue is full). */
  async record(beacon: EngagementBeacon): Promise<void> {
    while (!this.#stopped && this.#pending.length >= this.#maxPending) {
      await new Promise<void>((resolve) => this.#waiting.push(resolve))
    }
    if (this.#stopped) {
      this.#dropped += 1
      return
    }
    this.#pending.push(beacon)
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

  /** Writes everything recorded so far; resolves when it is stored (or was given up). */
  flush(): Promise<void> {
    this.#writing = this.#writing.then(() => this.#writeAll())
    return this.#writing
  }

  async #writeAll(): Promise<void> {
    while (this.#pending.length > 0) {
      const batch = this.#pending.splice(0, this.#maxBatch)
      this.#makeRoom()
      try {
        await this.#write(batch).catch((error: unknown) => {
          if (isDeadlock(error)) return this.#write(batch)
          throw error
        })
      } catch (error) {
        this.#logger.warn({ err: error, beacons: batch.length }, 'engagement beacons could not be recorded')
      }
    }
    if (this.#dropped > 0) {
      this.#logger.warn({ beacons: this.#dropped }, 'engagement beacons dropped: too many waiting to be recorded')
      this.#dropped = 0
    }
  }

  #write(batch: readonly EngagementBeacon[]): Promise<number> {
    return this.#prisma.$transaction((tx) => storeEngagement(tx, { beacons: batch, dbSchema: this.#dbSchema }))
  }

  /** Lets as many waiting requests queue their beacons as there is room for. */
  #makeRoom(): void {
    let room = this.#stopped ? this.#waiting.length : this.#maxPending - this.#pending.length
    while (room > 0 && this.#waiting.length > 0) {
      this.#waiting.shift()?.()
      room -= 1
    }
  }

  /** Writes what is waiting; beacons after this (and those still waiting for room) are not recorded. */
  async stop(): Promise<void> {
    this.#stopped = true
    this.#makeRoom()
    clearTimeout(this.#timer)
    this.#timer = undefined
    await this.flush()
  }
}
