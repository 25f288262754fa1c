import {
  createPrismaClient,
  databaseConfig,
  databaseSchema,
  describeDatabase,
  migrate,
  migrationsAppliedCheck,
  servicePrismaPaths,
  type ServicePrismaPaths,
  type PrismaClientClass,
  type PrismaClientLike,
  type SqlReader,
} from '@valueproof/db'
import { connectEventBus, type EventBus, type OutboxSqlClient } from '@valueproof/event-bus'
import { createFileObjectStore, createS3ObjectStore, type ObjectStore } from '@valueproof/object-store'
import {
  createLogger,
  handleShutdown,
  initTracing,
  logUnhandledRejections,
  resolveSecret,
  shutdownTracing,
  type Logger,
  type RunningServer,
} from '@valueproof/http-kit'
import { objectStoreDirFor, pgliteDirFor, type InfrastructureConfig } from './infrastructure.ts'
import { listenWhileStarting, retryWhileUnreachable } from './database-startup.ts'
import type { ServiceDeps, ServiceInstance } from './service.ts'

/** S3 (MinIO) when S3_ENDPOINT is set, the local file system under DATA_DIR otherwise. */
export function connectObjectStore(config: InfrastructureConfig): ObjectStore {
  if (!config.S3_ENDPOINT) return createFileObjectStore(objectStoreDirFor(config))
  const url = new URL(config.S3_ENDPOINT)
  const useSSL = url.protocol === 'https:'
  return createS3ObjectStore({
    endPoint: url.hostname,
    port: Number(url.port || (useSSL ? 443 : 80)),
    useSSL,
    accessKey: config.S3_ACCESS_KEY,
    secretKey: config.S3_SECRET_KEY,
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
  })
}

/**
 * Opens the service's own database (PostgreSQL or PGlite) and applies its migrations. Its
 * `migrationsApplied()` tells readiness whether every migration of the service is applied.
 */
export async function openServiceDatabase<Client extends PrismaClientLike>(props: {
  service: string
  /** The service's prisma/ files; by default those of services/<service>. */
  prismaPaths?: ServicePrismaPaths
  PrismaClient: PrismaClientClass<Client>
  config: Pick<InfrastructureConfig, 'DATABASE_URL' | 'DATA_DIR'>
  logger: Logger
  /** Apply migrations now (the default); deployments may run the `migrate` command instead. */
  migrateOnStart?: boolean
  /** Share one PGlite database between services, each in its own schema (the embedded stack). */
  sharedPGlite?: boolean
}) {
  const database = props.sharedPGlite
    ? databaseConfig({ url: props.config.DATABASE_URL, dataDir: pgliteDirFor(props.config, 'shared'), schema: props.service })
    : databaseConfig({ url: props.config.DATABASE_URL, dataDir: pgliteDirFor(props.config, props.service) })
  const prismaPaths = props.prismaPaths ?? servicePrismaPaths(props.service)
  const client = await createPrismaClient(props.PrismaClient, database, {
    onPoolError: (error) => props.logger.warn({ err: error }, 'idle database connection failed'),
  })
  try {
    // A PostgreSQL pool connects lazily: one query proves the database is there (and an unreachable
    // one fails with pg's short `connect ECONNREFUSED host:port`, not the schema engine's text).
    await client.sql.read('SELECT 1', [])
    if (props.migrateOnStart !== false) {
      const { appliedMigrationNames } = await migrate({ ...prismaPaths, database })
      if (appliedMigrationNames.length > 0) props.logger.info({ appliedMigrationNames }, 'migrations applied')
    }
  } catch (error) {
    await client.close()
    throw error
  }
  props.logger.info({ database: describeDatabase(database) }, 'database ready')
  const schema = databaseSchema(database)
  return {
    ...client,
    schema,
    migrationsApplied: migrationsAppliedCheck({ sql: client.sql, schema, migrationsDir: prismaPaths.migrationsDir }),
  }
}

/**
 * The deps of a service whose database is open: readiness checks the database (and its migrations)
 * alone; the bus is a dependency it serves without (events wait in the outbox), watched for /healthz
 * and the log (docs/decisions/118).
 */
export function serviceDeps<Client>(props: {
  logger: Logger
  db: { prisma: Client; sql: SqlReader; schema: string | undefined; ping(): Promise<void>; migrationsApplied?(): Promise<void> }
  bus: EventBus
  objectStore: ObjectStore
  signingKey: string
}): ServiceDeps<Client> {
  const { logger, db, bus, objectStore, signingKey } = props
  return {
    logger,
    signingKey,
    prisma: db.prisma,
    sql: db.sql,
    dbSchema: db.schema,
    bus,
    objectStore,
    // Reachable, and migrated: a service whose tables are missing is not ready either.
    readiness: [{ name: 'database', check: () => db.ping().then(() => db.migrationsApplied?.()) }],
    dependencies: [{ name: 'bus', check: () => bus.ping() }],
  }
}

export interface DeployableOptions<Client extends PrismaClientLike & OutboxSqlClient, Config extends InfrastructureConfig> {
  service: string
  config: Config & { PORT: number }
  PrismaClient: PrismaClientClass<Client>
  create(deps: ServiceDeps<Client>, config: Config): ServiceInstance
}

/**
 * Runs one service in its own process: listen (answering 503 until the database is open), connect
 * with backoff, migrate, serve, and on SIGTERM stop in order (HTTP → background work → bus →
 * database) within SHUTDOWN_TIMEOUT_MS.
 */
export async function runDeployable<Client extends PrismaClientLike & OutboxSqlClient, Config extends InfrastructureConfig>(
  options: DeployableOptions<Client, Config>,
): Promise<RunningServer> {
  const { config } = options
  const logger = createLogger({ name: options.service, level: config.LOG_LEVEL })
  logUnhandledRejections(logger)
  initTracing({ serviceName: options.service, otlpEndpoint: config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT })
  const bus = connectEventBus(config, { name: options.service, logger })
  const objectStore = connectObjectStore(config)
  // Listening before the database is there: probes see it alive but not ready, requests get 503.
  const starting = await listenWhileStarting({
    name: options.service,
    logger,
    port: config.PORT,
    host: config.HOST,
    // Only the database decides readiness, and it is not open yet.
    readiness: [],
  })
  const db = await retryWhileUnreachable(
    () =>
      openServiceDatabase({
        service: options.service,
        PrismaClient: options.PrismaClient,
        config,
        logger,
        migrateOnStart: config.MIGRATE_ON_START,
      }),
    { logger },
  )
  const signingKey = resolveSecret({
    name: 'GATEWAY_SIGNING_KEY',
    configured: config.GATEWAY_SIGNING_KEY,
    dataDir: config.DATA_DIR,
    logger,
  })
  const service = options.create(serviceDeps({ logger, db, bus, objectStore, signingKey }), config)
  starting.serve(service.app)
  const { server } = starting
  await service.start?.()
  logger.info({ url: server.url }, `${options.service} listening`)
  handleShutdown({
    logger,
    timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    steps: [
      { name: 'http', stop: () => server.close(config.SHUTDOWN_TIMEOUT_MS / 2) },
      { name: 'background', stop: () => service.stop() },
      { name: 'bus', stop: () => bus.drain() },
      { name: 'database', stop: () => db.close() },
      // Last: the spans of the work above are exported before the process ends.
      { name: 'tracing', stop: shutdownTracing },
    ],
  })
  return server
}
