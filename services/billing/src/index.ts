// One billing process against real infrastructure (configured by environment variables).
import { loadConfigOrExit } from '@valueproof/http-kit'
import { runDeployable } from '@valueproof/service-runtime'
import { billingConfigSchema } from './config.ts'
import { PrismaClient } from './db.ts'
import { createBillingService, SERVICE_NAME } from './server.ts'

const config = loadConfigOrExit(billingConfigSchema)
await runDeployable<PrismaClient, typeof config>({ service: SERVICE_NAME, config, PrismaClient, create: createBillingService })
