// A Pro seller's HubSpot calls at the gateway (issue 39, decision 138): every one is the signed-in
// seller's, forwarded to the notification service with their user id and body; without a session,
// or from another site, the service is never asked.
import { SESSION_TOKEN_HEADER } from '@valueproof/contracts'
import { createInProcessEventBus } from '@valueproof/event-bus'
import { createApp, createLogger, gatewayOnly, listen, optionalUserId, Router, type RunningServer } from '@valueproof/http-kit'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { inProcessTransport, type ServiceTransport } from '../proxy/transport.ts'
import { createGateway, type Gateway } from '../server.ts'
import { sessionIdOf } from '../sessions/session-cache.ts'
import type { ServiceName } from './api-routes.ts'

const KEY = 'h'.repeat(40)
const SELLER = 302
const SELLER_TOKEN = 'seller-desk'
const PROPOSAL = 'AbCdEfGhIjKlMnOpQrStUv'
const logger = createLogger({ name: 'test', level: 'silent' })
const received: Array<{ call: string; userId: number | null; body: string }> = []

function standIn(name: string, router: Router): ServiceTransport {
  const app = createApp({ name, logger, readiness: [], routers: [router], before: [gatewayOnly(KEY)] })
  return inProcessTransport(app.callback())
}

function identityStandIn(): ServiceTransport {
  const router = new Router()
  router.get('/sessions/current', (ctx) => {
    if (ctx.get(SESSION_TOKEN_HEADER) !== SELLER_TOKEN) {
      ctx.status = 401
      ctx.body = { message: 'Not signed in' }
      return
    }
    ctx.body = { sessionId: sessionIdOf(SELLER_TOKEN), userId: SELLER, expiresAt: new Date(Date.now() + 3_600_000).toISOString() }
  })
  return standIn('identity-stand-in', router)
}

function notificationStandIn(): ServiceTransport {
  const router = new Router()
  router.all(/^\/notifications\/hubspot/, async (ctx) => {
    const chunks: Buffer[] = []
    for await (const chunk of ctx.req) chunks.push(chunk as Buffer)
    received.push({ call: `${ctx.method} ${ctx.url}`, userId: optionalUserId(ctx) ?? null, body: Buffer.concat(chunks).toString('utf8') })
    ctx.body = { connected: false }
  })
  return standIn('notification-stand-in', router)
}

describe('the HubSpot calls at the gateway', () => {
  let gateway: Gateway
  let server: RunningServer

  beforeAll(async () => {
    const nowhere = inProcessTransport((_request, response) => {
      response.statusCode = 500
      response.end()
    })
    const services = Object.fromEntries(
      (['calculator', 'proposal', 'billing', 'analytics'] as ServiceName[]).map((name) => [name, nowhere]),
    ) as Record<ServiceName, ServiceTransport>
    services.identity = identityStandIn()
    services.notification = notificationStandIn()
    gateway = createGateway({
      logger,
      bus: createInProcessEventBus({ logger }),
      services,
      webDistDir: '/nonexistent',
      sessionCacheTtlMs: 1000,
      signingKey: KEY,
    })
    await gateway.start()
    server = await listen(gateway.app, { port: 0, host: '127.0.0.1' })
  })
  afterAll(async () => {
    await server?.close()
    await gateway?.stop()
  })
  beforeEach(() => {
    received.length = 0
  })

  const calls: Array<[method: string, path: string, body?: string]> = [
    ['GET', '/api/notifications/hubspot'],
    ['PUT', '/api/notifications/hubspot', '{"accessToken":"pat-eu1-x"}'],
    ['DELETE', '/api/notifications/hubspot'],
    ['GET', '/api/notifications/hubspot/deals?q=acme%20corp'],
    ['GET', `/api/notifications/hubspot/links/${PROPOSAL}`],
    ['PUT', `/api/notifications/hubspot/links/${PROPOSAL}`, '{"dealId":"7001"}'],
    ['DELETE', `/api/notifications/hubspot/links/${PROPOSAL}`],
  ]
  const send = (method: string, path: string, body: string | undefined, headers: Record<string, string>) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body }),
    })

  it("forwards each of the signed-in seller's calls with their user id, query and body", async () => {
    for (const [method, path, body] of calls) {
      const response = await send(method, path, body, { cookie: `vp_session=${SELLER_TOKEN}`, origin: server.url })
      expect(response.status, `${method} ${path}`).toBe(200)
    }
    expect(received).toEqual(
      calls.map(([method, path, body]) => ({ call: `${method} ${path.replace(/^\/api/, '')}`, userId: SELLER, body: body ?? '' })),
    )
  })

  it('answers 401 without a session and 403 from another site, never asking the service', async () => {
    for (const [method, path, body] of calls) {
      expect((await send(method, path, body, { origin: server.url })).status, `${method} ${path}`).toBe(401)
      if (method !== 'GET') {
        const crossSite = await send(method, path, body, { cookie: `vp_session=${SELLER_TOKEN}`, origin: 'https://elsewhere.example' })
        expect(crossSite.status, `${method} ${path} cross-site`).toBe(403)
      }
    }
    expect(received).toEqual([])
  })
})
