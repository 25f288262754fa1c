// Services trust only the gateway: each of the five services, reached directly — on its own
// process's port or on the loopback port of the one-process stack — answers a plain, forged,
// foreign-key or replayed identity with 401 and no data. Services listen on loopback only.
import { randomBytes } from 'node:crypto'
import { networkInterfaces } from 'node:os'
import { connect } from 'node:net'
import { IDENTITY_HEADER, signIdentity, UNSIGNED_CALLER_MESSAGE } from '@valueproof/http-kit'
import { needs } from '@valueproof/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, GOOD_PASSWORD, uniqueUsername } from '../integration/support/http-client.ts'
import { startTestStack, type TestStack } from '../integration/support/stack.ts'
import { startProcessStack, type ProcessStack } from './support/processes.ts'

/** The operator's bearer token, configured in both stacks: even with it, analytics answers only the gateway. */
const OPERATOR_TOKEN = randomBytes(32).toString('base64url')

/**
 * Calls to every service at its own paths, as the gateway would send them; `served` is what the
 * owner gets when the gateway signed the call (the control case), for the reads.
 */
const GUARDED = [
  { service: 'identity', method: 'GET', path: '/user', served: 200 },
  { service: 'identity', method: 'PATCH', path: '/profile', json: { companyName: 'Forged AB' } },
  { service: 'proposal', method: 'GET', path: '/proposals', served: 200 },
  { service: 'proposal', method: 'POST', path: '/proposals', json: { title: 'x', content: {}, calculatorData: {} } },
  { service: 'calculator', method: 'POST', path: '/analyze-text', json: { text: 'hello', complexity: 'simple', language: 'en' } },
  { service: 'calculator', method: 'POST', path: '/generate-value', json: { text: 'hello' } },
  { service: 'calculator', method: 'GET', path: '/calculators', served: 200 },
  { service: 'billing', method: 'GET', path: '/subscription', served: 200 },
  { service: 'billing', method: 'POST', path: '/subscription/cancel', json: {} },
  // A Free owner's dashboard is 403 pro_required: served, and not a 401.
  { service: 'analytics', method: 'GET', path: '/analytics/overview', served: 403 },
  { service: 'analytics', method: 'GET', path: '/analytics/operator', headers: { authorization: `Bearer ${OPERATOR_TOKEN}` }, served: 200 },
] as const

type GuardedCall = (typeof GUARDED)[number]

interface Target {
  url(service: GuardedCall['service']): string
  signingKey: string
  gatewayUrl: string
}

const FOREIGN_KEY = 'f'.repeat(43)

function forgeries(call: GuardedCall, key: string, userId: number): Array<[string, Record<string, string>]> {
  const asOwner = { userId, clientIp: '127.0.0.1' }
  return [
    ['no identity', {}],
    ['plain headers', { 'x-user-id': String(userId), 'x-client-ip': '10.0.0.1', 'x-visitor-id': 'abcdefghijklmnopqrstuv' }],
    ['another key', { [IDENTITY_HEADER]: signIdentity(FOREIGN_KEY, { method: call.method, path: call.path }, asOwner) }],
    ['signed for another path', { [IDENTITY_HEADER]: signIdentity(key, { method: call.method, path: `${call.path}?other` }, asOwner) }],
    ['signed for another method', { [IDENTITY_HEADER]: signIdentity(key, { method: 'DELETE', path: call.path }, asOwner) }],
    ['expired', { [IDENTITY_HEADER]: signIdentity(key, { method: call.method, path: call.path }, asOwner, Date.now() - 120_000) }],
  ]
}

async function direct(target: Target, call: GuardedCall, headers: Record<string, string>): Promise<Response> {
  const json = 'json' in call ? JSON.stringify(call.json) : undefined
  return fetch(new URL(call.path, target.url(call.service)), {
    method: call.method,
    headers: { ...('headers' in call ? call.headers : {}), ...headers, ...(json ? { 'content-type': 'application/json' } : {}) },
    body: json,
  })
}

