import { createService, type ServiceDeps, type ServiceInstance } from '@valueproof/service-runtime'
import { defaultNotificationSettings, type NotificationSettings } from './config.ts'
import type { PrismaClient } from './db.ts'

export { PrismaClient } from './db.ts'
export {
  defaultNotificationSettings,
  notificationConfigSchema,
  notificationEnv,
  type NotificationConfig,
  type NotificationSettings,
} from './config.ts'

export const SERVICE_NAME = 'notification'

export interface NotificationServiceOptions {
  /** The clock the e-mails are scheduled by (tests move it). */
  now?: () => Date
}

/**
 * Tells the seller, where they already work, what prospects do with their proposals (issue 39,
 * decision 137): e-mails on a first open, gathered later opens, an agreement, a PDF download and a
 * weekly digest, each of which the seller can turn off; and the verification of their address.
 */
export function createNotificationService(
  deps: ServiceDeps<PrismaClient>,
  config: NotificationSettings = defaultNotificationSettings,
  options: NotificationServiceOptions = {},
): ServiceInstance {
  void config
  void options
  return createService({ name: SERVICE_NAME, deps, routers: [], consumers: [] })
}
