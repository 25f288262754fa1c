import type { DescMessage } from '@bufbuild/protobuf'
import { deliverEvent, type DeliveryOutcome, type IncomingEvent } from './delivery.ts'
import { errorField, silentLogger, type EventBusLogger } from './logger.ts'
import { redeliveryDelay, resolveRedeliveryPolicy, type RedeliveryPolicy } from './redelivery.ts'
import type { EventBus, EventEnvelope, SubscribeOptions, Subscription } from './types.ts'

export interface InProcessEventBusOptions {
  logger?: EventBusLogger
  redelivery?: Partial<RedeliveryPolicy>
  /** A second publish of an event id within this window is dropped (JetStream's duplicate window). */
  duplicateWindowMs?: number
  /**
   * Events kept in memory for a durable name that subscribes later, as a JetStream stream keeps
   * them for a new durable consumer. Also caps each durable name's backlog while it has no handler.
   */
  retainEvents?: number
}

interface Member {
  subject: string
  durable?: string
  active: boolean
  /** Deliveries to one subscription run one after another, in publish order. */
  tail: Promise<void>
  run(event: IncomingEvent): Promise<DeliveryOutcome>
}

interface DurableGroup {
  name: string
  subject: string
  members: Member[]
  next: number
  /** Events that arrived while no handler was subscribed under this name. */
  backlog: Array<{ envelope: EventEnvelope; deliveryCount: number }>
}

type Target = { kind: 'member'; member: Member } | { kind: 'durable'; group: DurableGroup }

/**
 * The event bus for the embedded default (every service in one Node process): same contract as
 * NATS — asynchronous delivery, one delivery per durable name, every per-process subscription
 * sees every event, failed handlers retried with backoff, duplicate ids dropped — without
 * persistence: events not yet handled when the process stops are lost (the outbox has already
 * marked them published).
 */
