// The in-process bus's journal (docs/decisions/117): what JetStream's file store is to the NATS bus.
// Every event published is stored once (`event`), with one pending delivery per durable name known
// for its subject (`pending`); a delivery's row goes when its handler succeeded or the event was
// given up. The durable names ever subscribed are remembered (`durable`), so events published
// before a known durable subscribes in a later run wait for it, and a durable name subscribing for
// the first time takes every event of its subject still retained (as a new JetStream consumer with
// deliver_policy all does). Plain PostgreSQL, so it runs on PGlite (the embedded stack's database,
// in a schema of its own) and on PostgreSQL alike.
import type { EventEnvelope } from './types.ts'

/** One statement at a time, each committed on its own: PGlite's `query`, a pg pool's `query`. */
export interface JournalSql {
  query<Row>(text: string, values: readonly unknown[]): Promise<Row[]>
}

/** A delivery the journal holds for a durable name: the event, and its failed deliveries so far. */
export interface PendingDelivery {
  seq: number
  envelope: EventEnvelope
  /** Deliveries that failed (0: never tried, or tried and not yet settled when the process stopped). */
  failures: number
  /** Not to be tried again before this (a redelivery's backoff, kept across restarts). */
  notBefore: Date | undefined
}

export interface EventJournal {
  /**
   * Stores events and a pending delivery of each for every durable name known for its subject, in
   * one statement. Answers, per envelope, its sequence number when it was stored now, or undefined
   * when an event of that id is already there (a duplicate).
   */
  append(envelopes: readonly EventEnvelope[]): Promise<Array<number | undefined>>
  /**
   * Remembers `durable` as a consumer of `subject` (the first time, it gets a pending delivery of
   * every retained event of the subject) and answers its pending deliveries, oldest first. Refuses
   * a durable name known for another subject.
   */
  claim(durable: string, subject: string): Promise<PendingDelivery[]>
  /** Deliveries that are over: handled, or given up. */
  settle(deliveries: ReadonlyArray<{ durable: string; seq: number }>): Promise<void>
  /** A delivery that failed, to try again from `notBefore` on (in this run, or the next). */
  postpone(delivery: { durable: string; seq: number; failures: number; notBefore: Date }): Promise<void>
  /**
   * Deletes pending deliveries older than `maxAgeMs` (a durable name nobody subscribes any more),
   * then every event no delivery waits for beyond the newest `retainEvents` or older than `maxAgeMs`.
   * Answers how many pending deliveries expired.
   */
  prune(props: { retainEvents: number; maxAgeMs: number }): Promise<{ expiredDeliveries: number }>
}

const SCHEMA_PATTERN = /^[a-z_][a-z0-9_]*$/

