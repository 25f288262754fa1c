// POST /track/engagement answers 202 only once the beacon is stored (docs/decisions/117): the events
// are in the database when the answer comes, and a beacon whose write fails is answered 503 with a
// message, never a 202 for something lost.
import { BEACON_TOKEN_TTL_MS } from '@valueproof/contracts'
import { qualifiedTable } from '@valueproof/db'
import { needs } from '@valueproof/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENGAGEMENT_NOT_RECORDED_MESSAGE } from '../../domain/engagement-recorder.ts'
import { newProposalId, newVisitId } from '../../testing/events.ts'
import { startAnalytics, type AnalyticsUnderTest, type DatabaseKind } from '../../testing/service.ts'

const kinds: DatabaseKind[] = (await needs('postgres')) ? ['PGlite', 'PostgreSQL'] : ['PGlite']

describe.each(kinds)('an engagement beacon is answered once stored, on %s', (kind) => {
  let analytics: AnalyticsUnderTest
  beforeAll(async () => {
    analytics = await startAnalytics(kind, () => new Date())
  })
  afterAll(async () => {
    await analytics?.close()
  })

  function beacon(proposalId: string, visitorId: string, visitId: string, seq: number) {
    const token = analytics.beaconToken({
      proposalId,
      ownerUserId: 3,
      viewer: 'visitor',
      visitorId,
      expiresAt: Date.now() + BEACON_TOKEN_TTL_MS,
    })
    const body = JSON.stringify({ proposalId, visitId, token, events: [{ type: 'heartbeat', seq, visibleMs: 4_000 }] })
    return analytics.post('/track/engagement', {
      clientIp: '192.0.2.9',
      visitorId,
      body,
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    })
  }
  const stored = (proposalId: string) => analytics.prisma.engagementEvent.count({ where: { proposalId } })

  it('stores the events before answering 202, and answers 503 with a message when the write fails', async () => {
    const proposalId = newProposalId()
    const visitorId = `visitor-${process.pid}-stored`
    const visitId = newVisitId()
    const first = await beacon(proposalId, visitorId, visitId, 0)
    expect(first.status, await first.clone().text()).toBe(202)
    expect(await stored(proposalId)).toBe(1)

    const table = qualifiedTable(analytics.dbSchema, 'engagement_event')
    await analytics.prisma.$executeRawUnsafe(`ALTER TABLE ${table} RENAME TO engagement_event_away`)
    let refused: Response
    try {
      refused = await beacon(proposalId, visitorId, visitId, 1)
    } finally {
      await analytics.prisma.$executeRawUnsafe(
        `ALTER TABLE ${qualifiedTable(analytics.dbSchema, 'engagement_event_away')} RENAME TO engagement_event`,
      )
    }
    expect(refused.status).toBe(503)
    expect(await refused.json()).toEqual({ message: ENGAGEMENT_NOT_RECORDED_MESSAGE })
    expect(await stored(proposalId)).toBe(1)

    // Sent again once the database takes writes: stored, and answered 202.
    const again = await beacon(proposalId, visitorId, visitId, 1)
    expect(again.status, await again.clone().text()).toBe(202)
    expect(await stored(proposalId)).toBe(2)
  })
})
