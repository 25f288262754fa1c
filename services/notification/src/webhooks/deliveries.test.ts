// Webhook deliveries end to end on PostgreSQL: events in, signed POSTs out to a local HTTPS receiver
// (a self-signed certificate the service trusts only here), retries with backoff, a slow receiver cut
// by the time limit, a day of failures that disables the endpoint and e-mails the seller (Mailpit),
// a resend, and the address check that keeps deliveries off private networks. Only loopback is
// ever contacted.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import {
  createdWebhookEndpointSchema,
  webhookDeliveryListSchema,
  webhookEndpointListSchema,
  type CreatedWebhookEndpoint,
  type WebhookDelivery,
} from '@valueproof/contracts'
import { proposalAgreed, proposalPdfDownloaded, proposalViewed, userEmailChanged } from '@valueproof/event-bus'
import { selfSignedCertificate } from '@valueproof/outbound-http/testing'
import { eventually, mailTo, needs } from '@valueproof/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startNotification, type NotificationUnderTest } from '../testing/service.ts'

const ready = await needs('postgres', 'mailpit')
const DAY_MS = 24 * 3_600_000

interface Received {
  path: string
  signature: string
  body: string
}

/** Checks a ValueProof-Signature header as the README tells a receiver to: HMAC-SHA256 of "t.body", hex. */
function signatureHolds(header: string, secret: string, body: string): boolean {
  const parts = new Map(header.split(',').map((part) => part.split('=', 2) as [string, string]))
  const timestamp = parts.get('t') ?? ''
  const given = Buffer.from(parts.get('v1') ?? '', 'hex')
  const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest()
  const fresh = Math.abs(Date.now() / 1000 - Number(timestamp)) < 300
  return fresh && given.length === expected.length && timingSafeEqual(given, expected)
}

