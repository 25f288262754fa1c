import type { Subscription } from '@valueproof/event-bus'
import type Koa from 'koa'
import type Router from '@koa/router'
import { createApp } from './app.ts'
import { gatewayOnly } from './forwarded-identity.ts'
import type { ServiceDeps } from './runtime.ts'
import { startOutboxRelay } from './runtime.ts'
import type { OutboxSqlClient } from '@valueproof/event-bus'

/** A service built from its dependencies, not yet listening. */
export interface ServiceInstance {
  name: string
  app: Koa
  /** Starts background work (event consumers); called once the app is listening. */
  start?(): Promise<void>
  /** Stops background work (consumers, relay, timers); HTTP is stopped before this. */
  stop(): Promise<void>
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
  const app = createApp({
    name: definition.name,
    logger: deps.logger,
    readiness: deps.readiness,
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
    async stop() {
      await Promise.all(subscriptions.map((subscription) => subscription.stop()))
      await definition.onStop?.()
      await relay.stop()
    },
  }
}
