export { databaseConfig, databaseSchema, describeDatabase, type DatabaseConfig } from './database-config.ts'
export {
  createPrismaClient,
  type DatabaseClient,
  type PrismaClientClass,
  type PrismaClientLike,
  openSqlDatabase,
  type PrismaClientOptions,
  type SqlDatabase,
  type SqlReader,
} from './prisma-client.ts'
export { isNewPGliteDataDir, seedPGliteDataDir, writePGliteTemplate } from './pglite-template.ts'
export { migrate, migrationStatus, type MigrateResult, type MigrationStatus, type MigrationTarget } from './migrate.ts'
export { createMigration, type NewMigrationResult } from './new-migration.ts'
export { servicePrismaPaths, type ServicePrismaPaths } from './service-paths.ts'
export { databaseFailureOf, describeDatabaseFailure, type DatabaseFailure } from './database-errors.ts'
export { migrationsAppliedCheck, MigrationsPendingError } from './migrations-applied.ts'
export { qualifiedTable } from './sql-names.ts'
