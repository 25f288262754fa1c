import { rm } from 'node:fs/promises'
import { needs } from '@valueproof/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encodeEvent, userRegistered } from './events.ts'
import { createNatsEventBus, type NatsEventBusOptions } from './nats.ts'
import { OutboxRelay, consumeOnce, outboxRecord } from './outbox.ts'
import { createOutboxTestDatabase, type OutboxTestDatabase } from './testing/database.ts'
import { createNatsServer, type NatsServerProcess } from './testing/nats-server.ts'
import { recordingLogger, waitFor } from './testing/wait.ts'
import type { DeliveredEvent, EventBus } from './types.ts'

const available = await needs('nats-server-binary', 'postgres')

/** NATS going away and coming back, on a nats-server this file starts and stops itself. */
describe.skipIf(!available)('NATS event bus across NATS outages (own nats-server)', () => {
  let server: NatsServerProcess
  const buses: EventBus[] = []

  const newBus = (name: string, namespace: string, overrides: Partial<NatsEventBusOptions> = {}): EventBus => {
    const bus = createNatsEventBus({
      servers: server.url,
      name,
      namespace,
      reconnectWaitMs: 100,
      requestTimeoutMs: 1_000,
      ...overrides,
    })
    buses.push(bus)
    return bus
  }
  const reachable = (bus: EventBus) => () =>
    bus.ping().then(
      () => true,
      () => false,
    )
  const unreachable = (bus: EventBus) => () =>
    bus.ping().then(
      () => false,
      () => true,
    )

  beforeAll(async () => {
    server = await createNatsServer() // created, not started: the first test starts it
  })

  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.drain()))
    await server?.dispose()
  })

  it('lets a service start while NATS is down, and works once NATS arrives', async () => {
    const bus = newBus('identity', 'early', { requestTimeoutMs: 300 })
    await expect(bus.ping()).rejects.toThrow(/not connected/)
    const received: string[] = []
    // Does not block the service's start-up: resolves after requestTimeoutMs and waits for NATS.
    await bus.subscribe({
      type: userRegistered,
      durable: 'analytics.user-registered',
      handler: (event) => {
        received.push(event.message.username)
        return Promise.resolve()
      },
    })
    await expect(bus.publish(encodeEvent(userRegistered, { username: 'too-early' }))).rejects.toThrow(/not reachable/)

    await server.start()
    await waitFor(reachable(bus), 'the bus connects once NATS is up')
    await bus.publish(encodeEvent(userRegistered, { username: 'ada' }))
    await waitFor(() => received.length === 1, 'the subscription made before NATS was up receives the event')
    expect(received).toEqual(['ada'])
  })

  it('keeps durable and per-process subscriptions across a NATS restart, without redelivering what was acknowledged', async () => {
    await server.start()
    const producer = newBus('identity', 'restart')
    const consumer = newBus('analytics', 'restart')
    const received: Array<Pick<DeliveredEvent, 'deliveryCount'> & { username: string }> = []
    await consumer.subscribe({
      type: userRegistered,
      durable: 'analytics.user-registered',
      handler: (event) => {
        received.push({ username: event.message.username, deliveryCount: event.deliveryCount })
        return Promise.resolve()
      },
    })
    const perProcess: string[] = []
    await consumer.subscribe({
      type: userRegistered,
      handler: (event) => {
        perProcess.push(event.message.username)
        return Promise.resolve()
      },
    })
    await producer.publish(encodeEvent(userRegistered, { username: 'before' }))
    await waitFor(() => received.length === 1 && perProcess.length === 1, 'the event before the restart')

    await server.stop()
    await waitFor(unreachable(consumer), 'the consumer notices NATS is gone')
    await server.start()
    await waitFor(reachable(consumer), 'the consumer reconnects', 15_000)
    await waitFor(reachable(producer), 'the producer reconnects', 15_000)

    await producer.publish(encodeEvent(userRegistered, { username: 'after' }))
    await waitFor(() => received.length >= 2, 'the event after the restart reaches the same durable consumer', 15_000)
    await waitFor(() => perProcess.length >= 2, 'and the per-process subscription', 15_000)
    expect(perProcess).toEqual(['before', 'after'])
    expect(received).toEqual([
      { username: 'before', deliveryCount: 1 },
      { username: 'after', deliveryCount: 1 },
    ])
  })

  it('recreates streams and durable consumers when NATS comes back without its store', async () => {
    await server.start()
    const producer = newBus('identity', 'wiped')
    const consumer = newBus('analytics', 'wiped')
    const received: string[] = []
    await consumer.subscribe({
      type: userRegistered,
      durable: 'analytics.user-registered',
      handler: (event) => {
        received.push(event.message.username)
        return Promise.resolve()
      },
    })
    await producer.publish(encodeEvent(userRegistered, { username: 'before' }))
    await waitFor(() => received.length === 1, 'the event before the restart')

    await server.stop()
    await rm(server.storeDir, { recursive: true, force: true })
    await server.start()
    await waitFor(reachable(producer), 'the producer reconnects', 15_000)

    await producer.publish(encodeEvent(userRegistered, { username: 'after' }))
    await waitFor(() => received.length >= 2, 'the recreated durable consumer receives the new event', 15_000)
    expect(received).toEqual(['before', 'after'])
  })

  describe('the outbox', () => {
    let db: OutboxTestDatabase

    beforeAll(async () => {
      db = await createOutboxTestDatabase('event_bus_nats_outbox')
    })
    afterAll(async () => {
      await db?.close()
    })

    it('delivers an event written while NATS is down once NATS is back; its redelivery has no second effect', async () => {
      await server.start()
      const logger = recordingLogger()
      const identityBus = newBus('identity', 'outbox', { logger })
      const billingBus = newBus('billing', 'outbox', { redelivery: { delaysMs: [200] } })
      const relay = new OutboxRelay({ db: db.prisma, bus: identityBus, logger, retryDelayMs: 100, maxRetryDelayMs: 300 })
      relay.start()

      const deliveries: Array<{ eventId: string; deliveryCount: number; duplicate: boolean }> = []
      await billingBus.subscribe({
        type: userRegistered,
        durable: 'billing.user-registered',
        handler: async (event) => {
          const outcome = await consumeOnce(db.prisma, { consumer: 'billing.user-registered', eventId: event.id }, (tx) =>
            tx.welcome.create({ data: { userId: event.message.userId, username: event.message.username } }),
          )
          deliveries.push({ eventId: event.id, deliveryCount: event.deliveryCount, duplicate: outcome.duplicate })
          // The effect is committed; the process dies before acknowledging: NATS redelivers.
          if (event.deliveryCount === 1) throw new Error('crashed before the ack')
        },
      })
      await waitFor(reachable(identityBus), 'identity connected')

      await server.stop()
      await waitFor(unreachable(identityBus), 'identity notices NATS is gone')

      // A registration while NATS is down: the change and its event commit together.
      const envelope = await db.prisma.$transaction(async (tx) => {
        const account = await tx.account.create({ data: { username: 'ada' } })
        const registered = encodeEvent(userRegistered, { userId: account.id, username: 'ada', plan: 'free' })
        await tx.outboxEvent.create({ data: outboxRecord(registered) })
        return registered
      })
      relay.nudge()
      await waitFor(
        async () => ((await db.prisma.outboxEvent.findUnique({ where: { id: envelope.id } }))?.attempts ?? 0) >= 1,
        'the relay tries and fails',
      )
      const waiting = await db.prisma.outboxEvent.findUnique({ where: { id: envelope.id } })
      expect(waiting?.publishedAt).toBeNull()
      expect(logger.entries.some((entry) => entry.msg === 'cannot publish outbox events; they wait and are retried')).toBe(true)

      await server.start() // same port, same store
      await waitFor(() => deliveries.length >= 2, 'delivered after NATS returns, then redelivered', 20_000)
      await waitFor(
        async () => (await db.prisma.outboxEvent.findUnique({ where: { id: envelope.id } }))?.publishedAt != null,
        'marked published',
      )

      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(deliveries).toEqual([
        { eventId: envelope.id, deliveryCount: 1, duplicate: false },
        { eventId: envelope.id, deliveryCount: 2, duplicate: true },
      ])
      expect(await db.prisma.welcome.findMany({ select: { username: true } })).toEqual([{ username: 'ada' }])
      expect(await db.prisma.processedEvent.count()).toBe(1)
      await relay.stop()
    })
  })
})
