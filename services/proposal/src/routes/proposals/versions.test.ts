// After a prospect agreed (issue 20), on the embedded stack: the proposal is locked — PATCH, revoke
// and DELETE answer 409 and change nothing, the agreed version stays readable — and it is changed by
// making its next version (POST /api/proposals/{id}/versions), which only an agreed proposal gets.
// Before that, the seller sets or clears its scenarios with PATCH, checked against the calculator.
import {
  OWN_PROPOSAL_NOT_FOUND_MESSAGE,
  PROPOSAL_AGREED_LOCKED_MESSAGE,
  PROPOSAL_UPDATE_EMPTY_MESSAGE,
  PROPOSAL_VERSION_NOT_AGREED_MESSAGE,
  agreementSchema,
  createdProposalSchema,
  proposalListEntrySchema,
  proposalRecordSchema,
} from '@valueproof/contracts'
import { decodeEvent, proposalCreated } from '@valueproof/event-bus'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient } from '../../../../../tests/integration/support/http-client.ts'
import { outboxPayloads, registered, share } from '../../../../../tests/integration/support/proposals.ts'
import { startTestStack, type TestStack } from '../../../../../tests/integration/support/stack.ts'

describe('agreed proposals and their versions', () => {
  let stack: TestStack
  let owner: ApiClient

  beforeAll(async () => {
    stack = await startTestStack('pglite+in-process')
    ;({ client: owner } = await registered(stack, 'versions'))
  })
  afterAll(async () => {
    await stack?.close()
  })

  const recordOf = async (client: ApiClient, id: string, code?: string) => {
    const response = await client.get(`/api/proposals/${id}${code === undefined ? '' : `?code=${code}`}`)
    expect(response.status, await response.clone().text()).toBe(200)
    return proposalRecordSchema.parse(await response.json())
  }
  async function agreed(body: Record<string, unknown> = {}): Promise<{ id: string; agreedAt: string }> {
    const id = await share(owner, body)
    const code = typeof body.accessCode === 'string' ? `?code=${body.accessCode}` : ''
    const response = await new ApiClient(stack.url).post(`/api/proposals/${id}/agreement${code}`, {
      name: 'Petra Prospect',
      email: 'petra@buyer.example',
      scenario: 'expected',
      values: {},
    })
    expect(response.status, await response.clone().text()).toBe(201)
    return { id, agreedAt: agreementSchema.parse(await response.json()).agreedAt }
  }

  it('answers 409 to PATCH, revoke and DELETE of an agreed proposal, which stays as it was and opens for anyone', async () => {
    const { id } = await agreed()
    const before = await recordOf(owner, id)
    const calls = [
      () => owner.patch(`/api/proposals/${id}`, { title: 'Changed after agreeing' }),
      () => owner.patch(`/api/proposals/${id}`, { expiresAt: '2020-01-01T00:00:00Z' }),
      () => owner.patch(`/api/proposals/${id}`, { scenarios: null }),
      () => owner.post(`/api/proposals/${id}/revoke`),
      () => owner.request('DELETE', `/api/proposals/${id}`),
    ]
    for (const call of calls) {
      const response = await call()
      expect([response.status, await response.json()]).toEqual([409, { message: PROPOSAL_AGREED_LOCKED_MESSAGE }])
    }
    expect(await recordOf(owner, id)).toEqual(before)
    const anyone = await recordOf(new ApiClient(stack.url), id)
    expect([anyone.title, anyone.agreement?.verified]).toEqual([before.title, true])
    // Someone else's id is still the same 404 as a missing one, agreed or not.
    const stranger = (await registered(stack, 'stranger')).client
    const foreign = await stranger.patch(`/api/proposals/${id}`, { title: 'Mine now' })
    expect([foreign.status, await foreign.json()]).toEqual([404, { message: OWN_PROPOSAL_NOT_FOUND_MESSAGE }])
  })

  it('makes the next version of an agreed proposal only: a copy with the same title and code, unagreed and changeable', async () => {
    const unagreed = await share(owner)
    const refused = await owner.post(`/api/proposals/${unagreed}/versions`)
    expect([refused.status, await refused.json()]).toEqual([409, { message: PROPOSAL_VERSION_NOT_AGREED_MESSAGE }])
    const { id, agreedAt } = await agreed({ accessCode: 'open-sesame', title: 'Support savings for Acme' })
    const stranger = (await registered(stack, 'stranger')).client
    expect((await stranger.post(`/api/proposals/${id}/versions`)).status).toBe(404)
    expect((await new ApiClient(stack.url).post(`/api/proposals/${id}/versions`)).status).toBe(401)

    const created = await owner.post(`/api/proposals/${id}/versions`)
    expect(created.status, await created.clone().text()).toBe(201)
    const next = createdProposalSchema.strict().parse(await created.json()).id
    const [original, version] = [await recordOf(owner, id), await recordOf(owner, next)]
    expect(version).toMatchObject({
      title: 'Support savings for Acme',
      version: 2,
      previousVersionId: id,
      agreement: null,
      accessCode: 'open-sesame',
      content: original.content,
      calculatorData: original.calculatorData,
      templateType: original.templateType,
    })
    const list = proposalListEntrySchema.array().parse(await (await owner.get('/api/proposals')).json())
    expect(list.find((entry) => entry.id === next)).toMatchObject({ version: 2, agreedAt: null })
    expect(list.find((entry) => entry.id === id)).toMatchObject({ version: 1, agreedAt })
    // The prospect opens the new version with the same code; the agreed one is unchanged.
    expect((await recordOf(new ApiClient(stack.url), next, 'open-sesame')).version).toBe(2)
    expect((await owner.patch(`/api/proposals/${next}`, { title: 'Revised offer' })).status).toBe(200)
    expect((await recordOf(owner, id)).title).toBe('Support savings for Acme')

    const events = (await outboxPayloads(stack, proposalCreated.subject)).map((payload) =>
      decodeEvent(proposalCreated, { subject: proposalCreated.subject, payload }),
    )
    expect(events.find((event) => event.proposalId === next)).toMatchObject({ origin: 'version', calculatorType: 'standard' })
    // Agreeing to the new version makes version 3 from it.
    expect(
      (
        await new ApiClient(stack.url).post(`/api/proposals/${next}/agreement?code=open-sesame`, {
          name: 'Petra Prospect',
          email: 'petra@buyer.example',
          scenario: 'optimistic',
          values: {},
        })
      ).status,
    ).toBe(201)
    const third = createdProposalSchema.parse(await (await owner.post(`/api/proposals/${next}/versions`)).json()).id
    expect(await recordOf(owner, third)).toMatchObject({ version: 3, previousVersionId: next, title: 'Revised offer' })
  })

  it('sets the seller’s scenarios, refuses names that are no inputs, clears them with null, and agrees in them', async () => {
    const id = await share(owner)
    const scenarios = { conservative: { hoursSavedPerWeek: 3 }, optimistic: { hoursSavedPerWeek: 10, agents: 14 } }
    const patched = await owner.patch(`/api/proposals/${id}`, { scenarios })
    expect(patched.status, await patched.clone().text()).toBe(200)
    expect(proposalListEntrySchema.strict().parse(await patched.json()).id).toBe(id)
    const shown = (await recordOf(new ApiClient(stack.url), id)).calculatorData as { scenarios?: unknown }
    expect(shown.scenarios).toEqual(scenarios)

    const unknown = await owner.patch(`/api/proposals/${id}`, { scenarios: { conservative: { seats: 2 }, optimistic: {} } })
    expect(unknown.status).toBe(400)
    expect(((await unknown.json()) as { message: string }).message).toContain("'seats' is not an input of this calculator")
    for (const body of [{ scenarios: { conservative: {} } }, { scenarios: { conservative: { agents: 'many' }, optimistic: {} } }, {}]) {
      expect((await owner.patch(`/api/proposals/${id}`, body)).status, JSON.stringify(body)).toBe(400)
    }
    expect(await (await owner.patch(`/api/proposals/${id}`, {})).json()).toEqual({ message: PROPOSAL_UPDATE_EMPTY_MESSAGE })
    expect(((await recordOf(owner, id)).calculatorData as { scenarios?: unknown }).scenarios).toEqual(scenarios)

    expect((await owner.patch(`/api/proposals/${id}`, { scenarios: null, title: 'Derived again' })).status).toBe(200)
    const cleared = await recordOf(owner, id)
    expect([cleared.title, 'scenarios' in (cleared.calculatorData as object)]).toEqual(['Derived again', false])

    expect((await owner.patch(`/api/proposals/${id}`, { scenarios })).status).toBe(200)
    const response = await new ApiClient(stack.url).post(`/api/proposals/${id}/agreement`, {
      name: 'Petra Prospect',
      email: 'petra@buyer.example',
      scenario: 'optimistic',
      values: { hourlyCost: 50 },
    })
    expect(response.status).toBe(201)
    expect(agreementSchema.parse(await response.json()).values).toEqual({ agents: 14, hoursSavedPerWeek: 10, hourlyCost: 50 })
  })
})
