// One analytics process against real infrastructure (configured by environment variables).
import { loadConfigOrExit } from '@valueproof/http-kit'
import { runDeployable } from '@valueproof/service-runtime'
import { analyticsConfigSchema } from './config.ts'
import { PrismaClient } from './db.ts'
import { createAnalyticsService, SERVICE_NAME } from './server.ts'

const config = loadConfigOrExit(analyticsConfigSchema)
await runDeployable<PrismaClient, typeof config>({
  service: SERVICE_NAME,
  config,
  PrismaClient,
  create: (deps) => createAnalyticsService(deps, config),
})
