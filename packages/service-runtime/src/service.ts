// What a service is made of (its deps, its app, its relay and consumers), apart from how a process
// opens those deps (runtime.ts): runtime.ts imports this module, never the other way round.
import type { SqlReader } from '@valueproof/db'
import { OutboxRelay, type EventBus, type OutboxSqlClient, type Subscription } from '@valueproof/event-bus'
import { createApp, DependencyWatch, gatewayOnly, type Logger, type ReadinessCheck, type Router } from '@valueproof/http-kit'
import type { ObjectStore } from '@valueproof/object-store'
import type Koa from 'koa'
import { databaseUnavailable } from './database-unavailable.ts'

/** A service built from its dependencies, not yet listening. */
export interface ServiceInstance {
  name: string
  app: Koa
  /** Starts background work (event consumers); called once the app is listening. */
  start?(): Promise<void>
  /** Stops background work (consumers, relay, timers); HTTP is stopped before this. */
  stop(): Promise<void>
  /** Publishes what the outbox holds now rather than at the relay's next poll (writes made off the request path). */
  nudgeOutbox?(): void
}

/** Deps every service factory receives. */
export interface ServiceDeps<Client> {
  logger: Logger
  prisma: Client
  /** SQL reads without Prisma's engine, for the hottest reads only (decision 005). */
  sql: SqlReader
  /** The service's schema when its database is shared (raw SQL must name it); undefined otherwise. */
  dbSchema: string | undefined
  bus: EventBus
  objectStore: ObjectStore
  /** What serving needs (the database): /readyz fails while one of them does. */
  readiness: ReadinessCheck[]
  /** What the service serves without (the bus): watched, named on /healthz while down, logged on change. */
  dependencies?: ReadinessCheck[]
  /** GATEWAY_SIGNING_KEY: the service acts only on identities the gateway signed with it. */
  signingKey: string
}

export interface ServiceDefinition<Client extends OutboxSqlClient> {
  name: string
  deps: ServiceDeps<Client>
  routers?: Router[]
  /** Event consumers, subscribed on start (each a durable subscription of this service). */
  consumers?: Array<(deps: ServiceDeps<Client>) => Promise<Subscription>>
  /** Extra background work stopped with the service (timers ...). */
  onStop?: () => Promise<void> | void
}

/**
 * The common shape of a service: its Koa app (health, readiness, routes), its outbox relay
 * (nudged after every write request so events go out at once), and its event consumers.
 */
export function createService<Client extends OutboxSqlClient>(definition: ServiceDefinition<Client>): ServiceInstance {
  const { deps } = definition
  const relay = startOutboxRelay(deps)
  const watch = new DependencyWatch({ dependencies: deps.dependencies ?? [], logger: deps.logger })
  watch.start()
  const app = createApp({
    name: definition.name,
    logger: deps.logger,
    readiness: deps.readiness,
    degraded: () => watch.degraded(),
    unavailable: databaseUnavailable,
    before: [
      gatewayOnly(deps.signingKey),
      // Reads write no events: they pass straight through, with no async frame of their own.
      (ctx, next) => (ctx.method === 'GET' || ctx.method === 'HEAD' ? next() : next().then(() => relay.nudge())),
    ],
    routers: definition.routers ?? [],
  })
  const subscriptions: Subscription[] = []
  return {
    name: definition.name,
    app,
    async start() {
      for (const consumer of definition.consumers ?? []) subscriptions.push(await consumer(deps))
    },
    nudgeOutbox: () => relay.nudge(),
    async stop() {
      watch.stop()
      await Promise.all(subscriptions.map((subscription) => subscription.stop()))
      await definition.onStop?.()
      await relay.stop()
    },
  }
}

/** Starts the service's outbox relay; `nudge()` after each write request. */
export function startOutboxRelay(props: {
  prisma: OutboxSqlClient
  dbSchema: string | undefined
  bus: EventBus
  logger: Logger
}): OutboxRelay {
  const relay = new OutboxRelay({ db: props.prisma, schema: props.dbSchema, bus: props.bus, logger: props.logger })
  relay.start()
  return relay
}
