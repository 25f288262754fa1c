// A seller's release of an agreement (issue 34) reaches analytics: the proposal shows as not
// agreed, a newer agreement shows again, and the two subjects' events may arrive in any order —
// a late agreed event of a released agreement is not noted again, a late release never clears a
// newer agreement, and a redelivered event counts once.
import { randomUUID } from 'node:crypto'
import { timestampFromDate } from '@bufbuild/protobuf/wkt'
import { proposalAgreed, proposalAgreementReleased } from '@valueproof/event-bus'
import { needs } from '@valueproof/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { delivered, newProposalId } from '../testing/events.ts'
import { startAnalytics, type AnalyticsUnderTest, type DatabaseKind } from '../testing/service.ts'
import { handleProposalAgreed } from './proposal-agreed.ts'
import { handleAgreementReleased } from './proposal-agreement-released.ts'

const kinds: DatabaseKind[] = (await needs('postgres')) ? ['PGlite', 'PostgreSQL'] : ['PGlite']
const OWNER = 31
const FIRST = new Date('2026-11-24T10:00:00.000Z')
const SECOND = new Date('2026-11-24T11:00:00.000Z')

describe.each(kinds)('agreements released by the seller, on %s', (kind) => {
  let analytics: AnalyticsUnderTest

  beforeAll(async () => {
    analytics = await startAnalytics(kind, () => new Date('2026-11-24T12:00:00.000Z'))
  })
  afterAll(async () => {
    await analytics?.close()
  })

  const agreed = (proposalId: string, at: Date, scenario = 'expected') =>
    handleProposalAgreed(
      analytics.prisma,
      analytics.dbSchema,
      delivered(proposalAgreed, {
        proposalId,
        ownerUserId: OWNER,
        scenario,
        version: 1,
        agreementHash: 'a'.repeat(64),
        agreedAt: timestampFromDate(at),
      }),
    )
  const released = (proposalId: string, at: Date, id = randomUUID()) =>
    handleAgreementReleased(
      analytics.prisma,
      analytics.dbSchema,
      delivered(
        proposalAgreementReleased,
        {
          proposalId,
          ownerUserId: OWNER,
          agreementHash: 'a'.repeat(64),
          agreedAt: timestampFromDate(at),
          releasedAt: timestampFromDate(new Date(at.getTime() + 60_000)),
        },
        { id },
      ),
    )
  const agreementOf = async (proposalId: string) => {
    const row = await analytics.prisma.proposal.findUnique({ where: { id: proposalId }, select: { agreedAt: true, agreedScenario: true } })
    return row === null ? undefined : { agreedAt: row.agreedAt?.toISOString() ?? null, scenario: row.agreedScenario }
  }

  it('forgets a released agreement and notes the next one', async () => {
    const id = newProposalId()
    await agreed(id, FIRST, 'conservative')
    expect(await agreementOf(id)).toEqual({ agreedAt: FIRST.toISOString(), scenario: 'conservative' })
    const eventId = randomUUID()
    await released(id, FIRST, eventId)
    await released(id, FIRST, eventId)
    expect(await agreementOf(id)).toEqual({ agreedAt: null, scenario: null })
    await agreed(id, SECOND, 'optimistic')
    expect(await agreementOf(id)).toEqual({ agreedAt: SECOND.toISOString(), scenario: 'optimistic' })
  })

  it('keeps a released agreement forgotten when its agreed event comes after the release', async () => {
    const id = newProposalId()
    await released(id, FIRST)
    await agreed(id, FIRST)
    expect(await agreementOf(id)).toEqual({ agreedAt: null, scenario: null })
  })

  it('never lets a late release, or a late older agreement, take the place of a newer agreement', async () => {
    const id = newProposalId()
    await agreed(id, SECOND, 'optimistic')
    await released(id, FIRST)
    await agreed(id, FIRST, 'conservative')
    expect(await agreementOf(id)).toEqual({ agreedAt: SECOND.toISOString(), scenario: 'optimistic' })
  })
})
