// What an account may store (issue 34, docs/decisions/120), through the gateway: a Free account
// that posts 200 proposals of about 200 KB in a loop gets 30 of them (the month's allowance), then
// 403 with the message, and the database grows by less than the stated bound; 20 creations at once
// at the edge of the allowance never pass it; duplicates and new versions count too; the bytes an
// account's proposals keep are held to the plan's ceiling.
import { randomBytes } from 'node:crypto'
import {
  createdProposalSchema,
  PROPOSAL_BODY_LIMIT_BYTES,
  PROPOSAL_LIMITS,
  PROPOSAL_STORAGE_LIMITS,
  userRecordSchema,
} from '@valueproof/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, GOOD_PASSWORD, uniqueUsername } from '../../../../../tests/integration/support/http-client.ts'
import { grantCalculatorPro, stackKinds, startTestStack, type TestStack } from '../../../../../tests/integration/support/stack.ts'
import { proposalLimitMessage, proposalStorageMessage } from '../../domain/proposal-quota.ts'
import { supportTriageCalculator, supportTriageInput } from '../../testing/calculators.ts'

const FREE_LIMIT = PROPOSAL_LIMITS.free
/** The database may grow by the allowance's proposals at the body limit each, and 4 MB for pages, indexes and events. */
const GROWTH_BOUND_BYTES = FREE_LIMIT * PROPOSAL_BODY_LIMIT_BYTES + 4 * 1024 * 1024

/** Text that does not compress: what an attacker filling the disk would send. */
function incompressibleText(characters: number): string {
  return randomBytes(Math.ceil((characters * 3) / 4))
    .toString('base64')
    .slice(0, characters)
}

