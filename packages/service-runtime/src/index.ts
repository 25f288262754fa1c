// The runtime of a service: its database (PostgreSQL or PGlite, migrated), its event bus and outbox
// relay, its object store, and the process around them. Built on @valueproof/http-kit, which the
// gateway uses alone.
export { infrastructureEnv, pgliteDirFor, objectStoreDirFor, type InfrastructureConfig } from './infrastructure.ts'
export { connectObjectStore, openServiceDatabase, runDeployable, serviceDeps, type DeployableOptions } from './runtime.ts'
export { createService, startOutboxRelay, type ServiceDeps, type ServiceInstance, type ServiceDefinition } from './service.ts'
export { DATABASE_FAILURE_MESSAGES, databaseUnavailable, STORAGE_FULL_MESSAGE } from './database-unavailable.ts'
export { BatchWriter, type BatchWriterOptions } from './batch-writer.ts'
