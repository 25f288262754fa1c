// POST /track/engagement and /track/conversion (issue 19): beacons are counted only for the visitor
// their token was signed for, as text/plain or JSON; Do Not Track, the owner's own page, a bad token,
// a bad body and a flood each get their answer and keep nothing; conversions count CTA clicks only.
import {
  BEACON_TOKEN_INVALID_MESSAGE,
  BEACON_TOKEN_TTL_MS,
  CONVERSION_TOO_LARGE_MESSAGE,
  ENGAGEMENT_BEACONS_PER_MINUTE,
  ENGAGEMENT_BODY_LIMIT_BYTES,
  ENGAGEMENT_TOO_LARGE_MESSAGE,
  type EngagementEvent,
} from '@valueproof/contracts'
import type { BeaconClaims } from '@valueproof/http-kit'
import { eventually, needs } from '@valueproof/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONVERSIONS_PER_WINDOW, TOO_MANY_CONVERSIONS_MESSAGE } from '../../domain/demo-interaction-limit.ts'
import { ENGAGEMENT_WINDOW_SECONDS, TOO_MANY_BEACONS_MESSAGE } from '../../domain/engagement-limit.ts'
import { newProposalId, newVisitId } from '../../testing/events.ts'
import { startAnalytics, type AnalyticsUnderTest, type DatabaseKind } from '../../testing/service.ts'

const kinds: DatabaseKind[] = (await needs('postgres')) ? ['PGlite', 'PostgreSQL'] : ['PGlite']
const OWNER = 11
const TEXT = { 'content-type': 'text/plain;charset=UTF-8' }
const JSON_TYPE = { 'content-type': 'application/json' }

let visitors = 0
const newVisitor = () => `visitor-${process.pid}-${(visitors += 1)}`

