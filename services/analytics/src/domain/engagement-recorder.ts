import type { Logger } from '@valueproof/http-kit'
import { BatchWriter } from '@valueproof/service-runtime'
import type { PrismaClient } from '../db.ts'
import { storeEngagement, type EngagementBeacon } from './engagement.ts'

export interface EngagementRecorderOptions {
  prisma: PrismaClient
  /** The service's schema when its database is shared (the embedded stack). */
  dbSchema: string | undefined
  logger: Logger
  /** Extra time beacons are gathered before one transaction writes them (default none: the BatchWriter's group commit). */
  batchDelayMs?: number
  maxBatch?: number
  /** Beacons waiting to be written; beyond it a beacon's request waits for room (memory stays bounded, nothing is dropped). */
  maxPending?: number
}

/** What an engagement beacon is answered (503) when it could not be stored; a client may send it again. */
export const ENGAGEMENT_NOT_RECORDED_MESSAGE = 'The engagement could not be recorded just now. Please try again shortly.'

/**
 * Writes engagement beacons in batches, as the proposal service's ViewRecorder writes views (the
 * service runtime's BatchWriter): the beacons of a short moment go into one transaction
 * (domain/engagement.ts), and a beacon is answered 202 once its batch is committed, so what was
 * accepted survives a crash (docs/decisions/117). When the queue is full, a beacon's request waits
 * until a batch has made room: a flood is slowed down to what the database writes, never dropped
 * (the analytics bench counts every event after 30,000 beacons). A failed write answers its
 * beacons 503 (ENGAGEMENT_NOT_RECORDED_MESSAGE), logged, never the page.
 */
export class EngagementRecorder {
  readonly #writer: BatchWriter<EngagementBeacon>

  constructor(options: EngagementRecorderOptions) {
    const { prisma, dbSchema } = options
    this.#writer = new BatchWriter({
      name: 'engagement beacons',
      logger: options.logger,
      write: (batch) => prisma.$transaction((tx) => storeEngagement(tx, { beacons: batch, dbSchema })),
      notStoredMessage: ENGAGEMENT_NOT_RECORDED_MESSAGE,
      ...(options.batchDelayMs === undefined ? {} : { batchDelayMs: options.batchDelayMs }),
      maxBatch: options.maxBatch ?? 200,
      maxPending: options.maxPending ?? 10_000,
    })
  }

  /** Resolves once the beacon's batch is committed; rejects (503) when it was not stored. Waits for room while the queue is full. */
  record(beacon: EngagementBeacon): Promise<void> {
    return this.#writer.add(beacon)
  }

  /** Writes everything recorded so far; resolves when it is stored (or its write failed, and its beacons were answered 503). */
  flush(): Promise<void> {
    return this.#writer.flush()
  }

  /** Writes what is waiting; beacons after this (and those still waiting for room) are refused (503). */
  stop(): Promise<void> {
    return this.#writer.stop()
  }
}
