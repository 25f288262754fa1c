import { createMailer, type Mailer } from '@valueproof/mailer'
import { createOutboundClient } from '@valueproof/outbound-http'
import { createService, type ServiceDeps, type ServiceInstance } from '@valueproof/service-runtime'
import { defaultNotificationSettings, type NotificationSettings } from './config.ts'
import type { PrismaClient } from './db.ts'
import { unsubscribeKey } from './domain/unsubscribe-token.ts'
import { createHubspotApi } from './hubspot/api.ts'
import { HubspotNoteRound } from './hubspot/note-sender.ts'
import { hubspotRouter } from './hubspot/routes/index.ts'
import { hubspotTokenCipher } from './hubspot/token-cipher.ts'
import { notificationConsumers } from './events/consumers.ts'
import { deadLettersRouter } from './routes/dead-letters/index.ts'
import { devMailboxRouter } from './routes/dev-mailbox/index.ts'
import { settingsRouter } from './routes/settings/index.ts'
import { unsubscribeRouter } from './routes/unsubscribe/index.ts'
import { NotificationWorker } from './sending/worker.ts'
import { webhooksRouter } from './webhooks/routes.ts'
import { webhookSecretCipher } from './webhooks/secret.ts'
import { WebhookWorker } from './webhooks/worker.ts'

export { PrismaClient } from './db.ts'
export {
  defaultNotificationSettings,
  notificationConfigSchema,
  notificationEnv,
  type NotificationConfig,
  type NotificationSettings,
} from './config.ts'

export const SERVICE_NAME = 'notification'

/** Where e-mails link to when no PUBLIC_ORIGIN is set (a development run on the default port). */
const DEVELOPMENT_ORIGIN = 'http://localhost:3000'

export interface NotificationServiceOptions {
  /** The clock the e-mails are scheduled by (tests move it). */
  now?: () => Date
  /** The local mailbox's folder, where e-mails go without SMTP_URL (default .data/mailbox). */
  mailboxDir?: string
  /** The mailer (tests pass one pointed at a server they stop); default: from the settings. */
  mailer?: Mailer
  /** How often the background round runs (default 1 s). */
  pollMs?: number
  /** Certificates webhook deliveries trust beside the system's (a test's self-signed receiver). */
  trustedCertificates?: readonly string[]
  /** Webhook deliveries' time limit per POST (default 10 s; tests shorten it). */
  webhookTimeoutMs?: number
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
  const now = options.now ?? (() => new Date())
  const mailboxDir = options.mailboxDir ?? '.data/mailbox'
  const mailer =
    options.mailer ??
    createMailer({ from: config.MAIL_FROM, mailboxDir, ...(config.SMTP_URL === undefined ? {} : { smtpUrl: config.SMTP_URL }) })
  const key = unsubscribeKey(deps.signingKey)
  const origin = (config.PUBLIC_ORIGIN ?? DEVELOPMENT_ORIGIN).replace(/\/+$/, '')
  const hubspot = {
    prisma: deps.prisma,
    api: createHubspotApi({ apiUrl: config.HUBSPOT_API_URL }),
    cipher: hubspotTokenCipher(deps.signingKey),
    now,
  }
  const notes = new HubspotNoteRound(
    { ...hubspot, dbSchema: deps.dbSchema, logger: deps.logger, origin },
    { leaseMs: config.MAIL_CLAIM_LEASE_SECONDS * 1000, ...(options.pollMs === undefined ? {} : { pollMs: options.pollMs }) },
  )
  const worker = new NotificationWorker(
    {
      prisma: deps.prisma,
      dbSchema: deps.dbSchema,
      mailer,
      logger: deps.logger,
      unsubscribeKey: key,
      origin,
      perSellerPerHour: config.MAIL_PER_SELLER_PER_HOUR,
      now,
    },
    { leaseMs: config.MAIL_CLAIM_LEASE_SECONDS * 1000, ...(options.pollMs === undefined ? {} : { pollMs: options.pollMs }) },
  )
  const cipher = webhookSecretCipher(deps.signingKey)
  const webhooks = new WebhookWorker(
    {
      prisma: deps.prisma,
      dbSchema: deps.dbSchema,
      client: createOutboundClient({
        allowedTargets: config.OUTBOUND_ALLOWED_TARGETS,
        allowedRanges: config.OUTBOUND_ALLOWED_RANGES,
        maxRedirects: 0,
        ...(options.webhookTimeoutMs === undefined ? {} : { timeoutMs: options.webhookTimeoutMs }),
        ...(options.trustedCertificates === undefined ? {} : { trustedCertificates: options.trustedCertificates }),
      }),
      cipher,
      logger: deps.logger,
      now,
    },
    options.pollMs === undefined ? {} : { pollMs: options.pollMs },
  )
  const service = createService({
    name: SERVICE_NAME,
    deps,
    routers: [
      settingsRouter({ prisma: deps.prisma }),
      unsubscribeRouter({ prisma: deps.prisma, key }),
      webhooksRouter({ prisma: deps.prisma, cipher, now }),
      hubspotRouter(hubspot),
      deadLettersRouter({ prisma: deps.prisma, operatorToken: config.NOTIFICATION_OPERATOR_TOKEN }),
      devMailboxRouter({ mailboxDir: config.DEV_MAILBOX_PAGE && mailer.kind === 'mailbox' ? mailboxDir : undefined }),
    ],
    consumers: notificationConsumers({ laterOpensWindowMs: config.LATER_OPENS_WINDOW_MINUTES * 60_000 }),
    onStop: async () => {
      await Promise.all([worker.stop(), webhooks.stop(), notes.stop()])
      mailer.close()
    },
  })
  return {
    ...service,
    async start() {
      await service.start?.()
      worker.start()
      webhooks.start()
      notes.start()
    },
  }
}