describe.each(kinds)('engagement beacons on %s', (kind) => {
  let analytics: AnalyticsUnderTest
  beforeAll(async () => {
    analytics = await startAnalytics(kind, () => new Date())
  })
  afterAll(async () => {
    await analytics?.close()
  })

  function claims(props: Partial<BeaconClaims> = {}): BeaconClaims {
    return {
      proposalId: newProposalId(),
      ownerUserId: OWNER,
      viewer: 'visitor',
      visitorId: newVisitor(),
      expiresAt: Date.now() + BEACON_TOKEN_TTL_MS,
      ...props,
    }
  }

  const heartbeats = (count: number, visibleMs = 10_000): EngagementEvent[] =>
    Array.from({ length: count }, (_, seq) => ({ type: 'heartbeat', seq, visibleMs }))

  /** A beacon for the visitor the token was signed for (unless another is named). */
  function send(
    token: BeaconClaims,
    props: { visitId?: string; events?: EngagementEvent[]; visitorId?: string; headers?: Record<string, string>; body?: string } = {},
  ) {
    const body =
      props.body ??
      JSON.stringify({
        proposalId: token.proposalId,
        visitId: props.visitId ?? newVisitId(),
        token: analytics.beaconToken(token),
        events: props.events ?? heartbeats(1),
      })
    const visitorId = props.visitorId ?? (token.visitorId === '' ? newVisitor() : token.visitorId)
    return analytics.post('/track/engagement', { clientIp: '192.0.2.1', visitorId, body, headers: props.headers ?? TEXT })
  }

  const storedFor = (proposalId: string) => analytics.prisma.engagementEvent.count({ where: { proposalId } })

  /** Sends a counted beacon and waits until it is stored: everything queued before it is written by then. */
  async function settle(): Promise<void> {
    const barrier = claims()
    expect((await send(barrier)).status).toBe(202)
    await eventually(async () => ((await storedFor(barrier.proposalId)) === 1 ? true : undefined))
  }

  it('counts a beacon sent as text/plain (sendBeacon) or JSON, and nothing about it beyond its events', async () => {
    const token = claims()
    const visitId = newVisitId()
    const events: EngagementEvent[] = [
      { type: 'heartbeat', seq: 0, visibleMs: 9_000 },
      { type: 'section', seq: 1, section: 'valueProposition', visibleMs: 3_000 },
      { type: 'input', seq: 2, name: 'hoursSaved', value: 15, figures: { monthly: 1500, yearly: 18000 } },
    ]
    const answer = await send(token, { visitId, events })
    expect(answer.status, await answer.clone().text()).toBe(202)
    expect(await answer.json()).toEqual({ counted: true })
    expect(answer.headers.get('cache-control')).toBe('no-store')
    const json = await send(token, { visitId, events: [{ type: 'heartbeat', seq: 3, visibleMs: 1_000 }], headers: JSON_TYPE })
    expect(await json.json()).toEqual({ counted: true })
    await eventually(async () => ((await storedFor(token.proposalId)) === 4 ? true : undefined))
    const visit = await analytics.prisma.visit.findUniqueOrThrow({ where: { visitId } })
    expect(visit).toMatchObject({ proposalId: token.proposalId, ownerUserId: OWNER, visitorId: token.visitorId, visibleMs: 10_000n })
    expect(visit.startedAt).toEqual(new Date(token.expiresAt - BEACON_TOKEN_TTL_MS))
  })

  it('keeps nothing under Do Not Track or Global Privacy Control, or from the owner’s own page', async () => {
    const token = claims()
    const signals: Array<Record<string, string>> = [{ dnt: '1' }, { 'sec-gpc': '1' }]
    for (const privacy of signals) {
      const answer = await send(token, { headers: { ...TEXT, ...privacy } })
      expect(answer.status).toBe(202)
      expect(await answer.json()).toEqual({ counted: false })
    }
    // The owner's token carries no visitor id; the owner's browser has one of its own.
    const owners = claims({ viewer: 'owner', visitorId: '', proposalId: token.proposalId })
    const answer = await send(owners, { visitorId: newVisitor() })
    expect(answer.status).toBe(202)
    expect(await answer.json()).toEqual({ counted: false })
    await settle()
    expect(await storedFor(token.proposalId)).toBe(0)
    expect(await analytics.prisma.visit.count({ where: { proposalId: token.proposalId } })).toBe(0)
  })

  it('refuses a forged, expired, or another proposal’s or visitor’s token with 403, keeping nothing', async () => {
    const token = claims()
    const refusals = [
      // Another visitor sends it.
      () => send(token, { visitorId: newVisitor() }),
      // Expired.
      () => send({ ...token, expiresAt: Date.now() - 1 }),
      // Another proposal's token for this proposal's id.
      () =>
        send(token, {
          body: JSON.stringify({
            proposalId: newProposalId(),
            visitId: newVisitId(),
            token: analytics.beaconToken(token),
            events: heartbeats(1),
          }),
        }),
      // Tampered: the claims changed, the signature kept.
      () => {
        const [version, , mac] = analytics.beaconToken(token).split('.')
        const forged = Buffer.from(
          JSON.stringify([token.proposalId, OWNER, 'visitor', token.visitorId, Date.now() + 10 * BEACON_TOKEN_TTL_MS]),
        ).toString('base64url')
        return send(token, {
          body: JSON.stringify({
            proposalId: token.proposalId,
            visitId: newVisitId(),
            token: `${version}.${forged}.${mac}`,
            events: heartbeats(1),
          }),
        })
      },
      // An owner's token passed off by someone whose visitor id is not in it is still only the owner's: not a visitor's.
      () => send(claims({ proposalId: token.proposalId, visitorId: '' })),
    ]
    for (const refusal of refusals) {
      const answer = await refusal()
      expect(answer.status).toBe(403)
      expect(await answer.json()).toEqual({ message: BEACON_TOKEN_INVALID_MESSAGE })
    }
    await settle()
    expect(await storedFor(token.proposalId)).toBe(0)
  })

  it('answers a clear 4xx for an oversized, malformed or ill-formed beacon, keeping nothing', async () => {
    const token = claims()
    const body = (events: unknown) =>
      JSON.stringify({ proposalId: token.proposalId, visitId: newVisitId(), token: analytics.beaconToken(token), events })
    const cases: Array<[string, Record<string, string>, number, string | RegExp]> = [
      [
        body(heartbeats(1)).replace('}', `,"padding":"${'x'.repeat(ENGAGEMENT_BODY_LIMIT_BYTES)}"}`),
        TEXT,
        413,
        ENGAGEMENT_TOO_LARGE_MESSAGE,
      ],
      ['{"proposalId":', TEXT, 400, 'Request body must be JSON'],
      ['{"proposalId":', JSON_TYPE, 400, 'Malformed JSON in request body'],
      [
        body(heartbeats(1)),
        { 'content-type': 'application/x-www-form-urlencoded' },
        415,
        'Content-Type must be application/json or text/plain',
      ],
      [body([]), TEXT, 400, /events/],
      [body(heartbeats(51)), TEXT, 400, /events/],
      [body([{ type: 'heartbeat', seq: 0, visibleMs: 600_000 }]), TEXT, 400, /visibleMs/],
      [body([{ type: 'input', seq: 0, name: 'drop table', value: 1 }]), TEXT, 400, /name/],
      [body([{ type: 'scroll', seq: 0 }]), TEXT, 400, /type/],
      [JSON.stringify({ proposalId: token.proposalId, visitId: 'short', token: 'x', events: heartbeats(1) }), TEXT, 400, /visitId/],
    ]
    for (const [text, headers, status, message] of cases) {
      const answer = await send(token, { body: text, headers })
      expect(answer.status, text.slice(0, 80)).toBe(status)
      expect(((await answer.json()) as { message: string }).message).toMatch(message)
    }
    await settle()
    expect(await storedFor(token.proposalId)).toBe(0)
  })

  it(`accepts ${ENGAGEMENT_BEACONS_PER_MINUTE} of 100 concurrent beacons from one visitor, storing exactly theirs`, async () => {
    const token = claims()
    const visitId = newVisitId()
    const answers = await Promise.all(
      Array.from({ length: 100 }, async (_, index) => {
        const answer = await send(token, { visitId, events: [{ type: 'heartbeat', seq: index, visibleMs: 1_000 }] })
        return { status: answer.status, retryAfter: answer.headers.get('retry-after'), body: (await answer.json()) as unknown }
      }),
    )
    expect(answers.filter((answer) => answer.status === 202)).toHaveLength(ENGAGEMENT_BEACONS_PER_MINUTE)
    const refused = answers.filter((answer) => answer.status === 429)
    expect(refused).toHaveLength(100 - ENGAGEMENT_BEACONS_PER_MINUTE)
    for (const answer of refused) {
      const seconds = Number(answer.retryAfter)
      expect(seconds).toBeGreaterThanOrEqual(1)
      expect(seconds).toBeLessThanOrEqual(ENGAGEMENT_WINDOW_SECONDS)
      expect(answer.body).toEqual({ message: `${TOO_MANY_BEACONS_MESSAGE} Please try again in ${seconds} second(s).` })
    }
    // Another visitor is not affected.
    await settle()
    expect(await storedFor(token.proposalId)).toBe(ENGAGEMENT_BEACONS_PER_MINUTE)
    const visit = await analytics.prisma.visit.findUniqueOrThrow({ where: { visitId } })
    expect(visit.visibleMs).toBe(BigInt(ENGAGEMENT_BEACONS_PER_MINUTE * 1_000))
  })
})

