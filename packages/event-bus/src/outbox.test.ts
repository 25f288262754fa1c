import { needs } from '@valueproof/testing'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { encodeEvent, userRegistered } from './events.ts'
import { createInProcessEventBus } from './in-process.ts'
import { OutboxRelay, consumeOnce, outboxRecord, type OutboxRelayOptions } from './outbox.ts'
import { createOutboxTestDatabase, type OutboxTestDatabase } from './testing/database.ts'
import type { Prisma } from './testing/generated/prisma/client.ts'
import { recordingLogger, sleep, waitFor } from './testing/wait.ts'
import type { EventBus, EventEnvelope } from './types.ts'

const available = await needs('postgres')

describe.skipIf(!available)('transactional outbox on PostgreSQL (Prisma 7)', () => {
  let db: OutboxTestDatabase
  const relays: OutboxRelay[] = []

  beforeAll(async () => {
    db = await createOutboxTestDatabase('event_bus_outbox')
  })
  afterAll(async () => {
    await db?.close()
  })
  beforeEach(async () => {
    await db.prisma.$executeRawUnsafe('TRUNCATE account, welcome, outbox_event, processed_event')
  })
  afterEach(async () => {
    await Promise.all(relays.splice(0).map((relay) => relay.stop()))
  })

  /** A change and its event in one transaction, as a service's domain function writes them. */
  async function registerAccount(username: string): Promise<EventEnvelope> {
    return db.prisma.$transaction(async (tx) => {
      const account = await tx.account.create({ data: { username } })
      const envelope = encodeEvent(userRegistered, { userId: account.id, username, plan: 'free' })
      await tx.outboxEvent.create({ data: outboxRecord(envelope) })
      return envelope
    })
  }

  function startRelay(options: Partial<OutboxRelayOptions> & Pick<OutboxRelayOptions, 'bus'>): OutboxRelay {
    const relay = new OutboxRelay({ db: db.prisma, pollIntervalMs: 60_000, ...options })
    relays.push(relay)
    relay.start()
    return relay
  }

  function recordingBus(): { bus: EventBus; published: EventEnvelope[] } {
    const published: EventEnvelope[] = []
    const bus = createInProcessEventBus()
    return {
      published,
      bus: {
        ...bus,
        publish: async (envelope) => {
          published.push(envelope)
          await bus.publish(envelope)
        },
      },
    }
  }

  it('stores the event in the same transaction as the change, or not at all', async () => {
    const envelope = await registerAccount('ada')
    const [row] = await db.prisma.outboxEvent.findMany()
    expect(row).toMatchObject({ id: envelope.id, subject: 'identity.user.registered', publishedAt: null, attempts: 0 })
    expect(row?.headers).toEqual(envelope.headers)
    expect(Buffer.from(row?.payload ?? [])).toEqual(Buffer.from(envelope.payload))
    expect(row?.occurredAt).toEqual(envelope.occurredAt)

    await expect(
      db.prisma.$transaction(async (tx) => {
        await tx.account.create({ data: { username: 'bob' } })
        await tx.outboxEvent.create({ data: outboxRecord(encodeEvent(userRegistered, { userId: 2 })) })
        throw new Error('the change failed')
      }),
    ).rejects.toThrow('the change failed')
    expect(await db.prisma.outboxEvent.count()).toBe(1)
    expect(await db.prisma.account.count()).toBe(1)
  })

  it('relays pending events in the order they occurred, each marked published once', async () => {
    const written: EventEnvelope[] = []
    for (const username of ['a', 'b', 'c']) written.push(await registerAccount(username))
    written.push(
      ...(await db.prisma.$transaction(async (tx) => {
        const envelopes = ['d', 'e', 'f'].map((username) => encodeEvent(userRegistered, { username }))
        for (const envelope of envelopes) await tx.outboxEvent.create({ data: outboxRecord(envelope) })
        return envelopes
      })),
    )
    const { bus, published } = recordingBus()
    const relay = startRelay({ bus, batchSize: 4 })
    await waitFor(() => published.length === 6, 'all six relayed')
    expect(published.map((envelope) => envelope.id)).toEqual(written.map((envelope) => envelope.id))
    expect(published[0]).toEqual(written[0])
    await relay.stop()
    const rows = await db.prisma.outboxEvent.findMany()
    for (const row of rows) {
      expect(row.attempts).toBe(1)
      // published_at is UTC like every Prisma DateTime, whatever the server's time zone.
      expect(Math.abs((row.publishedAt?.getTime() ?? 0) - Date.now())).toBeLessThan(60_000)
    }
  })

  it('drains a backlog a batch at a time: one SELECT and one UPDATE per batch', async () => {
    const written = Array.from({ length: 2_000 }, (_, index) => outboxRecord(encodeEvent(userRegistered, { userId: index })))
    await db.prisma.outboxEvent.createMany({ data: written })
    const statements = { selects: 0, updates: 0 }
    const countingDb: OutboxRelayOptions['db'] = {
      $queryRawUnsafe: (query, ...values) => {
        if (/^\s*SELECT/.test(query)) statements.selects += 1
        return db.prisma.$queryRawUnsafe(query, ...values)
      },
      $executeRawUnsafe: (query, ...values) => {
        if (/^\s*UPDATE/.test(query)) statements.updates += 1
        return db.prisma.$executeRawUnsafe(query, ...values)
      },
    }
    const { bus, published } = recordingBus()
    startRelay({ db: countingDb, bus, batchSize: 250 })
    await waitFor(async () => (await db.prisma.outboxEvent.count({ where: { publishedAt: null } })) === 0, 'backlog drained', 10_000)
    expect(published.map((envelope) => envelope.id)).toEqual(written.map((record) => record.id))
    expect(statements.updates).toBe(2_000 / 250)
    // Eight full batches, then one finding nothing left.
    expect(statements.selects).toBe(2_000 / 250 + 1)
    expect(await db.prisma.outboxEvent.count({ where: { attempts: 1 } })).toBe(2_000)
  })

  it('marks only the acknowledged events of a batch; the others wait with their attempt counted', async () => {
    const logger = recordingLogger()
    const written: EventEnvelope[] = []
    for (const username of ['a', 'b', 'c', 'd', 'e']) written.push(await registerAccount(username))
    const { bus, published } = recordingBus()
    const refused = new Set([written[1]?.id, written[3]?.id])
    const flakyBus: EventBus = {
      ...bus,
      publish: async (envelope) => {
        if (refused.delete(envelope.id)) throw new Error('no acknowledgement')
        await bus.publish(envelope)
      },
    }
    startRelay({ bus: flakyBus, logger, retryDelayMs: 20 })
    await waitFor(async () => (await db.prisma.outboxEvent.count({ where: { publishedAt: null } })) === 0, 'all marked', 2_000)
    // First round: a, c, e acknowledged; the retry sends b and d.
    expect(published.map((envelope) => envelope.id)).toEqual([0, 2, 4, 1, 3].map((index) => written[index]?.id))
    const attempts = await db.prisma.outboxEvent.findMany({ select: { id: true, attempts: true } })
    const attemptsById = new Map(attempts.map((row) => [row.id, row.attempts]))
    expect(written.map((envelope) => attemptsById.get(envelope.id))).toEqual([1, 2, 1, 2, 1])
    expect(logger.entries.filter((entry) => entry.level === 'warn')).toHaveLength(1)
  })

  it('relays at once when nudged after a commit', async () => {
    const { bus, published } = recordingBus()
    const relay = startRelay({ bus })
    await sleep(50)
    await registerAccount('ada')
    const started = Date.now()
    relay.nudge()
    await waitFor(() => published.length === 1, 'relayed without waiting for the one-minute poll')
    expect(Date.now() - started).toBeLessThan(1_000)
  })

  it('keeps events while the bus is down, retrying with capped backoff, and sends them when it returns', async () => {
    const logger = recordingLogger()
    const { bus, published } = recordingBus()
    let down = true
    let attempts = 0
    const flakyBus: EventBus = {
      ...bus,
      publish: async (envelope) => {
        attempts += 1
        if (down) throw new Error('NATS is not reachable')
        await bus.publish(envelope)
      },
    }
    const first = await registerAccount('ada')
    const second = await registerAccount('bob')
    const relay = startRelay({ bus: flakyBus, logger, retryDelayMs: 20, maxRetryDelayMs: 80 })
    relay.nudge()
    await sleep(500)
    expect(published).toHaveLength(0)
    // 20, 40, 80, 80, ... ms: about 8 tries in 500 ms, not hundreds, and never a second event first.
    expect(attempts).toBeGreaterThanOrEqual(4)
    expect(attempts).toBeLessThan(15)
    const waiting = await db.prisma.outboxEvent.findUnique({ where: { id: first.id } })
    expect(waiting).toMatchObject({ publishedAt: null })
    expect(waiting?.attempts).toBe(attempts)
    expect(logger.entries.filter((entry) => entry.level === 'warn')).toHaveLength(1)

    down = false
    await waitFor(() => published.length === 2, 'both events sent once the bus is back', 2_000)
    expect(published.map((envelope) => envelope.id)).toEqual([first.id, second.id])
    // A row is marked published just after its publish returns: wait for the last mark.
    await waitFor(
      async () => (await db.prisma.outboxEvent.count({ where: { publishedAt: null } })) === 0,
      'both rows marked published',
      2_000,
    )
    expect(logger.entries.at(-1)?.msg).toBe('outbox relay publishing again')
  })

  it('stop() finishes the batch in progress and relays nothing after', async () => {
    const { bus, published } = recordingBus()
    const slowBus: EventBus = { ...bus, publish: async (envelope) => (await sleep(40), bus.publish(envelope)) }
    for (const username of ['a', 'b', 'c', 'd']) await registerAccount(username)
    const relay = startRelay({ bus: slowBus })
    await sleep(60)
    await relay.stop()
    expect(published).toHaveLength(4)
    await registerAccount('e')
    relay.nudge()
    await sleep(100)
    expect(published).toHaveLength(4)
  })

  describe('consumeOnce', () => {
    const key = { consumer: 'billing.user-registered', eventId: '6f1c1d7e-34a5-4d0e-8a59-0e1c2b3d4f50' }
    const welcome = (username: string) => (tx: Prisma.TransactionClient) => tx.welcome.create({ data: { userId: 1, username } })

    it('runs the effect once per consumer and event, and reports the duplicate', async () => {
      const first = await consumeOnce(db.prisma, key, welcome('ada'))
      const second = await consumeOnce(db.prisma, key, welcome('ada'))
      const otherConsumer = await consumeOnce(db.prisma, { ...key, consumer: 'analytics.user-registered' }, welcome('ada'))
      expect(first.duplicate).toBe(false)
      expect(first.duplicate ? undefined : first.result.username).toBe('ada')
      expect(second).toEqual({ duplicate: true })
      expect(otherConsumer.duplicate).toBe(false)
      expect(await db.prisma.welcome.count()).toBe(2)
      expect(await db.prisma.processedEvent.count()).toBe(2)
    })

    it('rolls the record back with a failed effect, so the redelivery applies it', async () => {
      await expect(
        consumeOnce(db.prisma, key, async (tx) => {
          await tx.welcome.create({ data: { userId: 1, username: 'ada' } })
          throw new Error('effect failed')
        }),
      ).rejects.toThrow('effect failed')
      expect(await db.prisma.processedEvent.count()).toBe(0)
      expect(await db.prisma.welcome.count()).toBe(0)
      expect((await consumeOnce(db.prisma, key, welcome('ada'))).duplicate).toBe(false)
      expect(await db.prisma.welcome.count()).toBe(1)
    })

    it('applies the effect once when the same event is handled concurrently', async () => {
      const results = await Promise.all(Array.from({ length: 5 }, () => consumeOnce(db.prisma, key, welcome('ada'))))
      expect(results.filter((result) => !result.duplicate)).toHaveLength(1)
      expect(await db.prisma.welcome.count()).toBe(1)
    })
  })

  it('end to end on the in-process bus: outbox → relay → durable consumer with no second effect', async () => {
    const bus = createInProcessEventBus({ redelivery: { delaysMs: [20] } })
    const deliveries: number[] = []
    await bus.subscribe({
      type: userRegistered,
      durable: 'billing.user-registered',
      handler: async (event) => {
        deliveries.push(event.deliveryCount)
        await consumeOnce(db.prisma, { consumer: 'billing.user-registered', eventId: event.id }, (tx) =>
          tx.welcome.create({ data: { userId: event.message.userId, username: event.message.username } }),
        )
        // The effect is committed, then the process "crashes" before acknowledging.
        if (event.deliveryCount === 1) throw new Error('crashed before the ack')
      },
    })
    const relay = startRelay({ bus })
    const envelope = await registerAccount('ada')
    relay.nudge()
    await waitFor(() => deliveries.length === 2, 'delivered, then redelivered')
    // The relay sends it again (e.g. a second replica): the duplicate window drops it.
    await db.prisma.outboxEvent.update({ where: { id: envelope.id }, data: { publishedAt: null } })
    relay.nudge()
    await waitFor(async () => (await db.prisma.outboxEvent.count({ where: { publishedAt: null } })) === 0, 'relayed again')
    await sleep(100)
    expect(deliveries).toEqual([1, 2])
    expect(await db.prisma.welcome.findMany({ select: { username: true } })).toEqual([{ username: 'ada' }])
    await bus.drain()
  })
})
