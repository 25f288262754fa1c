// The notification calls at the gateway (issue 39, decision 137): the settings are the signed-in
// seller's; the unsubscribe link needs no session (its signed token is the authority) and its POST
// is the one state-changing call another site may make (RFC 8058's one-click, from a mail provider);
// the development mailbox is public and its 404 passes on. Every other POST stays same-origin only.
import { SESSION_TOKEN_HEADER } from '@valueproof/contracts'
import { createInProcessEventBus } from '@valueproof/event-bus'
import { createApp, createLogger, gatewayOnly, listen, optionalUserId, Router, type RunningServer } from '@valueproof/http-kit'
import type { Context } from 'koa'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { inProcessTransport, type ServiceTransport } from '../proxy/transport.ts'
import { createGateway, type Gateway } from '../server.ts'
import { sessionIdOf } from '../sessions/session-cache.ts'
import { apiRoutes, type ServiceName } from './api-routes.ts'

const KEY = 'n'.repeat(40)
const SELLER = 301
const SELLER_TOKEN = 'seller-laptop'
const ONE_CLICK = 'List-Unsubscribe=One-Click'
const logger = createLogger({ name: 'test', level: 'silent' })

interface Received {
  call: string
  userId: number | null
  body: string
}

/** What the notification stand-in was sent, and what the services other than identity were asked. */
const received: Received[] = []
const otherCalls: string[] = []
let mailboxOn = true

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
  const app = createApp({ name: 'identity-stand-in', logger, readiness: [], routers: [router], before: [gatewayOnly(KEY)] })
  return inProcessTransport(app.callback())
}

async function record(ctx: Context): Promise<void> {
  const chunks: Buffer[] = []
  for await (const chunk of ctx.req) chunks.push(chunk as Buffer)
  received.push({ call: `${ctx.method} ${ctx.url}`, userId: optionalUserId(ctx) ?? null, body: Buffer.concat(chunks).toString('utf8') })
}

function notificationStandIn(): ServiceTransport {
  const router = new Router()
  router.register('/notifications/settings', ['GET', 'PUT'], async (ctx) => {
    await record(ctx)
    ctx.body = { firstOpen: true, laterOpens: true, agreed: true, pdfDownloaded: false, weeklyDigest: true }
  })
  router.register('/notifications/unsubscribe', ['GET', 'POST'], async (ctx) => {
    await record(ctx)
    ctx.body = { kind: 'agreed', unsubscribed: ctx.method === 'POST' }
  })
  router.get('/dev/mailbox', async (ctx) => {
    await record(ctx)
    if (!mailboxOn) {
      ctx.status = 404
      ctx.body = { message: 'The development mailbox is off' }
      return
    }
    ctx.body = { messages: [] }
  })
  const app = createApp({ name: 'notification-stand-in', logger, readiness: [], routers: [router], before: [gatewayOnly(KEY)] })
  return inProcessTransport(app.callback())
}

function elsewhere(): ServiceTransport {
  return inProcessTransport((request, response) => {
    otherCalls.push(`${request.method ?? ''} ${request.url ?? ''}`)
    response.statusCode = 200
    response.setHeader('content-type', 'application/json')
    response.end('{}')
  })
}