/** `timestamp(3)` columns hold UTC wall time, as Prisma and the outbox keep them, whatever the server's zone. */
const NOW_UTC = `(now() AT TIME ZONE 'UTC')`
const ISO_UTC = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`

interface PendingRow {
  seq: string
  failures: number
  notBefore: string | null
  id: string
  subject: string
  payload: string
  headers: string
  occurredAt: string
}

function headersOf(text: string): Record<string, string> {
  const headers: Record<string, string> = {}
  const parsed: unknown = JSON.parse(text)
  if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
    for (const [key, value] of Object.entries(parsed)) if (typeof value === 'string') headers[key] = value
  }
  return headers
}

function pendingOf(row: PendingRow): PendingDelivery {
  return {
    seq: Number(row.seq),
    envelope: {
      id: row.id,
      subject: row.subject,
      payload: new Uint8Array(Buffer.from(row.payload, 'hex')),
      headers: headersOf(row.headers),
      occurredAt: new Date(row.occurredAt),
    },
    failures: row.failures,
    notBefore: row.notBefore === null ? undefined : new Date(row.notBefore),
  }
}

/**
 * Creates the journal's schema and tables when they are missing (idempotent DDL: the journal is the
 * bus's own storage, not a service's data, so it has no Prisma schema or migrations) and answers the
 * journal on them.
 */
export async function openEventJournal(sql: JournalSql, options: { schema?: string } = {}): Promise<EventJournal> {
  const schema = options.schema ?? 'event_bus'
  if (!SCHEMA_PATTERN.test(schema)) throw new Error(`Invalid journal schema "${schema}"`)
  const durable = `"${schema}".durable`
  const event = `"${schema}".event`
  const pending = `"${schema}".pending`
  for (const statement of [
    `CREATE SCHEMA IF NOT EXISTS "${schema}"`,
    `CREATE TABLE IF NOT EXISTS ${durable} (
       name text PRIMARY KEY,
       subject text NOT NULL,
       known_since timestamp(3) NOT NULL DEFAULT ${NOW_UTC})`,
    `CREATE TABLE IF NOT EXISTS ${event} (
       seq bigserial PRIMARY KEY,
       id text NOT NULL UNIQUE,
       subject text NOT NULL,
       payload bytea NOT NULL,
       headers jsonb NOT NULL,
       occurred_at timestamp(3) NOT NULL,
       journaled_at timestamp(3) NOT NULL DEFAULT ${NOW_UTC})`,
    `CREATE INDEX IF NOT EXISTS event_subject_seq_idx ON ${event} (subject, seq)`,
    `CREATE TABLE IF NOT EXISTS ${pending} (
       durable text NOT NULL,
       seq bigint NOT NULL,
       failures integer NOT NULL DEFAULT 0,
       not_before timestamp(3),
       PRIMARY KEY (durable, seq))`,
    `CREATE INDEX IF NOT EXISTS pending_seq_idx ON ${pending} (seq)`,
  ]) {
    await sql.query(statement, [])
  }

  return {
    async append(envelopes) {
      if (envelopes.length === 0) return []
      const input = envelopes.map((envelope, position) => ({
        position,
        id: envelope.id,
        subject: envelope.subject,
        payload: Buffer.from(envelope.payload).toString('hex'),
        headers: envelope.headers,
        occurredAt: envelope.occurredAt.toISOString(),
      }))
      // One statement: the events, and a pending delivery for each durable name known for their subject.
      const stored = await sql.query<{ id: string; seq: string }>(
        `WITH input AS (
           SELECT e.position, e.id, e.subject, decode(e.payload, 'hex') AS payload, e.headers,
                  e."occurredAt"::timestamptz AT TIME ZONE 'UTC' AS occurred_at
             FROM jsonb_to_recordset($1::jsonb) AS e(position int, id text, subject text, payload text, headers jsonb, "occurredAt" text)
         ), stored AS (
           INSERT INTO ${event} (id, subject, payload, headers, occurred_at)
           SELECT id, subject, payload, headers, occurred_at FROM input ORDER BY position
           ON CONFLICT (id) DO NOTHING
           RETURNING seq, id, subject
         ), fanned AS (
           INSERT INTO ${pending} (durable, seq) SELECT d.name, s.seq FROM stored s JOIN ${durable} d ON d.subject = s.subject
         )
         SELECT id, seq::text AS seq FROM stored`,
        [JSON.stringify(input)],
      )
      const seqOf = new Map(stored.map((row) => [row.id, Number(row.seq)]))
      return envelopes.map((envelope) => seqOf.get(envelope.id))
    },

    async claim(name, subject) {
      const [known] = await sql.query<{ subject: string }>(`SELECT subject FROM ${durable} WHERE name = $1`, [name])
      if (known && known.subject !== subject) {
        throw new Error(`Durable name "${name}" already consumes "${known.subject}"; use one durable name per event type`)
      }
      if (!known) {
        await sql.query(
          `WITH known AS (
             INSERT INTO ${durable} (name, subject) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING RETURNING name
           )
           INSERT INTO ${pending} (durable, seq)
           SELECT known.name, e.seq FROM known JOIN ${event} e ON e.subject = $2
           ON CONFLICT DO NOTHING`,
          [name, subject],
        )
      }
      const rows = await sql.query<PendingRow>(
        `SELECT p.seq::text AS seq, p.failures, to_char(p.not_before, ${ISO_UTC}) AS "notBefore",
                e.id, e.subject, encode(e.payload, 'hex') AS payload, e.headers::text AS headers,
                to_char(e.occurred_at, ${ISO_UTC}) AS "occurredAt"
           FROM ${pending} p JOIN ${event} e ON e.seq = p.seq
          WHERE p.durable = $1
          ORDER BY p.seq`,
        [name],
      )
      return rows.map(pendingOf)
    },

    async settle(deliveries) {
      if (deliveries.length === 0) return
      await sql.query(
        `DELETE FROM ${pending} p
          USING jsonb_to_recordset($1::jsonb) AS s(durable text, seq bigint)
          WHERE p.durable = s.durable AND p.seq = s.seq`,
        [JSON.stringify(deliveries)],
      )
    },

    async postpone(delivery) {
      await sql.query(
        `UPDATE ${pending} SET failures = $3, not_before = $4::timestamptz AT TIME ZONE 'UTC' WHERE durable = $1 AND seq = $2`,
        [delivery.durable, delivery.seq, delivery.failures, delivery.notBefore.toISOString()],
      )
    },

    async prune({ retainEvents, maxAgeMs }) {
      const cutoff = new Date(Date.now() - maxAgeMs).toISOString()
      const expired = await sql.query<{ seq: string }>(
        `DELETE FROM ${pending} p USING ${event} e
          WHERE e.seq = p.seq AND e.journaled_at < $1::timestamptz AT TIME ZONE 'UTC'
          RETURNING p.seq::text AS seq`,
        [cutoff],
      )
      await sql.query(
        `DELETE FROM ${event} e
          WHERE (e.seq <= (SELECT max(seq) FROM ${event}) - $1 OR e.journaled_at < $2::timestamptz AT TIME ZONE 'UTC')
            AND NOT EXISTS (SELECT 1 FROM ${pending} p WHERE p.seq = e.seq)`,
        [retainEvents, cutoff],
      )
      return { expiredDeliveries: expired.length }
    },
  }
}
