// The in-process bus with its journal (docs/decisions/117), on PGlite as `npm start` runs it and on
// PostgreSQL: the event-bus contract still holds, and a crash (the bus dropped without drain, a new
// one made over the same database) or a clean stop loses nothing a durable consumer had not handled.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openSqlDatabase, type SqlDatabase } from '@valueproof/db'
import { createTestDatabase, needs, type TestDatabase } from '@valueproof/testing'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { encodeEvent, sessionRevoked, userRegistered } from './events.ts'
import { createInProcessEventBus, type InProcessEventBusOptions } from './in-process.ts'
import { openEventJournal, type EventJournal, type JournalSql } from './journal.ts'
import { eventBusContract } from './testing/contract.ts'
import { installTestTracing } from './testing/tracing.ts'
import { recordingLogger, sleep, waitFor } from './testing/wait.ts'
import type { DeliveredEvent, EventBus } from './types.ts'

const spans = installTestTracing()
const kinds = (await needs('postgres')) ? (['PGlite', 'PostgreSQL'] as const) : (['PGlite'] as const)

/** A journal that opens on first use: the contract makes its buses synchronously. */
function lazyJournal(opening: Promise<EventJournal>): EventJournal {
  return {
    append: async (envelopes) => (await opening).append(envelopes),
    claim: async (durable, subject) => (await opening).claim(durable, subject),
    settle: async (deliveries) => (await opening).settle(deliveries),
    postpone: async (delivery) => (await opening).postpone(delivery),
    prune: async (props) => (await opening).prune(props),
  }
}

