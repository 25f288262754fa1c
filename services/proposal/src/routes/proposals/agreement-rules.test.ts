// Who may agree, and the seller's release of an agreement (issue 34, decision 123), on the embedded
// stack: a proposal restricted to named e-mail addresses refuses anyone else (403, nothing stored),
// accepts a named address in any case; the owner releases an agreement they did not expect — it
// stays in the history with its hash still verifying, the release is an event without who agreed,
// and the proposal takes a new agreement without a new version.
import {
  AGREEMENT_EMAILS_REQUIRED_MESSAGE,
  AGREEMENT_LISTED_EMAIL_MESSAGE,
  AGREEMENT_NOT_LISTED_MESSAGE,
  NO_AGREEMENT_TO_RELEASE_MESSAGE,
  agreementRuleSchema,
  agreementSchema,
  proposalListEntrySchema,
  proposalRecordSchema,
  releasedAgreementSchema,
} from '@valueproof/contracts'
import { decodeEvent, proposalAgreed, proposalAgreementReleased } from '@valueproof/event-bus'
import { eventually } from '@valueproof/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient } from '../../../../../tests/integration/support/http-client.ts'
import { outboxPayloads, registered, share } from '../../../../../tests/integration/support/proposals.ts'
import { stackKinds, startTestStack, type TestStack } from '../../../../../tests/integration/support/stack.ts'
import { agreementHash } from '../../domain/agreement-hash.ts'

// The embedded stack, and PostgreSQL with NATS carrying the events to analytics.
const kinds = await stackKinds('postgres+nats+minio')

const PETRA = { name: 'Petra Prospect', email: 'petra@buyer.example', scenario: 'expected', values: {} }
const STRANGER = { name: 'Sam Stranger', email: 'sam@elsewhere.example', scenario: 'optimistic', values: { agents: 50 } }

