// GET /api/live on the real NATS bus: a prospect's view (decision 111) and a prospect's agreement
// (issue 20) reach the owner's open app on every gateway replica, and nothing else does; a flood
// of views is one event a proposal a minute, and repeats and suspect views are none (decision 119).
import { randomBytes } from 'node:crypto'
import { LIVE_PROPOSAL_AGREED_EVENT, LIVE_PROPOSAL_VIEWED_EVENT, LIVE_STREAMS_PER_USER, SESSION_TOKEN_HEADER } from '@valueproof/contracts'
import {
  createInProcessEventBus,
  createNatsEventBus,
  encodeEvent,
  proposalAgreed,
  proposalViewed,
  sessionRevoked,
  type EventBus,
} from '@valueproof/event-bus'
import { createApp, createLogger, gatewayOnly, listen, Router, type RunningServer } from '@valueproof/http-kit'
import { eventually, infra, needs } from '@valueproof/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inProcessTransport, type ServiceTransport } from '../proxy/transport.ts'
import type { ServiceName } from '../routes/api-routes.ts'
import { createGateway, type Gateway } from '../server.ts'
import { sessionIdOf } from '../sessions/session-cache.ts'
import { SUPERSEDED_RECONNECT_MS } from './live-streams.ts'
import { LIVE_VIEW_MAX_AGE_MS } from './proposal-viewed.ts'
import { openEventStream, type OpenedStream } from './testing/event-stream.ts'

const available = await needs('nats')
const KEY = 'l'.repeat(40)
const logger = createLogger({ name: 'test', level: 'silent' })
const namespace = `tlive${randomBytes(4).toString('hex')}`
const ALICE = 101
const BOB = 102
/** Session cookie tokens the identity stand-in knows, and whose they are. */
const sessionsOf: Record<string, number> = { 'alice-laptop': ALICE, 'alice-phone': ALICE, 'bob-laptop': BOB }

/** Identity's GET /sessions/current for the tokens above (a real gateway asks it the same way). */
function identityStandIn(): ServiceTransport {
  const router = new Router()
  router.get('/sessions/current', (ctx) => {
    const token = ctx.get(SESSION_TOKEN_HEADER)
    const userId = sessionsOf[token]
    if (userId === undefined) {
      ctx.status = 401
      ctx.body = { message: 'Not signed in' }
      return
    }
    ctx.body = { sessionId: sessionIdOf(token), userId, expiresAt: new Date(Date.now() + 3_600_000).toISOString() }
  })
  const app = createApp({ name: 'identity-stand-in', logger, readiness: [], routers: [router], before: [gatewayOnly(KEY)] })
  return inProcessTransport(app.callback())
}

function unusedService(): ServiceTransport {
  return inProcessTransport((_request, response) => {
    response.statusCode = 500
    response.end()
  })
}

/** Waits until what the gateway reports comes true. */
const until = (condition: () => boolean, timeoutMs = 2000) => eventually(() => Promise.resolve(condition() ? true : undefined), timeoutMs)

const buses: EventBus[] = []
function newBus(name: string): EventBus {
  // Events expire soon after the run: the streams live on the shared NATS server.
  const bus = createNatsEventBus({ servers: infra.natsUrl, name, namespace, duplicateWindowMs: 60_000, maxAgeMs: 300_000 })
  buses.push(bus)
  return bus
}

interface Replica {
  gateway: Gateway
  server: RunningServer
}

/** A gateway replica: its own connection to the bus, as in its own pod (or the embedded stack's bus). */
async function startReplica(name: string, keepaliveMs?: number, bus: EventBus = newBus(name)): Promise<Replica> {
  const services = Object.fromEntries(
    (['calculator', 'proposal', 'billing', 'analytics'] as ServiceName[]).map((service) => [service, unusedService()]),
  ) as Record<ServiceName, ServiceTransport>
  services.identity = identityStandIn()
  const gateway = createGateway({
    logger,
    bus,
    services,
    webDistDir: '/nonexistent',
    sessionCacheTtlMs: 60_000,
    signingKey: KEY,
    ...(keepaliveMs === undefined ? {} : { liveKeepaliveMs: keepaliveMs }),
  })
  await gateway.start()
  return { gateway, server: await listen(gateway.app, { port: 0, host: '127.0.0.1' }) }
}

