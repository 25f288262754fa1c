import { createService, type ServiceDeps, type ServiceInstance } from '@valueproof/service-kit'
import type { PrismaClient } from './db.ts'

export { PrismaClient } from './db.ts'
export { calculatorConfigSchema, type CalculatorConfig } from './config.ts'

export const SERVICE_NAME = 'calculator'

/**
 * Calculator generation (documents and descriptions in, calculators out) arrives with its own issue; for now the service runs with its database, bus and health checks.
 */
export function createCalculatorService(deps: ServiceDeps<PrismaClient>): ServiceInstance {
  return createService({ name: SERVICE_NAME, deps })
}
