import type { MessageInitShape } from '@bufbuild/protobuf'
import { SpanKind, trace } from '@opentelemetry/api'
import type { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base'
import { afterEach, expect, it } from 'vitest'
import { encodeEvent, userRegistered } from '../events.ts'
import type { EventBusLogger } from '../logger.ts'
import type { RedeliveryPolicy } from '../redelivery.ts'
import type { DeliveredEvent, EventBus, Subscription } from '../types.ts'
import { recordingLogger, sleep, waitFor } from './wait.ts'

export interface BusOptions {
  redelivery?: Partial<RedeliveryPolicy>
  logger?: EventBusLogger
}

/** An isolated event space for one test; `replica()` is one more process of the same system. */
export interface EventSpace {
  replica(options?: BusOptions): EventBus
}

/**
 * The behaviour both transports promise, run against each (in-process.test.ts, nats.test.ts).
 * `newSpace` gives each test its own events (for NATS: a new namespace, so new streams).
 */
export function eventBusContract(newSpace: () => EventSpace, spans: InMemorySpanExporter): void {
  const buses: EventBus[] = []
  const subscriptions: Subscription[] = []

  afterEach(async () => {
    await Promise.all(subscriptions.splice(0).map((subscription) => subscription.stop()))
    await Promise.all(buses.splice(0).map((bus) => bus.drain()))
    spans.reset()
  })

  function space(): { replica(options?: BusOptions): EventBus } {
    const created = newSpace()
    return {
      replica(options) {
        const bus = created.replica(options)
        if (!buses.includes(bus)) buses.push(bus)
        return bus
      },
    }
  }

  type Received = Array<DeliveredEvent<typeof userRegistered.schema>>

  async function collect(bus: EventBus, received: Received, durable?: string): Promise<void> {
    const subscription = await bus.subscribe({
      type: userRegistered,
      durable,
      handler: (event) => {
        received.push(event)
        return Promise.resolve()
      },
    })
    subscriptions.push(subscription)
  }

  const registered = (userId: number, username = `user${userId}`): MessageInitShape<typeof userRegistered.schema> => ({
    userId,
    username,
    plan: 'free',
  })

  it('delivers a published event, decoded, to a durable and to a per-process subscription', async () => {
    const bus = space().replica()
    const durable: Received = []
    const perProcess: Received = []
    await collect(bus, durable, 'analytics.user-registered')
    await collect(bus, perProcess)
    const envelope = encodeEvent(userRegistered, registered(42, 'ada'), { occurredAt: new Date('2025-03-04T05:06:07.089Z') })
    await bus.publish(envelope)
    await waitFor(() => durable.length === 1 && perProcess.length === 1, 'both subscriptions receive the event')
    for (const [event] of [durable, perProcess]) {
      expect(event).toMatchObject({
        id: envelope.id,
        subject: 'identity.user.registered',
        message: { userId: 42, username: 'ada', plan: 'free' },
        occurredAt: envelope.occurredAt,
        deliveryCount: 1,
      })
    }
  })

  it('never runs a handler inside the publish call', async () => {
    const bus = space().replica()
    let insidePublish = false
    const calls: boolean[] = []
    subscriptions.push(
      await bus.subscribe({
        type: userRegistered,
        handler: () => {
          calls.push(insidePublish)
          return Promise.resolve()
        },
      }),
    )
    insidePublish = true
    const published = bus.publish(encodeEvent(userRegistered, registered(1)))
    insidePublish = false
    await published
    await waitFor(() => calls.length === 1, 'the handler runs')
    expect(calls).toEqual([false])
  })

  it('hands each event to one replica per durable name, and to every per-process subscription', async () => {
    const events = space()
    const first = events.replica()
    const second = events.replica()
    const analytics: Received = []
    const billing: Received = []
    const perProcessFirst: Received = []
    const perProcessSecond: Received = []
    await collect(first, analytics, 'analytics.user-registered')
    await collect(second, analytics, 'analytics.user-registered')
    await collect(second, billing, 'billing.user-registered')
    await collect(first, perProcessFirst)
    await collect(second, perProcessSecond)
    for (let userId = 1; userId <= 20; userId++) await first.publish(encodeEvent(userRegistered, registered(userId)))
    await waitFor(
      () => analytics.length >= 20 && billing.length >= 20 && perProcessFirst.length >= 20 && perProcessSecond.length >= 20,
      'every consumer receives all 20 events',
    )
    await sleep(200)
    const userIds = (received: Received): number[] => received.map((event) => event.message.userId).sort((a, b) => a - b)
    const all = Array.from({ length: 20 }, (_, index) => index + 1)
    expect(userIds(analytics)).toEqual(all)
    expect(userIds(billing)).toEqual(all)
    expect(userIds(perProcessFirst)).toEqual(all)
    expect(userIds(perProcessSecond)).toEqual(all)
  })

  it('gives a durable name that subscribes later the events published before it', async () => {
    const bus = space().replica()
    await bus.publish(encodeEvent(userRegistered, registered(1)))
    const late: Received = []
    const perProcess: Received = []
    await collect(bus, late, 'proposal.user-registered')
    await collect(bus, perProcess)
    await bus.publish(encodeEvent(userRegistered, registered(2)))
    await waitFor(() => late.length === 2 && perProcess.length === 1, 'the late durable gets both, per-process only the new one')
    expect(late.map((event) => event.message.userId)).toEqual([1, 2])
    expect(perProcess.map((event) => event.message.userId)).toEqual([2])
  })

  it('redelivers an event whose handler failed, later, with a growing delivery count', async () => {
    const bus = space().replica({ redelivery: { delaysMs: [150, 300] } })
    for (const durable of ['analytics.user-registered', undefined]) {
      const deliveries: Array<{ count: number; at: number }> = []
      const subscription = await bus.subscribe({
        type: userRegistered,
        durable,
        handler: (event) => {
          deliveries.push({ count: event.deliveryCount, at: Date.now() })
          return event.deliveryCount < 3 ? Promise.reject(new Error('database unavailable')) : Promise.resolve()
        },
      })
      subscriptions.push(subscription)
      await bus.publish(encodeEvent(userRegistered, registered(1)))
      await waitFor(() => deliveries.length === 3, `three deliveries (${durable ?? 'per-process'})`)
      await sleep(400)
      expect(deliveries.map((delivery) => delivery.count)).toEqual([1, 2, 3])
      const [first, second, third] = deliveries.map((delivery) => delivery.at)
      expect((second ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(140)
      expect((third ?? 0) - (second ?? 0)).toBeGreaterThanOrEqual(290)
      await subscription.stop()
    }
  })

  it('gives an event up after maxDeliver failed deliveries, and says so', async () => {
    const logger = recordingLogger()
    const bus = space().replica({ redelivery: { maxDeliver: 2, delaysMs: [50] }, logger })
    let deliveries = 0
    subscriptions.push(
      await bus.subscribe({
        type: userRegistered,
        durable: 'analytics.user-registered',
        handler: () => {
          deliveries += 1
          return Promise.reject(new Error('always fails'))
        },
      }),
    )
    await bus.publish(encodeEvent(userRegistered, registered(1)))
    await waitFor(() => logger.entries.some((entry) => entry.level === 'error'), 'the give-up is logged')
    await sleep(300)
    expect(deliveries).toBe(2)
    expect(logger.entries.filter((entry) => entry.level === 'warn' && entry.msg?.includes('redelivering'))).toHaveLength(1)
  })

  it('drops a second publish of the same event id', async () => {
    const bus = space().replica()
    const durable: Received = []
    const perProcess: Received = []
    await collect(bus, durable, 'analytics.user-registered')
    await collect(bus, perProcess)
    const envelope = encodeEvent(userRegistered, registered(1))
    await bus.publish(envelope)
    await bus.publish(envelope)
    await bus.publish({ ...envelope, headers: { ...envelope.headers } })
    const other = encodeEvent(userRegistered, registered(2))
    await bus.publish(other)
    await waitFor(() => durable.length >= 2 && perProcess.length >= 2, 'both events arrive')
    await sleep(200)
    expect(durable.map((event) => event.id)).toEqual([envelope.id, other.id])
    expect(perProcess.map((event) => event.id)).toEqual([envelope.id, other.id])
  })

  it('runs the handler in a CONSUMER span of the trace that produced the event', async () => {
    const bus = space().replica()
    const traceIds: string[] = []
    subscriptions.push(
      await bus.subscribe({
        type: userRegistered,
        durable: 'analytics.user-registered',
        handler: () => {
          traceIds.push(trace.getActiveSpan()?.spanContext().traceId ?? 'none')
          return Promise.resolve()
        },
      }),
    )
    const envelope = trace.getTracer('test').startActiveSpan('POST /api/register', (span) => {
      const encoded = encodeEvent(userRegistered, registered(1))
      span.end()
      return encoded
    })
    await bus.publish(envelope)
    await waitFor(() => traceIds.length === 1, 'the handler runs')
    await waitFor(() => spans.getFinishedSpans().some((span) => span.kind === SpanKind.CONSUMER), 'the consumer span ends')
    const finished = spans.getFinishedSpans()
    const request = finished.find((span) => span.name === 'POST /api/register')
    const producer = finished.find((span) => span.kind === SpanKind.PRODUCER)
    const consumer = finished.find((span) => span.kind === SpanKind.CONSUMER)
    const traceId = request?.spanContext().traceId
    expect(traceId).toBeDefined()
    expect(producer?.spanContext().traceId).toBe(traceId)
    expect(consumer?.spanContext().traceId).toBe(traceId)
    expect(consumer?.parentSpanContext?.spanId).toBe(producer?.spanContext().spanId)
    expect(consumer?.name).toBe('process identity.user.registered')
    expect(consumer?.attributes).toMatchObject({
      'messaging.destination.name': 'identity.user.registered',
      'messaging.message.id': envelope.id,
      'messaging.consumer.group.name': 'analytics.user-registered',
    })
    expect(traceIds).toEqual([traceId])
  })

  it('drain() waits for the handler in progress', async () => {
    const bus = space().replica()
    let finished = false
    let started = false
    await bus.subscribe({
      type: userRegistered,
      durable: 'analytics.user-registered',
      handler: async () => {
        started = true
        await sleep(300)
        finished = true
      },
    })
    await bus.publish(encodeEvent(userRegistered, registered(1)))
    await waitFor(() => started, 'the handler starts')
    await bus.drain()
    expect(finished).toBe(true)
    await expect(bus.publish(encodeEvent(userRegistered, registered(2)))).rejects.toThrow(/drained/)
    await expect(bus.ping()).rejects.toThrow()
  })
}
