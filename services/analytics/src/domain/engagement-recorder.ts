import type { Logger } from '@valueproof/http-kit'
import { BatchWriter } from '@valueproof/service-runtime'
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

/**
 * Writes engagement beacons off the request path, as the proposal service's ViewRecorder writes
 * views (the service runtime's BatchWriter): a beacon is answered 202 as soon as it is queued, and
 * the beacons of a short moment go into one transaction (domain/engagement.ts). When the queue is
 * full, a beacon's request waits until a batch has made room: a flood is slowed down to what the
 * database writes, never dropped (the analytics bench counts every event after 30,000 beacons).
 * Only a failed write loses its batch, logged, never the page.
 */
export class EngagementRecorder {
  readonly #writer: BatchWriter<EngagementBeacon>

  constructor(options: EngagementRecorderOptions) {
    const { prisma, dbSchema } = options
    this.#writer = new BatchWriter({
      name: 'engagement beacons',
      logger: options.logger,
      write: (batch) => prisma.$transaction((tx) => storeEngagement(tx, { beacons: batch, dbSchema })),
      batchDelayMs: options.batchDelayMs ?? 50,
      maxBatch: options.maxBatch ?? 200,
      maxPending: options.maxPending ?? 10_000,
    })
  }

  /** Queues the beacon; resolves once it is queued (at once unless the queue is full). */
  record(beacon: EngagementBeacon): Promise<void> {
    return this.#writer.add(beacon)
  }

  /** Writes everything recorded so far; resolves when it is stored (or was given up). */
  flush(): Promise<void> {
    return this.#writer.flush()
  }

  /** Writes what is waiting; beacons after this (and those still waiting for room) are not recorded. */
  stop(): Promise<void> {
    return this.#writer.stop()
  }
}
