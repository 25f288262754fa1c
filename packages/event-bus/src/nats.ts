import type { DescMessage } from '@bufbuild/protobuf'
import {
  AckPolicy,
  DeliverPolicy,
  DiscardPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  ReplayPolicy,
  RetentionPolicy,
  StorageType,
  jetstream,
  jetstreamManager,
  type Consumer,
  type ConsumerConfig,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream'
import { headers as natsHeaders, nanos, type NatsConnection } from '@nats-io/nats-core'
import { connect } from '@nats-io/transport-node'
import { deliverEvent, type IncomingEvent } from './delivery.ts'
import { owningService } from './events.ts'
import { errorField, silentLogger, type EventBusLogger } from './logger.ts'
import { redeliveryDelay, resolveRedeliveryPolicy, type RedeliveryPolicy } from './redelivery.ts'
import { Sleeper, withTimeout } from './sleeper.ts'
import type { EventBus, EventEnvelope, SubscribeOptions, Subscription } from './types.ts'

export interface NatsEventBusOptions {
  /** e.g. 'nats://127.0.0.1:4222' */
  servers: string | string[]
  /** Connection name shown by the server, e.g. the service name. */
  name: string
  logger?: EventBusLogger
  /**
   * Prefix for every subject and stream on the server ('t1' → subject 't1.identity.user.registered',
   * stream 'T1_IDENTITY'), so several environments or test runs share one NATS without colliding.
   * Events keep their unprefixed subject everywhere else.
   */
  namespace?: string
  redelivery?: Partial<RedeliveryPolicy>
  /** A durable delivery not acknowledged within this time is redelivered (handlers in progress extend it). */
  ackWaitMs?: number
  /** The stream drops a message whose id it has seen within this window. */
  duplicateWindowMs?: number
  /** How long a stream keeps events (and so how far back a new durable consumer starts). */
  maxAgeMs?: number
  replicas?: number
  /** Wait between connection attempts, first connection included. */
  reconnectWaitMs?: number
  /** Timeout of publish acknowledgements, JetStream API calls and ping. */
  requestTimeoutMs?: number
  /** drain() closes the connection outright after this long. */
  drainTimeoutMs?: number
}

interface Clients {
  nc: NatsConnection
  js: JetStreamClient
  jsm: JetStreamManager
}

const eventIdHeader = 'VP-Event-Id'
const occurredAtHeader = 'VP-Occurred-At'
const namePattern = /^[A-Za-z0-9_-]+$/

/** The subject an event travels on in NATS. */
export function natsSubject(subject: string, namespace?: string): string {
  return namespace ? `${namespace}.${subject}` : subject
}

/** One stream per owning service: 'identity' → 'IDENTITY' (namespace 't1' → 'T1_IDENTITY'). */
export function natsStreamName(service: string, namespace?: string): string {
  return (namespace ? `${namespace}_${service}` : service).toUpperCase().replace(/[^A-Z0-9_-]/g, '_')
}

/** NATS consumer names cannot contain dots: 'analytics.user-registered' → 'analytics_user-registered'. */
export function natsConsumerName(durable: string): string {
  return durable.replace(/[^A-Za-z0-9_-]/g, '_')
}

/** A configuration error that retrying will not fix (subscribe rejects with it). */
class ConsumerConflictError extends Error {}

function isApiError(error: unknown, code: number): boolean {
  return error instanceof JetStreamApiError && error.code === code
}

interface Deferred<T> {
  promise: Promise<T>
  resolve(value: T): void
  reject(error: Error): void
  settled: boolean
}

function deferred<T>(): Deferred<T> {
  let resolve: (value: T) => void = () => {}
  let reject: (error: Error) => void = () => {}
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  const result: Deferred<T> = {
    promise,
    settled: false,
    resolve(value) {
      result.settled = true
      resolve(value)
    },
    reject(error) {
      result.settled = true
      reject(error)
    },
  }
  promise.catch(() => {})
  return result
}

/**
 * The event bus over NATS JetStream. Returns at once: the connection is made in the background
 * and retried forever, so a service starts while NATS is down (publish then fails after
 * `requestTimeoutMs`, subscriptions start when NATS arrives, ping() throws).
 */
export function createNatsEventBus(options: NatsEventBusOptions): EventBus {
  const logger = options.logger ?? silentLogger
  const policy = resolveRedeliveryPolicy(options.redelivery)
  const namespace = options.namespace
  if (namespace !== undefined && !namePattern.test(namespace)) {
    throw new Error(`NATS namespace "${namespace}" may only contain letters, digits, '_' and '-'`)
  }
  const ackWaitMs = options.ackWaitMs ?? 30_000
  const duplicateWindowMs = options.duplicateWindowMs ?? 120_000
  const maxAgeMs = options.maxAgeMs ?? 7 * 24 * 3_600_000
  const replicas = options.replicas ?? 1
  const reconnectWaitMs = options.reconnectWaitMs ?? 2_000
  const requestTimeoutMs = options.requestTimeoutMs ?? 5_000
  const drainTimeoutMs = options.drainTimeoutMs ?? 10_000
  const servers = Array.isArray(options.servers) ? options.servers : [options.servers]

  let clients: Clients | undefined
  let connected = false
  let draining = false
  let drained: Promise<void> | undefined
  const firstConnection = deferred<Clients>()
  const connectSleeper = new Sleeper()
  const streams = new Map<string, Promise<void>>()
  const subscriptions = new Set<NatsSubscription>()

  const connecting = connectLoop()

  async function connectLoop(): Promise<void> {
    let failures = 0
    while (!draining) {
      let connection: NatsConnection | undefined
      try {
        connection = await connect({
          servers,
          name: options.name,
          // Our own loop retries the first connection (it can be cancelled by drain());
          // once connected, the client reconnects forever.
          waitOnFirstConnect: false,
          maxReconnectAttempts: -1,
          reconnectTimeWait: reconnectWaitMs,
          timeout: requestTimeoutMs,
        })
        const jsm = await jetstreamManager(connection, { timeout: requestTimeoutMs })
        if (draining) {
          await connection.close()
          return
        }
        clients = { nc: connection, js: jetstream(connection, { timeout: requestTimeoutMs }), jsm }
        connected = true
        void watchStatus(connection).catch((error: unknown) => logger.error({ err: errorField(error) }, 'NATS status watch failed'))
        logger.info({ servers, server: connection.getServer() }, 'connected to NATS')
        firstConnection.resolve(clients)
        return
      } catch (error) {
        if (connection) await connection.close().catch(() => {})
        failures += 1
        // Log the first failure and then about once a minute, not every attempt.
        if (failures === 1 || failures % Math.max(1, Math.round(60_000 / reconnectWaitMs)) === 0) {
          logger.warn({ servers, failures, err: errorField(error) }, 'NATS is not reachable; retrying')
        }
        await connectSleeper.sleep(reconnectWaitMs)
      }
    }
  }

  async function watchStatus(connection: NatsConnection): Promise<void> {
    for await (const status of connection.status()) {
      switch (status.type) {
        case 'disconnect':
          connected = false
          if (!draining) logger.warn({ server: status.server }, 'disconnected from NATS; reconnecting')
          break
        case 'reconnect':
          connected = true
          // The server may have come back without its store: check the streams again.
          streams.clear()
          logger.info({ server: status.server }, 'reconnected to NATS')
          break
        case 'error':
          logger.error({ err: errorField(status.error) }, 'NATS connection error')
          break
        default:
          break
      }
    }
  }

  /** The clients once connected; waits at most `timeoutMs` (forever when undefined). */
  async function connectedClients(timeoutMs?: number): Promise<Clients> {
    if (clients) return clients
    if (draining) throw new Error('The NATS event bus is drained')
    if (timeoutMs === undefined) return firstConnection.promise
    return withTimeout(firstConnection.promise, timeoutMs, `NATS at ${servers.join(', ')} is not reachable`)
  }

  function ensureStream(c: Clients, service: string): Promise<void> {
    let ready = streams.get(service)
    if (!ready) {
      const creating = createOrUpdateStream(c.jsm, service)
      ready = creating
      streams.set(service, creating)
      creating.catch(() => {
        if (streams.get(service) === creating) streams.delete(service)
      })
    }
    return ready
  }

  async function createOrUpdateStream(jsm: JetStreamManager, service: string): Promise<void> {
    const name = natsStreamName(service, namespace)
    const wanted = {
      subjects: [natsSubject(`${service}.>`, namespace)],
      max_age: nanos(maxAgeMs),
      duplicate_window: nanos(Math.min(duplicateWindowMs, maxAgeMs)),
      num_replicas: replicas,
    }
    for (let attempt = 1; ; attempt++) {
      try {
        const { config } = await jsm.streams.info(name)
        const same =
          config.subjects.length === wanted.subjects.length &&
          config.subjects.every((subject, index) => subject === wanted.subjects[index]) &&
          config.max_age === wanted.max_age &&
          config.duplicate_window === wanted.duplicate_window &&
          config.num_replicas === wanted.num_replicas
        if (!same) {
          await jsm.streams.update(name, wanted)
          logger.info({ stream: name }, 'updated event stream')
        }
        return
      } catch (error) {
        if (!isApiError(error, JetStreamApiCodes.StreamNotFound) || attempt > 1) throw error
      }
      try {
        await jsm.streams.add({
          name,
          ...wanted,
          retention: RetentionPolicy.Limits,
          storage: StorageType.File,
          discard: DiscardPolicy.Old,
        })
        logger.info({ stream: name, subjects: wanted.subjects }, 'created event stream')
        return
      } catch (error) {
        // Another process may have created it a moment ago: look again once.
        if (attempt > 1) throw error
      }
    }
  }

  function incomingEvent(message: JsMsg, deliveryCount: number): IncomingEvent | undefined {
    const headers: Record<string, string> = {}
    let id: string | undefined
    let occurredAt: Date | undefined
    for (const [key, values] of message.headers ?? []) {
      const value = values[0] ?? ''
      const lower = key.toLowerCase()
      if (lower === eventIdHeader.toLowerCase()) id = value
      else if (lower === 'nats-msg-id') id ??= value
      else if (lower === occurredAtHeader.toLowerCase()) occurredAt = new Date(value)
      else if (!lower.startsWith('nats-')) headers[key] = value
    }
    if (!id) return undefined
    const prefix = namespace ? `${namespace}.` : ''
    const subject = message.subject.startsWith(prefix) ? message.subject.slice(prefix.length) : message.subject
    if (!occurredAt || Number.isNaN(occurredAt.getTime())) occurredAt = message.time
    return { id, subject, payload: message.data, headers, occurredAt, deliveryCount }
  }

  /** One subscription: sets its consumer up, consumes, and sets it up again after failures. */
  class NatsSubscription implements Subscription {
    /** Settles on the first set-up: resolved once consuming, rejected on a conflict retrying cannot fix. */
    readonly ready = deferred<void>()
    readonly #stopSignal = deferred<undefined>()
    readonly #options: SubscribeOptions<DescMessage>
    readonly #service: string
    readonly #stream: string
    readonly #subject: string
    readonly #sleeper = new Sleeper()
    readonly #retryTimers = new Set<NodeJS.Timeout>()
    readonly #retries = new Set<Promise<void>>()
    /** Per-process deliveries and their retries run one at a time, like every subscription's. */
    #serial: Promise<void> = Promise.resolve()
    #stopped = false
    #messages: ConsumerMessages | undefined
    #loop: Promise<void> = Promise.resolve()
    /** Last stream sequence a per-process subscription saw, to resume after it without a gap. */
    #lastSequence = 0

    constructor(subscribeOptions: SubscribeOptions<DescMessage>) {
      this.#options = subscribeOptions
      this.#service = owningService(subscribeOptions.type.subject)
      this.#stream = natsStreamName(this.#service, namespace)
      this.#subject = natsSubject(subscribeOptions.type.subject, namespace)
    }

    start(): void {
      this.#loop = this.#run()
    }

    get logFields(): Record<string, unknown> {
      return { subject: this.#options.type.subject, durable: this.#options.durable, stream: this.#stream }
    }

    async #run(): Promise<void> {
      let failures = 0
      while (!this.#stopped) {
        let c: Clients | undefined
        try {
          c = await Promise.race([connectedClients(), this.#stopSignal.promise])
        } catch {
          return // drained before ever connecting
        }
        if (!c) return
        try {
          await ensureStream(c, this.#service)
          const consumer = this.#options.durable === undefined ? await this.#openPerProcess(c) : await this.#openDurable(c)
          const messages = await consumer.consume(
            this.#options.durable === undefined
              ? { max_messages: 100 }
              : // Consumer deleted (e.g. the server lost its store): end the iterator and create it again.
                { max_messages: 10, abort_on_missing_resource: true },
          )
          this.#messages = messages
          this.ready.resolve()
          failures = 0
          if (this.#stopped) await messages.close()
          for await (const message of messages) {
            if (this.#options.durable === undefined) await this.#handlePerProcess(message)
            else await this.#handleDurable(message)
          }
          if (!this.#stopped) {
            logger.warn(this.logFields, 'event consumer ended; setting it up again')
            await this.#sleeper.sleep(reconnectWaitMs)
          }
        } catch (error) {
          if (this.#stopped) return
          if (error instanceof ConsumerConflictError) {
            this.ready.reject(error)
            logger.error({ ...this.logFields, err: error }, 'cannot subscribe to event')
            return
          }
          failures += 1
          logger.warn({ ...this.logFields, failures, err: errorField(error) }, 'event consumer failed; setting it up again')
          await this.#sleeper.sleep(Math.min(reconnectWaitMs * failures, 30_000))
        }
      }
    }

    async #openDurable(c: Clients): Promise<Consumer> {
      const durable = this.#options.durable ?? ''
      const name = natsConsumerName(durable)
      const wanted = { ack_wait: nanos(ackWaitMs), max_deliver: policy.maxDeliver }
      let existing: ConsumerConfig | undefined
      try {
        existing = (await c.jsm.consumers.info(this.#stream, name)).config
      } catch (error) {
        if (!isApiError(error, JetStreamApiCodes.ConsumerNotFound)) throw error
      }
      if (!existing) {
        await c.jsm.consumers.add(this.#stream, {
          durable_name: name,
          filter_subject: this.#subject,
          ack_policy: AckPolicy.Explicit,
          // A new service sees the events already in the stream (up to maxAgeMs).
          deliver_policy: DeliverPolicy.All,
          replay_policy: ReplayPolicy.Instant,
          max_ack_pending: 1_000,
          ...wanted,
        })
        logger.info({ ...this.logFields, consumer: name }, 'created durable event consumer')
      } else if (existing.filter_subject !== this.#subject) {
        throw new ConsumerConflictError(
          `Durable name "${durable}" already consumes "${existing.filter_subject ?? 'everything'}" on stream ${this.#stream}; use one durable name per event type`,
        )
      } else if (existing.ack_wait !== wanted.ack_wait || existing.max_deliver !== wanted.max_deliver) {
        await c.jsm.consumers.update(this.#stream, name, wanted)
        logger.info({ ...this.logFields, consumer: name }, 'updated durable event consumer')
      }
      return c.js.consumers.get(this.#stream, name)
    }

    async #openPerProcess(c: Clients): Promise<Consumer> {
      // Start after the stream's current last message (or after the last one this subscription
      // saw): an ordered consumer given DeliverPolicy.New would replay the whole stream if it
      // were reset before its first message.
      let startAfter = this.#lastSequence
      if (startAfter === 0) startAfter = (await c.jsm.streams.info(this.#stream)).state.last_seq
      return c.js.consumers.get(this.#stream, { filter_subjects: this.#subject, opt_start_seq: startAfter + 1 })
    }

    async #handleDurable(message: JsMsg): Promise<void> {
      const deliveryCount = message.info.deliveryCount
      const event = incomingEvent(message, deliveryCount)
      if (!event) {
        logger.error({ ...this.logFields, sequence: message.seq }, 'event without an id; dropped')
        message.term()
        return
      }
      // Tell the server a slow handler is still working, so it does not redeliver meanwhile.
      const heartbeat = setInterval(() => message.working(), Math.max(500, ackWaitMs / 2))
      let outcome
      try {
        outcome = await deliverEvent({ ...this.#options, event, system: 'nats' })
      } finally {
        clearInterval(heartbeat)
      }
      const fields = { ...this.logFields, eventId: event.id, deliveryCount }
      if (outcome.status === 'handled') {
        message.ack()
      } else if (outcome.status === 'undecodable') {
        logger.error({ ...fields, err: errorField(outcome.error) }, 'event payload does not decode; dropped')
        message.term()
      } else if (deliveryCount >= policy.maxDeliver) {
        logger.error({ ...fields, err: errorField(outcome.error) }, 'event handler failed on its last delivery; event given up')
        message.term()
      } else {
        const delayMs = redeliveryDelay(policy, deliveryCount)
        logger.warn({ ...fields, delayMs, err: errorField(outcome.error) }, 'event handler failed; redelivering later')
        message.nak(delayMs)
      }
    }

    async #handlePerProcess(message: JsMsg): Promise<void> {
      this.#lastSequence = message.seq
      const event = incomingEvent(message, 1)
      if (!event) {
        logger.error({ ...this.logFields, sequence: message.seq }, 'event without an id; dropped')
        return
      }
      await this.#enqueue(() => this.#deliverPerProcess(event))
    }

    #enqueue(delivery: () => Promise<void>): Promise<void> {
      const run = this.#serial.then(delivery)
      this.#serial = run.catch(() => {})
      return run
    }

    // A per-process consumer has no acknowledgements: failed handlers are retried here.
    async #deliverPerProcess(event: IncomingEvent): Promise<void> {
      const outcome = await deliverEvent({ ...this.#options, event, system: 'nats' })
      if (outcome.status === 'handled') return
      const fields = { ...this.logFields, eventId: event.id, deliveryCount: event.deliveryCount }
      if (outcome.status === 'undecodable') {
        logger.error({ ...fields, err: errorField(outcome.error) }, 'event payload does not decode; dropped')
      } else if (event.deliveryCount >= policy.maxDeliver || this.#stopped) {
        logger.error({ ...fields, err: errorField(outcome.error) }, 'event handler failed; event given up')
      } else {
        const delayMs = redeliveryDelay(policy, event.deliveryCount)
        logger.warn({ ...fields, delayMs, err: errorField(outcome.error) }, 'event handler failed; redelivering later')
        const timer = setTimeout(() => {
          this.#retryTimers.delete(timer)
          const retry = this.#enqueue(() => this.#deliverPerProcess({ ...event, deliveryCount: event.deliveryCount + 1 }))
          this.#retries.add(retry)
          // Settled either way before the set lets go of it; a `finally` chain would reject unhandled.
          retry.then(
            () => this.#retries.delete(retry),
            () => this.#retries.delete(retry),
          )
        }, delayMs)
        this.#retryTimers.add(timer)
      }
    }

    async stop(): Promise<void> {
      if (this.#stopped) return this.#loop
      this.#stopped = true
      subscriptions.delete(this)
      this.#stopSignal.resolve(undefined)
      this.#sleeper.wake()
      for (const timer of this.#retryTimers) clearTimeout(timer)
      this.#retryTimers.clear()
      // Stops pulling; the handler in progress finishes and is acknowledged. Deliveries pulled
      // but not started are not acknowledged, so the server redelivers them after ack_wait.
      await this.#messages?.close().catch(() => {})
      await this.#loop
      await Promise.allSettled([...this.#retries])
    }
  }

  return {
    async publish(envelope: EventEnvelope): Promise<void> {
      if (draining) throw new Error('The NATS event bus is drained; cannot publish')
      const c = await connectedClients(requestTimeoutMs)
      const service = owningService(envelope.subject)
      const headers = natsHeaders()
      for (const [key, value] of Object.entries(envelope.headers)) headers.set(key, value)
      headers.set(eventIdHeader, envelope.id)
      headers.set(occurredAtHeader, envelope.occurredAt.toISOString())
      for (let attempt = 1; ; attempt++) {
        await ensureStream(c, service)
        try {
          // msgID: the stream drops a second message with this id within its duplicate window.
          await c.js.publish(natsSubject(envelope.subject, namespace), envelope.payload, {
            msgID: envelope.id,
            headers,
            timeout: requestTimeoutMs,
          })
          return
        } catch (error) {
          // No stream answered: it may be gone (server restarted without its store); create it again once.
          if (attempt === 1 && error instanceof Error && error.name === 'JetStreamNotEnabled') {
            streams.delete(service)
            continue
          }
          throw error
        }
      }
    },

    async subscribe<Desc extends DescMessage>(subscribeOptions: SubscribeOptions<Desc>): Promise<Subscription> {
      if (draining) throw new Error('The NATS event bus is drained; cannot subscribe')
      const subscription = new NatsSubscription(subscribeOptions)
      subscriptions.add(subscription)
      subscription.start()
      // Resolve once the consumer exists, so events published from now on reach it. When NATS
      // cannot be reached in time, resolve anyway: the subscription starts when NATS arrives.
      const outcome = await Promise.race([
        subscription.ready.promise.then(() => 'ready' as const),
        new Promise<'late'>((resolve) => setTimeout(resolve, requestTimeoutMs, 'late').unref()),
      ]).catch((error: unknown) => {
        subscriptions.delete(subscription)
        throw error
      })
      if (outcome === 'late') {
        logger.warn(subscription.logFields, 'NATS not reachable yet; the subscription starts when it is')
      }
      return subscription
    },

    async ping(): Promise<void> {
      if (!clients || !connected || clients.nc.isClosed()) throw new Error('NATS is not connected')
      await withTimeout(clients.jsm.getAccountInfo(), requestTimeoutMs, 'NATS JetStream did not answer')
    },

    drain(): Promise<void> {
      drained ??= (async () => {
        draining = true
        await Promise.allSettled([...subscriptions].map((subscription) => subscription.stop()))
        connectSleeper.wake()
        if (!firstConnection.settled) firstConnection.reject(new Error('The NATS event bus is drained'))
        await connecting
        const connection = clients?.nc
        if (!connection || connection.isClosed()) return
        try {
          await withTimeout(connection.drain(), drainTimeoutMs, 'NATS drain timed out')
        } catch (error) {
          logger.warn({ err: errorField(error) }, 'NATS drain did not finish; closing the connection')
          await connection.close()
        }
      })()
      return drained
    },
  }
}
