// The Stripe provider's expire and cancel against a small local server that answers as Stripe does
// when the object is no longer open or active (stripe-mock, being stateless, always accepts them):
// the real `stripe` client, faked only at the HTTP boundary.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createLogger, HttpError } from '@valueproof/http-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStripeProvider } from './stripe-provider.ts'
import type { PaymentProvider } from './types.ts'

/** What the fake Stripe holds: checkout session and subscription statuses by id (absent: no such object). */
const sessions: Record<string, string> = { cs_complete: 'complete', cs_expired: 'expired', cs_open: 'open', cs_fine: 'open' }
const subscriptions: Record<string, string> = { sub_canceled: 'canceled', sub_active: 'active', sub_fine: 'active' }

function stripeAnswer(method: string, path: string): { status: number; body: unknown } {
  const refused = { status: 400, body: { error: { type: 'invalid_request_error', message: 'This object cannot be changed now.' } } }
  const missing = { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such object' } } }
  const session = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path)
  if (session?.[1]) {
    const status = sessions[session[1]]
    if (status === undefined) return missing
    if (session[2])
      return session[1] === 'cs_fine' ? { status: 200, body: { id: session[1], object: 'checkout.session', status: 'expired' } } : refused
    return { status: 200, body: { id: session[1], object: 'checkout.session', status } }
  }
  const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(path)
  if (subscription?.[1]) {
    const status = subscriptions[subscription[1]]
    if (status === undefined) return missing
    const body = {
      id: subscription[1],
      object: 'subscription',
      customer: 'cus_1',
      status,
      cancel_at_period_end: false,
      metadata: {},
      items: { data: [] },
    }
    if (method === 'DELETE') return subscription[1] === 'sub_fine' ? { status: 200, body: { ...body, status: 'canceled' } } : refused
    return { status: 200, body }
  }
  return missing
}

describe('the Stripe provider: expire and cancel', () => {
  let server: Server
  let provider: PaymentProvider
  const asked: string[] = []

  beforeAll(async () => {
    server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://localhost')
      asked.push(`${request.method ?? ''} ${url.pathname}${url.search}`)
      const { status, body } = stripeAnswer(request.method ?? 'GET', url.pathname)
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake' })
      response.end(JSON.stringify(body))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    provider = createStripeProvider({
      secretKey: 'sk_test_fake',
      webhookSecret: 'whsec_fake',
      priceId: undefined,
      apiUrl: `http://127.0.0.1:${port}`,
      publicOrigin: undefined,
      logger: createLogger({ name: 'test', level: 'silent' }),
    })
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })

  it('expires an open session, and leaves one that is complete, expired or unknown as it is', async () => {
    for (const id of ['cs_fine', 'cs_complete', 'cs_expired', 'cs_unknown'])
      await expect(provider.expireCheckoutSession(id)).resolves.toBeUndefined()
    expect(asked).toContain('POST /v1/checkout/sessions/cs_fine/expire')
  })

  it('answers 502 when Stripe refuses to expire a session that is still open', async () => {
    const refused = provider.expireCheckoutSession('cs_open')
    await expect(refused).rejects.toBeInstanceOf(HttpError)
    await expect(refused).rejects.toMatchObject({ status: 502 })
  })

  it('cancels now with proration and a final invoice, and leaves an ended or unknown subscription as it is', async () => {
    for (const id of ['sub_fine', 'sub_canceled', 'sub_unknown']) await expect(provider.cancelSubscriptionNow(id)).resolves.toBeUndefined()
    const cancel = asked.find((line) => line.startsWith('DELETE /v1/subscriptions/sub_fine'))
    expect(new URLSearchParams(cancel?.split('?')[1])).toEqual(new URLSearchParams({ prorate: 'true', invoice_now: 'true' }))
    await expect(provider.cancelSubscriptionNow('sub_active')).rejects.toMatchObject({ status: 502 })
  })
})
