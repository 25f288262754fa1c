import { env, secretEnv } from '@valueproof/http-kit'
import { mailEnv } from '@valueproof/mailer'
import { outboundEnv } from '@valueproof/outbound-http'
import { infrastructureEnv } from '@valueproof/service-runtime'
import { z } from 'zod'

/** The notification service's own settings, spread into the embedded stack's schema too (decision 137). */
export const notificationEnv = {
  ...mailEnv,
  /** Webhook deliveries go through the one outgoing client: its allowed targets and ranges. */
  ...outboundEnv,
  /**
   * The product's public origin (https://app.example.com): every link in an e-mail is absolute on it.
   * Required with SMTP_URL; the embedded stack defaults it to its own address.
   */
  PUBLIC_ORIGIN: env.optionalUrl,
  /** E-mails per seller per hour; more wait for the next hour (nothing is dropped). */
  MAIL_PER_SELLER_PER_HOUR: env.positiveInt(30),
  /** How long later opens are gathered before one e-mail tells them ("opened 3 more times today"). */
  LATER_OPENS_WINDOW_MINUTES: env.positiveInt(60),
  /**
   * How long a replica holds the e-mails it claimed before another may send them: longer than a
   * batch can take, and how long mails claimed by a replica that died wait.
   */
  MAIL_CLAIM_LEASE_SECONDS: env.positiveInt(300),
  /** The operator's bearer token for GET /notifications/dead-letters; unset, that list does not exist (404). Never generated. */
  NOTIFICATION_OPERATOR_TOKEN: secretEnv,
  /** Lists the local mailbox at /dev/mailbox (only without SMTP_URL; the embedded stack turns it on). */
  DEV_MAILBOX_PAGE: env.boolean(false),
  /** Where HubSpot's API is (default https://api.hubapi.com; tests and the e2e product point it at a fake). */
  HUBSPOT_API_URL: env.optionalUrl,
}

/** The notification service's environment (every variable is in README and .env.example). */
export const notificationConfigSchema = z
  .object({
    ...infrastructureEnv,
    ...notificationEnv,
    PORT: env.port(4006),
  })
  .superRefine((config, issues) => {
    if (config.SMTP_URL !== undefined && config.PUBLIC_ORIGIN === undefined)
      issues.addIssue({
        code: 'custom',
        path: ['PUBLIC_ORIGIN'],
        message: 'PUBLIC_ORIGIN is required with SMTP_URL: e-mails link to the product',
      })
  })
export type NotificationConfig = z.infer<typeof notificationConfigSchema>

/** What createNotificationService reads: a deployable's config or the embedded stack's. */
export type NotificationSettings = Pick<NotificationConfig, keyof typeof notificationEnv>

export const defaultNotificationSettings: NotificationSettings = {
  SMTP_URL: undefined,
  MAIL_FROM: 'ValueProof <notifications@valueproof.localhost>',
  PUBLIC_ORIGIN: undefined,
  MAIL_PER_SELLER_PER_HOUR: 30,
  LATER_OPENS_WINDOW_MINUTES: 60,
  MAIL_CLAIM_LEASE_SECONDS: 300,
  DEV_MAILBOX_PAGE: false,
  NOTIFICATION_OPERATOR_TOKEN: undefined,
  OUTBOUND_ALLOWED_TARGETS: [],
  OUTBOUND_ALLOWED_RANGES: [],
  HUBSPOT_API_URL: undefined,
}
