// The owner's management routes (issue 15) through the gateway, on the embedded stack: each answers
// the contract's shape, an owner-only call needs a session, and a call's body is checked before
// anything changes. The flows themselves (revoke → 410, expiry, duplicate, the access-code limit)
// are in tests/integration/proposals.test.ts. Opening a proposal shows the branding of its owner's
// current plan (issue 16, docs/decisions/105). The list counts prospects' views (issue 18), which
// the proposal page's view beacon records (issue 19; the beacon itself is tested in views.test.ts).
import {
  createdProposalSchema,
  productBranding,
  proposalListEntrySchema,
  proposalRecordSchema,
  userRecordSchema,
} from '@valueproof/contracts'
import { eventually } from '@valueproof/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, GOOD_PASSWORD, uniqueUsername } from '../../../../../tests/integration/support/http-client.ts'
import { publishPlanChange, SubscriptionChange } from '../../../../../tests/integration/support/plan-events.ts'
import { openAndReport } from '../../../../../tests/integration/support/proposals.ts'
import { startTestStack, type TestStack } from '../../../../../tests/integration/support/stack.ts'
import { supportTriageCalculator } from '../../testing/calculators.ts'

describe('proposal management routes', () => {
  let stack: TestStack
  let owner: ApiClient

  beforeAll(async () => {
    stack = await startTestStack('pglite+in-process')
    owner = new ApiClient(stack.url)
    expect((await owner.post('/api/register', { username: uniqueUsername('routes'), password: GOOD_PASSWORD })).status).toBe(201)
  })
  afterAll(async () => {
    await stack?.close()
  })

  async function shared(body: Record<string, unknown> = {}): Promise<string> {
    const response = await owner.post('/api/proposals', { title: 'Routes', calculatorData: supportTriageCalculator, ...body })
    expect(response.status, await response.clone().text()).toBe(201)
    return createdProposalSchema.parse(await response.json()).id
  }

  it('answers PATCH and revoke with exactly the list entry, duplicate with exactly the new id, DELETE with no body', async () => {
    const id = await shared({ expiresAt: '2030-01-01T12:00:00+02:00' })
    const patched = await owner.patch(`/api/proposals/${id}`, { title: 'Renamed' })
    expect(patched.status).toBe(200)
    expect(proposalListEntrySchema.strict().parse(await patched.json())).toMatchObject({
      id,
      title: 'Renamed',
      expiresAt: '2030-01-01T10:00:00.000Z',
      revokedAt: null,
    })
    // Revoke takes no body; an empty JSON object from a client is no error.
    const revoked = await owner.post(`/api/proposals/${id}/revoke`, {})
    expect(revoked.status).toBe(200)
    expect(proposalListEntrySchema.strict().parse(await revoked.json()).revokedAt).not.toBeNull()
    const duplicated = await owner.post(`/api/proposals/${id}/duplicate`)
    expect(duplicated.status).toBe(201)
    expect(createdProposalSchema.strict().parse(await duplicated.json()).id).not.toBe(id)
    const removed = await owner.request('DELETE', `/api/proposals/${id}`)
    expect([removed.status, await removed.text()]).toEqual([204, ''])
  })

  it('gives the owner the link’s end in the proposal record, and a visitor nothing of it', async () => {
    const id = await shared({ expiresAt: '2030-01-01T00:00:00Z' })
    const own = proposalRecordSchema.parse(await (await owner.get(`/api/proposals/${id}`)).json())
    expect([own.expiresAt, own.revokedAt]).toEqual(['2030-01-01T00:00:00.000Z', null])
    const visitor = (await (await new ApiClient(stack.url).get(`/api/proposals/${id}`)).json()) as Record<string, unknown>
    expect(Object.keys(visitor)).not.toContain('expiresAt')
    expect(Object.keys(visitor)).not.toContain('revokedAt')
  })

  it('refuses a management call from another site and a body that is not JSON', async () => {
    const id = await shared()
    const crossSite = await owner.request('POST', `/api/proposals/${id}/revoke`, { headers: { origin: 'https://evil.example' } })
    expect(crossSite.status).toBe(403)
    const notJson = await owner.request('PATCH', `/api/proposals/${id}`, { body: 'title=x', headers: { 'content-type': 'text/plain' } })
    expect(notJson.status).toBe(415)
    const list = proposalListEntrySchema.array().parse(await (await owner.get('/api/proposals')).json())
    expect(list.find((entry) => entry.id === id)).toMatchObject({ title: 'Routes', revokedAt: null })
  })

  it('shows a prospect the owner’s rename, new expiry, revoke and delete at once, though prospects’ opens are cached', async () => {
    const [renamed, ended, revoked, deleted] = [await shared(), await shared(), await shared(), await shared()]
    const prospect = new ApiClient(stack.url)
    const titleOf = async (id: string) => proposalRecordSchema.parse(await (await prospect.get(`/api/proposals/${id}`)).json()).title
    for (const id of [renamed, ended, revoked, deleted]) expect(await titleOf(id)).toBe('Routes')
    expect((await owner.patch(`/api/proposals/${renamed}`, { title: 'Renamed' })).status).toBe(200)
    expect((await owner.patch(`/api/proposals/${ended}`, { expiresAt: '2020-01-01T00:00:00Z' })).status).toBe(200)
    expect((await owner.post(`/api/proposals/${revoked}/revoke`)).status).toBe(200)
    expect((await owner.request('DELETE', `/api/proposals/${deleted}`)).status).toBe(204)
    expect(await titleOf(renamed)).toBe('Renamed')
    const statuses = await Promise.all([ended, revoked, deleted].map(async (id) => (await prospect.get(`/api/proposals/${id}`)).status))
    expect(statuses).toEqual([410, 410, 404])
  })

  it("lists each proposal's prospect views, a moment after they happen, never counting the owner's own", async () => {
    const id = await shared()
    const untouched = await shared()
    const viewsOf = (expected: number) =>
      eventually(async () => {
        const list = proposalListEntrySchema
          .strict()
          .array()
          .parse(await (await owner.get('/api/proposals')).json())
        const views = list.find((entry) => entry.id === id)?.views
        return views === expected ? list : undefined
      })
    expect((await viewsOf(0)).find((entry) => entry.id === untouched)?.views).toBe(0)

    const colleague = new ApiClient(stack.url)
    expect((await colleague.post('/api/register', { username: uniqueUsername('colleague'), password: GOOD_PASSWORD })).status).toBe(201)
    for (const client of [owner, new ApiClient(stack.url), owner, colleague, new ApiClient(stack.url)]) {
      expect((await openAndReport(client, id)).counted).toBe(client !== owner)
    }
    // Views are written in order, so once the last prospect's is counted the owner's before it were seen too.
    await viewsOf(3)
    await openAndReport(owner, id)
    await openAndReport(new ApiClient(stack.url), id)
    const list = await viewsOf(4)
    expect(list.find((entry) => entry.id === untouched)?.views).toBe(0)
    // The owner's calls answer the same entry, views included.
    const renamed = await owner.patch(`/api/proposals/${id}`, { title: 'Viewed' })
    expect(proposalListEntrySchema.strict().parse(await renamed.json())).toMatchObject({ id, title: 'Viewed', views: 4 })
  })

  it("shows a Pro owner's branding, ValueProof's once the subscription ended, and theirs again on resubscribing", async () => {
    const seller = new ApiClient(stack.url)
    const registration = await seller.post('/api/register', { username: uniqueUsername('brand'), password: GOOD_PASSWORD })
    const userId = userRecordSchema.parse(await registration.json()).id
    const planIs = (plan: string) => async () =>
      userRecordSchema.parse(await (await seller.get('/api/user')).json()).plan === plan ? true : undefined
    await publishPlanChange(stack, { userId, change: SubscriptionChange.ACTIVATED, version: 1 })
    await eventually(planIs('pro'))
    const company = { companyName: 'Acme AB', companyWebsite: 'https://acme.example' }
    const contact = { contactName: 'Anna Berg', contactEmail: 'anna@acme.example' }
    expect((await seller.patch('/api/profile', { ...company, ...contact })).status).toBe(200)
    // The contact is stamped at sharing (decision 102): share once the profile event has arrived.
    const { schema } = stack.databases.proposal
    const inProposals = (name: string) => (schema ? `"${schema}".${name}` : name)
    await eventually(async () => {
      const rows = await stack.databases.proposal.query<Array<{ contact_email: string | null }>>(
        `SELECT contact_email FROM ${inProposals('user_account')} WHERE user_id = $1`,
        userId,
      )
      return rows[0]?.contact_email === contact.contactEmail ? true : undefined
    })

    const created = await seller.post('/api/proposals', { title: 'Branded', calculatorData: supportTriageCalculator })
    const { id } = createdProposalSchema.parse(await created.json())
    const prospect = new ApiClient(stack.url)
    const brandingFor = async (client: ApiClient): Promise<unknown> => {
      const record = proposalRecordSchema.parse(await (await client.get(`/api/proposals/${id}`)).json())
      return (record.calculatorData as { branding?: unknown }).branding
    }
    /** The branding the prospect and the owner are shown, once both equal `expected`. */
    const shown = (expected: Record<string, string>) =>
      eventually(async () => {
        const brandings = await Promise.all([brandingFor(prospect), brandingFor(seller)])
        return brandings.every((branding) => JSON.stringify(branding) === JSON.stringify(expected)) ? brandings : undefined
      })
    await shown({ ...company, ...contact })

    await publishPlanChange(stack, { userId, change: SubscriptionChange.ENDED, version: 2 })
    await shown({ ...productBranding(), ...contact })
    // The link keeps working, and what was stored is unchanged.
    const rows = await stack.databases.proposal.query<Array<{ calculator_data: { branding: unknown } }>>(
      `SELECT calculator_data FROM ${inProposals('proposal')} WHERE id = $1`,
      id,
    )
    expect(rows[0]?.calculator_data.branding).toEqual({ ...company, ...contact })

    await publishPlanChange(stack, { userId, change: SubscriptionChange.ACTIVATED, version: 3 })
    await eventually(planIs('pro'))
    await shown({ ...company, ...contact })
  })
})
