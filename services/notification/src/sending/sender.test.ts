// The sender when the SMTP server is down, when a mail has failed for a day, and when a seller has
// had their fill for the hour — on PostgreSQL, with e-mail reaching Mailpit through a relay the test
// turns off and on (a real SMTP conversation, only the route to it cut).
import { randomInt } from 'node:crypto'
import { createServer, connect, type Server, type Socket } from 'node:net'
import { proposalAgreed, userEmailChanged } from '@valueproof/event-bus'
import { eventually, infra, mailTo, needs } from '@valueproof/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startNotification, type NotificationUnderTest } from '../testing/service.ts'
import { GIVE_UP_AFTER_MS, retryDelayMs } from './sender.ts'

const ready = await needs('postgres', 'mailpit')

/** A TCP relay to Mailpit's SMTP port that can be cut (connections refused) and restored on the same port. */
async function smtpRelay() {
  const target = new URL(infra.smtpUrl)
  const sockets = new Set<Socket>()
  let server: Server | undefined
  let port = 0
  async function open(): Promise<void> {
    server = createServer((client) => {
      const upstream = connect(Number(target.port), target.hostname)
      for (const socket of [client, upstream]) {
        sockets.add(socket)
        socket.on('close', () => sockets.delete(socket))
        socket.on('error', () => socket.destroy())
      }
      client.pipe(upstream).pipe(client)
    })
    const listening = server
    await new Promise<void>((resolve) => listening.listen(port, '127.0.0.1', resolve))
    const address = listening.address()
    if (address !== null && typeof address !== 'string') port = address.port
  }
  await open()
  return {
    url: () => `smtp://127.0.0.1:${port}`,
    async cut(): Promise<void> {
      const closing = server
      for (const socket of sockets) socket.destroy()
      if (closing) await new Promise((resolve) => closing.close(resolve))
    },
    restore: open,
  }
}

describe('the wait between attempts', () => {
  it('starts at about 30 s, doubles, and stops growing at an hour', () => {
    expect(retryDelayMs(1)).toBeGreaterThanOrEqual(27_000)
    expect(retryDelayMs(1)).toBeLessThanOrEqual(33_000)
    expect(retryDelayMs(2)).toBeGreaterThanOrEqual(54_000)
    expect(retryDelayMs(20)).toBeLessThanOrEqual(3_960_000)
    expect(retryDelayMs(20)).toBeGreaterThanOrEqual(3_240_000)
  })
})

describe.skipIf(!ready)('sending when things go wrong', () => {
  let service: NotificationUnderTest
  let relay: Awaited<ReturnType<typeof smtpRelay>>
  beforeAll(async () => {
    relay = await smtpRelay()
    service = await startNotification({ SMTP_URL: relay.url(), MAIL_PER_SELLER_PER_HOUR: 2 })
  })
  afterAll(async () => {
    await service?.close()
    await relay?.cut()
  })

  async function confirmedSeller() {
    const userId = randomInt(1, 2 ** 31 - 1)
    const email = `relay-${userId}@example.test`
    await service.publish(userEmailChanged, { userId, verifiedEmail: email, language: 'en' })
    await eventually(async () => ((await service.prisma.seller.findUnique({ where: { userId } }))?.email ? true : undefined))
    return { userId, email }
  }

  function agreement(ownerUserId: number, title: string) {
    return {
      proposalId: `r-${ownerUserId}-${title}`,
      ownerUserId,
      scenario: 'expected',
      version: 1,
      agreementHash: 'a'.repeat(64),
      title,
      yearlyValue: 1000,
      currency: 'EUR',
    }
  }

  it('loses nothing while the SMTP server is down, and sends once when it is back', async () => {
    const who = await confirmedSeller()
    await relay.cut()
    const id = `agreed-${await service.publish(proposalAgreed, agreement(who.userId, 'Outage'))}`
    const failed = await eventually(async () => {
      const row = await service.prisma.mail.findUnique({ where: { id } })
      return row !== null && row.attempts > 0 ? row : undefined
    })
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 })
    expect(failed.lastError).not.toBeNull()
    await relay.restore()
    service.advance(2 * 60_000)
    const [message, ...more] = await eventually(async () => {
      const found = await mailTo(who.email)
      return found.length > 0 ? found : undefined
    }, 15_000)
    expect(message?.Subject).toBe('A prospect agreed to "Outage"')
    expect(more).toEqual([])
    expect(await service.prisma.mail.findUnique({ where: { id } })).toMatchObject({ status: 'sent', attempts: 2, lastError: null })
  })

  it('gives a mail up after a day of failures: it stays on the dead-letter list', async () => {
    const who = await confirmedSeller()
    await relay.cut()
    try {
      const id = `agreed-${await service.publish(proposalAgreed, agreement(who.userId, 'Given up'))}`
      await eventually(async () => ((await service.prisma.mail.findUnique({ where: { id } }))?.attempts === 1 ? true : undefined))
      service.advance(GIVE_UP_AFTER_MS)
      const dead = await eventually(async () => {
        const row = await service.prisma.mail.findUnique({ where: { id } })
        return row?.status === 'dead' ? row : undefined
      })
      expect(dead.lastError).toMatch(/^gave up after a day/)
    } finally {
      await relay.restore()
    }
  })

  it("holds a seller's e-mails past their hourly allowance until the hour is over, and drops none", async () => {
    const who = await confirmedSeller()
    for (const title of ['One', 'Two', 'Three']) await service.publish(proposalAgreed, agreement(who.userId, title))
    await eventually(async () => ((await mailTo(who.email)).length === 2 ? true : undefined), 15_000)
    const held = await eventually(async () => {
      const rows = await service.prisma.mail.findMany({ where: { userId: who.userId, status: 'pending' } })
      return rows.length === 1 && rows[0]?.lastError === 'seller reached the hourly limit' ? rows[0] : undefined
    })
    expect(held.nextAttemptAt.getTime()).toBeGreaterThan(service.now().getTime() + 50 * 60_000)
    service.advance(61 * 60_000)
    await eventually(async () => ((await mailTo(who.email)).length === 3 ? true : undefined), 15_000)
  })
})
