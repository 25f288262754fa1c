import { errorField, silentLogger, type EventBusLogger } from './logger.ts'
import { Sleeper } from './sleeper.ts'
import type { EventBus, EventEnvelope } from './types.ts'

/*
 * Transactional outbox and idempotent consumers over the two tables every service's Prisma
 * schema declares:
 *
 *   model OutboxEvent   { id (uuid), subject, payload (bytea), headers (jsonb), occurredAt
 *                         "occurred_at", publishedAt "published_at", attempts }  @@map("outbox_event")
 *   model ProcessedEvent { consumer, eventId "event_id" (uuid), processedAt "processed_at" }
 *                         @@id([consumer, eventId]) @@map("processed_event")
 *
 * The SQL below is plain PostgreSQL, so it runs on PostgreSQL and on PGlite alike.
 */

/** The raw-SQL part of a Prisma client (or of the `tx` inside `$transaction`). */
export interface OutboxSqlClient {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): PromiseLike<T>
  $executeRawUnsafe(query: string, ...values: unknown[]): PromiseLike<number>
}

/** A Prisma client's interactive transactions: `prisma.$transaction(async (tx) => ...)`. */
export interface TransactionRunner<Tx> {
  $transaction<R>(fn: (tx: Tx) => Promise<R>): PromiseLike<R>
}

/** The `data` of `tx.outboxEvent.create({ data })`. */
export interface OutboxRecord {
  id: string
  subject: string
  payload: Uint8Array<ArrayBuffer>
  headers: Record<string, string>
  occurredAt: Date
}

/**
 * The outbox row for an event, to create in the same transaction as the change that caused it:
 * `await tx.outboxEvent.create({ data: outboxRecord(encodeEvent(userRegistered, {...})) })`,
 * then `relay.nudge()` after the commit.
 */
export function outboxRecord(envelope: EventEnvelope): OutboxRecord {
  return {
    id: envelope.id,
    subject: envelope.subject,
    payload: envelope.payload.slice(),
    headers: { ...envelope.headers },
    occurredAt: envelope.occurredAt,
  }
}

/**
 * A table of the service's database, schema-qualified when the service shares a database with
 * others (the embedded stack keeps every service in its own schema of one PGlite database).
 */