describe.skipIf(!ready)('webhook deliveries', () => {
  const certificate = selfSignedCertificate()
  const received: Received[] = []
  const failuresLeft = new Map<string, number>()
  let receiver: Server
  let origin = ''
  let service: NotificationUnderTest

  beforeAll(async () => {
    receiver = createServer({ key: certificate.key, cert: certificate.cert }, (request, response) => {
      let body = ''
      request.setEncoding('utf8')
      request.on('data', (chunk: string) => (body += chunk))
      request.on('end', () => {
        const path = request.url ?? '/'
        received.push({ path, signature: String(request.headers['valueproof-signature']), body })
        if (path.startsWith('/slow')) return // never answers
        const left = failuresLeft.get(path) ?? 0
        if (path.startsWith('/down') || left > 0) {
          failuresLeft.set(path, left - 1)
          response.writeHead(500).end('not now')
          return
        }
        response.writeHead(200).end('ok')
      })
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    const { port } = receiver.address() as AddressInfo
    origin = `https://127.0.0.1:${port}`
    service = await startNotification(
      { OUTBOUND_ALLOWED_TARGETS: [`127.0.0.1:${port}`] },
      { trustedCertificates: [certificate.cert], webhookTimeoutMs: 1000 },
    )
  })
  afterAll(async () => {
    await service?.close()
    receiver?.closeAllConnections()
    await new Promise((resolve) => receiver?.close(resolve))
  })

  async function addEndpoint(userId: number, url: string, events: string[]): Promise<CreatedWebhookEndpoint> {
    const response = await service.call('POST', '/notifications/webhooks', { userId, body: { url, events } })
    expect(response.status).toBe(201)
    return createdWebhookEndpointSchema.parse(await response.json())
  }

  async function deliveries(userId: number, endpointId: string): Promise<WebhookDelivery[]> {
    const response = await service.call('GET', `/notifications/webhooks/${endpointId}/deliveries`, { userId })
    return webhookDeliveryListSchema.parse(await response.json()).deliveries
  }

  /** Waits until the endpoint's only delivery matches `done`. */
  function settledDelivery(userId: number, endpointId: string, done: (delivery: WebhookDelivery) => boolean) {
    return eventually(async () => {
      const [delivery, ...more] = await deliveries(userId, endpointId)
      return delivery !== undefined && more.length === 0 && done(delivery) ? delivery : undefined
    })
  }

  const view = (ownerUserId: number, proposalId: string) => ({
    proposalId,
    ownerUserId,
    viewer: 'visitor',
    visitorId: 'v'.repeat(22),
    counting: 'counted',
    title: 'Support desk automation',
    viewedAt: { seconds: 1_790_000_000n, nanos: 0 },
  })

  it('POSTs the chosen events once each, as versioned JSON signed with the endpoint secret, and nothing a seller may not see', async () => {
    const userId = randomInt(1, 2 ** 31 - 1)
    const path = `/ok/${userId}`
    const endpoint = await addEndpoint(userId, `${origin}${path}`, ['proposal.opened', 'proposal.agreed'])
    const viewed = await service.publish(proposalViewed, view(userId, 'p-signed'))
    await service.publish(proposalViewed, view(userId, 'p-signed'), { id: viewed })
    await service.publish(proposalPdfDownloaded, {
      proposalId: 'p-signed',
      ownerUserId: userId,
      viewer: 'visitor',
      visitorId: 'v'.repeat(22),
      scenario: 'expected',
      title: 'Support desk automation',
    })
    const agreed = await service.publish(proposalAgreed, {
      proposalId: 'p-signed',
      ownerUserId: userId,
      scenario: 'expected',
      version: 1,
      agreementHash: 'h'.repeat(64),
      agreedAt: { seconds: 1_790_000_600n, nanos: 0 },
      title: 'Support desk automation',
      yearlyValue: 125_000,
      currency: 'SEK',
      agreedByName: 'Alex Prospect',
    })
    const mine = await eventually(() => {
      const found = received.filter((request) => request.path === path)
      return Promise.resolve(found.length >= 2 ? found : undefined)
    })
    // Let a wrongful third delivery (the repeated view, the unchosen PDF download) arrive if it would.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(received.filter((request) => request.path === path)).toHaveLength(2)
    for (const request of mine) expect(signatureHolds(request.signature, endpoint.secret, request.body)).toBe(true)
    expect(signatureHolds(mine[0]?.signature ?? '', 'whsec_another', mine[0]?.body ?? '')).toBe(false)

    const bodies = mine.map((request) => JSON.parse(request.body) as { type: string })
    const opened = bodies.find((body) => body.type === 'proposal.opened')
    expect(opened).toEqual({
      version: 1,
      type: 'proposal.opened',
      id: `evt_${viewed}`,
      created: 1_790_000_000,
      data: { proposalId: 'p-signed', title: 'Support desk automation', openedAt: new Date(1_790_000_000_000).toISOString() },
    })
    expect(bodies.find((body) => body.type === 'proposal.agreed')).toEqual({
      version: 1,
      type: 'proposal.agreed',
      id: `evt_${agreed}`,
      created: 1_790_000_600,
      data: {
        proposalId: 'p-signed',
        title: 'Support desk automation',
        scenario: 'expected',
        yearlyValue: 125_000,
        currency: 'SEK',
        agreedAt: new Date(1_790_000_600_000).toISOString(),
      },
    })
    expect(mine.map((request) => request.body).join('')).not.toMatch(/vvvvvvvv|visitor|Alex Prospect/)

    const listed = await deliveries(userId, endpoint.id)
    expect(listed.map((delivery) => [delivery.eventType, delivery.status, delivery.responseCode, delivery.attempts]).sort()).toEqual([
      ['proposal.agreed', 'delivered', 200, 1],
      ['proposal.opened', 'delivered', 200, 1],
    ])
  })

  it('retries a failing endpoint with backoff (500, then 200) with the same body id, and resends on request', async () => {
    const userId = randomInt(1, 2 ** 31 - 1)
    const path = `/flaky/${userId}`
    failuresLeft.set(path, 1)
    const endpoint = await addEndpoint(userId, `${origin}${path}`, ['proposal.opened'])
    await service.publish(proposalViewed, view(userId, 'p-flaky'))
    const failed = await settledDelivery(userId, endpoint.id, (delivery) => delivery.attempts === 1)
    expect([failed.status, failed.responseCode, failed.deliveredAt]).toEqual(['pending', 500, undefined])
    // The next attempt waits its backoff (about 30 s): nothing more arrives meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(received.filter((request) => request.path === path)).toHaveLength(1)

    service.advance(60_000)
    const delivered = await settledDelivery(userId, endpoint.id, (delivery) => delivery.status === 'delivered')
    expect([delivered.responseCode, delivered.attempts]).toEqual([200, 2])

    const resend = await service.call('POST', `/notifications/webhooks/${endpoint.id}/deliveries/${delivered.id}/resend`, { userId })
    expect(resend.status).toBe(200)
    await settledDelivery(userId, endpoint.id, (delivery) => delivery.status === 'delivered' && delivery.attempts === 3)
    const ids = received.filter((request) => request.path === path).map((request) => (JSON.parse(request.body) as { id: string }).id)
    expect(ids).toHaveLength(3)
    expect(new Set(ids).size).toBe(1)
  })

  it('cuts a slow endpoint at the time limit and tries it again later', async () => {
    const userId = randomInt(1, 2 ** 31 - 1)
    const endpoint = await addEndpoint(userId, `${origin}/slow/${userId}`, ['proposal.opened'])
    const started = Date.now()
    await service.publish(proposalViewed, view(userId, 'p-slow'))
    const cut = await settledDelivery(userId, endpoint.id, (delivery) => delivery.attempts === 1)
    expect(Date.now() - started).toBeLessThan(5000)
    expect([cut.status, cut.responseCode]).toEqual(['pending', undefined])
    const row = await service.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: cut.id } })
    expect(row.lastError).toBe('The address did not answer in time.')
  })

  it('disables an endpoint after a day of failures, owes the seller an e-mail, and a resend turns it back on', async () => {
    const userId = randomInt(1, 2 ** 31 - 1)
    const email = `webhooks-${userId}@example.test`
    await service.publish(userEmailChanged, { userId, verifiedEmail: email, language: 'sv' })
    const url = `${origin}/down/${userId}`
    const endpoint = await addEndpoint(userId, url, ['proposal.opened'])
    await service.publish(proposalViewed, view(userId, 'p-down'))
    await settledDelivery(userId, endpoint.id, (delivery) => delivery.attempts === 1)

    service.advance(DAY_MS + 60_000)
    const failed = await settledDelivery(userId, endpoint.id, (delivery) => delivery.status === 'failed')
    expect([failed.responseCode, failed.attempts]).toEqual([500, 2])
    const listed = webhookEndpointListSchema.parse(await (await service.call('GET', '/notifications/webhooks', { userId })).json())
    expect(listed).toMatchObject({
      endpoints: [{ id: endpoint.id, enabled: false, disabledReason: 'Deliveries failed for a day (last: answered 500)' }],
    })

    // The seller also hears of the first open; the notice is the one with its own subject.
    const notice = (found: Awaited<ReturnType<typeof mailTo>>) => found.filter((mail) => mail.Subject === 'Din webhook har stängts av')
    const [mail, ...more] = await eventually(async () => {
      const found = notice(await mailTo(email))
      return found.length > 0 ? found : undefined
    }, 15_000)
    expect(more).toEqual([])
    expect(mail?.Text).toContain(url)
    expect(mail?.Text).toContain('Senaste felet: Deliveries failed for a day (last: answered 500)')

    // A disabled endpoint gets no new deliveries.
    await service.publish(proposalViewed, view(userId, 'p-down-2'))
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(await deliveries(userId, endpoint.id)).toHaveLength(1)

    const resend = await service.call('POST', `/notifications/webhooks/${endpoint.id}/deliveries/${failed.id}/resend`, { userId })
    expect([resend.status, ((await resend.json()) as WebhookDelivery).status]).toEqual([200, 'pending'])
    expect(await (await service.call('GET', '/notifications/webhooks', { userId })).json()).toMatchObject({
      endpoints: [{ id: endpoint.id, enabled: true }],
    })
    await settledDelivery(userId, endpoint.id, (delivery) => delivery.attempts === 3)
    expect(notice(await mailTo(email))).toHaveLength(1)
  })

  it('refuses endpoints on loopback, private, link-local and metadata addresses, and names that lead there, without connecting', async () => {
    const userId = randomInt(1, 2 ** 31 - 1)
    const before = received.length
    const urls = [
      'https://127.0.0.1/hook',
      'https://10.1.2.3/hook',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::1]/hook',
      'https://localhost/hook',
    ]
    const endpoints = await Promise.all(urls.map((url) => addEndpoint(userId, url, ['proposal.opened'])))
    await service.publish(proposalViewed, view(userId, 'p-ssrf'))
    for (const endpoint of endpoints) {
      const tried = await settledDelivery(userId, endpoint.id, (delivery) => delivery.attempts === 1)
      const row = await service.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: tried.id } })
      expect([endpoint.url, tried.status, tried.responseCode, row.lastError]).toEqual([
        endpoint.url,
        'pending',
        undefined,
        'The address leads to a private, local or reserved network, which is never fetched.',
      ])
    }
    expect(received.length).toBe(before)
  })
})
