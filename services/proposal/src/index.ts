// One proposal process against real infrastructure (configured by environment variables).
import { loadConfigOrExit } from '@valueproof/http-kit'
import { runDeployable } from '@valueproof/service-runtime'
import { proposalConfigSchema } from './config.ts'
import { PrismaClient } from './db.ts'
import { createProposalService, SERVICE_NAME } from './server.ts'

const config = loadConfigOrExit(proposalConfigSchema)
await runDeployable<PrismaClient, typeof config>({
  service: SERVICE_NAME,
  config,
  PrismaClient,
  create: (deps) => createProposalService(deps, config),
})
