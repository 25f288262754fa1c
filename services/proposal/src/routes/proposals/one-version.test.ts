// One next version per agreed proposal (issue 34, decision 123), on the embedded stack and on
// PostgreSQL: 20 requests at once make exactly one version — the others get 409, or, when they
// are retries of the request that made it (the same Idempotency-Key), that version again with 200.
import { IDEMPOTENCY_KEY_MESSAGE, PROPOSAL_VERSION_EXISTS_MESSAGE, createdProposalSchema } from '@valueproof/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient } from '../../../../../tests/integration/support/http-client.ts'
import { registered, share } from '../../../../../tests/integration/support/proposals.ts'
import { stackKinds, startTestStack, type TestStack } from '../../../../../tests/integration/support/stack.ts'

const kinds = await stackKinds('postgres+nats+minio')
const AT_ONCE = 20

describe.each(kinds)('the next version of an agreed proposal (%s)', (kind) => {
  let stack: TestStack
  let owner: ApiClient

  beforeAll(async () => {
    stack = await startTestStack(kind)
    ;({ client: owner } = await registered(stack, 'oneversion'))
  })
  afterAll(async () => {
    await stack?.close()
  })

  async function agreedProposal(): Promise<string> {
    const id = await share(owner)
    const response = await new ApiClient(stack.url).post(`/api/proposals/${id}/agreement`, {
      name: 'Petra Prospect',
      email: 'petra@buyer.example',
      scenario: 'expected',
      values: {},
    })
    expect(response.status, await response.clone().text()).toBe(201)
    return id
  }

  async function versionsOf(id: string): Promise<string[]> {
    const schema = stack.databases.proposal.schema
    const table = schema ? `"${schema}".proposal` : 'proposal'
    const rows = await stack.databases.proposal.query<Array<{ id: string }>>(`SELECT id FROM ${table} WHERE previous_version_id = $1`, id)
    return rows.map((row) => row.id)
  }

  async function answers(requests: Array<Promise<Response>>): Promise<Array<{ status: number; body: unknown }>> {
    return Promise.all(
      (await Promise.all(requests)).map(async (response) => ({ status: response.status, body: (await response.json()) as unknown })),
    )
  }

  it(`makes one version of ${AT_ONCE} requests at once: one 201, the others 409`, async () => {
    const id = await agreedProposal()
    const results = await answers(Array.from({ length: AT_ONCE }, () => owner.post(`/api/proposals/${id}/versions`)))
    const made = results.filter((result) => result.status === 201)
    expect(made).toHaveLength(1)
    expect(results.filter((result) => result.status === 409)).toEqual(
      Array.from({ length: AT_ONCE - 1 }, () => ({ status: 409, body: { message: PROPOSAL_VERSION_EXISTS_MESSAGE } })),
    )
    expect(await versionsOf(id)).toEqual([createdProposalSchema.parse(made[0]?.body).id])
    // Asked again later, without the key of the request that made it: still the one version.
    const again = await owner.post(`/api/proposals/${id}/versions`)
    expect([again.status, await again.json()]).toEqual([409, { message: PROPOSAL_VERSION_EXISTS_MESSAGE }])
  })

  it(`answers ${AT_ONCE} retries of one request (one Idempotency-Key) with the same version: one 201, the rest 200`, async () => {
    const id = await agreedProposal()
    const key = 'retry-of-version-request-1'
    const results = await answers(
      Array.from({ length: AT_ONCE }, () => owner.post(`/api/proposals/${id}/versions`, undefined, { 'idempotency-key': key })),
    )
    const versions = await versionsOf(id)
    expect(versions).toHaveLength(1)
    expect(results.map((result) => result.status).sort()).toEqual([...Array.from({ length: AT_ONCE - 1 }, () => 200), 201])
    expect(new Set(results.map((result) => createdProposalSchema.strict().parse(result.body).id))).toEqual(new Set(versions))
    // Another key is another request: a second version is refused.
    const other = await owner.post(`/api/proposals/${id}/versions`, undefined, { 'idempotency-key': 'another-request-2' })
    expect([other.status, await other.json()]).toEqual([409, { message: PROPOSAL_VERSION_EXISTS_MESSAGE }])
    const malformed = await owner.post(`/api/proposals/${id}/versions`, undefined, { 'idempotency-key': 'bad key!' })
    expect([malformed.status, await malformed.json()]).toEqual([400, { message: IDEMPOTENCY_KEY_MESSAGE }])
    expect(await versionsOf(id)).toEqual(versions)
  })
})