export function qualifiedTable(table: string, schema?: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(table)) throw new Error(`Invalid table name "${table}"`)
  if (!schema) return table
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid schema name "${schema}"`)
  return `"${schema}".${table}`
}

export type ConsumeOnceResult<R> = { duplicate: false; result: R } | { duplicate: true }

/**
 * Runs an event's effect at most once per consumer: records (consumer, eventId) in
 * processed_event and runs `effect` in ONE transaction. An event already recorded is skipped;
 * an effect that throws rolls the record back, so the redelivery tries again. Two concurrent
 * deliveries of one event serialise on the primary key: the second one sees a duplicate.
 */
export async function consumeOnce<Tx extends OutboxSqlClient, R>(
  db: TransactionRunner<Tx>,
  key: { consumer: string; eventId: string; schema?: string },
  effect: (tx: Tx) => Promise<R>,
): Promise<ConsumeOnceResult<R>> {
  return db.$transaction(async (tx): Promise<ConsumeOnceResult<R>> => {
    const inserted = await tx.$executeRawUnsafe(
      `INSERT INTO ${qualifiedTable('processed_event', key.schema)} (consumer, event_id, processed_at)
       VALUES ($1, $2::uuid, now() AT TIME ZONE 'UTC')
       ON CONFLICT (consumer, event_id) DO NOTHING`,
      key.consumer,
      key.eventId,
    )
    if (inserted === 0) return { duplicate: true }
    return { duplicate: false, result: await effect(tx) }
  })
}

export interface OutboxRelayOptions {
  /** The service's Prisma client (only its raw-SQL methods are used). */
  db: OutboxSqlClient
  bus: Pick<EventBus, 'publish'>
  logger?: EventBusLogger
  /** The service's schema when it shares a database with other services. */
  schema?: string
  /** Rows read per query. */
  batchSize?: number
  /** Look for pending rows this often even without nudge() (rows of another replica, a missed nudge). */
  pollIntervalMs?: number
  /** First wait after publishing failed; doubles on each failure up to maxRetryDelayMs. */
  retryDelayMs?: number
  maxRetryDelayMs?: number
  /** Published rows older than this are deleted (at most every ten minutes). */
  retainPublishedMs?: number
}

interface PendingRow {
  id: string
  subject: string
  payload: string
  headers: string
  occurredAt: string
}

/**
 * Relays outbox rows to the bus in the order they occurred, a batch at a time: its events published
 * without waiting for each acknowledgement, the acknowledged rows marked in one UPDATE. When the bus
 * is down, it retries with capped exponential backoff and the events wait in the table. Several
 * replicas may relay one table: a row published twice is dropped by the bus's duplicate window
 * (its id is the message id) and consumers are idempotent anyway.
 */
export class OutboxRelay {
  readonly #db: OutboxSqlClient
  readonly #bus: Pick<EventBus, 'publish'>
  readonly #logger: EventBusLogger
  readonly #table: string
  readonly #batchSize: number
  readonly #pollIntervalMs: number
  readonly #retryDelayMs: number
  readonly #maxRetryDelayMs: number
  readonly #retainPublishedMs: number
  readonly #sleeper = new Sleeper()
  #running = false
  #loop: Promise<void> = Promise.resolve()
  #nudged = false
  #backingOff = false
  #lastPrune = 0

  constructor(options: OutboxRelayOptions) {
    this.#db = options.db
    this.#bus = options.bus
    this.#logger = options.logger ?? silentLogger
    this.#table = qualifiedTable('outbox_event', options.schema)
    this.#batchSize = Math.max(1, Math.floor(options.batchSize ?? 100))
    this.#pollIntervalMs = options.pollIntervalMs ?? 1_000
    this.#retryDelayMs = options.retryDelayMs ?? 500
    this.#maxRetryDelayMs = options.maxRetryDelayMs ?? 30_000
    this.#retainPublishedMs = Math.floor(options.retainPublishedMs ?? 7 * 24 * 3_600_000)
  }

  /** Starts relaying in the background (pending rows of an earlier run go out first). */
  start(): void {
    if (this.#running) return
    this.#running = true
    this.#loop = this.#loop.then(() => this.#run())
  }

  /** Call right after committing a transaction that wrote to the outbox: relays without waiting for the poll. */
  nudge(): void {
    this.#nudged = true
    // While backing off from a failing bus, a commit does not shorten the wait.
    if (!this.#backingOff) this.#sleeper.wake()
  }

  /** Stops after the batch in progress. */
  async stop(): Promise<void> {
    this.#running = false
    this.#sleeper.wake()
    await this.#loop
  }

  async #run(): Promise<void> {
    let failures = 0
    while (this.#running) {
      this.#nudged = false
      let outcome: 'drained' | 'more' | 'failed'
      try {
        outcome = await this.#relayBatch(failures)
      } catch (error) {
        this.#logger.error({ err: errorField(error) }, 'outbox relay cannot read or update the outbox')
        outcome = 'failed'
      }
      if (outcome === 'failed') {
        failures += 1
        this.#backingOff = true
        await this.#sleeper.sleep(Math.min(this.#retryDelayMs * 2 ** (failures - 1), this.#maxRetryDelayMs))
        this.#backingOff = false
        continue
      }
      if (failures > 0) this.#logger.info({ failures }, 'outbox relay publishing again')
      failures = 0
      if (outcome === 'more' || this.#nudged) continue
      await this.#pruneIfDue()
      if (!this.#running || this.#nudged) continue
      await this.#sleeper.sleep(this.#pollIntervalMs)
    }
  }

  async #relayBatch(failures: number): Promise<'drained' | 'more' | 'failed'> {
    // ORDER BY names the table's columns (a bare `id` would be the SELECT list's text alias) and leads
    // with published_at, so the (published_at, occurred_at) index yields the rows in order: no sort of the backlog.
    const rows = await this.#db.$queryRawUnsafe<PendingRow[]>(
      `SELECT o.id::text AS id, o.subject, encode(o.payload, 'hex') AS payload, o.headers::text AS headers,
              to_char(o.occurred_at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "occurredAt"
         FROM ${this.#table} o
        WHERE o.published_at IS NULL
        ORDER BY o.published_at, o.occurred_at, o.id
        LIMIT ${this.#batchSize}`,
    )
    if (rows.length === 0) return 'drained'
    const outcomes = await this.#publishAll(rows)
    const published = rows.filter((_, index) => outcomes[index]?.status === 'fulfilled').map((row) => row.id)
    const attempted = rows.filter((_, index) => outcomes[index] !== undefined).map((row) => row.id)
    // One statement per batch: acknowledged rows are marked published, failed ones count an attempt.
    await this.#db.$executeRawUnsafe(
      `UPDATE ${this.#table}
          SET published_at = CASE WHEN id = ANY($1::uuid[]) THEN now() AT TIME ZONE 'UTC' ELSE published_at END,
              attempts = attempts + 1
        WHERE id = ANY($2::uuid[])`,
      published,
      attempted,
    )
    const failedIndex = outcomes.findIndex((outcome) => outcome?.status === 'rejected')
    const failed = outcomes[failedIndex]
    if (failed?.status === 'rejected') {
      const row = rows[failedIndex]
      const fields = {
        eventId: row?.id,
        subject: row?.subject,
        pending: rows.length - published.length,
        err: errorField(failed.reason),
      }
      if (failures === 0) this.#logger.warn(fields, 'cannot publish outbox events; they wait and are retried')
      else if (failures % 10 === 0) this.#logger.error({ ...fields, failures }, 'still cannot publish outbox events')
      return 'failed'
    }
    return rows.length === this.#batchSize ? 'more' : 'drained'
  }

  /**
   * Publishes the first row alone — while the bus is down a round costs one attempt, as before —
   * then the rest without waiting for each acknowledgement. The calls start in row order, and one
   * connection delivers them in that order, so each subject's events reach the stream in order.
   * An entry stays undefined for a row not attempted.
   */
  async #publishAll(rows: PendingRow[]): Promise<Array<PromiseSettledResult<void> | undefined>> {
    const [first, ...rest] = rows.map(toEnvelope)
    if (!first) return []
    const outcomes: Array<PromiseSettledResult<void> | undefined> = await Promise.allSettled([this.#bus.publish(first)])
    if (outcomes[0]?.status === 'rejected') return outcomes
    return outcomes.concat(await Promise.allSettled(rest.map((envelope) => this.#bus.publish(envelope))))
  }

  async #pruneIfDue(): Promise<void> {
    const now = Date.now()
    if (now - this.#lastPrune < 600_000) return
    this.#lastPrune = now
    try {
      await this.#db.$executeRawUnsafe(
        `DELETE FROM ${this.#table}
          WHERE published_at IS NOT NULL
            AND published_at < (now() AT TIME ZONE 'UTC') - interval '${this.#retainPublishedMs} milliseconds'`,
      )
    } catch (error) {
      this.#logger.warn({ err: errorField(error) }, 'cannot delete old published outbox events')
    }
  }
}

function toEnvelope(row: PendingRow): EventEnvelope {
  const headers: Record<string, string> = {}
  const parsed: unknown = JSON.parse(row.headers)
  if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
    for (const [key, value] of Object.entries(parsed)) if (typeof value === 'string') headers[key] = value
  }
  return {
    id: row.id,
    subject: row.subject,
    payload: new Uint8Array(Buffer.from(row.payload, 'hex')),
    headers,
    occurredAt: new Date(row.occurredAt),
  }
}
