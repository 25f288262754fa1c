// The owner's management routes (issue 15) through the gateway, on the embedded stack: each answers
// the contract's shape, an owner-only call needs a session, and a call's body is checked before
// anything changes. The flows themselves (revoke → 410, expiry, duplicate, the access-code limit)
// are in tests/integration/proposals.test.ts.
import { createdProposalSchema, proposalListEntrySchema, proposalRecordSchema } from '@valueproof/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, GOOD_PASSWORD, uniqueUsername } from '../../../../../tests/integration/support/http-client.ts'
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
})