describe.each(kinds)('conversion events on %s', (kind) => {
  let analytics: AnalyticsUnderTest
  const clock = new Date('2026-11-24T12:00:00Z')
  beforeAll(async () => {
    analytics = await startAnalytics(kind, () => clock)
  })
  afterAll(async () => {
    await analytics?.close()
  })

  const convert = (clientIp: string, body: unknown, headers: Record<string, string> = JSON_TYPE) =>
    analytics.post('/track/conversion', { clientIp, body: typeof body === 'string' ? body : JSON.stringify(body), headers })
  const ctaClicks = async () =>
    (
      await analytics.prisma.dailyCount.findUnique({
        where: { day_metric: { day: new Date('2026-11-24T00:00:00Z'), metric: 'cta_click' } },
      })
    )?.count ?? 0

  it('counts CTA clicks per day; a SIGN_UP report, Do Not Track and bad bodies count nothing', async () => {
    const click = await convert('192.0.2.60', { event: 'CTA_CLICK', amount: 9.99, currency: 'USD' })
    expect(click.status).toBe(202)
    expect(await click.json()).toEqual({ counted: true })
    expect(await (await convert('192.0.2.60', '{"event":"CTA_CLICK"}', TEXT)).json()).toEqual({ counted: true })
    expect(await (await convert('192.0.2.60', { event: 'SIGN_UP' })).json()).toEqual({ counted: false })
    expect(await (await convert('192.0.2.60', { event: 'CTA_CLICK' }, { ...JSON_TYPE, dnt: '1' })).json()).toEqual({ counted: false })
    expect((await convert('192.0.2.60', { event: 'PURCHASE' })).status).toBe(400)
    expect((await convert('192.0.2.60', { event: 'CTA_CLICK', currency: 'usd' })).status).toBe(400)
    const tooLarge = await convert('192.0.2.60', { event: 'CTA_CLICK', padding: 'x'.repeat(2048) })
    expect(tooLarge.status).toBe(413)
    expect(await tooLarge.json()).toEqual({ message: CONVERSION_TOO_LARGE_MESSAGE })
    expect(await ctaClicks()).toBe(2)
  })

  it(`accepts ${CONVERSIONS_PER_WINDOW} a window from one address`, async () => {
    const before = await ctaClicks()
    const answers = await Promise.all(Array.from({ length: 40 }, () => convert('198.51.100.60', { event: 'CTA_CLICK' })))
    expect(answers.filter((answer) => answer.status === 202)).toHaveLength(CONVERSIONS_PER_WINDOW)
    const refusal = answers.find((answer) => answer.status === 429)
    expect(((await refusal?.json()) as { message: string }).message).toContain(TOO_MANY_CONVERSIONS_MESSAGE)
    await Promise.all(answers.flatMap((answer) => (answer.body && !answer.bodyUsed ? [answer.body.cancel()] : [])))
    expect(await ctaClicks()).toBe(before + CONVERSIONS_PER_WINDOW)
  })
})
