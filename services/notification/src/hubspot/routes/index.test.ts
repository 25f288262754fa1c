import { HUBSPOT_PRO_REQUIRED_CODE, HUBSPOT_PRO_REQUIRED_MESSAGE } from '@valueproof/contracts'
import { proposalAgreed } from '@valueproof/event-bus'
import { eventually, needs } from '@valueproof/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startNotification, type NotificationUnderTest } from '../../testing/service.ts'
import { startFakeHubspot, type FakeHubspot } from '../testing/fake-hubspot.ts'
import { accessToken, hubspotSeller, proposalId } from '../testing/seller.ts'

describe.skipIf(!(await needs('postgres')))('/notifications/hubspot', () => {
  let hubspot: FakeHubspot
  let service: NotificationUnderTest
  beforeAll(async () => {
    hubspot = await startFakeHubspot()
    service = await startNotification({ HUBSPOT_API_URL: hubspot.url })
    hubspot.addDeal({ id: '7001', name: 'Acme Corp – support desk', stage: 'presentationscheduled', amount: '120000' })
    hubspot.addDeal({ id: '7002', name: 'Acme Logistics renewal', stage: 'qualifiedtobuy' })
    hubspot.addDeal({ id: '7003', name: 'Globex pilot' })
  })
  afterAll(async () => {
    await service?.close()
    await hubspot?.close()
  })

  async function connected(portalId = 4242): Promise<{ userId: number; token: string }> {
    const userId = await hubspotSeller(service, 'pro')
    const token = accessToken()
    hubspot.addToken(token, portalId)
    const response = await service.call('PUT', '/notifications/hubspot', { userId, body: { accessToken: token } })
    expect(response.status).toBe(200)
    return { userId, token }
  }

  it('refuses a Free seller every call with 403, a message and the code the page tells apart', async () => {
    const userId = await hubspotSeller(service, 'free')
    const token = accessToken()
    hubspot.addToken(token, 1)
    const calls: Array<[method: 'GET' | 'PUT' | 'DELETE', path: string, body?: unknown]> = [
      ['GET', '/notifications/hubspot'],
      ['PUT', '/notifications/hubspot', { accessToken: token }],
      ['DELETE', '/notifications/hubspot'],
      ['GET', '/notifications/hubspot/deals?q=acme'],
      ['PUT', `/notifications/hubspot/links/${proposalId()}`, { dealId: '7001' }],
      ['DELETE', `/notifications/hubspot/links/${proposalId()}`],
    ]
    for (const [method, path, body] of calls) {
      const response = await service.call(method, path, { userId, ...(body === undefined ? {} : { body }) })
      expect(response.status, `${method} ${path}`).toBe(403)
      expect(await response.json()).toEqual({ message: HUBSPOT_PRO_REQUIRED_MESSAGE, code: HUBSPOT_PRO_REQUIRED_CODE })
    }
    expect(await service.prisma.hubspotConnection.findUnique({ where: { userId } })).toBeNull()
  })

  it('answers 401 without a signed-in seller', async () => {
    expect((await service.call('GET', '/notifications/hubspot')).status).toBe(401)
    expect((await service.call('PUT', '/notifications/hubspot', { body: { accessToken: accessToken() } })).status).toBe(401)
  })

  it('connects with a token HubSpot accepts, keeps it encrypted and never answers it', async () => {
    const { userId, token } = await connected(98765)
    const status: unknown = await (await service.call('GET', '/notifications/hubspot', { userId })).json()
    expect(status).toEqual({ connected: true, portalId: '98765', connectedAt: expect.any(String) as string })
    expect(JSON.stringify(status)).not.toContain(token)
    const row = await service.prisma.hubspotConnection.findUniqueOrThrow({ where: { userId } })
    expect(row.accessToken).not.toContain(token)
    expect(row.accessToken).toMatch(/^v1:[A-Za-z0-9_-]+$/)
    expect(hubspot.requests).toContain('GET /account-info/v3/details')
  })

  it('refuses a token HubSpot does not accept (400) and keeps nothing', async () => {
    const userId = await hubspotSeller(service, 'pro')
    const response = await service.call('PUT', '/notifications/hubspot', { userId, body: { accessToken: accessToken() } })
    expect(response.status).toBe(400)
    expect(((await response.json()) as { message: string }).message).toMatch(/HubSpot does not accept this access token/)
    expect(await service.prisma.hubspotConnection.findUnique({ where: { userId } })).toBeNull()
  })

  it('refuses a missing, empty, spaced or unknown-field body with 400', async () => {
    const userId = await hubspotSeller(service, 'pro')
    for (const body of [{}, { accessToken: '' }, { accessToken: 'pat eu1' }, { accessToken: 'x', extra: 1 }, { accessToken: 7 }]) {
      const response = await service.call('PUT', '/notifications/hubspot', { userId, body })
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect(((await response.json()) as { message: string }).message.length).toBeGreaterThan(0)
    }
  })

  it('searches deals by name through HubSpot', async () => {
    const { userId } = await connected()
    const response = await service.call('GET', '/notifications/hubspot/deals?q=acme', { userId })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual([
      { id: '7001', name: 'Acme Corp – support desk', stage: 'presentationscheduled', amount: '120000' },
      { id: '7002', name: 'Acme Logistics renewal', stage: 'qualifiedtobuy' },
    ])
    expect((await service.call('GET', '/notifications/hubspot/deals', { userId })).status).toBe(400)
    expect((await service.call('GET', `/notifications/hubspot/deals?q=${'a'.repeat(201)}`, { userId })).status).toBe(400)
  })

  it('answers 409 to a search before connecting', async () => {
    const userId = await hubspotSeller(service, 'pro')
    const response = await service.call('GET', '/notifications/hubspot/deals?q=acme', { userId })
    expect(response.status).toBe(409)
    expect(((await response.json()) as { message: string }).message).toBe('Connect HubSpot first')
  })

  it('links a proposal to a deal of the account, answers the link, and unlinks it', async () => {
    const { userId } = await connected()
    const id = proposalId()
    const linked = await service.call('PUT', `/notifications/hubspot/links/${id}`, { userId, body: { dealId: '7003' } })
    expect(linked.status).toBe(200)
    expect(await linked.json()).toEqual({
      proposalId: id,
      dealId: '7003',
      dealName: 'Globex pilot',
      linkedAt: expect.any(String) as string,
    })
    expect(await (await service.call('GET', `/notifications/hubspot/links/${id}`, { userId })).json()).toMatchObject({ dealId: '7003' })
    expect((await service.call('DELETE', `/notifications/hubspot/links/${id}`, { userId })).status).toBe(204)
    expect((await service.call('GET', `/notifications/hubspot/links/${id}`, { userId })).status).toBe(404)
    expect((await service.call('DELETE', `/notifications/hubspot/links/${id}`, { userId })).status).toBe(404)
  })

  it('refuses a deal the account does not have (404), a malformed deal or proposal id (400)', async () => {
    const { userId } = await connected()
    expect((await service.call('PUT', `/notifications/hubspot/links/${proposalId()}`, { userId, body: { dealId: '999999' } })).status).toBe(
      404,
    )
    expect((await service.call('PUT', `/notifications/hubspot/links/${proposalId()}`, { userId, body: { dealId: 'abc' } })).status).toBe(
      400,
    )
    expect((await service.call('PUT', '/notifications/hubspot/links/not-a-proposal', { userId, body: { dealId: '7001' } })).status).toBe(
      400,
    )
  })

  it("refuses to link a proposal the service knows as another seller's (404)", async () => {
    const { userId } = await connected()
    const someoneElses = proposalId()
    await service.publish(proposalAgreed, {
      proposalId: someoneElses,
      ownerUserId: userId + 1,
      scenario: 'expected',
      title: 'Theirs',
      currency: 'USD',
    })
    await eventually(async () => ((await service.prisma.proposal.findUnique({ where: { id: someoneElses } })) ? true : undefined))
    const response = await service.call('PUT', `/notifications/hubspot/links/${someoneElses}`, { userId, body: { dealId: '7001' } })
    expect(response.status).toBe(404)
    expect(await service.prisma.hubspotLink.count({ where: { userId } })).toBe(0)
  })

  it('disconnects: the token and the links are gone', async () => {
    const { userId } = await connected()
    await service.call('PUT', `/notifications/hubspot/links/${proposalId()}`, { userId, body: { dealId: '7001' } })
    const response = await service.call('DELETE', '/notifications/hubspot', { userId })
    expect(await response.json()).toEqual({ connected: false })
    expect(await service.prisma.hubspotConnection.findUnique({ where: { userId } })).toBeNull()
    expect(await service.prisma.hubspotLink.count({ where: { userId } })).toBe(0)
  })
})
