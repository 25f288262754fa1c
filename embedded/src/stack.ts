import { join } from 'node:path'
import { createAnalyticsService, PrismaClient as AnalyticsPrisma } from '@valueproof/analytics'
import { createBillingService, PrismaClient as BillingPrisma } from '@valueproof/billing'
import { createCalculatorService, PrismaClient as CalculatorPrisma } from '@valueproof/calculator'
import { clientTimeouts, createGateway, httpTransport, inProcessTransport, type Gateway, type ServiceTransport } from '@valueproof/gateway'
import { createIdentityService, PrismaClient as IdentityPrisma } from '@valueproof/identity'
import { createNotificationService, PrismaClient as NotificationPrisma } from '@valueproof/notification'
import { createProposalService, PrismaClient as ProposalPrisma } from '@valueproof/proposal'
import { createLogger, initTracing, listen, resolveSecret, type Logger, type RunningServer, type Stoppable } from '@valueproof/http-kit'
import {
  connectObjectStore,
  openServiceDatabase,
  pgliteDirFor,
  serviceDeps,
  type ServiceDeps,
  type ServiceInstance,
} from '@valueproof/service-runtime'
import { databaseConfig, openSqlDatabase, type PrismaClientClass, type PrismaClientLike } from '@valueproof/db'
import { connectEventBus, openEventJournal, type EventJournal, type OutboxSqlClient } from '@valueproof/event-bus'
import type { EmbeddedConfig } from './config.ts'

type ServiceName = 'identity' | 'calculator' | 'proposal' | 'billing' | 'analytics' | 'notification'

/** Raw access to a service's database, for operators' scripts and tests. */
export interface ServiceDatabase {
  /** The service's schema; raw SQL must qualify table names with it when set. */
  schema: string | undefined
  query<T>(sql: string, ...values: unknown[]): Promise<T>
  execute(sql: string, ...values: unknown[]): Promise<number>
}

export interface EmbeddedStack {
  url: string
  databases: Record<ServiceName, ServiceDatabase>
  gateway: Gateway
  services: Record<ServiceName, RunningServer>
  /** GATEWAY_SIGNING_KEY in use (tests sign their direct calls to a service with it). */
  signingKey: string
  /** Stops everything in order: gateway HTTP, services' HTTP, background work, bus, databases. */
  stop(): Promise<void>
}

/** A service's own schema when the stack shares one PostgreSQL server. */
function databaseUrlFor(config: EmbeddedConfig, service: ServiceName): string | undefined {
  if (!config.DATABASE_URL) return undefined
  const url = new URL(config.DATABASE_URL)
  url.searchParams.set('schema', service)
  return url.toString()
}

/**
 * The in-process bus's journal (docs/decisions/117), in schema event_bus of the stack's database:
 * the PGlite the services share, or DATABASE_URL's PostgreSQL. None with NATS: JetStream keeps events.
 */
async function openBusJournal(
  config: EmbeddedConfig,
  logger: Logger,
): Promise<{ journal: EventJournal; close(): Promise<void> } | undefined> {
  if (config.NATS_URL) return undefined
  const database = await openSqlDatabase(databaseConfig({ url: config.DATABASE_URL, dataDir: pgliteDirFor(config, 'shared') }), {
    onPoolError: (error) => logger.warn({ err: error }, 'idle event journal connection failed'),
  })
  try {
    const journal = await openEventJournal({ query: (text, values) => database.sql.read(text, values) })
    return { journal, close: () => database.close() }
  } catch (error) {
    await database.close()
    throw error
  }
}

