// One notification process against real infrastructure (configured by environment variables).
import { join } from 'node:path'
import { loadConfigOrExit } from '@valueproof/http-kit'
import { runDeployable } from '@valueproof/service-runtime'
import { notificationConfigSchema } from './config.ts'
import { PrismaClient } from './db.ts'
import { createNotificationService, SERVICE_NAME } from './server.ts'

const config = loadConfigOrExit(notificationConfigSchema)
await runDeployable<PrismaClient, typeof config>({
  service: SERVICE_NAME,
  config,
  PrismaClient,
  create: (deps) => createNotificationService(deps, config, { mailboxDir: join(config.DATA_DIR, 'mailbox') }),
})
