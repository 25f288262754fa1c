// The notification service alone for its tests: on the test PostgreSQL, an in-process bus, e-mails
// sent over SMTP to Mailpit (or to the SMTP address a test names), its clock moved by the test, and
// its routes called as the gateway calls them, with a signed forwarded identity.
import { randomUUID } from 'node:crypto'
import type { DescMessage, MessageInitShape } from '@bufbuild/protobuf'
import { createInProcessEventBus, encodeEvent, type EventType } from '@valueproof/event-bus'
import { createLogger, IDENTITY_HEADER, listen, signIdentity } from '@valueproof/http-kit'
import { createFileObjectStore } from '@valueproof/object-store'
import { openServiceDatabase, serviceDeps } from '@valueproof/service-runtime'
import { createTestDatabase, infra } from '@valueproof/testing'
import { defaultNotificationSettings, type NotificationSettings } from '../config.ts'
import { PrismaClient } from '../db.ts'
import { unsubscribeKey } from '../domain/unsubscribe-token.ts'
import { createNotificationService, type NotificationServiceOptions } from '../server.ts'

export const SIGNING_KEY = 'notification-test-signing-key-0123456789abcdef'
export const ORIGIN = 'https://app.valueproof.test'

export async function startNotification(
  settings: Partial<NotificationSettings> = {},
  options: Pick<NotificationServiceOptions, 'trustedCertificates' | 'webhookTimeoutMs'> = {},
) {
  const logger = createLogger({ name: 'test', level: 'silent' })
  const database = await createTestDatabase('vp_notification')
  const db = await openServiceDatabase({
    service: 'notification',
    PrismaClient,
    config: { DATABASE_URL: database.url, DATA_DIR: '' },
    logger,
  })
  const bus = createInProcessEventBus({ logger })
  const deps = serviceDeps({ logger, db, bus, objectStore: createFileObjectStore('/nonexistent'), signingKey: SIGNING_KEY })
  // The service's clock runs with the real one, moved ahead by what the test skips.
  let skipped = 0
  const service = createNotificationService(
    deps,
    {
      ...defaultNotificationSettings,
      SMTP_URL: infra.smtpUrl,
      MAIL_FROM: 'ValueProof <notifications@valueproof.test>',
      PUBLIC_ORIGIN: ORIGIN,
      ...settings,
    },
    { now: () => new Date(Date.now() + skipped), pollMs: 50, ...options },
  )
  const server = await listen(service.app, { port: 0, host: '127.0.0.1' })
  await service.start?.()

  async function call(
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    path: string,
    request: { userId?: number; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const identity = signIdentity(
      SIGNING_KEY,
      { method, path },
      { clientIp: '203.0.113.9', ...(request.userId === undefined ? {} : { userId: request.userId }) },
    )
    return fetch(`${server.url}${path}`, {
      method,
      headers: {
        [IDENTITY_HEADER]: identity,
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...request.headers,
      },
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
    })
  }

  return {
    prisma: db.prisma,
    call,
    unsubscribeKey: unsubscribeKey(SIGNING_KEY),
    /** Publishes an event as its owner's outbox would (`id` to deliver one event again). */
    async publish<Desc extends DescMessage>(
      type: EventType<Desc>,
      message: MessageInitShape<Desc>,
      options: { id?: string } = {},
    ): Promise<string> {
      const envelope = encodeEvent(type, message, { id: options.id ?? randomUUID() })
      await bus.publish(envelope)
      return envelope.id
    },
    /** Moves the service's clock forward. */
    advance(ms: number): void {
      skipped += ms
    },
    now: () => new Date(Date.now() + skipped),
    async close() {
      await server.close()
      await service.stop()
      await bus.drain()
      await db.close()
      await database.drop()
    },
  }
}

export type NotificationUnderTest = Awaited<ReturnType<typeof startNotification>>
