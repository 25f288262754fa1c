// What the gateway tells services about a request: signed, and with the client's address taken
// from the trusted proxy hops only — never from what the client wrote into its own headers.
import { createInProcessEventBus } from '@valueproof/event-bus'
import {
  clientIp,
  createApp,
  createLogger,
  gatewayOnly,
  listen,
  optionalUserId,
  Router,
  visitorIdOf,
  type RunningServer,
} from '@valueproof/http-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inProcessTransport } from '../proxy/transport.ts'
import { createGateway, type Gateway } from '../server.ts'
import type { ServiceName } from './api-routes.ts'

const KEY = 's'.repeat(40)
const logger = createLogger({ name: 'test', level: 'silent' })

/** A proposal service stand-in that only answers signed requests and echoes who the gateway says is asking. */
function echoService(): ReturnType<typeof inProcessTransport> {
  const router = new Router()
  router.get('/proposals/:id', (ctx) => {
    ctx.body = { ip: clientIp(ctx), userId: optionalUserId(ctx) ?? null, visitor: visitorIdOf(ctx) !== undefined }
  })
  const app = createApp({ name: 'echo', logger, readiness: [], routers: [router], before: [gatewayOnly(KEY)] })
  return inProcessTransport(app.callback())
}

async function startGateway(props: { trustProxy: boolean; hops?: number }): Promise<{ gateway: Gateway; server: RunningServer }> {
  const transport = echoService()
  const services = Object.fromEntries(
    (['identity', 'calculator', 'proposal', 'billing', 'analytics', 'notification'] as ServiceName[]).map((name) => [name, transport]),
  ) as Record<ServiceName, typeof transport>
  const gateway = createGateway({
    logger,
    bus: createInProcessEventBus({ logger }),
    services,
    webDistDir: '/nonexistent',
    sessionCacheTtlMs: 1000,
    trustProxy: props.trustProxy,
    ...(props.hops !== undefined ? { trustedProxyHops: props.hops } : {}),
    signingKey: KEY,
  })
  await gateway.start()
  return { gateway, server: await listen(gateway.app, { port: 0, host: '127.0.0.1' }) }
}

describe.each([
  { trustProxy: false, hops: undefined, forwarded: '203.0.113.66, 198.51.100.7', expected: '127.0.0.1' },
  { trustProxy: true, hops: undefined, forwarded: '203.0.113.66, 198.51.100.7', expected: '198.51.100.7' },
  { trustProxy: true, hops: 1, forwarded: '1.1.1.1, 2.2.2.2, 3.3.3.3, 198.51.100.7', expected: '198.51.100.7' },
  { trustProxy: true, hops: 2, forwarded: '203.0.113.66, 198.51.100.7, 10.0.0.2', expected: '198.51.100.7' },
])('the client address with TRUST_PROXY=$trustProxy and $hops hop(s)', ({ trustProxy, hops, forwarded, expected }) => {
  let running: { gateway: Gateway; server: RunningServer }
  beforeAll(async () => {
    running = await startGateway({ trustProxy, ...(hops !== undefined ? { hops } : {}) })
  })
  afterAll(async () => {
    await running.server.close()
    await running.gateway.stop()
  })

  it(`is ${expected} for X-Forwarded-For: ${forwarded}`, async () => {
    const response = await fetch(`${running.server.url}/api/proposals/abc`, { headers: { 'x-forwarded-for': forwarded } })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ ip: expected, userId: null, visitor: true })
  })

  it('ignores identity headers the client sends itself', async () => {
    const forged = {
      'x-valueproof-identity': 'v1.eyJ1IjoxfQ.AAAA',
      'x-user-id': '1',
      'x-client-ip': '10.9.9.9',
      'x-forwarded-for': forwarded,
    }
    const response = await fetch(`${running.server.url}/api/proposals/abc`, { headers: forged })
    expect(await response.json()).toEqual({ ip: expected, userId: null, visitor: true })
  })
})
