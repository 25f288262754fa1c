import type { DescMessage } from '@bufbuild/protobuf'
import { deliverEvent, type DeliveryOutcome, type IncomingEvent } from './delivery.ts'
import type { EventJournal, PendingDelivery } from './journal.ts'
import { JournalQueue } from './journal-queue.ts'
import { errorField, silentLogger, type EventBusLogger } from './logger.ts'
import { redeliveryDelay, resolveRedeliveryPolicy, type RedeliveryPolicy } from './redelivery.ts'
import type { EventBus, EventEnvelope, SubscribeOptions, Subscription } from './types.ts'

export interface InProcessEventBusOptions {
  logger?: EventBusLogger
  redelivery?: Partial<RedeliveryPolicy>
  /** A second publish of an event id within this window is dropped (JetStream's duplicate window). */
  duplicateWindowMs?: number
  /**
   * Events kept for a durable name that subscribes later, as a JetStream stream keeps them for a new
   * durable consumer: in memory, or in the journal when there is one. Also caps each durable name's
   * backlog in memory while it has no handler.
   */
  retainEvents?: number
  /**
   * Keeps the events of durable consumers across crashes and restarts (docs/decisions/117): the
   * embedded stack's database. Without one (unit tests), nothing survives the process.
   */
  journal?: EventJournal
  /** With a journal: deliveries still pending after this long are dropped (the stream's max age). */
  maxAgeMs?: number
}

interface Member {
  subject: string
  durable?: string
  active: boolean
  /** Deliveries to one subscription run one after another, in publish order. */
  tail: Promise<void>
  run(event: IncomingEvent): Promise<DeliveryOutcome>
}

/** An event on its way to a subscription; `seq` is its journal entry (durable deliveries with a journal). */
interface Delivery {
  envelope: EventEnvelope
  deliveryCount: number
  seq?: number
}

interface DurableGroup {
  name: string
  subject: string
  members: Member[]
  next: number
  /** Events that arrived while no handler was subscribed under this name. */
  backlog: Delivery[]
}

type Target = { kind: 'member'; member: Member } | { kind: 'durable'; group: DurableGroup }

/**
 * The event bus for the embedded default (every service in one Node process): same contract as
 * NATS — asynchronous delivery, one delivery per durable name, every per-process subscription
 * sees every event, failed handlers retried with backoff, duplicate ids dropped. With a journal,
 * `publish` resolves once the event is stored for the durable names of its subject, and what they
 * have not handled comes back after a crash or a restart; per-process subscriptions are never kept.
 */
