// Each prospect move on a linked proposal becomes one note on its HubSpot deal, on PostgreSQL and a
// local fake HubSpot answering the real client: the figures and a link, once however often an event
// is delivered; a revoked token shows in the status and stops notes until the seller connects again.
import {
  proposalAgreed,
  proposalDeleted,
  proposalPdfDownloaded,
  proposalViewed,
  subscriptionChanged,
  userEmailChanged,
} from '@valueproof/event-bus'
import { eventually, needs } from '@valueproof/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORIGIN, startNotification, type NotificationUnderTest } from '../testing/service.ts'
import { UNREADABLE_TOKEN_REASON } from './connection.ts'
import { startFakeHubspot, type FakeHubspot, type ReceivedNote } from './testing/fake-hubspot.ts'
import { hubspotTokenCipher } from './token-cipher.ts'
import { accessToken, hubspotSeller, proposalId } from './testing/seller.ts'

const NOTE_TO_DEAL = 214

describe.skipIf(!(await needs('postgres')))('HubSpot notes on linked deals', () => {
  let hubspot: FakeHubspot
  let service: NotificationUnderTest
  let nextDeal = 8000
  beforeAll(async () => {
    hubspot = await startFakeHubspot()
    service = await startNotification({ HUBSPOT_API_URL: hubspot.url, LATER_OPENS_WINDOW_MINUTES: 60 })
  })
  afterAll(async () => {
    await service?.close()
    await hubspot?.close()
  })

  /** A Pro seller with HubSpot connected and a proposal linked to a deal of their own. */
  async function linked() {
    const userId = await hubspotSeller(service, 'pro')
    const token = accessToken()
    hubspot.addToken(token, 555)
    const dealId = String(nextDeal++)
    hubspot.addDeal({ id: dealId, name: `Deal ${dealId}` })
    const id = proposalId()
    expect((await service.call('PUT', '/notifications/hubspot', { userId, body: { accessToken: token } })).status).toBe(200)
    expect((await service.call('PUT', `/notifications/hubspot/links/${id}`, { userId, body: { dealId } })).status).toBe(200)
    return { userId, token, dealId, proposalId: id }
  }

  function notesOn(dealId: string): ReceivedNote[] {
    return hubspot.notes.filter((note) => note.deals.some((deal) => deal.id === dealId))
  }

  async function noteCount(dealId: string, count: number): Promise<ReceivedNote[]> {
    return eventually(() => Promise.resolve(notesOn(dealId).length >= count ? notesOn(dealId) : undefined))
  }

  /** Waits until no note of the seller is pending, so "no second note" is a fact and not a race. */
  async function settled(userId: number): Promise<void> {
    await eventually(async () =>
      (await service.prisma.hubspotNote.count({ where: { userId, status: 'pending' } })) === 0 ? true : undefined,
    )
  }

  function agreement(link: { userId: number; proposalId: string }) {
    return {
      proposalId: link.proposalId,
      ownerUserId: link.userId,
      scenario: 'expected',
      version: 1,
      title: 'Support desk automation',
      yearlyValue: 48_000,
      currency: 'USD',
      agreedByName: 'Dana Scully',
    }
  }

  it('makes an agreement one note on the deal with the figures and a link to its analytics, once however often it is delivered', async () => {
    const link = await linked()
    const eventId = await service.publish(proposalAgreed, agreement(link))
    const [note] = await noteCount(link.dealId, 1)
    expect(note?.deals).toEqual([{ id: link.dealId, typeId: NOTE_TO_DEAL }])
    expect(note?.token).toBe(link.token)
    expect(note?.body).toContain('A prospect agreed to &quot;Support desk automation&quot;')
    expect(note?.body).toContain('Scenario: Expected')
    expect(note?.body).toContain('Yearly value: $48,000')
    expect(note?.body).toContain('Agreed by: Dana Scully')
    expect(note?.body).toContain(`href="${ORIGIN}/analytics/${link.proposalId}"`)
    await service.publish(proposalAgreed, agreement(link), { id: eventId })
    await service.publish(proposalAgreed, agreement(link), { id: eventId })
    await settled(link.userId)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(notesOn(link.dealId)).toHaveLength(1)
    expect(await service.prisma.hubspotNote.findMany({ where: { userId: link.userId } })).toMatchObject([
      { status: 'sent', noteId: note?.id },
    ])
  })

  it("writes the note in the seller's language", async () => {
    const link = await linked()
    await service.publish(userEmailChanged, { userId: link.userId, verifiedEmail: '', language: 'sv' })
    await eventually(async () =>
      (await service.prisma.seller.findUnique({ where: { userId: link.userId } }))?.language === 'sv' ? true : undefined,
    )
    await service.publish(proposalAgreed, { ...agreement(link), currency: 'SEK', yearlyValue: 480_000 })
    const [note] = await noteCount(link.dealId, 1)
    expect(note?.body).toContain('En kund har godkänt ”Support desk automation”')
    expect(note?.body).toContain('Godkänt av: Dana Scully')
    expect(note?.body).toMatch(/Värde per år: 480\s000\skr/)
  })

  it('notes the first open, the later opens gathered, and a PDF download', async () => {
    const link = await linked()
    const view = { proposalId: link.proposalId, ownerUserId: link.userId, viewer: 'visitor', counting: 'counted', title: 'Pilot' }
    await service.publish(proposalViewed, view)
    const [first] = await noteCount(link.dealId, 1)
    expect(first?.body).toContain('A prospect opened &quot;Pilot&quot; for the first time.')
    await service.publish(proposalViewed, view)
    await service.publish(proposalViewed, view)
    await eventually(async () =>
      (await service.prisma.pendingOpens.findUnique({ where: { proposalId: link.proposalId } }))?.opens === 2 ? true : undefined,
    )
    service.advance(61 * 60_000)
    const later = await noteCount(link.dealId, 2)
    expect(later[1]?.body).toContain('&quot;Pilot&quot; was opened 2 more times since the last e-mail.')
    await service.publish(proposalPdfDownloaded, {
      proposalId: link.proposalId,
      ownerUserId: link.userId,
      viewer: 'visitor',
      scenario: 'optimistic',
      title: 'Pilot',
    })
    const all = await noteCount(link.dealId, 3)
    expect(all[2]?.body).toContain('A prospect downloaded &quot;Pilot&quot; as a PDF.')
    expect(all[2]?.body).toContain('Scenario: Optimistic')
  })

  it("owes nothing for an unlinked proposal, an owner's own view, or a link to a proposal that is someone else's", async () => {
    const link = await linked()
    const other = proposalId()
    await service.publish(proposalAgreed, agreement({ userId: link.userId, proposalId: other }))
    await service.publish(proposalViewed, { proposalId: link.proposalId, ownerUserId: link.userId, viewer: 'owner', title: 'Pilot' })
    // The link's proposal turns out to be another seller's: their agreement is not told on this deal.
    await service.publish(proposalAgreed, agreement({ userId: link.userId + 1, proposalId: link.proposalId }))
    await eventually(async () => ((await service.prisma.proposal.findUnique({ where: { id: link.proposalId } })) ? true : undefined))
    await eventually(async () =>
      (await service.prisma.mail.count({ where: { userId: link.userId, kind: 'agreed' } })) === 1 ? true : undefined,
    )
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(await service.prisma.hubspotNote.count({ where: { userId: link.userId } })).toBe(0)
    expect(notesOn(link.dealId)).toHaveLength(0)
  })

  it('retries a note HubSpot fails with a 5xx, with backoff, and creates it once', async () => {
    const link = await linked()
    hubspot.failNotes(1, 503)
    await service.publish(proposalAgreed, agreement(link))
    const row = await eventually(async () => {
      const note = await service.prisma.hubspotNote.findFirst({ where: { userId: link.userId } })
      return note !== null && note.attempts === 1 ? note : undefined
    })
    expect(row.status).toBe('pending')
    expect(row.lastError).toMatch(/503/)
    expect(row.nextAttemptAt.getTime() - service.now().getTime()).toBeGreaterThan(20_000)
    service.advance(40_000)
    await noteCount(link.dealId, 1)
    await settled(link.userId)
    expect(notesOn(link.dealId)).toHaveLength(1)
  })

  it('shows a revoked token (401) in the status and stops notes until the seller connects again', async () => {
    const link = await linked()
    hubspot.revoke(link.token)
    await service.publish(proposalAgreed, agreement(link))
    const status = await eventually(async () => {
      const answer = (await (await service.call('GET', '/notifications/hubspot', { userId: link.userId })).json()) as {
        connected: boolean
        lastError?: { message: string; at: string }
      }
      return answer.lastError === undefined ? undefined : answer
    })
    expect(status).toMatchObject({
      connected: false,
      portalId: '555',
      lastError: { message: expect.stringMatching(/HubSpot refused the access token \(401\)/) as string },
    })
    // Held, not lost: more moves are owed, none is sent while the token is refused.
    await service.publish(proposalPdfDownloaded, {
      proposalId: link.proposalId,
      ownerUserId: link.userId,
      viewer: 'visitor',
      scenario: 'expected',
      title: 'T',
    })
    await eventually(async () => ((await service.prisma.hubspotNote.count({ where: { userId: link.userId } })) === 2 ? true : undefined))
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(notesOn(link.dealId)).toHaveLength(0)
    expect((await service.call('GET', '/notifications/hubspot/deals?q=deal', { userId: link.userId })).status).toBe(409)

    const fresh = accessToken()
    hubspot.addToken(fresh, 555)
    expect((await service.call('PUT', '/notifications/hubspot', { userId: link.userId, body: { accessToken: fresh } })).status).toBe(200)
    const notes = await noteCount(link.dealId, 2)
    expect(notes.map((note) => note.token)).toEqual([fresh, fresh])
    expect(await (await service.call('GET', '/notifications/hubspot', { userId: link.userId })).json()).toEqual({
      connected: true,
      portalId: '555',
      connectedAt: expect.any(String) as string,
    })
  })

  it('holds notes and asks to connect again when the stored token no longer opens (the signing key changed)', async () => {
    const link = await linked()
    const other = hubspotTokenCipher('another-signing-key-0123456789abcdef0123').encrypt(link.userId, link.token)
    await service.prisma.hubspotConnection.update({ where: { userId: link.userId }, data: { accessToken: other } })
    await service.publish(proposalAgreed, agreement(link))
    const connection = await eventually(async () => {
      const row = await service.prisma.hubspotConnection.findUnique({ where: { userId: link.userId } })
      return row?.revokedAt ? row : undefined
    })
    expect(connection.lastError).toBe(UNREADABLE_TOKEN_REASON)
    expect(await service.prisma.hubspotNote.findFirst({ where: { userId: link.userId } })).toMatchObject({ status: 'pending' })
    expect(notesOn(link.dealId)).toHaveLength(0)
  })

  it('sends no note about a deleted proposal', async () => {
    const link = await linked()
    await service.publish(proposalDeleted, { proposalId: link.proposalId, userId: link.userId })
    await eventually(async () =>
      (await service.prisma.proposal.findUnique({ where: { id: link.proposalId } }))?.deletedAt ? true : undefined,
    )
    await service.publish(proposalAgreed, agreement(link))
    const row = await eventually(async () => {
      const note = await service.prisma.hubspotNote.findFirst({ where: { userId: link.userId } })
      return note !== null && note.status !== 'pending' ? note : undefined
    })
    expect(row).toMatchObject({ status: 'skipped', lastError: 'proposal deleted' })
    expect(notesOn(link.dealId)).toHaveLength(0)
  })

  it('sends no note for a seller who is no longer Pro', async () => {
    const link = await linked()
    await service.publish(subscriptionChanged, { userId: link.userId, plan: 'free', status: 'canceled', version: 2n })
    await eventually(async () =>
      (await service.prisma.sellerPlan.findUnique({ where: { userId: link.userId } }))?.plan === 'free' ? true : undefined,
    )
    await service.publish(proposalAgreed, agreement(link))
    const row = await eventually(async () => {
      const note = await service.prisma.hubspotNote.findFirst({ where: { userId: link.userId } })
      return note !== null && note.status !== 'pending' ? note : undefined
    })
    expect(row).toMatchObject({ status: 'skipped', lastError: 'HubSpot is part of Pro' })
    expect(notesOn(link.dealId)).toHaveLength(0)
    // An older event delivered late does not move the plan back.
    await service.publish(subscriptionChanged, { userId: link.userId, plan: 'pro', status: 'active', version: 1n })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect((await service.prisma.sellerPlan.findUnique({ where: { userId: link.userId } }))?.plan).toBe('free')
  })
})
