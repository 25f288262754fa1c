import { randomBytes } from 'node:crypto'
import { AckPolicy, jetstreamManager } from '@nats-io/jetstream'
import { nanos, type NatsConnection } from '@nats-io/nats-core'
import { connect } from '@nats-io/transport-node'
import { infra, needs } from '@valueproof/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encodeEvent, sessionRevoked, userRegistered } from './events.ts'
import { createNatsEventBus, natsConsumerName, natsStreamName, natsSubject, type NatsEventBusOptions } from './nats.ts'
import { eventBusContract } from './testing/contract.ts'
import { installTestTracing } from './testing/tracing.ts'
import { waitFor } from './testing/wait.ts'
import type { EventBus } from './types.ts'

const spans = installTestTracing()
const available = await needs('nats')
const runId = randomBytes(4).toString('hex')
let spaces = 0
/** A namespace of its own for each test: its own streams, so tests and test files never meet. */
const newNamespace = (): string => `t${runId}_${++spaces}`
const busOptions = (namespace: string): NatsEventBusOptions => ({
  servers: infra.natsUrl,
  name: `event-bus-test-${namespace}`,
  namespace,
  duplicateWindowMs: 60_000,
  maxAgeMs: 600_000,
})

describe.skipIf(!available)('NATS JetStream event bus', () => {
  let admin: NatsConnection
  const buses: EventBus[] = []

  const newBus = (namespace: string, overrides: Partial<NatsEventBusOptions> = {}): EventBus => {
    const bus = createNatsEventBus({ ...busOptions(namespace), ...overrides })
    buses.push(bus)
    return bus
  }

  beforeAll(async () => {
    admin = await connect({ servers: infra.natsUrl })
  })

  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.drain()))
    if (!admin) return
    // Remove this run's streams from the shared server.
    const jsm = await jetstreamManager(admin)
    for await (const name of jsm.streams.names()) {
      if (name.startsWith(`T${runId.toUpperCase()}_`)) await jsm.streams.delete(name)
    }
    await admin.close()
  })

  describe('the event-bus contract', () => {
    eventBusContract(() => {
      const namespace = newNamespace()
      return { replica: (options) => createNatsEventBus({ ...busOptions(namespace), ...options }) }
    }, spans)
  })

  it('names streams per owning service, consumers without dots, subjects under the namespace', () => {
    expect(natsStreamName('identity')).toBe('IDENTITY')
    expect(natsStreamName('identity', 't1')).toBe('T1_IDENTITY')
    expect(natsSubject('identity.user.registered')).toBe('identity.user.registered')
    expect(natsSubject('identity.user.registered', 't1')).toBe('t1.identity.user.registered')
    expect(natsConsumerName('analytics.user-registered')).toBe('analytics_user-registered')
    expect(() => createNatsEventBus({ servers: infra.natsUrl, name: 'x', namespace: 'a.b' })).toThrow(/namespace/)
  })

  it('creates the service stream with a duplicate window and a durable consumer with explicit ack, max_deliver and ack_wait, idempotently', async () => {
    const namespace = newNamespace()
    const options = { redelivery: { maxDeliver: 4 }, ackWaitMs: 7_000 }
    const subscribeTwice = async (bus: EventBus): Promise<void> => {
      const subscription = await bus.subscribe({ type: userRegistered, durable: 'analytics.user-registered', handler: async () => {} })
      await bus.publish(encodeEvent(sessionRevoked, { sessionId: 's', userId: 1 }))
      await subscription.stop()
    }
    await subscribeTwice(newBus(namespace, options))
    await subscribeTwice(newBus(namespace, options)) // a second replica finds both in place

    const jsm = await jetstreamManager(admin)
    const stream = await jsm.streams.info(natsStreamName('identity', namespace))
    expect(stream.config.subjects).toEqual([`${namespace}.identity.>`])
    expect(stream.config.duplicate_window).toBe(nanos(60_000))
    expect(stream.config.max_age).toBe(nanos(600_000))
    expect(stream.state.messages).toBe(2)
    const consumer = await jsm.consumers.info(stream.config.name, 'analytics_user-registered')
    expect(consumer.config).toMatchObject({
      durable_name: 'analytics_user-registered',
      filter_subject: `${namespace}.identity.user.registered`,
      ack_policy: AckPolicy.Explicit,
      max_deliver: 4,
      ack_wait: nanos(7_000),
    })

    // A later deployment changes the settings: the stream and consumer are updated, not duplicated.
    await subscribeTwice(newBus(namespace, { redelivery: { maxDeliver: 6 }, duplicateWindowMs: 30_000 }))
    expect((await jsm.streams.info(stream.config.name)).config.duplicate_window).toBe(nanos(30_000))
    expect((await jsm.consumers.info(stream.config.name, 'analytics_user-registered')).config.max_deliver).toBe(6)
  })

  it('stores a message id once: JetStream drops the duplicate within its window', async () => {
    const namespace = newNamespace()
    const bus = newBus(namespace)
    const envelope = encodeEvent(userRegistered, { userId: 1 })
    await bus.publish(envelope)
    await bus.publish(envelope)
    const jsm = await jetstreamManager(admin)
    const stream = await jsm.streams.info(natsStreamName('identity', namespace))
    expect(stream.state.messages).toBe(1)
    const stored = await jsm.streams.getMessage(stream.config.name, { seq: 1 })
    expect(stored?.header.get('Nats-Msg-Id')).toBe(envelope.id)
  })

  it('stores publishes started without awaiting each other in call order (the outbox relay relies on it)', async () => {
    const namespace = newNamespace()
    const bus = newBus(namespace)
    const envelopes = Array.from({ length: 200 }, (_, index) => encodeEvent(userRegistered, { userId: index }))
    // The very first publishes also wait for the stream to be created.
    await Promise.all(envelopes.map((envelope) => bus.publish(envelope)))
    const jsm = await jetstreamManager(admin)
    const stream = natsStreamName('identity', namespace)
    const stored: Array<string | undefined> = []
    for (let seq = 1; seq <= envelopes.length; seq++)
      stored.push((await jsm.streams.getMessage(stream, { seq }))?.header.get('Nats-Msg-Id'))
    expect(stored).toEqual(envelopes.map((envelope) => envelope.id))
  })

  it('refuses a durable name already used for another event type', async () => {
    const namespace = newNamespace()
    const bus = newBus(namespace)
    const first = await bus.subscribe({ type: userRegistered, durable: 'gateway.sessions', handler: async () => {} })
    await expect(bus.subscribe({ type: sessionRevoked, durable: 'gateway.sessions', handler: async () => {} })).rejects.toThrow(
      /already consumes/,
    )
    await first.stop()
  })

  it('redelivers to another replica an event whose replica stopped before acknowledging it', async () => {
    const namespace = newNamespace()
    const first = newBus(namespace, { ackWaitMs: 1_000 })
    const received: Array<{ replica: string; count: number }> = []
    let release: () => void = () => {}
    const blocked = new Promise<void>((resolve) => {
      release = resolve
    })
    const subscription = await first.subscribe({
      type: userRegistered,
      durable: 'analytics.user-registered',
      handler: async (event) => {
        received.push({ replica: 'first', count: event.deliveryCount })
        await blocked
        throw new Error('crashed')
      },
    })
    await first.publish(encodeEvent(userRegistered, { userId: 1 }))
    await waitFor(() => received.length === 1, 'first replica gets it')
    const second = newBus(namespace, { ackWaitMs: 1_000, redelivery: { delaysMs: [100] } })
    await second.subscribe({
      type: userRegistered,
      durable: 'analytics.user-registered',
      handler: (event) => {
        received.push({ replica: 'second', count: event.deliveryCount })
        return Promise.resolve()
      },
    })
    release()
    await subscription.stop()
    await waitFor(() => received.some((entry) => entry.replica === 'second'), 'the second replica gets the redelivery', 5_000)
    expect(received[1]).toEqual({ replica: 'second', count: 2 })
  })

  it('ping() answers while connected; publish fails, not hangs, when NATS is unreachable', async () => {
    const bus = newBus(newNamespace())
    await waitFor(
      async () =>
        bus.ping().then(
          () => true,
          () => false,
        ),
      'connected',
    )
    const nowhere = newBus(newNamespace(), { servers: 'nats://127.0.0.1:1', requestTimeoutMs: 300, reconnectWaitMs: 100 })
    await expect(nowhere.ping()).rejects.toThrow(/not connected/)
    const started = Date.now()
    await expect(nowhere.publish(encodeEvent(userRegistered, { userId: 1 }))).rejects.toThrow(/not reachable/)
    expect(Date.now() - started).toBeLessThan(2_000)
    // A subscription made while NATS is unreachable does not block the caller.
    const subscription = await nowhere.subscribe({ type: userRegistered, handler: async () => {} })
    await subscription.stop()
    await nowhere.drain()
  })
})