export function createInProcessEventBus(options: InProcessEventBusOptions = {}): EventBus {
  const logger = options.logger ?? silentLogger
  const policy = resolveRedeliveryPolicy(options.redelivery)
  const duplicateWindowMs = options.duplicateWindowMs ?? 120_000
  const retainEvents = options.retainEvents ?? 10_000

  const seen = new Map<string, number>()
  /** Publishes still being journaled, by event id: a second publish of one waits for the first. */
  const publishing = new Map<string, Promise<void>>()
  const retained: EventEnvelope[] = []
  const perProcess = new Set<Member>()
  const durables = new Map<string, DurableGroup>()
  /** First subscriptions of durable names whose journal entries are being read. */
  const claims = new Map<string, Promise<DurableGroup>>()
  const inFlight = new Set<Promise<void>>()
  const retryTimers = new Set<NodeJS.Timeout>()
  let draining = false

  const queue = options.journal
    ? new JournalQueue({
        journal: options.journal,
        logger,
        retainEvents,
        maxAgeMs: options.maxAgeMs ?? 7 * 24 * 3_600_000,
        stored: (events) => {
          for (const { envelope, seq } of events) fanOut(envelope, seq)
        },
      })
    : undefined

  function track(task: Promise<void>): void {
    inFlight.add(task)
    // Settled either way before the set lets go of it; a `finally` chain would reject unhandled.
    void task.then(
      () => inFlight.delete(task),
      (error: unknown) => {
        inFlight.delete(task)
        logger.error({ err: errorField(error) }, 'event delivery failed outside its handler')
      },
    )
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

  /** Hands a new event to every subscription of its subject (`seq`: its journal entry). */
  function fanOut(envelope: EventEnvelope, seq: number | undefined): void {
    for (const member of perProcess) {
      if (member.subject === envelope.subject) dispatch({ kind: 'member', member }, { envelope, deliveryCount: 1 })
    }
    for (const group of durables.values()) {
      if (group.subject === envelope.subject) dispatch({ kind: 'durable', group }, { envelope, deliveryCount: 1, seq })
    }
  }

  /** Schedules a delivery on a later turn of the event loop, never inside the caller's stack. */
  function dispatch(target: Target, delivery: Delivery): void {
    const task = new Promise<void>((resolve) => setImmediate(resolve)).then(() => route(target, delivery))
    track(task)
  }

  function redeliverLater(target: Target, delivery: Delivery, delayMs: number): void {
    const timer = setTimeout(() => {
      retryTimers.delete(timer)
      dispatch(target, delivery)
    }, delayMs)
    retryTimers.add(timer)
  }

  function route(target: Target, delivery: Delivery): Promise<void> {
    if (target.kind === 'member') {
      const { member } = target
      if (!member.active) return Promise.resolve()
      member.tail = member.tail.then(() => attempt(member, target, delivery))
      return member.tail
    }
    const { group } = target
    const member = group.members[group.next++ % Math.max(group.members.length, 1)]
    if (!member) {
      pushCapped(group.backlog, delivery)
      return Promise.resolve()
    }
    member.tail = member.tail.then(() => attempt(member, target, delivery))
    return member.tail
  }

  async function attempt(member: Member, target: Target, delivery: Delivery): Promise<void> {
    if (!member.active) {
      // The subscription stopped while this delivery was queued: another handler of the same
      // durable name takes it (or its backlog keeps it, and the journal across a restart).
      if (target.kind === 'durable') await route(target, delivery)
      return
    }
    const { envelope, deliveryCount, seq } = delivery
    const outcome = await member.run({ ...envelope, headers: { ...envelope.headers }, deliveryCount })
    const journaled = queue && member.durable !== undefined && seq !== undefined ? { queue, durable: member.durable, seq } : undefined
    if (outcome.status === 'handled') {
      journaled?.queue.settle(journaled.durable, journaled.seq)
      return
    }
    const fields = { eventId: envelope.id, subject: envelope.subject, durable: member.durable, deliveryCount }
    if (outcome.status === 'undecodable') {
      logger.error({ ...fields, err: errorField(outcome.error) }, 'event payload does not decode; dropped')
      journaled?.queue.settle(journaled.durable, journaled.seq)
      return
    }
    if (deliveryCount >= policy.maxDeliver) {
      logger.error({ ...fields, err: errorField(outcome.error) }, 'event handler failed on its last delivery; event given up')
      journaled?.queue.settle(journaled.durable, journaled.seq)
      return
    }
    const delayMs = redeliveryDelay(policy, deliveryCount)
    journaled?.queue.postpone({
      durable: journaled.durable,
      seq: journaled.seq,
      failures: deliveryCount,
      notBefore: new Date(Date.now() + delayMs),
    })
    if (draining) {
      if (journaled)
        logger.warn({ ...fields, err: errorField(outcome.error) }, 'event handler failed while draining; redelivered after the next start')
      else logger.error({ ...fields, err: errorField(outcome.error) }, 'event handler failed while draining; no redelivery')
      return
    }
    logger.warn({ ...fields, delayMs, err: errorField(outcome.error) }, 'event handler failed; redelivering later')
    redeliverLater(target, { ...delivery, deliveryCount: deliveryCount + 1 }, delayMs)
  }

  /** A journaled delivery read back for its durable name: now, or when its redelivery is due. */
  function resume(group: DurableGroup, pending: PendingDelivery): void {
    const delivery = { envelope: pending.envelope, deliveryCount: pending.failures + 1, seq: pending.seq }
    const waitMs = (pending.notBefore?.getTime() ?? 0) - Date.now()
    if (waitMs > 0) redeliverLater({ kind: 'durable', group }, delivery, waitMs)
    else group.backlog.push(delivery)
  }

  /** The durable name's group in this process: made on its first subscription (reading its journal entries, if any). */
  function durableGroup(name: string, subject: string): Promise<DurableGroup> {
    const existing = durables.get(name)
    if (existing) return Promise.resolve(existing)
    if (!queue) {
      const backlog = retained.filter((envelope) => envelope.subject === subject).map((envelope) => ({ envelope, deliveryCount: 1 }))
      const group: DurableGroup = { name, subject, members: [], next: 0, backlog }
      durables.set(name, group)
      return Promise.resolve(group)
    }
    let claimed = claims.get(name)
    if (!claimed) {
      const group: DurableGroup = { name, subject, members: [], next: 0, backlog: [] }
      claimed = queue
        .claim(name, subject, (pending) => {
          // Inside the journal's turn: events appended from now on find the group and are dispatched to it.
          durables.set(name, group)
          for (const delivery of pending) resume(group, delivery)
        })
        .then(() => group)
      claims.set(name, claimed)
      void claimed.then(
        () => claims.delete(name),
        () => claims.delete(name),
      )
    }
    return claimed
  }

  return {
    publish(envelope) {
      if (draining) return Promise.reject(new Error('The in-process event bus is drained; cannot publish'))
      const underway = publishing.get(envelope.id)
      if (underway) return underway
      if (!rememberId(envelope.id, Date.now())) return Promise.resolve()
      const stored: EventEnvelope = { ...envelope, headers: { ...envelope.headers } }
      if (!queue) {
        pushCapped(retained, stored)
        fanOut(stored, undefined)
        return Promise.resolve()
      }
      const journaled = queue.append(stored).then(
        () => {
          publishing.delete(envelope.id)
        },
        (error: unknown) => {
          // Not stored: the publisher (the outbox relay) tries again, and must not be taken for a duplicate.
          publishing.delete(envelope.id)
          seen.delete(envelope.id)
          throw error
        },
      )
      publishing.set(envelope.id, journaled)
      return journaled
    },

    async subscribe<Desc extends DescMessage>(subscribeOptions: SubscribeOptions<Desc>): Promise<Subscription> {
      if (draining) throw new Error('The in-process event bus is drained; cannot subscribe')
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
        const known = durables.get(durable)
        if (known && known.subject !== type.subject) {
          throw new Error(`Durable name "${durable}" already consumes "${known.subject}"; use one durable name per event type`)
        }
        group = await durableGroup(durable, type.subject)
        if (group.subject !== type.subject) {
          throw new Error(`Durable name "${durable}" already consumes "${group.subject}"; use one durable name per event type`)
        }
        group.members.push(member)
        const pending = group.backlog.splice(0)
        for (const delivery of pending) dispatch({ kind: 'durable', group }, delivery)
      }
      const joined = group
      return {
        async stop() {
          if (!member.active) return
          member.active = false
          perProcess.delete(member)
          if (joined) joined.members = joined.members.filter((candidate) => candidate !== member)
          await member.tail
        },
      }
    },

    ping() {
      if (draining) return Promise.reject(new Error('The in-process event bus is drained'))
      if (queue?.failing) return Promise.reject(new Error('The in-process event bus cannot write its journal'))
      return Promise.resolve()
    },

    async drain() {
      draining = true
      const scheduled = retryTimers.size
      for (const timer of retryTimers) clearTimeout(timer)
      retryTimers.clear()
      if (scheduled > 0 && queue)
        logger.info({ scheduled }, 'event bus drained with redeliveries scheduled; the journal keeps them for the next start')
      else if (scheduled > 0) logger.warn({ dropped: scheduled }, 'event bus drained with redeliveries still scheduled; they are dropped')
      // Deliveries already queued still run: publish returned, so the outbox counts them as sent.
      while (inFlight.size > 0) await Promise.allSettled([...inFlight])
      for (const member of perProcess) member.active = false
      perProcess.clear()
      for (const group of durables.values()) {
        for (const member of group.members) member.active = false
        group.members = []
      }
      await queue?.flush()
    },
  }
}
