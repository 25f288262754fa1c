// One calculator process against real infrastructure (configured by environment variables).
import { loadConfigOrExit } from '@valueproof/http-kit'
import { runDeployable } from '@valueproof/service-runtime'
import { calculatorConfigSchema } from './config.ts'
import { PrismaClient } from './db.ts'
import { createCalculatorService, SERVICE_NAME } from './server.ts'

const config = loadConfigOrExit(calculatorConfigSchema)
await runDeployable<PrismaClient, typeof config>({ service: SERVICE_NAME, config, PrismaClient, create: createCalculatorService })