/** Every service and the gateway in this process, services on loopback ports, the gateway on PORT. */
export async function startEmbeddedStack(
  config: EmbeddedConfig,
  logger: Logger = createLogger({ name: 'valueproof', level: config.LOG_LEVEL }),
): Promise<EmbeddedStack> {
  initTracing({ serviceName: 'valueproof', otlpEndpoint: config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT })
  const journal = await openBusJournal(config, logger)
  const bus = connectEventBus(config, { name: 'valueproof', logger, ...(journal ? { journal: journal.journal } : {}) })
  const objectStore = connectObjectStore(config)
  const signingKey = resolveSecret({
    name: 'GATEWAY_SIGNING_KEY',
    configured: config.GATEWAY_SIGNING_KEY,
    dataDir: config.DATA_DIR,
    logger,
  })
  const closers: Stoppable[] = []
  const instances: ServiceInstance[] = []
  const servers = {} as Record<ServiceName, RunningServer>
  const transports = {} as Record<ServiceName, ServiceTransport>
  const databases = {} as Record<ServiceName, ServiceDatabase>

  async function boot<Client extends PrismaClientLike & OutboxSqlClient>(
    name: ServiceName,
    PrismaClient: PrismaClientClass<Client>,
    create: (deps: ServiceDeps<Client>) => ServiceInstance,
  ): Promise<void> {
    const serviceLogger = logger.child({ service: name })
    const db = await openServiceDatabase({
      service: name,
      PrismaClient,
      config: { ...config, DATABASE_URL: databaseUrlFor(config, name) },
      logger: serviceLogger,
      sharedPGlite: true,
    })
    closers.push({ name: `${name} database`, stop: () => db.close() })
    databases[name] = {
      schema: db.schema,
      query: async (sql, ...values) => db.prisma.$queryRawUnsafe(sql, ...values),
      execute: async (sql, ...values) => db.prisma.$executeRawUnsafe(sql, ...values),
    }
    const instance = create(serviceDeps({ logger: serviceLogger, db, bus, objectStore, signingKey }))
    instances.push(instance)
    // Each service also listens on loopback, for operators' health checks and for tests.
    servers[name] = await listen(instance.app, { port: 0, host: '127.0.0.1' })
    transports[name] = config.SERVICE_TRANSPORT === 'http' ? httpTransport(servers[name].url) : inProcessTransport(instance.app.callback())
  }

  await boot<IdentityPrisma>('identity', IdentityPrisma, (deps) => createIdentityService(deps, config))
  await boot<CalculatorPrisma>('calculator', CalculatorPrisma, (deps) => createCalculatorService(deps, config))
  // The PDF's share link: PUBLIC_ORIGIN, else the address the gateway below listens on (issue 34).
  let gatewayUrl = `http://localhost:${config.PORT}`
  await boot<ProposalPrisma>('proposal', ProposalPrisma, (deps) => createProposalService(deps, config, { gatewayOrigin: () => gatewayUrl }))
  await boot<BillingPrisma>('billing', BillingPrisma, (deps) => createBillingService(deps, config))
  await boot<AnalyticsPrisma>('analytics', AnalyticsPrisma, (deps) => createAnalyticsService(deps, config))
  // E-mails link to PUBLIC_ORIGIN, else to the address the gateway below listens on; without
  // SMTP_URL they go to DATA_DIR/mailbox, listed at the development page (DEV_MAILBOX_PAGE).
  await boot<NotificationPrisma>('notification', NotificationPrisma, (deps) =>
    createNotificationService(
      deps,
      { ...config, PUBLIC_ORIGIN: config.PUBLIC_ORIGIN ?? gatewayUrl },
      { mailboxDir: join(config.DATA_DIR, 'mailbox') },
    ),
  )

  const gateway = createGateway({
    logger: logger.child({ service: 'gateway' }),
    bus,
    services: transports,
    webDistDir: config.WEB_DIST_DIR,
    sessionCacheTtlMs: config.SESSION_CACHE_TTL_MS,
    publicOrigin: config.PUBLIC_ORIGIN,
    trustProxy: config.TRUST_PROXY,
    trustedProxyHops: config.TRUST_PROXY_HOPS,
    timeouts: { serviceMs: config.SERVICE_TIMEOUT_MS, generationMs: config.GENERATION_TIMEOUT_MS, bodyIdleMs: config.BODY_IDLE_TIMEOUT_MS },
    signingKey,
  })
  await gateway.start()
  for (const instance of instances) await instance.start?.()
  const gatewayServer = await listen(gateway.app, {
    port: config.PORT,
    host: config.HOST,
    clientTimeouts: clientTimeouts({ headersMs: config.HEADERS_TIMEOUT_MS, requestMs: config.REQUEST_TIMEOUT_MS }),
  })
  gatewayUrl = gatewayServer.url

  let stopping: Promise<void> | undefined
  return {
    url: gatewayServer.url,
    databases,
    gateway,
    services: servers,
    signingKey,
    stop() {
      stopping ??= (async () => {
        const half = config.SHUTDOWN_TIMEOUT_MS / 2
        // Live streams never end by themselves: end them first, or the close waits out its timeout.
        gateway.endLiveStreams()
        await gatewayServer.close(half)
        await gateway.stop()
        await Promise.all(Object.values(servers).map((server) => server.close(half)))
        for (const instance of instances) await instance.stop()
        await bus.drain()
        for (const closer of closers) await closer.stop()
        await journal?.close()
      })()
      return stopping
    },
  }
}
