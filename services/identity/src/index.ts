// One identity process against real infrastructure (configured by environment variables).
import { loadConfigOrExit } from '@valueproof/http-kit'
import { runDeployable } from '@valueproof/service-runtime'
import { identityConfigSchema } from './config.ts'
import { PrismaClient } from './db.ts'
import { createIdentityService, SERVICE_NAME } from './server.ts'

const config = loadConfigOrExit(identityConfigSchema)
await runDeployable<PrismaClient, typeof config>({
  service: SERVICE_NAME,
  config,
  PrismaClient,
  create: (deps) => createIdentityService(deps, config),
})
