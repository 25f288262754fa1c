// Issue 15: the owner manages a shared proposal through the gateway — rename, expiry, revoke,
// duplicate, delete — and someone else's id is the same 404 as a missing one (decision 104).
import {
  OWN_PROPOSAL_NOT_FOUND_MESSAGE,
  PROPOSAL_EXPIRES_AT_MESSAGE,
  PROPOSAL_RENAME_TITLE_REQUIRED_MESSAGE,
  PROPOSAL_SECTIONS,
  PROPOSAL_UNAVAILABLE_MESSAGE,
  PROPOSAL_UPDATE_EMPTY_MESSAGE,
  type ProposalListEntry,
} from '@valueproof/contracts'
import { decodeEvent, proposalCreated, proposalDeleted, proposalRevoked } from '@valueproof/event-bus'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { supportTriageCalculator } from '../../services/proposal/src/testing/calculators.ts'
import { ApiClient } from './support/http-client.ts'
import { open, outboxPayloads, proposalOf, registered, share } from './support/proposals.ts'
import { stackKinds, startTestStack, type TestStack } from './support/stack.ts'

const kinds = await stackKinds('postgres+nats+minio+http')

const SECTIONS = PROPOSAL_SECTIONS

describe.each(kinds)('managing proposals through the gateway (%s)', (kind) => {
  let stack: TestStack

  beforeAll(async () => {
    stack = await startTestStack(kind)
  })
  afterAll(async () => {
    await stack?.close()
  })

  describe('management by the owner', () => {
    const listOf = async (client: ApiClient) => (await (await client.get('/api/proposals')).json()) as ProposalListEntry[]
    const message = async (response: Response) => ((await response.json()) as { message: string }).message
    const hourFromNow = () => new Date(Date.now() + 3_600_000).toISOString()

    it('renames a proposal: the list, the owner and a visitor see the new title', async () => {
      const owner = await registered(stack)
      const id = await share(owner.client, { title: 'Old name' })
      const renamed = await owner.client.patch(`/api/proposals/${id}`, { title: '  Support savings for Initech  ' })
      expect(renamed.status).toBe(200)
      expect(await renamed.json()).toMatchObject({ id, title: 'Support savings for Initech', revokedAt: null, expiresAt: null })
      expect((await listOf(owner.client)).map((entry) => entry.title)).toEqual(['Support savings for Initech'])
      expect((await proposalOf(new ApiClient(stack.url), id)).title).toBe('Support savings for Initech')
    })

    it('revokes a link: visitors get 410 with a clear message, even with the code; the owner still lists and opens it', async () => {
      const owner = await registered(stack)
      const id = await share(owner.client, { accessCode: 'Revoke-Me-1' })
      const revoked = await owner.client.post(`/api/proposals/${id}/revoke`)
      expect(revoked.status).toBe(200)
      const entry = (await revoked.json()) as ProposalListEntry
      expect(Date.parse(entry.revokedAt ?? '')).not.toBeNaN()
      for (const code of [undefined, 'Revoke-Me-1', 'wrong-code']) {
        const answer = await open(new ApiClient(stack.url), id, code)
        expect(answer.status).toBe(410)
        expect(await answer.json()).toEqual({ message: PROPOSAL_UNAVAILABLE_MESSAGE })
      }
      expect((await proposalOf(owner.client, id)).revokedAt).toBe(entry.revokedAt)
      expect((await listOf(owner.client)).find((listed) => listed.id === id)?.revokedAt).toBe(entry.revokedAt)
      // Revoking again keeps the first time, and is one event.
      expect(((await (await owner.client.post(`/api/proposals/${id}/revoke`)).json()) as ProposalListEntry).revokedAt).toBe(entry.revokedAt)
      const events = (await outboxPayloads(stack, proposalRevoked.subject))
        .map((payload) => decodeEvent(proposalRevoked, { subject: proposalRevoked.subject, payload }))
        .filter((event) => event.proposalId === id)
      expect(events.map((event) => event.userId)).toEqual([owner.id])
    })

    it('ends the link at its expiry, set when sharing or later; clearing it opens the link again', async () => {
      const owner = await registered(stack)
      const later = hourFromNow()
      const id = await share(owner.client, { expiresAt: later })
      expect((await listOf(owner.client))[0]?.expiresAt).toBe(later)
      expect((await open(new ApiClient(stack.url), id)).status).toBe(200)
      const past = new Date(Date.now() - 60_000).toISOString()
      expect((await owner.client.patch(`/api/proposals/${id}`, { expiresAt: past })).status).toBe(200)
      const expired = await open(new ApiClient(stack.url), id)
      expect(expired.status).toBe(410)
      expect(await expired.json()).toEqual({ message: PROPOSAL_UNAVAILABLE_MESSAGE })
      expect((await proposalOf(owner.client, id)).expiresAt).toBe(past)
      expect(await (await owner.client.patch(`/api/proposals/${id}`, { expiresAt: null })).json()).toMatchObject({ expiresAt: null })
      expect((await open(new ApiClient(stack.url), id)).status).toBe(200)
      // Shared already expired: the link never opens.
      const stillborn = await share(owner.client, { expiresAt: '2020-01-01T00:00:00+01:00' })
      expect((await open(new ApiClient(stack.url), stillborn)).status).toBe(410)
    })

    it('deletes a proposal: 204, then 404 for everyone and gone from the list', async () => {
      const owner = await registered(stack)
      const id = await share(owner.client)
      const deleted = await owner.client.request('DELETE', `/api/proposals/${id}`)
      expect(deleted.status).toBe(204)
      expect(await deleted.text()).toBe('')
      expect((await open(new ApiClient(stack.url), id)).status).toBe(404)
      expect((await open(owner.client, id)).status).toBe(404)
      expect(await listOf(owner.client)).toEqual([])
      expect((await owner.client.request('DELETE', `/api/proposals/${id}`)).status).toBe(404)
      const events = (await outboxPayloads(stack, proposalDeleted.subject))
        .map((payload) => decodeEvent(proposalDeleted, { subject: proposalDeleted.subject, payload }))
        .filter((event) => event.proposalId === id)
      expect(events.map((event) => event.userId)).toEqual([owner.id])
    })

    it('duplicates a proposal with its own link: same content and code, "(copy)" in the title, neither revoked nor expiring', async () => {
      const owner = await registered(stack)
      const id = await share(owner.client, { title: 'Support savings', accessCode: 'Copy-Code-7', expiresAt: hourFromNow() })
      expect((await owner.client.post(`/api/proposals/${id}/revoke`)).status).toBe(200)
      const duplicated = await owner.client.post(`/api/proposals/${id}/duplicate`)
      expect(duplicated.status).toBe(201)
      const copyId = ((await duplicated.json()) as { id: string }).id
      expect(copyId).toMatch(/^[A-Za-z0-9_-]{22}$/)
      expect(copyId).not.toBe(id)
      const [original, copy] = [await proposalOf(owner.client, id), await proposalOf(owner.client, copyId)]
      expect(copy).toMatchObject({ title: 'Support savings (copy)', accessCode: 'Copy-Code-7', revokedAt: null, expiresAt: null })
      for (const field of ['calculatorData', 'content', 'templateType', ...SECTIONS] as const)
        expect(copy[field], field).toEqual(original[field])
      expect((await proposalOf(new ApiClient(stack.url), copyId, 'Copy-Code-7')).title).toBe('Support savings (copy)')
      const created = (await outboxPayloads(stack, proposalCreated.subject)).map((payload) =>
        decodeEvent(proposalCreated, { subject: proposalCreated.subject, payload }),
      )
      expect(created.find((event) => event.proposalId === copyId)).toMatchObject({ origin: 'duplicate', userId: owner.id })
      // A title at the limit keeps its copy marker within it.
      const long = await share(owner.client, { title: 'x'.repeat(200) })
      const longCopy = ((await (await owner.client.post(`/api/proposals/${long}/duplicate`)).json()) as { id: string }).id
      expect((await proposalOf(owner.client, longCopy)).title).toBe(`${'x'.repeat(193)} (copy)`)
    })

    it('answers someone else’s id, a missing one and a malformed one with the same 404, changing nothing; signed out 401', async () => {
      const owner = await registered(stack)
      const id = await share(owner.client, { title: 'Not yours' })
      const stranger = await registered(stack)
      const calls = (target: string) =>
        [
          ['PATCH', `/api/proposals/${target}`, { title: 'Mine now' }],
          ['DELETE', `/api/proposals/${target}`, undefined],
          ['POST', `/api/proposals/${target}/revoke`, undefined],
          ['POST', `/api/proposals/${target}/duplicate`, undefined],
        ] as const
      for (const target of [id, 'AAAAAAAAAAAAAAAAAAAAAA', 'not-an-id']) {
        for (const [method, path, json] of calls(target)) {
          const answer = await stranger.client.request(method, path, json === undefined ? {} : { json })
          expect(answer.status, `${method} ${path}`).toBe(404)
          expect(await answer.json()).toEqual({ message: OWN_PROPOSAL_NOT_FOUND_MESSAGE })
        }
      }
      for (const [method, path, json] of calls(id)) {
        expect((await new ApiClient(stack.url).request(method, path, json === undefined ? {} : { json })).status).toBe(401)
      }
      expect(await listOf(stranger.client)).toEqual([])
      expect(await listOf(owner.client)).toMatchObject([{ id, title: 'Not yours', revokedAt: null }])
      expect((await open(new ApiClient(stack.url), id)).status).toBe(200)
    })

    it('refuses malformed changes with 400 and a clear message', async () => {
      const owner = await registered(stack)
      const id = await share(owner.client)
      const cases: Array<[unknown, string]> = [
        [{}, PROPOSAL_UPDATE_EMPTY_MESSAGE],
        [{ title: '   ' }, `title: ${PROPOSAL_RENAME_TITLE_REQUIRED_MESSAGE}`],
        [{ title: 42 }, `title: ${PROPOSAL_RENAME_TITLE_REQUIRED_MESSAGE}`],
        [{ title: 'x'.repeat(201) }, 'title: The title must be at most 200 characters'],
        [{ title: 'Bad\u0000title' }, 'title: contains a character that cannot be stored (NUL or an unpaired surrogate)'],
        [{ expiresAt: 'next tuesday' }, `expiresAt: ${PROPOSAL_EXPIRES_AT_MESSAGE}`],
        [{ expiresAt: '2026-12-31' }, `expiresAt: ${PROPOSAL_EXPIRES_AT_MESSAGE}`],
        [{ expiresAt: 1_900_000_000_000 }, `expiresAt: ${PROPOSAL_EXPIRES_AT_MESSAGE}`],
        [{ title: 'Fine', isPublished: false }, 'Unrecognized key: "isPublished"'],
        [['title'], 'Request body must be a JSON object'],
      ]
      for (const [json, expected] of cases) {
        const answer = await owner.client.patch(`/api/proposals/${id}`, json)
        expect(answer.status, JSON.stringify(json)).toBe(400)
        expect(await message(answer)).toBe(expected)
      }
      const malformed = await owner.client.request('PATCH', `/api/proposals/${id}`, {
        body: '{"title": "x",',
        headers: { 'content-type': 'application/json' },
      })
      expect(malformed.status).toBe(400)
      expect(await message(malformed)).toBe('Malformed JSON in request body')
      const sharedBadly = await owner.client.post('/api/proposals', {
        title: 'x',
        calculatorData: supportTriageCalculator,
        expiresAt: 'soon',
      })
      expect(sharedBadly.status).toBe(400)
      expect(await message(sharedBadly)).toBe(`expiresAt: ${PROPOSAL_EXPIRES_AT_MESSAGE}`)
      expect((await listOf(owner.client)).map((entry) => entry.title)).toEqual(['Support savings'])
    })
  })
})
