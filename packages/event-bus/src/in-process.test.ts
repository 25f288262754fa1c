import { describe, expect, it } from 'vitest'
import { encodeEvent, sessionRevoked, userRegistered } from './events.ts'
import { createInProcessEventBus } from './in-process.ts'
import { eventBusContract } from './testing/contract.ts'
import { installTestTracing } from './testing/tracing.ts'
import { recordingLogger, sleep, waitFor } from './testing/wait.ts'

const spans = installTestTracing()

describe('in-process event bus: the event-bus contract', () => {
  // Every service of the embedded default shares one bus: all "replicas" are that one bus.
  eventBusContract(() => {
    let bus: ReturnType<typeof createInProcessEventBus> | undefined
    return {
      replica(options) {
        bus ??= createInProcessEventBus(options)
        return bus
      },
    }
  }, spans)
})

describe('in-process event bus', () => {
  it('forgets an event id after the duplicate window', async () => {
    const bus = createInProcessEventBus({ duplicateWindowMs: 50 })
    const ids: string[] = []
    await bus.subscribe({
      type: userRegistered,
      handler: (event) => {
        ids.push(event.id)
        return Promise.resolve()
      },
    })
    const envelope = encodeEvent(userRegistered, { userId: 1 })
    await bus.publish(envelope)
    await bus.publish(envelope)
    await sleep(80)
    await bus.publish(envelope)
    await waitFor(() => ids.length === 2, 'delivered again once the window has passed')
    await bus.drain()
  })

  it('keeps events for a durable name while none of its handlers is subscribed', async () => {
    const bus = createInProcessEventBus()
    const received: number[] = []
    const subscribe = () =>
      bus.subscribe({
        type: userRegistered,
        durable: 'analytics.user-registered',
        handler: (event) => {
          received.push(event.message.userId)
          return Promise.resolve()
        },
      })
    const first = await subscribe()
    await bus.publish(encodeEvent(userRegistered, { userId: 1 }))
    await waitFor(() => received.length === 1, 'first event')
    await first.stop()
    await bus.publish(encodeEvent(userRegistered, { userId: 2 }))
    await bus.publish(encodeEvent(userRegistered, { userId: 3 }))
    await sleep(20)
    expect(received).toEqual([1])
    await subscribe()
    await waitFor(() => received.length === 3, 'the backlog after resubscribing')
    expect(received).toEqual([1, 2, 3])
    await bus.drain()
  })

  it('refuses one durable name for two event types', async () => {
    const bus = createInProcessEventBus()
    await bus.subscribe({ type: userRegistered, durable: 'gateway.sessions', handler: async () => {} })
    await expect(bus.subscribe({ type: sessionRevoked, durable: 'gateway.sessions', handler: async () => {} })).rejects.toThrow(
      /already consumes "identity.user.registered"/,
    )
    await bus.drain()
  })

  it('delivers to one subscription in publish order', async () => {
    const bus = createInProcessEventBus()
    const received: number[] = []
    await bus.subscribe({
      type: userRegistered,
      durable: 'analytics.user-registered',
      handler: async (event) => {
        await sleep(event.message.userId % 3)
        received.push(event.message.userId)
      },
    })
    for (let userId = 1; userId <= 30; userId++) await bus.publish(encodeEvent(userRegistered, { userId }))
    await waitFor(() => received.length === 30, 'all 30 events')
    expect(received).toEqual(Array.from({ length: 30 }, (_, index) => index + 1))
    await bus.drain()
  })

  it('drain() drops redeliveries still waiting, and logs it', async () => {
    const logger = recordingLogger()
    const bus = createInProcessEventBus({ logger, redelivery: { delaysMs: [60_000] } })
    let deliveries = 0
    await bus.subscribe({
      type: userRegistered,
      handler: () => {
        deliveries += 1
        return Promise.reject(new Error('fails'))
      },
    })
    await bus.publish(encodeEvent(userRegistered, { userId: 1 }))
    await waitFor(() => deliveries === 1, 'first delivery')
    await waitFor(() => logger.entries.length === 1, 'the failure is logged')
    const started = Date.now()
    await bus.drain()
    expect(Date.now() - started).toBeLessThan(1_000)
    expect(logger.entries.map((entry) => entry.msg)).toContain('event bus drained with redeliveries still scheduled; they are dropped')
  })
})
