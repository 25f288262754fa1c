import { randomUUID } from 'node:crypto'
import { timestampFromDate } from '@bufbuild/protobuf/wkt'
import { decodeEvent, encodeEvent, userProfileUpdated, type DeliveredEvent } from '@valueproof/event-bus'
import type { UserProfileUpdatedSchema } from '@valueproof/proto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountOf } from '../domain/accounts.ts'
import { proposalTestDatabase } from '../testing/database.ts'
import { handleUserProfileUpdated } from './user-profile-updated.ts'

type Profile = Parameters<typeof encodeEvent<typeof UserProfileUpdatedSchema>>[1]

function delivered(profile: Profile, updatedAt: Date): DeliveredEvent<typeof UserProfileUpdatedSchema> {
  const envelope = encodeEvent(userProfileUpdated, { ...profile, updatedAt: timestampFromDate(updatedAt) })
  return {
    id: randomUUID(),
    subject: envelope.subject,
    message: decodeEvent(userProfileUpdated, envelope),
    headers: {},
    occurredAt: updatedAt,
    deliveryCount: 1,
  }
}

describe("the proposal service's copy of the profile", () => {
  let db: Awaited<ReturnType<typeof proposalTestDatabase>>
  beforeAll(async () => {
    db = await proposalTestDatabase()
  })
  afterAll(async () => {
    await db?.close()
  })

  it("keeps the seller's contact details with the company fields, newest event first", async () => {
    const contact = { contactName: 'Anna Berg', contactEmail: 'anna@acme.example', contactPhone: '+46 70 123 45 67' }
    await handleUserProfileUpdated(
      db.prisma,
      undefined,
      delivered({ userId: 41, companyName: 'Acme AB', ...contact }, new Date('2026-11-24T10:00:00Z')),
    )
    expect((await accountOf(db.prisma, 41)).profile).toEqual({
      companyName: 'Acme AB',
      companyLogo: null,
      companyWebsite: null,
      ...contact,
    })

    // A cleared field arrives as absent: the whole profile replaces the copy.
    await handleUserProfileUpdated(
      db.prisma,
      undefined,
      delivered({ userId: 41, contactName: 'Anna Berg' }, new Date('2026-11-24T11:00:00Z')),
    )
    expect((await accountOf(db.prisma, 41)).profile).toEqual({
      companyName: null,
      companyLogo: null,
      companyWebsite: null,
      contactName: 'Anna Berg',
      contactEmail: null,
      contactPhone: null,
    })

    // An older profile delivered late changes nothing.
    await handleUserProfileUpdated(db.prisma, undefined, delivered({ userId: 41, ...contact }, new Date('2026-11-24T10:30:00Z')))
    expect((await accountOf(db.prisma, 41)).profile.contactEmail).toBeNull()
  })
})