describe.each(kinds)('who may agree, and releasing an agreement (%s)', (kind) => {
  let stack: TestStack
  let owner: ApiClient

  beforeAll(async () => {
    stack = await startTestStack(kind)
    ;({ client: owner } = await registered(stack, 'rules'))
  })
  afterAll(async () => {
    await stack?.close()
  })

  const prospect = () => new ApiClient(stack.url)
  const recordOf = async (client: ApiClient, id: string) => {
    const response = await client.get(`/api/proposals/${id}`)
    expect(response.status, await response.clone().text()).toBe(200)
    return proposalRecordSchema.parse(await response.json())
  }
  const agreedEventsOf = async (id: string) =>
    (await outboxPayloads(stack, proposalAgreed.subject))
      .map((payload) => decodeEvent(proposalAgreed, { subject: proposalAgreed.subject, payload }))
      .filter((event) => event.proposalId === id)
  const releaseEventsOf = async (id: string) =>
    (await outboxPayloads(stack, proposalAgreementReleased.subject))
      .map((payload) => decodeEvent(proposalAgreementReleased, { subject: proposalAgreementReleased.subject, payload }))
      .filter((event) => event.proposalId === id)
  const rule = (id: string, body: unknown, client = owner) => client.patch(`/api/proposals/${id}/agreement-rule`, body)

  it('lets anyone with the link agree by default, and tells nobody but the owner who was named', async () => {
    const id = await share(owner)
    expect((await recordOf(prospect(), id)).whoMayAgree).toBe('anyone')
    const set = await rule(id, { whoMayAgree: 'listed', emails: [' Petra@Buyer.example ', 'cfo@buyer.example', 'PETRA@buyer.example'] })
    expect(set.status, await set.clone().text()).toBe(200)
    expect(agreementRuleSchema.strict().parse(await set.json())).toEqual({
      whoMayAgree: 'listed',
      emails: ['petra@buyer.example', 'cfo@buyer.example'],
    })
    const mine = await recordOf(owner, id)
    expect([mine.whoMayAgree, mine.agreementEmails]).toEqual(['listed', ['petra@buyer.example', 'cfo@buyer.example']])
    const theirs = await recordOf(prospect(), id)
    expect(theirs.whoMayAgree).toBe('listed')
    expect('agreementEmails' in theirs || 'releasedAgreements' in theirs).toBe(false)
  })

  it('refuses an address the seller did not name with 403 and stores nothing; a named one agrees in any case', async () => {
    const id = await share(owner)
    expect((await rule(id, { whoMayAgree: 'listed', emails: ['petra@buyer.example'] })).status).toBe(200)
    const refused = await prospect().post(`/api/proposals/${id}/agreement`, STRANGER)
    expect([refused.status, await refused.json()]).toEqual([403, { message: AGREEMENT_NOT_LISTED_MESSAGE }])
    expect((await recordOf(owner, id)).agreement).toBeNull()
    expect(await agreedEventsOf(id)).toEqual([])
    const list = proposalListEntrySchema.array().parse(await (await owner.get('/api/proposals')).json())
    expect(list.find((entry) => entry.id === id)?.agreedAt).toBeNull()

    const accepted = await prospect().post(`/api/proposals/${id}/agreement`, { ...PETRA, email: 'Petra@BUYER.example' })
    expect(accepted.status, await accepted.clone().text()).toBe(201)
    expect((await recordOf(owner, id)).agreement).toMatchObject({ name: 'Petra Prospect', email: 'Petra@BUYER.example', verified: true })
    // A duplicate keeps the rule.
    const copy = await owner.post(`/api/proposals/${id}/duplicate`)
    const copied = await recordOf(owner, ((await copy.json()) as { id: string }).id)
    expect([copied.whoMayAgree, copied.agreementEmails]).toEqual(['listed', ['petra@buyer.example']])
    // Back to anyone: that changes nothing agreed, and is allowed on an agreed proposal.
    expect((await rule(id, { whoMayAgree: 'anyone' })).status).toBe(200)
    expect((await recordOf(owner, id)).agreement?.name).toBe('Petra Prospect')
  })

  it('checks the rule: at least one well-formed address, the owner only', async () => {
    const id = await share(owner)
    for (const [body, message] of [
      [{ whoMayAgree: 'listed', emails: [] }, AGREEMENT_EMAILS_REQUIRED_MESSAGE],
      [{ whoMayAgree: 'listed' }, AGREEMENT_EMAILS_REQUIRED_MESSAGE],
      [{ whoMayAgree: 'listed', emails: ['not-an-address'] }, AGREEMENT_LISTED_EMAIL_MESSAGE],
    ] as const) {
      const response = await rule(id, body)
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect(((await response.json()) as { message: string }).message).toContain(message)
    }
    expect((await rule(id, { whoMayAgree: 'everyone' })).status).toBe(400)
    const stranger = (await registered(stack, 'notowner')).client
    expect((await rule(id, { whoMayAgree: 'anyone' }, stranger)).status).toBe(404)
    expect((await rule(id, { whoMayAgree: 'anyone' }, prospect())).status).toBe(401)
    expect((await recordOf(owner, id)).whoMayAgree).toBe('anyone')
  })

  it('releases an unexpected agreement into the history, still verifiable, and takes a new one without a new version', async () => {
    const id = await share(owner, { title: 'Support savings for Acme' })
    const strangers = await prospect().post(`/api/proposals/${id}/agreement`, STRANGER)
    expect(strangers.status).toBe(201)
    const agreement = agreementSchema.parse(await strangers.json())
    expect((await owner.post(`/api/proposals/${id}/revoke`)).status).toBe(409)

    expect((await prospect().post(`/api/proposals/${id}/agreement/release`)).status).toBe(401)
    expect((await (await registered(stack, 'other')).client.post(`/api/proposals/${id}/agreement/release`)).status).toBe(404)
    const release = await owner.post(`/api/proposals/${id}/agreement/release`)
    expect(release.status, await release.clone().text()).toBe(200)
    const released = releasedAgreementSchema.strict().parse(await release.json())
    expect(released).toMatchObject({
      name: STRANGER.name,
      email: STRANGER.email,
      scenario: 'optimistic',
      agreedAt: agreement.agreedAt,
      hash: agreement.hash,
      verified: true,
    })

    // The hash recomputed from the stored row still gives the one the prospect was answered.
    const schema = stack.databases.proposal.schema
    const rows = await stack.databases.proposal.query<Array<{ definition: unknown; scenario: string; values: unknown; hash: string }>>(
      `SELECT definition, scenario, values, hash FROM ${schema ? `"${schema}".` : ''}released_agreement WHERE proposal_id = $1`,
      id,
    )
    expect(rows).toHaveLength(1)
    expect(rows.map((row) => agreementHash(row))).toEqual([agreement.hash])

    // Open again: no agreement for anyone, the owner's history marks it released, nothing else changed.
    expect((await recordOf(prospect(), id)).agreement).toBeNull()
    const mine = await recordOf(owner, id)
    expect([mine.agreement, mine.version, mine.releasedAgreements]).toEqual([null, 1, [released]])
    expect(await releaseEventsOf(id)).toEqual([
      expect.objectContaining({ proposalId: id, ownerUserId: mine.userId, agreementHash: agreement.hash }),
    ])
    // No event says who agreed: not a byte of the name or the e-mail in any release's payload.
    const payloads = (await outboxPayloads(stack, proposalAgreementReleased.subject)).map((payload) =>
      Buffer.from(payload).toString('utf8'),
    )
    expect(payloads.filter((text) => text.includes(STRANGER.email) || text.includes(STRANGER.name))).toEqual([])

    // Nothing to release any more, and the proposal changes again; the real prospect agrees to the same proposal, version 1.
    const again = await owner.post(`/api/proposals/${id}/agreement/release`)
    expect([again.status, await again.json()]).toEqual([409, { message: NO_AGREEMENT_TO_RELEASE_MESSAGE }])
    expect((await owner.patch(`/api/proposals/${id}`, { title: 'Support savings for Acme' })).status).toBe(200)
    const petras = await prospect().post(`/api/proposals/${id}/agreement`, PETRA)
    expect(petras.status, await petras.clone().text()).toBe(201)
    const now = await recordOf(owner, id)
    expect([now.agreement?.name, now.version, now.releasedAgreements?.length]).toEqual(['Petra Prospect', 1, 1])
    const list = proposalListEntrySchema.array().parse(await (await owner.get('/api/proposals')).json())
    expect(list.filter((entry) => entry.title === 'Support savings for Acme')).toHaveLength(1)

    // Analytics, through the bus, notes the new agreement and not the released one.
    const petrasAt = agreementSchema.parse(await petras.json()).agreedAt
    const analytics = stack.databases.analytics
    await eventually(async () => {
      const rows = await analytics.query<Array<{ agreed_at: Date | null; released_through: Date | null }>>(
        `SELECT agreed_at, released_through FROM ${analytics.schema ? `"${analytics.schema}".` : ''}proposal WHERE id = $1`,
        id,
      )
      const row = rows[0]
      return row?.agreed_at?.toISOString() === petrasAt && row.released_through?.toISOString() === agreement.agreedAt ? true : undefined
    })
  })
})