async function stopReplica(replica: Replica | undefined): Promise<void> {
  if (!replica) return
  replica.gateway.endLiveStreams()
  await replica.server.close(2000)
  await replica.gateway.stop()
}

describe.skipIf(!available)('GET /api/live', () => {
  let first: Replica
  let second: Replica
  let proposalService: EventBus
  const opened: OpenedStream[] = []

  const open = async (replica: Replica, token?: string) => {
    const stream = await openEventStream(replica.server.url, token)
    opened.push(stream)
    return stream
  }

  const view = (props: { proposalId: string; ownerUserId: number; viewer: 'owner' | 'visitor'; viewedAt?: Date; counting?: string }) =>
    proposalService.publish(
      encodeEvent(proposalViewed, {
        proposalId: props.proposalId,
        ownerUserId: props.ownerUserId,
        viewer: props.viewer,
        visitorId: props.viewer === 'visitor' ? 'visitor-of-the-test-22' : '',
        visitId: 'visit-1',
        viewedAt: { seconds: BigInt(Math.floor((props.viewedAt ?? new Date()).getTime() / 1000)), nanos: 0 },
        counting: props.counting ?? (props.viewer === 'visitor' ? 'counted' : ''),
      }),
    )

  beforeAll(async () => {
    proposalService = newBus('proposal-service')
    first = await startReplica('gateway-1', 100)
    second = await startReplica('gateway-2')
  })

  afterAll(async () => {
    for (const stream of opened) stream.close()
    await stopReplica(first)
    await stopReplica(second)
    await Promise.all(buses.map((bus) => bus.drain()))
  })

  it('answers 401 with a message without a session, or with one identity does not know', async () => {
    for (const headers of [{}, { cookie: 'vp_session=forged-token' }] as Array<Record<string, string>>) {
      const response = await fetch(`${first.server.url}/api/live`, { headers })
      expect(response.status).toBe(401)
      expect(await response.json()).toEqual({ message: 'You are not signed in' })
    }
    expect(first.gateway.live.count()).toBe(0)
  })

  it('opens an event stream nothing may buffer, cache or transform', async () => {
    const stream = await open(first, 'bob-laptop')
    expect(stream.status).toBe(200)
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    expect(stream.headers.get('cache-control')).toBe('no-cache, no-transform')
    expect(stream.headers.get('x-accel-buffering')).toBe('no')
    expect(stream.headers.get('content-encoding')).toBeNull()
    // The browser's wait before reconnecting, spread over 2 to 5 s.
    await until(() => stream.retryMs !== undefined)
    expect(stream.retryMs).toBeGreaterThanOrEqual(2000)
    expect(stream.retryMs).toBeLessThan(5000)
    // Keepalive comments (every 100 ms on this replica) keep idle proxies from closing it.
    await until(() => stream.comments >= 3)
    stream.close()
  })

  it("pushes a prospect's view to its owner within 2 s, with the proposal and the time only", async () => {
    const stream = await open(first, 'alice-laptop')
    const viewedAt = new Date()
    const published = performance.now()
    await view({ proposalId: 'p-alice-1', ownerUserId: ALICE, viewer: 'visitor', viewedAt })
    const event = await stream.next(2000)
    expect(performance.now() - published).toBeLessThan(2000)
    expect(event.event).toBe(LIVE_PROPOSAL_VIEWED_EVENT)
    expect(JSON.parse(event.data)).toEqual({
      proposalId: 'p-alice-1',
      viewedAt: new Date(Math.floor(viewedAt.getTime() / 1000) * 1000).toISOString(),
      views: 1,
    })
    expect(event.data).not.toContain('visitor')
  })

  it("pushes neither the owner's own view, nor other users' proposals, nor a view long past", async () => {
    const alice = await open(first, 'alice-laptop')
    const bob = await open(first, 'bob-laptop')
    await view({ proposalId: 'p-alice-2', ownerUserId: ALICE, viewer: 'owner' })
    await view({ proposalId: 'p-bob-1', ownerUserId: BOB, viewer: 'visitor' })
    await view({
      proposalId: 'p-alice-3',
      ownerUserId: ALICE,
      viewer: 'visitor',
      viewedAt: new Date(Date.now() - LIVE_VIEW_MAX_AGE_MS - 60_000),
    })
    // Events reach a replica in order: once this one arrives, the three before it were handled.
    await view({ proposalId: 'p-alice-4', ownerUserId: ALICE, viewer: 'visitor' })
    expect(JSON.parse((await alice.next()).data)).toMatchObject({ proposalId: 'p-alice-4' })
    expect(alice.events.map((event) => JSON.parse(event.data) as { proposalId: string })).toEqual([
      expect.objectContaining({ proposalId: 'p-alice-4' }),
    ])
    expect(JSON.parse((await bob.next()).data)).toMatchObject({ proposalId: 'p-bob-1' })
    expect(bob.events).toHaveLength(1)
  })

  it('pushes a flood of counted views of a proposal once in the minute, on every replica; repeats and suspect views never', async () => {
    const onFirst = await open(first, 'alice-laptop')
    const onSecond = await open(second, 'alice-phone')
    // A repeat and a suspect view first: neither is news, nor opens the minute.
    await view({ proposalId: 'p-alice-flood', ownerUserId: ALICE, viewer: 'visitor', counting: 'repeat' })
    await view({ proposalId: 'p-alice-flood', ownerUserId: ALICE, viewer: 'visitor', counting: 'suspect' })
    for (let index = 0; index < 30; index += 1) {
      await view({ proposalId: 'p-alice-flood', ownerUserId: ALICE, viewer: 'visitor' })
      await view({ proposalId: 'p-alice-flood', ownerUserId: ALICE, viewer: 'visitor', counting: index % 2 === 0 ? 'repeat' : 'suspect' })
    }
    // Events reach a replica in order: once this one arrives, the flood before it was handled.
    await view({ proposalId: 'p-alice-after-the-flood', ownerUserId: ALICE, viewer: 'visitor' })
    for (const stream of [onFirst, onSecond]) {
      await until(() => stream.events.length === 2)
      expect(stream.events.map((event) => JSON.parse(event.data) as { proposalId: string; views: number })).toEqual([
        expect.objectContaining({ proposalId: 'p-alice-flood', views: 1 }),
        expect.objectContaining({ proposalId: 'p-alice-after-the-flood', views: 1 }),
      ])
      stream.close()
    }
  })

  it('delivers on every replica: the owner has a tab on each of two gateways', async () => {
    const onFirst = await open(first, 'alice-laptop')
    const onSecond = await open(second, 'alice-phone')
    await view({ proposalId: 'p-alice-5', ownerUserId: ALICE, viewer: 'visitor' })
    const [one, two] = await Promise.all([onFirst.next(), onSecond.next()])
    expect(JSON.parse(one.data)).toMatchObject({ proposalId: 'p-alice-5' })
    expect(JSON.parse(two.data)).toMatchObject({ proposalId: 'p-alice-5' })
  })

  it("pushes a prospect's agreement to its owner on every replica, however late, without who agreed", async () => {
    const onFirst = await open(first, 'alice-laptop')
    const onSecond = await open(second, 'alice-phone')
    const bob = await open(first, 'bob-laptop')
    // Agreed long ago (the bus was away): still news, unlike a view.
    const agreedAt = new Date(Date.now() - 3_600_000)
    await proposalService.publish(
      encodeEvent(proposalAgreed, {
        proposalId: 'p-alice-agreed',
        ownerUserId: ALICE,
        scenario: 'conservative',
        version: 2,
        agreementHash: 'f'.repeat(64),
        agreedAt: { seconds: BigInt(Math.floor(agreedAt.getTime() / 1000)), nanos: 0 },
      }),
    )
    const [one, two] = await Promise.all([onFirst.next(), onSecond.next()])
    for (const event of [one, two]) {
      expect(event.event).toBe(LIVE_PROPOSAL_AGREED_EVENT)
      expect(JSON.parse(event.data)).toEqual({
        proposalId: 'p-alice-agreed',
        agreedAt: new Date(Math.floor(agreedAt.getTime() / 1000) * 1000).toISOString(),
        scenario: 'conservative',
      })
    }
    // Bob's stream got nothing: once the view after it arrives, the agreement was handled.
    await view({ proposalId: 'p-bob-3', ownerUserId: BOB, viewer: 'visitor' })
    expect(JSON.parse((await bob.next()).data)).toMatchObject({ proposalId: 'p-bob-3' })
    expect(bob.events.map((event) => event.event)).toEqual([LIVE_PROPOSAL_VIEWED_EVENT])
    for (const stream of [onFirst, onSecond, bob]) stream.close()
  })

  it(`closes the oldest stream when a user opens more than ${LIVE_STREAMS_PER_USER} on one replica`, async () => {
    await until(() => second.gateway.live.count(BOB) === 0)
    const streams: OpenedStream[] = []
    for (let tab = 0; tab <= LIVE_STREAMS_PER_USER; tab += 1) streams.push(await open(second, 'bob-laptop'))
    const [oldest, ...rest] = streams
    await oldest?.ended
    expect(second.gateway.live.count(BOB)).toBe(LIVE_STREAMS_PER_USER)
    // Told to come back much later, so that the oldest tabs do not keep displacing each other.
    expect(oldest?.retryMs).toBe(SUPERSEDED_RECONNECT_MS)
    await view({ proposalId: 'p-bob-2', ownerUserId: BOB, viewer: 'visitor' })
    const received = await Promise.all(rest.map((stream) => stream.next()))
    expect(received.map((event) => (JSON.parse(event.data) as { proposalId: string }).proposalId)).toEqual(
      Array(LIVE_STREAMS_PER_USER).fill('p-bob-2'),
    )
    expect(oldest?.events).toEqual([])
    for (const stream of rest) stream.close()
  })

  it('forgets a stream when the client goes away', async () => {
    const before = first.gateway.live.count(BOB)
    const stream = await open(first, 'bob-laptop')
    expect(first.gateway.live.count(BOB)).toBe(before + 1)
    stream.close()
    await until(() => first.gateway.live.count(BOB) === before)
  })

  it("ends a revoked session's streams on every replica, and only that session's", async () => {
    const laptop = await open(first, 'alice-laptop')
    const phone = await open(second, 'alice-phone')
    await proposalService.publish(encodeEvent(sessionRevoked, { sessionId: sessionIdOf('alice-laptop'), userId: ALICE, reason: 'logout' }))
    await laptop.ended
    await view({ proposalId: 'p-alice-6', ownerUserId: ALICE, viewer: 'visitor' })
    expect(JSON.parse((await phone.next()).data)).toMatchObject({ proposalId: 'p-alice-6' })
    expect(laptop.events).toEqual([])
  })

  it('ends its streams as shutdown begins, so neither the HTTP close nor stop() waits for them', async () => {
    const replica = await startReplica('gateway-3')
    const streams = [await open(replica, 'alice-laptop'), await open(replica, 'bob-laptop')]
    const started = performance.now()
    replica.gateway.endLiveStreams()
    await replica.server.close(10_000)
    await replica.gateway.stop()
    await Promise.all(streams.map((stream) => stream.ended))
    expect(performance.now() - started).toBeLessThan(1000)
  })
})

describe('GET /api/live on the in-process bus (npm start without NATS_URL)', () => {
  it("pushes a prospect's view to its owner", async () => {
    const bus = createInProcessEventBus({ logger })
    const replica = await startReplica('embedded', undefined, bus)
    try {
      const stream = await openEventStream(replica.server.url, 'alice-laptop')
      await bus.publish(
        encodeEvent(proposalViewed, {
          proposalId: 'p-embedded',
          ownerUserId: ALICE,
          viewer: 'visitor',
          viewedAt: { seconds: BigInt(Math.floor(Date.now() / 1000)), nanos: 0 },
        }),
      )
      expect(JSON.parse((await stream.next()).data)).toMatchObject({ proposalId: 'p-embedded' })
    } finally {
      await stopReplica(replica)
      await bus.drain()
    }
  })
})
