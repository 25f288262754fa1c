import { createService, type ServiceDeps, type ServiceInstance } from '@valueproof/service-kit'
import type { PrismaClient } from './db.ts'

export { PrismaClient } from './db.ts'
export { proposalConfigSchema, type ProposalConfig } from './config.ts'

export const SERVICE_NAME = 'proposal'

/**
 * Proposals, share links and access codes arrive with their own issue; for now the service runs with its database, bus and health checks.
 */
export function createProposalService(deps: ServiceDeps<PrismaClient>): ServiceInstance {
  return createService({ name: SERVICE_NAME, deps })
}