function suite(name: string, start: () => Promise<{ target: Target; close(): Promise<void> }>): void {
  describe(name, () => {
    let running: { target: Target; close(): Promise<void> }
    let owner: { client: ApiClient; id: number }
    beforeAll(async () => {
      running = await start()
      const client = new ApiClient(running.target.gatewayUrl)
      expect((await client.post('/api/register', { username: uniqueUsername('owner'), password: GOOD_PASSWORD })).status).toBe(201)
      owner = { client, id: ((await (await client.get('/api/user')).json()) as { id: number }).id }
    }, 120_000)
    afterAll(async () => {
      await running?.close()
    })

    it('answers 401 to every forged identity at every service, and nothing leaks', async () => {
      for (const call of GUARDED) {
        for (const [what, headers] of forgeries(call, running.target.signingKey, owner.id)) {
          const response = await direct(running.target, call, headers)
          const text = await response.text()
          expect(response.status, `${call.service} ${call.method} ${call.path}: ${what}`).toBe(401)
          expect(JSON.parse(text), `${call.path}: ${what}`).toEqual({ message: UNSIGNED_CALLER_MESSAGE })
        }
      }
    })

    it('serves the same reads at every service when the gateway signed them (the control case)', async () => {
      const served = GUARDED.filter((call) => 'served' in call)
      expect(new Set(served.map((call) => call.service)).size).toBe(5)
      for (const call of served) {
        const headers = { [IDENTITY_HEADER]: signIdentity(running.target.signingKey, call, { userId: owner.id, clientIp: '127.0.0.1' }) }
        const response = await direct(running.target, call, headers)
        expect(response.status, `${call.service} ${call.method} ${call.path}`).toBe(call.served)
      }
      const call = GUARDED[2]
      const headers = { [IDENTITY_HEADER]: signIdentity(running.target.signingKey, call, { userId: owner.id, clientIp: '127.0.0.1' }) }
      expect(Array.isArray(await (await direct(running.target, call, headers)).json())).toBe(true)
    })

    it('lets probes through without an identity, with no internals', async () => {
      const response = await fetch(new URL('/readyz', running.target.url('proposal')))
      expect(response.status).toBe(200)
    })
  })
}

suite('the one-process stack (services on loopback ports)', async () => {
  const stack: TestStack = await startTestStack('pglite+in-process', { ANALYTICS_OPERATOR_TOKEN: OPERATOR_TOKEN })
  return {
    target: { url: (service) => stack.services[service].url, signingKey: stack.signingKey, gatewayUrl: stack.url },
    close: () => stack.close(),
  }
})

const separate = await needs('postgres', 'nats', 'minio')
const external = Object.values(networkInterfaces())
  .flat()
  .find((address) => address && address.family === 'IPv4' && !address.internal)
describe.runIf(separate)('services in their own processes', () => {
  let stack: ProcessStack
  beforeAll(async () => {
    stack = await startProcessStack({ analytics: { ANALYTICS_OPERATOR_TOKEN: OPERATOR_TOKEN } })
  }, 120_000)
  afterAll(async () => {
    await stack?.close()
  })

  suite('each service process', () =>
    Promise.resolve({
      target: { url: (service) => stack.processes[service].url, signingKey: stack.signingKey, gatewayUrl: stack.url },
      close: () => Promise.resolve(),
    }),
  )

  // A machine with no other interface than loopback has nothing to check here.
  it.runIf(external)('listens on loopback only: the machine’s other addresses refuse the connection', async () => {
    if (!external) throw new Error('unreachable')
    const port = Number(new URL(stack.processes.proposal.url).port)
    const outcome = await new Promise<string>((done) => {
      const socket = connect({ host: external.address, port })
      socket.once('connect', () => {
        socket.destroy()
        done('connected')
      })
      socket.once('error', (error: NodeJS.ErrnoException) => done(error.code ?? 'error'))
    })
    expect(outcome).toBe('ECONNREFUSED')
  })
})