for (const kind of await stackKinds('postgres+nats+minio')) {
  describe(`proposal quotas (${kind})`, () => {
    let stack: TestStack

    beforeAll(async () => {
      stack = await startTestStack(kind)
    })
    afterAll(async () => {
      await stack?.close()
    })

    async function seller(prefix: string): Promise<{ client: ApiClient; userId: number }> {
      const client = new ApiClient(stack.url)
      const response = await client.post('/api/register', { username: uniqueUsername(prefix), password: GOOD_PASSWORD })
      expect(response.status).toBe(201)
      return { client, userId: userRecordSchema.parse(await response.json()).id }
    }

    function share(client: ApiClient, content = '') {
      return client.post('/api/proposals', { title: 'Quota', content, calculatorData: supportTriageCalculator })
    }

    async function databaseBytes(): Promise<number> {
      const rows = await stack.databases.proposal.query<Array<{ size: bigint | number }>>(
        'SELECT pg_database_size(current_database()) AS size',
      )
      return Number(rows[0]?.size ?? 0)
    }

    async function proposalCount(client: ApiClient): Promise<number> {
      return ((await (await client.get('/api/proposals')).json()) as unknown[]).length
    }

    it(`answers a Free account's 200 proposals in a loop with ${FREE_LIMIT} created, then 403 and the message; the database stays within the bound`, async () => {
      const { client } = await seller('quota-loop')
      const before = await databaseBytes()
      const statuses: number[] = []
      const refusals = new Set<string>()
      for (let attempt = 0; attempt < 200; attempt += 1) {
        const response = await share(client, incompressibleText(200_000))
        statuses.push(response.status)
        if (response.status !== 201) refusals.add(((await response.json()) as { message: string }).message)
      }
      const growth = (await databaseBytes()) - before
      expect(statuses.filter((status) => status === 201)).toHaveLength(FREE_LIMIT)
      expect(statuses.slice(FREE_LIMIT).every((status) => status === 403)).toBe(true)
      expect([...refusals]).toEqual([proposalLimitMessage('free', FREE_LIMIT)])
      expect(proposalLimitMessage('free', FREE_LIMIT)).toBe(
        "You have reached this month's limit of 30 proposals on the Free plan. Upgrade to Pro for up to 500 proposals per month, or wait until the 1st of next month (UTC).",
      )
      expect(await proposalCount(client)).toBe(FREE_LIMIT)
      console.info(`proposal quota (${kind}): 200 posts of 200 KB, the database grew by ${(growth / 1048576).toFixed(1)} MB`)
      expect(growth).toBeLessThan(GROWTH_BOUND_BYTES)
    }, 300_000)

    it('never passes the allowance with 20 creations at once at its edge', async () => {
      const { client } = await seller('quota-race')
      for (let made = 0; made < FREE_LIMIT - 5; made += 1) expect((await share(client)).status).toBe(201)
      const statuses = await Promise.all(Array.from({ length: 20 }, () => share(client).then((response) => response.status)))
      expect(statuses.filter((status) => status === 201)).toHaveLength(5)
      expect(statuses.filter((status) => status === 403)).toHaveLength(15)
      expect(await proposalCount(client)).toBe(FREE_LIMIT)
    }, 120_000)

    it('counts generated proposals, duplicates and new versions; the refused ones write nothing; Pro lifts the limit to 500', async () => {
      const { client, userId } = await seller('quota-kinds')
      const first = createdProposalSchema.parse(await (await share(client)).json()).id
      const generated = await client.post('/api/proposals/generate', {
        calculatorData: supportTriageCalculator,
        input: supportTriageInput,
        templateType: 'standard',
      })
      expect(generated.status).toBe(201)
      for (let made = 2; made < FREE_LIMIT; made += 1) expect((await client.post(`/api/proposals/${first}/duplicate`)).status).toBe(201)
      expect(await proposalCount(client)).toBe(FREE_LIMIT)

      const refused = [
        await share(client),
        await client.post('/api/proposals/generate', { calculatorData: supportTriageCalculator, input: '', templateType: 'executive' }),
        await client.post(`/api/proposals/${first}/duplicate`),
      ]
      for (const response of refused) {
        expect([response.status, await response.json()]).toEqual([403, { message: proposalLimitMessage('free', FREE_LIMIT) }])
      }
      expect(await proposalCount(client)).toBe(FREE_LIMIT)

      await grantCalculatorPro(stack, userId)
      expect((await share(client)).status).toBe(201)
      expect(await proposalCount(client)).toBe(FREE_LIMIT + 1)
    }, 120_000)

    it("holds an account's proposals to the plan's ceiling in bytes, and deleting makes room again", async () => {
      const { client, userId } = await seller('quota-bytes')
      // What is already kept: one proposal standing for 25 MB less 100 KB of earlier ones.
      const big = createdProposalSchema.parse(await (await share(client)).json()).id
      const table = stack.databases.proposal.schema ? `"${stack.databases.proposal.schema}".proposal` : 'proposal'
      await stack.databases.proposal.execute(
        `UPDATE ${table} SET stored_bytes = $1 WHERE id = $2 AND user_id = $3`,
        PROPOSAL_STORAGE_LIMITS.free - 100 * 1024,
        big,
        userId,
      )
      const tooBig = await share(client, incompressibleText(150_000))
      expect([tooBig.status, await tooBig.json()]).toEqual([403, { message: proposalStorageMessage('free', PROPOSAL_STORAGE_LIMITS.free) }])
      expect(proposalStorageMessage('free', PROPOSAL_STORAGE_LIMITS.free)).toBe(
        'Your proposals would take more than 25 MB, the most the Free plan keeps. Delete proposals you no longer need, or upgrade to Pro to keep up to 500 MB.',
      )
      expect((await share(client, incompressibleText(20_000))).status).toBe(201)
      expect(await proposalCount(client)).toBe(2)

      // Full: refused before a proposal is written.
      await stack.databases.proposal.execute(`UPDATE ${table} SET stored_bytes = $1 WHERE id = $2`, PROPOSAL_STORAGE_LIMITS.free, big)
      const generate = await client.post('/api/proposals/generate', {
        calculatorData: supportTriageCalculator,
        input: '',
        templateType: 'standard',
      })
      expect(generate.status).toBe(403)
      expect((await client.request('DELETE', `/api/proposals/${big}`)).status).toBe(204)
      expect((await share(client, incompressibleText(150_000))).status).toBe(201)
    }, 120_000)
  })
}
