import Router from '@koa/router'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from './app.ts'
import {
  gatewayOnly,
  IDENTITY_HEADER,
  IDENTITY_TTL_MS,
  signIdentity,
  UNSIGNED_CALLER_MESSAGE,
  verifyIdentity,
} from './forwarded-identity.ts'
import { clientIp, currentUserId, optionalUserId, requireUser, visitorIdOf } from './http.ts'
import { listen, type RunningServer } from './lifecycle.ts'

const KEY = 'k'.repeat(40)
const OTHER_KEY = 'o'.repeat(40)

describe('signIdentity / verifyIdentity', () => {
  const request = { method: 'GET', path: '/proposals?x=1' }
  const now = 1_800_000_000_000

  it('round-trips the identity for the same method and path within its lifetime', () => {
    const header = signIdentity(KEY, request, { userId: 7, visitorId: 'visitor-1', clientIp: '203.0.113.9' }, now)
    expect(verifyIdentity(KEY, header, request, now + IDENTITY_TTL_MS - 1)).toEqual({
      userId: 7,
      visitorId: 'visitor-1',
      clientIp: '203.0.113.9',
    })
  })

  it('refuses another key, another method or path, an expired or tampered identity and junk', () => {
    const header = signIdentity(KEY, request, { userId: 7, clientIp: '203.0.113.9' }, now)
    const [version, body, signature] = header.split('.') as [string, string, string]
    const forgedBody = Buffer.from(JSON.stringify({ m: 'GET', p: '/proposals?x=1', e: now + 1000, u: 1, ip: '1.2.3.4' })).toString(
      'base64url',
    )
    const refused: Array<[string, string | undefined, { method: string; path: string }, number]> = [
      ['other key', signIdentity(OTHER_KEY, request, { userId: 7, clientIp: 'a' }, now), request, now],
      ['other method', header, { method: 'POST', path: request.path }, now],
      ['other path', header, { method: 'GET', path: '/proposals?x=2' }, now],
      ['expired', header, request, now + IDENTITY_TTL_MS + 1],
      ['made far in the future', signIdentity(KEY, request, { clientIp: 'a' }, now + 10 * IDENTITY_TTL_MS), request, now],
      ['swapped payload', `${version}.${forgedBody}.${signature}`, request, now],
      ['cut signature', `${version}.${body}.${signature.slice(0, 10)}`, request, now],
      ['extra part', `${header}.x`, request, now],
      ['other version', `v2.${body}.${signature}`, request, now],
      ['absent', undefined, request, now],
      ['a plain user id', '1', request, now],
    ]
    for (const [what, value, at, when] of refused) expect(verifyIdentity(KEY, value, at, when), what).toBeUndefined()
    expect(verifyIdentity(KEY, header, request, now)).toBeDefined()
  })
})

describe('gatewayOnly', () => {
  let server: RunningServer
  beforeAll(async () => {
    const router = new Router()
    router.get('/me', requireUser(), (ctx) => {
      ctx.body = { userId: currentUserId(ctx), ip: clientIp(ctx) }
    })
    router.get('/who', (ctx) => {
      ctx.body = { userId: optionalUserId(ctx) ?? null, visitorId: visitorIdOf(ctx) ?? null, ip: clientIp(ctx) }
    })
    const app = createApp({
      name: 'identity-test',
      logger: pino({ level: 'silent' }),
      readiness: [],
      routers: [router],
      before: [gatewayOnly(KEY)],
    })
    server = await listen(app, { port: 0, host: '127.0.0.1' })
  })
  afterAll(async () => {
    await server?.close()
  })

  const call = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers })
  const signed = (path: string, identity: Parameters<typeof signIdentity>[2], key = KEY) => ({
    [IDENTITY_HEADER]: signIdentity(key, { method: 'GET', path }, identity),
  })

  it('passes the signed user, visitor and address to the handler', async () => {
    const me = await call('/me', signed('/me', { userId: 42, clientIp: '198.51.100.4' }))
    expect(me.status).toBe(200)
    expect(await me.json()).toEqual({ userId: 42, ip: '198.51.100.4' })
    const visitor = await call('/who', signed('/who', { visitorId: 'v-123', clientIp: '198.51.100.5' }))
    expect(await visitor.json()).toEqual({ userId: null, visitorId: 'v-123', ip: '198.51.100.5' })
  })

  it('answers 401 to unsigned, forged or replayed identities, whatever plain headers say', async () => {
    const forged: Array<Record<string, string>> = [
      {},
      { 'x-user-id': '1', 'x-client-ip': '10.0.0.1', 'x-visitor-id': 'abc' },
      signed('/me', { userId: 1, clientIp: '10.0.0.1' }, OTHER_KEY),
      signed('/who', { userId: 1, clientIp: '10.0.0.1' }),
    ]
    for (const headers of forged) {
      const response = await call('/me', headers)
      expect(response.status, JSON.stringify(headers)).toBe(401)
      expect(await response.json()).toEqual({ message: UNSIGNED_CALLER_MESSAGE })
    }
  })

  it('answers 401 from requireUser when the gateway signed no user', async () => {
    const response = await call('/me', signed('/me', { clientIp: '198.51.100.4' }))
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ message: 'You are not signed in' })
  })

  it('lets probes through unsigned', async () => {
    expect((await call('/healthz')).status).toBe(200)
    expect((await call('/readyz')).status).toBe(200)
  })
})