describe('the notification calls at the gateway', () => {
  let gateway: Gateway
  let server: RunningServer

  beforeAll(async () => {
    const services = Object.fromEntries(
      (['calculator', 'proposal', 'billing', 'analytics'] as ServiceName[]).map((name) => [name, elsewhere()]),
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
    otherCalls.length = 0
    mailboxOn = true
  })

  const call = (method: string, path: string, init: { body?: string; headers?: Record<string, string> } = {}) =>
    fetch(`${server.url}${path}`, { method, headers: init.headers ?? {}, ...(init.body !== undefined ? { body: init.body } : {}) })
  const signedIn = { cookie: `vp_session=${SELLER_TOKEN}` }
  /** What a mail provider's one-click unsubscribe sends: a form POST from its own servers, no Origin. */
  const oneClick = { 'content-type': 'application/x-www-form-urlencoded' }

  it("forwards the signed-in seller's settings calls with their user id", async () => {
    const read = await call('GET', '/api/notifications/settings', { headers: signedIn })
    expect(read.status).toBe(200)
    const write = await call('PUT', '/api/notifications/settings', {
      body: '{"agreed":false}',
      headers: { ...signedIn, origin: server.url, 'content-type': 'application/json' },
    })
    expect(write.status).toBe(200)
    expect(received).toEqual([
      { call: 'GET /notifications/settings', userId: SELLER, body: '' },
      { call: 'PUT /notifications/settings', userId: SELLER, body: '{"agreed":false}' },
    ])
  })

  it('answers 401 to settings calls without a session, and never asks the notification service', async () => {
    expect((await call('GET', '/api/notifications/settings')).status).toBe(401)
    const write = await call('PUT', '/api/notifications/settings', {
      body: '{"agreed":false}',
      headers: { origin: server.url, 'content-type': 'application/json', cookie: 'vp_session=forged' },
    })
    expect(write.status).toBe(401)
    expect(received).toEqual([])
  })

  it('forwards the unsubscribe GET with its token and without a user, signed in or not', async () => {
    expect((await call('GET', '/api/notifications/unsubscribe?token=abc.def')).status).toBe(200)
    expect((await call('GET', '/api/notifications/unsubscribe?token=abc.def', { headers: signedIn })).status).toBe(200)
    expect(received).toEqual([
      { call: 'GET /notifications/unsubscribe?token=abc.def', userId: null, body: '' },
      { call: 'GET /notifications/unsubscribe?token=abc.def', userId: null, body: '' },
    ])
  })

  it("accepts a mail provider's one-click POST: form-encoded, no Origin, no session", async () => {
    const response = await call('POST', '/api/notifications/unsubscribe?token=abc.def', { body: ONE_CLICK, headers: oneClick })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ kind: 'agreed', unsubscribed: true })
    expect(received).toEqual([{ call: 'POST /notifications/unsubscribe?token=abc.def', userId: null, body: ONE_CLICK }])
  })

  it('accepts the one-click POST from a browser on another site, too', async () => {
    const response = await call('POST', '/api/notifications/unsubscribe?token=abc.def', {
      body: ONE_CLICK,
      headers: { ...oneClick, origin: 'https://mail.example', 'sec-fetch-site': 'cross-site' },
    })
    expect(response.status).toBe(200)
    expect(received).toHaveLength(1)
  })

  it('still refuses the same cross-site POST at every other /api call', async () => {
    for (const path of ['/api/logout', '/api/track/demo-interaction', '/api/notifications/unsubscribe/x', '/api/notifications/settings']) {
      const response = await call('POST', path, { body: ONE_CLICK, headers: oneClick })
      expect(response.status, path).toBe(403)
      expect(await response.json(), path).toEqual({ message: 'Cross-origin requests are not allowed' })
    }
    const put = await call('PUT', '/api/notifications/settings', {
      body: '{"agreed":false}',
      headers: { ...signedIn, origin: 'https://elsewhere.example', 'content-type': 'application/json' },
    })
    expect(put.status).toBe(403)
    expect(received).toEqual([])
    expect(otherCalls).toEqual([])
  })

  it('refuses an unsubscribe body over its small limit without reaching the service', async () => {
    const response = await call('POST', '/api/notifications/unsubscribe?token=abc.def', { body: 'x'.repeat(2048), headers: oneClick })
    expect(response.status).toBe(413)
    expect(received).toEqual([])
  })

  it("forwards the development mailbox to anyone and passes on the service's 404 when it is off", async () => {
    expect((await call('GET', '/api/dev/mailbox')).status).toBe(200)
    mailboxOn = false
    const off = await call('GET', '/api/dev/mailbox')
    expect(off.status).toBe(404)
    expect(await off.json()).toEqual({ message: 'The development mailbox is off' })
    expect(received.map((entry) => entry.call)).toEqual(['GET /dev/mailbox', 'GET /dev/mailbox'])
  })

  it('lets only fixed paths be called from another site (the exemption matches paths exactly)', () => {
    const exempt = apiRoutes.filter((route) => route.crossSiteAllowed)
    expect(exempt.map((route) => `${route.method} ${route.path}`)).toEqual(['POST /api/notifications/unsubscribe'])
    expect(exempt.every((route) => !route.path.includes(':') && route.access === 'none')).toBe(true)
  })
})