export function createInProcessEventBus(options: InProcessEventBusOptions = {}): EventBus {
  const logger = options.logger ?? silentLogger
  const policy = resolveRedeliveryPolicy(options.redelivery)
  const duplicateWindowMs = options.duplicateWindowMs ?? 120_000
  const retainEvents = options.retainEvents ?? 10_000

  const seen = new Map<string, number>()
  const retained: EventEnvelope[] = []
  const perProcess = new Set<Member>()
  const durables = new Map<string, DurableGroup>()
  const inFlight = new Set<Promise<void>>()
  const retryTimers = new Set<NodeJS.Timeout>()
  let draining = false

  function track(task: Promise<void>): void {
    inFlight.add(task)
    void task.finally(() => inFlight.delete(task))
  }

  function rememberId(id: string, now: number): boolean {
    for (const [knownId, expiresAt] of seen) {
      if (expiresAt > now) break
      seen.delete(knownId)
    }
    if (seen.has(id)) return false
    seen.set(id, now + duplicateWindowMs)
    return true
  }

  function pushCapped<T>(list: T[], item: T): void {
    list.push(item)
    if (list.length > retainEvents) list.splice(0, list.length - retainEvents)
  }

  /** Schedules a delivery on a later turn of the event loop, never inside the caller's stack. */
  function dispatch(target: Target, envelope: EventEnvelope, deliveryCount: number): void {
    const task = new Promise<void>((resolve) => setImmediate(resolve)).then(() => route(target, envelope, deliveryCount))
    track(task)
  }

  function route(target: Target, envelope: EventEnvelope, deliveryCount: number): Promise<void> {
    if (target.kind === 'member') {
      const { member } = target
      if (!member.active) return Promise.resolve()
      member.tail = member.tail.then(() => attempt(member, target, envelope, deliveryCount))
      return member.tail
    }
    const { group } = target
    const member = group.members[group.next++ % Math.max(group.members.length, 1)]
    if (!member) {
      pushCapped(group.backlog, { envelope, deliveryCount })
      return Promise.resolve()
    }
    member.tail = member.tail.then(() => attempt(member, target, envelope, deliveryCount))
    return member.tail
  }

  async function attempt(member: Member, target: Target, envelope: EventEnvelope, deliveryCount: number): Promise<void> {
    if (!member.active) {
      // The subscription stopped while this delivery was queued: another handler of the same
      // durable name takes it (or its backlog keeps it).
      if (target.kind === 'durable') await route(target, envelope, deliveryCount)
      return
    }
    const outcome = await member.run({ ...envelope, headers: { ...envelope.headers }, deliveryCount })
    if (outcome.status === 'handled') return
    const fields = { eventId: envelope.id, subject: envelope.subject, durable: member.durable, deliveryCount }
    if (outcome.status === 'undecodable') {
      logger.error({ ...fields, err: errorField(outcome.error) }, 'event payload does not decode; dropped')
      return
    }
    if (deliveryCount >= policy.maxDeliver) {
      logger.error({ ...fields, err: errorField(outcome.error) }, 'event handler failed on its last delivery; event given up')
      return
    }
    if (draining) {
      logger.error({ ...fields, err: errorField(outcome.error) }, 'event handler failed while draining; no redelivery')
      return
    }
    const delayMs = redeliveryDelay(policy, deliveryCount)
    logger.warn({ ...fields, delayMs, err: errorField(outcome.error) }, 'event handler failed; redelivering later')
    const timer = setTimeout(() => {
      retryTimers.delete(timer)
      dispatch(target, envelope, deliveryCount + 1)
    }, delayMs)
    retryTimers.add(timer)
  }

  return {
    publish(envelope) {
      if (draining) return Promise.reject(new Error('The in-process event bus is drained; cannot publish'))
      if (!rememberId(envelope.id, Date.now())) return Promise.resolve()
      const stored: EventEnvelope = { ...envelope, headers: { ...envelope.headers } }
      pushCapped(retained, stored)
      for (const member of perProcess) {
        if (member.subject === stored.subject) dispatch({ kind: 'member', member }, stored, 1)
      }
      for (const group of durables.values()) {
        if (group.subject === stored.subject) dispatch({ kind: 'durable', group }, stored, 1)
      }
      return Promise.resolve()
    },

    subscribe<Desc extends DescMessage>(subscribeOptions: SubscribeOptions<Desc>): Promise<Subscription> {
      if (draining) return Promise.reject(new Error('The in-process event bus is drained; cannot subscribe'))
      const { type, durable, handler } = subscribeOptions
      const member: Member = {
        subject: type.subject,
        durable,
        active: true,
        tail: Promise.resolve(),
        run: (event) => deliverEvent({ type, handler, event, system: 'in_process', durable }),
      }
      let group: DurableGroup | undefined
      if (durable === undefined) {
        perProcess.add(member)
      } else {
        group = durables.get(durable)
        if (group && group.subject !== type.subject) {
          return Promise.reject(
            new Error(`Durable name "${durable}" already consumes "${group.subject}"; use one durable name per event type`),
          )
        }
        if (!group) {
          const backlog = retained
            .filter((envelope) => envelope.subject === type.subject)
            .map((envelope) => ({ envelope, deliveryCount: 1 }))
          group = { name: durable, subject: type.subject, members: [], next: 0, backlog }
          durables.set(durable, group)
        }
        group.members.push(member)
        const pending = group.backlog.splice(0)
        for (const { envelope, deliveryCount } of pending) dispatch({ kind: 'durable', group }, envelope, deliveryCount)
      }
      return Promise.resolve({
        async stop() {
          if (!member.active) return
          member.active = false
          perProcess.delete(member)
          if (group) group.members = group.members.filter((candidate) => candidate !== member)
          await member.tail
        },
      })
    },

    ping() {
      return draining ? Promise.reject(new Error('The in-process event bus is drained')) : Promise.resolve()
    },

    async drain() {
      draining = true
      const dropped = retryTimers.size
      for (const timer of retryTimers) clearTimeout(timer)
      retryTimers.clear()
      if (dropped > 0) logger.warn({ dropped }, 'event bus drained with redeliveries still scheduled; they are dropped')
      // Deliveries already queued still run: publish returned, so the outbox counts them as sent.
      while (inFlight.size > 0) await Promise.allSettled([...inFlight])
      for (const member of perProcess) member.active = false
      perProcess.clear()
      for (const group of durables.values()) {
        for (const member of group.members) member.active = false
        group.members = []
      }
    },
  }
}
