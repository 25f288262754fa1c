// Issue 39: "kill -9 of the notification consumer mid-batch loses and duplicates nothing". The
// notification service runs as its own process on PostgreSQL and NATS JetStream, sending to Mailpit.
// A seller's 120 proposals are each opened for the first time; the process is killed with SIGKILL
// while it is consuming and sending, and started again. Every first open is owed exactly once (one
// mail row per event), and the seller's inbox holds one message id per event: a mail whose SMTP
// delivery the kill interrupted after the server queued it may arrive a second time with the same
// Message-ID, which mail clients show once (decision 137), but never as a different message.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomInt, randomUUID } from 'node:crypto'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { createNatsEventBus, encodeEvent, proposalViewed, userEmailChanged, type EventBus } from '@valueproof/event-bus'
import { createTestDatabase, eventually, infra, mailTo, needs, type TestDatabase } from '@valueproof/testing'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '../..')
const OPENS = 120

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening))
  const address = server.address()
  await new Promise((closed) => server.close(closed))
  if (address === null || typeof address === 'string') throw new Error('no port')
  return address.port
}

describe.skipIf(!(await needs('postgres', 'nats', 'mailpit')))('the notification service killed mid-batch', () => {
  const namespace = `crash${randomInt(1e9)}`
  let database: TestDatabase
  let bus: EventBus
  let sql: pg.Client
  let child: ChildProcess | undefined
  let port = 0
  let output = ''

  async function startService(): Promise<ChildProcess> {
    const started = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'services/notification/src/index.ts')], {
      cwd: ROOT,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'warn',
        DATABASE_URL: database.url,
        NATS_URL: infra.natsUrl,
        NATS_NAMESPACE: namespace,
        SMTP_URL: infra.smtpUrl,
        PUBLIC_ORIGIN: 'https://app.valueproof.test',
        GATEWAY_SIGNING_KEY: 'crash-test-signing-key-0123456789abcdef0123',
        MAIL_PER_SELLER_PER_HOUR: '100000',
        MAIL_CLAIM_LEASE_SECONDS: '3',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    started.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-20_000)))
    await eventually(async () => {
      if (started.exitCode !== null) throw new Error(`the notification service exited:\n${output}`)
      try {
        return (await fetch(`http://127.0.0.1:${port}/readyz`)).ok ? true : undefined
      } catch {
        return undefined
      }
    }, 60_000)
    return started
  }

  async function mailRows(): Promise<{ owed: number; sent: number }> {
    const { rows } = await sql.query<{ owed: string; sent: string }>(
      `SELECT count(*) AS owed, count(*) FILTER (WHERE status = 'sent') AS sent FROM mail WHERE kind = 'first_open'`,
    )
    return { owed: Number(rows[0]?.owed), sent: Number(rows[0]?.sent) }
  }

  beforeAll(async () => {
    database = await createTestDatabase('vp_notification_crash')
    port = await freePort()
    bus = createNatsEventBus({ servers: infra.natsUrl, name: 'notification-crash-test', namespace })
    child = await startService()
    sql = new pg.Client({ connectionString: database.url })
    await sql.connect()
  }, 90_000)

  afterAll(async () => {
    child?.kill('SIGKILL')
    await sql?.end()
    await bus?.drain()
    await database?.drop()
  })

  it(`owes and sends each of ${OPENS} first opens once across a SIGKILL`, async () => {
    const userId = randomInt(1, 2 ** 31 - 1)
    const email = `crash-${userId}@example.test`
    await bus.publish(encodeEvent(userEmailChanged, { userId, verifiedEmail: email, language: 'en' }))
    await eventually(
      async () => ((await sql.query('SELECT 1 FROM seller WHERE email = $1', [email])).rowCount === 1 ? true : undefined),
      20_000,
    )
    const eventIds: string[] = []
    for (let index = 0; index < OPENS; index += 1) {
      const id = randomUUID()
      eventIds.push(id)
      const view = {
        proposalId: `crash-${userId}-${index}`,
        ownerUserId: userId,
        viewer: 'visitor',
        counting: 'counted',
        title: `Proposal ${index}`,
      }
      await bus.publish(encodeEvent(proposalViewed, view, { id }))
    }
    // Mid-batch: as soon as the first opens are being owed, while the rest are consumed and sent.
    await eventually(async () => ((await mailRows()).owed >= 1 ? true : undefined), 30_000)
    child?.kill('SIGKILL')
    await new Promise((exited) => child?.once('exit', exited))
    const before = await mailRows()
    expect(before.sent).toBeLessThan(OPENS)

    child = await startService()
    await eventually(async () => ((await mailRows()).sent === OPENS ? true : undefined), 90_000)
    expect(await mailRows()).toEqual({ owed: OPENS, sent: OPENS })
    const expectedIds = new Set(eventIds.map((id) => `first_open-${id}@valueproof.localhost`))
    const inbox = await eventually(async () => {
      const found = await mailTo(email)
      return new Set(found.map((message) => message.MessageID)).size === OPENS ? found : undefined
    }, 30_000)
    for (const message of inbox) expect(expectedIds.has(message.MessageID), message.MessageID).toBe(true)
    const subjects = new Map<string, string>()
    for (const message of inbox) {
      const seen = subjects.get(message.MessageID)
      if (seen !== undefined) expect(message.Subject, 'a second delivery is the same message').toBe(seen)
      subjects.set(message.MessageID, message.Subject)
    }
    console.log(
      `notification crash: ${before.owed} owed and ${before.sent} sent before the kill; ${inbox.length} messages for ${OPENS} ids after`,
    )
  }, 240_000)
})