describe.each(kinds)('in-process event bus with a journal on %s', (kind) => {
  let database: SqlDatabase
  let postgres: TestDatabase | undefined
  let dataDir: string | undefined
  let schemas = 0
  let statements = 0
  const buses: EventBus[] = []

  beforeAll(async () => {
    if (kind === 'PostgreSQL') {
      postgres = await createTestDatabase('vp_journal')
      database = await openSqlDatabase({ kind: 'postgres', url: postgres.url })
    } else {
      dataDir = await mkdtemp(join(tmpdir(), 'vp-journal-'))
      database = await openSqlDatabase({ kind: 'pglite', dataDir })
    }
  })
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((bus) => bus.drain()))
  })
  afterAll(async () => {
    await database?.close()
    await postgres?.drop()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  /** The journal's SQL, counting statements (a burst must not cost one write per event). */
  const sql: JournalSql = {
    query: (text, values) => {
      statements += 1
      return database.sql.read(text, values)
    },
  }

  /** A fresh journal in a schema of its own: one "database" of a product's life. */
  function newSchema(): string {
    schemas += 1
    return `journal_${process.pid}_${schemas}`
  }

  /** One run of the product: a bus over the journal in `schema`, not drained by the test unless it says so. */
  async function run(schema: string, options: InProcessEventBusOptions = {}): Promise<EventBus> {
    return createInProcessEventBus({ ...options, journal: await openEventJournal(sql, { schema }) })
  }

  async function pendingCount(schema: string, durable?: string): Promise<number> {
    const rows = await database.sql.read<{ count: number }>(
      `SELECT count(*)::int AS count FROM "${schema}".pending WHERE $1::text IS NULL OR durable = $1`,
      [durable ?? null],
    )
    return rows[0]?.count ?? 0
  }

  type Received = Array<DeliveredEvent<typeof userRegistered.schema>>

  /** Subscribes `durable`, handling events whose userId passes `handles` and never finishing the first that does not. */
  function consume(bus: EventBus, durable: string, received: Received, handles: (userId: number) => boolean = () => true) {
    return bus.subscribe({
      type: userRegistered,
      durable,
      handler: (event) => {
        received.push(event)
        return handles(event.message.userId) ? Promise.resolve() : new Promise<void>(() => undefined)
      },
    })
  }

  const registered = (userId: number) => encodeEvent(userRegistered, { userId, username: `user${userId}`, plan: 'free' })
  const userIds = (received: Received) => received.map((event) => event.message.userId)

  describe('the event-bus contract', () => {
    eventBusContract(() => {
      let bus: EventBus | undefined
      const journal = lazyJournal(openEventJournal(sql, { schema: newSchema() }))
      return {
        replica(options) {
          bus ??= createInProcessEventBus({ ...options, journal })
          return bus
        },
      }
    }, spans)
  })

  it('after a crash, delivers again what a durable consumer had not handled, and not what it had', async () => {
    const schema = newSchema()
    const first = await run(schema)
    const received: Received = []
    await consume(first, 'analytics.user-registered', received, (userId) => userId <= 2)
    for (let userId = 1; userId <= 4; userId += 1) await first.publish(registered(userId))
    await waitFor(() => received.length === 3, 'two handled, the third hangs')
    await waitFor(async () => (await pendingCount(schema)) === 2, 'the two handled deliveries are settled')
    // The crash: the first bus is dropped as it is, its handler still running, nothing drained.

    const second = await run(schema)
    buses.push(second)
    const again: Received = []
    await consume(second, 'analytics.user-registered', again)
    await waitFor(() => again.length === 2, 'the two unhandled events come back')
    await sleep(100)
    expect(userIds(again)).toEqual([3, 4])
    expect(again.map((event) => event.deliveryCount)).toEqual([1, 1])
    await waitFor(async () => (await pendingCount(schema)) === 0, 'and are settled once handled')
  })

  it('keeps for a known durable name the events published before it subscribes in a later run', async () => {
    const schema = newSchema()
    const first = await run(schema)
    const early: Received = []
    await consume(first, 'proposal.user-registered', early)
    await first.drain()

    // Another run: the event comes before the consumer subscribes (a relay starts first), then a crash.
    const second = await run(schema)
    await second.publish(registered(7))
    const third = await run(schema)
    buses.push(third)
    const received: Received = []
    await consume(third, 'proposal.user-registered', received)
    await waitFor(() => received.length === 1, 'the event published before the subscription')
    expect(userIds(received)).toEqual([7])
  })

  it('gives a durable name subscribing for the first time every retained event of its subject, across a crash', async () => {
    const schema = newSchema()
    const first = await run(schema)
    const handled: Received = []
    await consume(first, 'analytics.user-registered', handled)
    await first.publish(registered(1))
    await first.publish(registered(2))
    await waitFor(() => handled.length === 2, 'the known consumer handles both')
    const second = await run(schema)
    buses.push(second)
    const newcomer: Received = []
    await consume(second, 'billing.user-registered', newcomer)
    await waitFor(() => newcomer.length === 2, 'the new durable name gets both')
    expect(userIds(newcomer)).toEqual([1, 2])
    // A second subscriber of a name already known in this run shares it; nothing is delivered twice.
    const replica: Received = []
    await consume(second, 'billing.user-registered', replica)
    await second.publish(registered(3))
    await waitFor(() => newcomer.length + replica.length === 3, 'the next event, once')
    await sleep(100)
    expect([...userIds(newcomer), ...userIds(replica)].sort()).toEqual([1, 2, 3])
  })

  it('keeps a redelivery scheduled when the bus drains, and delivers it after the next start', async () => {
    const schema = newSchema()
    const logger = recordingLogger()
    const first = await run(schema, { logger, redelivery: { delaysMs: [200] } })
    let failures = 0
    await first.subscribe({
      type: userRegistered,
      durable: 'analytics.user-registered',
      handler: () => {
        failures += 1
        return Promise.reject(new Error('database unavailable'))
      },
    })
    await first.publish(registered(1))
    await waitFor(() => failures === 1, 'the first delivery fails')
    await first.drain()
    expect(logger.entries.map((entry) => entry.msg)).toContain(
      'event bus drained with redeliveries scheduled; the journal keeps them for the next start',
    )

    const second = await run(schema, { redelivery: { delaysMs: [200] } })
    buses.push(second)
    const received: Received = []
    await consume(second, 'analytics.user-registered', received)
    await waitFor(() => received.length === 1, 'the redelivery comes after the restart')
    expect(received.map((event) => [event.message.userId, event.deliveryCount])).toEqual([[1, 2]])
  })

  it('delivers a handler that failed while draining after the next start', async () => {
    const schema = newSchema()
    const first = await run(schema)
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    let started = false
    await first.subscribe({
      type: userRegistered,
      durable: 'analytics.user-registered',
      handler: async () => {
        started = true
        await held
        throw new Error('the database went away')
      },
    })
    await first.publish(registered(5))
    await waitFor(() => started, 'the handler runs')
    const drained = first.drain()
    release()
    await drained

    const second = await run(schema)
    buses.push(second)
    const received: Received = []
    await consume(second, 'analytics.user-registered', received)
    await waitFor(() => received.length === 1, 'delivered again after the restart')
    expect(received.map((event) => [event.message.userId, event.deliveryCount])).toEqual([[5, 2]])
  })

  it('drops a second publish of one event id across a restart (the outbox relay may publish a row twice)', async () => {
    const schema = newSchema()
    const first = await run(schema)
    const received: Received = []
    await consume(first, 'analytics.user-registered', received)
    const envelope = registered(9)
    await first.publish(envelope)
    await waitFor(() => received.length === 1, 'delivered once')
    await first.drain()
    const second = await run(schema)
    buses.push(second)
    await consume(second, 'analytics.user-registered', received)
    await second.publish(envelope)
    await second.publish(registered(10))
    await waitFor(() => received.length === 2, 'the new event')
    await sleep(100)
    expect(userIds(received)).toEqual([9, 10])
  })

  it('refuses a durable name known for another event type in an earlier run', async () => {
    const schema = newSchema()
    const first = await run(schema)
    await consume(first, 'gateway.sessions', [])
    await first.drain()
    const second = await run(schema)
    buses.push(second)
    await expect(second.subscribe({ type: sessionRevoked, durable: 'gateway.sessions', handler: async () => {} })).rejects.toThrow(
      /already consumes "identity.user.registered"/,
    )
  })

  it('journals a burst of 100 events published at once in a few statements, each resolved once stored', async () => {
    const schema = newSchema()
    const bus = await run(schema)
    buses.push(bus)
    const received: Received = []
    await consume(bus, 'analytics.user-registered', received)
    await consume(bus, 'billing.user-registered', [])
    const before = statements
    // As the outbox relay publishes a batch: the first alone, then the rest without waiting for each.
    await bus.publish(registered(1))
    await Promise.all(Array.from({ length: 99 }, (_, index) => bus.publish(registered(index + 2))))
    const appendStatements = statements - before
    expect(appendStatements).toBeLessThanOrEqual(4)
    const stored = await database.sql.read<{ events: number; pending: number }>(
      `SELECT (SELECT count(*)::int FROM "${schema}".event) AS events, (SELECT count(*)::int FROM "${schema}".pending) AS pending`,
      [],
    )
    // Stored before publish resolved: 100 events, each pending for both durable names until handled.
    expect(stored[0]?.events).toBe(100)
    await waitFor(() => received.length === 100, 'all 100 delivered')
    expect(userIds(received)).toEqual(Array.from({ length: 100 }, (_, index) => index + 1))
  })

  it('fails a publish the journal cannot store, so the outbox keeps the event and tries again', async () => {
    let failing = true
    const journal = await openEventJournal(sql, { schema: newSchema() })
    const flaky: EventJournal = {
      ...journal,
      append: (envelopes) => (failing ? Promise.reject(new Error('disk full')) : journal.append(envelopes)),
    }
    const bus = createInProcessEventBus({ journal: flaky })
    buses.push(bus)
    const received: Received = []
    await consume(bus, 'analytics.user-registered', received)
    const envelope = registered(1)
    await expect(bus.publish(envelope)).rejects.toThrow(/disk full/)
    await expect(bus.ping()).rejects.toThrow(/journal/)
    failing = false
    await bus.publish(envelope)
    await waitFor(() => received.length === 1, 'the retried publish is delivered, not taken for a duplicate')
    await expect(bus.ping()).resolves.toBeUndefined()
  })
})
