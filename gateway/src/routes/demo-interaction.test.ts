// POST /api/track/demo-interaction (SPEC §7, issue 18) at the gateway: public (no session is asked
// for, none is needed), forwarded to analytics with the client's address in the signed identity,
// its small body limit enforced here, and analytics' 429 passed on with Retry-After.
import { DEMO_INTERACTION_BODY_LIMIT_BYTES, DEMO_INTERACTION_TOO_LARGE_MESSAGE } from '@valueproof/contracts'
import { createInProcessEventBus } from '@valueproof/event-bus'
import { clientIp, createApp, createLogger, gatewayOnly, listen, optionalUserId, Router, type RunningServer } from '@valueproof/http-kit'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { inProcessTransport } from '../proxy/transport.ts'
import { createGateway, type Gateway } from '../server.ts'
import type { ServiceName } from './api-routes.ts'

const KEY = 'd'.repeat(40)
const PATH = '/api/track/demo-interaction'
const logger = createLogger({ name: 'test', level: 'silent' })

interface Received {
  path: string
  clientIp: string
  userId: number | null
  body: string
}

/** What the analytics stand-in was sent, and what every other service was asked (nothing, here). */
const received: Received[] = []
const otherCalls: string[] = []
let refuseNext = false

function analyticsStandIn(): ReturnType<typeof inProcessTransport> {
  const router = new Router()
  router.post('/track/demo-interaction', async (ctx) => {
    const chunks: Buffer[] = []
    for await (const chunk of ctx.req) chunks.push(chunk as Buffer)
    received.push({
      path: ctx.path,
      clientIp: clientIp(ctx),
      userId: optionalUserId(ctx) ?? null,
      body: Buffer.concat(chunks).toString('utf8'),
    })
    if (refuseNext) {
      ctx.status = 429
      ctx.set('Retry-After', '42')
      ctx.body = { message: 'Too many demo interactions from your network. Please try again in 42 second(s).' }
      return
    }
    ctx.status = 202
    ctx.body = {}
  })
  const app = createApp({ name: 'analytics-stand-in', logger, readiness: [], routers: [router], before: [gatewayOnly(KEY)] })
  return inProcessTransport(app.callback())
}

function elsewhere(): ReturnType<typeof inProcessTransport> {
  return inProcessTransport((request, response) => {
    otherCalls.push(`${request.method ?? ''} ${request.url ?? ''}`)
    response.statusCode = 500
    response.end()
  })
}

describe('the demo-interaction call at the gateway', () => {
  let gateway: Gateway
  let server: RunningServer

  beforeAll(async () => {
    const services = Object.fromEntries(
      (['identity', 'calculator', 'proposal', 'billing'] as ServiceName[]).map((name) => [name, elsewhere()]),
    ) as Record<ServiceName, ReturnType<typeof inProcessTransport>>
    services.analytics = analyticsStandIn()
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
    refuseNext = false
  })

  const post = (init: { body?: string; headers?: Record<string, string> } = {}) =>
    fetch(`${server.url}${PATH}`, {
      method: 'POST',
      headers: { origin: server.url, 'content-type': 'application/json', ...init.headers },
      ...(init.body !== undefined ? { body: init.body } : {}),
    })

  it('forwards a visitor without a session to analytics, with the client address and no user', async () => {
    const response = await post({ body: '{}' })
    expect(response.status).toBe(202)
    expect(await response.json()).toEqual({})
    expect(received).toEqual([{ path: '/track/demo-interaction', clientIp: '127.0.0.1', userId: null, body: '{}' }])
    expect(otherCalls).toEqual([])
  })

  it('never asks for the session: a stale or forged cookie changes nothing', async () => {
    const response = await post({ headers: { cookie: 'vp_session=forged.token' } })
    expect(response.status).toBe(202)
    expect(received).toHaveLength(1)
    expect(received[0]?.userId).toBeNull()
    expect(otherCalls).toEqual([])
  })

  it('refuses a body over the limit itself, with its message, without reaching analytics', async () => {
    const body = JSON.stringify({ padding: 'x'.repeat(DEMO_INTERACTION_BODY_LIMIT_BYTES) })
    const response = await post({ body })
    expect(response.status).toBe(413)
    expect(await response.json()).toEqual({ message: DEMO_INTERACTION_TOO_LARGE_MESSAGE })
    expect(received).toEqual([])
  })

  it("passes analytics' refusal on with its Retry-After", async () => {
    refuseNext = true
    const response = await post({ body: '{}' })
    expect(response.status).toBe(429)
    expect(response.headers.get('retry-after')).toBe('42')
    expect(await response.json()).toEqual({ message: 'Too many demo interactions from your network. Please try again in 42 second(s).' })
  })

  it('refuses the call from another site, as every state-changing call', async () => {
    const response = await post({ body: '{}', headers: { origin: 'https://elsewhere.example' } })
    expect(response.status).toBe(403)
    expect(received).toEqual([])
  })
})
