// Issue 20's agreement through the whole stack (gateway, proposal service, its outbox, the bus,
// analytics, the owner's live stream), on the embedded defaults and on real PostgreSQL + NATS: an
// agreement's hash verifies against the stored record, recomputed here independently; an altered
// stored value is detected (and restoring it verifies again); concurrent agreements give one; the
// agreement and prospects' PDF downloads reach analytics as events, and the owner's open app is told.
import { createHash } from 'node:crypto'
import {
  LIVE_PROPOSAL_AGREED_EVENT,
  LIVE_PROPOSAL_VIEWED_EVENT,
  PROPOSAL_ALREADY_AGREED_MESSAGE,
  agreementSchema,
  analyticsOverviewSchema,
  analyticsProposalDetailSchema,
  proposalRecordSchema,
  type Agreement,
} from '@valueproof/contracts'
import { decodeEvent, proposalPdfDownloaded } from '@valueproof/event-bus'
import { createCalculator, scenarioValues, validateCalculatorData } from '@valueproof/formula'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openEventStream } from '../../gateway/src/live/testing/event-stream.ts'
import { supportTriageCalculator } from '../../services/proposal/src/testing/calculators.ts'
import { analyticsTable, openPage } from './support/analytics.ts'
import { ApiClient } from './support/http-client.ts'
import { eventually, outboxPayloads, registered, share, table } from './support/proposals.ts'
import { grantCalculatorPro, stackKinds, startTestStack, type TestStack } from './support/stack.ts'

const kinds = await stackKinds('postgres+nats+minio')
const PROSPECT = { name: 'Petra Prospect', email: 'petra@buyer.example' }

/** The hash as decision 115 defines it, written again here: keys sorted at every depth, SHA-256 hex. */
function independentHash(content: { definition: unknown; scenario: string; values: unknown }): string {
  const sorted = JSON.stringify(content, (_key, value: unknown) =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  )
  return createHash('sha256').update(sorted).digest('hex')
}

interface StoredAgreement {
  name: string
  email: string
  scenario: string
  values: Record<string, number>
  definition: unknown
  hash: string
}

describe.each(kinds)('the prospect’s agreement through the stack (%s)', (kind) => {
  let stack: TestStack
  let owner: { client: ApiClient; id: number }

  beforeAll(async () => {
    stack = await startTestStack(kind)
    owner = await registered(stack, 'agreement')
    await grantCalculatorPro(stack, owner.id)
    // Analytics' own projection of the plan (its dashboard is Pro), from the same event.
    await eventually(async () => {
      const rows = await stack.databases.analytics.query<Array<{ plan: string }>>(
        `SELECT plan FROM ${analyticsTable(stack, 'owner_plan')} WHERE user_id = $1`,
        owner.id,
      )
      return rows[0]?.plan === 'pro' ? true : undefined
    })
  }, 60_000)
  afterAll(async () => {
    await stack?.close()
  })

  const agree = (client: ApiClient, id: string, body: Record<string, unknown> = {}) =>
    client.post(`/api/proposals/${id}/agreement`, { ...PROSPECT, scenario: 'expected', values: {}, ...body })
  const agreementOf = async (client: ApiClient, id: string) =>
    proposalRecordSchema.parse(await (await client.get(`/api/proposals/${id}`)).json()).agreement
  const stored = async (id: string): Promise<StoredAgreement> => {
    const [row] = await stack.databases.proposal.query<StoredAgreement[]>(
      `SELECT name, email, scenario, values, definition, hash FROM ${table(stack, 'proposal', 'agreement')} WHERE proposal_id = $1`,
      id,
    )
    if (!row) throw new Error(`no agreement stored for ${id}`)
    return row
  }
  const setStored = (id: string, column: 'values' | 'definition', path: string, json: string) =>
    stack.databases.proposal.execute(
      `UPDATE ${table(stack, 'proposal', 'agreement')} SET ${column} = jsonb_set(${column}, $2::text[], $3::jsonb) WHERE proposal_id = $1`,
      id,
      path,
      json,
    )

  it('stores a hash that verifies against the stored record; an altered value or definition is detected', async () => {
    const id = await share(owner.client)
    const response = await agree(new ApiClient(stack.url), id, { scenario: 'optimistic', values: { agents: 30 } })
    expect(response.status, await response.clone().text()).toBe(201)
    const agreement: Agreement = agreementSchema.parse(await response.json())

    const row = await stored(id)
    const [proposal] = await stack.databases.proposal.query<Array<{ calculator_data: unknown }>>(
      `SELECT calculator_data FROM ${table(stack, 'proposal', 'proposal')} WHERE id = $1`,
      id,
    )
    // What was frozen: the calculator as stored, the scenario, and every input's value.
    const validation = validateCalculatorData(supportTriageCalculator)
    if (!validation.ok) throw new Error('the test calculator is invalid')
    const expectedValues = createCalculator(validation.calculatorData).compute({
      ...scenarioValues(validation.calculatorData, 'optimistic'),
      agents: 30,
    }).values
    expect(row).toMatchObject({ ...PROSPECT, scenario: 'optimistic', values: expectedValues, definition: proposal?.calculator_data })
    expect(row.hash).toBe(agreement.hash)
    expect(independentHash({ definition: row.definition, scenario: row.scenario, values: row.values })).toBe(row.hash)
    expect(agreement.verified).toBe(true)

    await setStored(id, 'values', '{agents}', '31')
    expect(await agreementOf(owner.client, id)).toMatchObject({ verified: false, hash: agreement.hash })
    await eventually(async () => ((await agreementOf(new ApiClient(stack.url), id))?.verified === false ? true : undefined))
    // Put back as it was, it verifies again: the check compares, it does not remember.
    await setStored(id, 'values', '{agents}', '30')
    expect((await agreementOf(owner.client, id))?.verified).toBe(true)
    await setStored(id, 'definition', '{formula}', JSON.stringify('agents * hoursSavedPerWeek * hourlyCost * 2'))
    expect((await agreementOf(owner.client, id))?.verified).toBe(false)
  })

  it('gives one agreement to many sent at once, the rest 409', async () => {
    const id = await share(owner.client)
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) => agree(new ApiClient(stack.url), id, { values: { agents: index + 1 } })),
    )
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 201)).toHaveLength(1)
    expect(statuses.filter((status) => status === 409)).toHaveLength(11)
    const refused = answers.find((answer) => answer.status === 409)
    expect(await refused?.json()).toEqual({ message: PROPOSAL_ALREADY_AGREED_MESSAGE })
    const [count] = await stack.databases.proposal.query<Array<{ count: number }>>(
      `SELECT count(*)::int AS count FROM ${table(stack, 'proposal', 'agreement')} WHERE proposal_id = $1`,
      id,
    )
    expect(count?.count).toBe(1)
    expect((await stored(id)).values.agents).toBe((await agreementOf(owner.client, id))?.values.agents)
  })

  it('tells the owner’s open app live, and analytics gets the agreement and prospects’ PDF downloads as events', async () => {
    const id = await share(owner.client)
    const token = owner.client.sessionCookie
    if (token === undefined) throw new Error('the owner has no session cookie')
    const live = await openEventStream(stack.url, token)
    try {
      const prospect = new ApiClient(stack.url)
      expect((await openPage(prospect, id)).counted).toBe(true)
      const response = await agree(prospect, id, { scenario: 'conservative' })
      expect(response.status, await response.clone().text()).toBe(201)
      const agreement = agreementSchema.parse(await response.json())
      // The view is announced first: its beacon is answered once the view is stored, before the agreement.
      expect((await live.next(10_000)).event).toBe(LIVE_PROPOSAL_VIEWED_EVENT)
      const event = await live.next(10_000)
      expect(event.event).toBe(LIVE_PROPOSAL_AGREED_EVENT)
      expect(JSON.parse(event.data)).toEqual({ proposalId: id, agreedAt: agreement.agreedAt, scenario: 'conservative' })
      expect(event.data).not.toContain(PROSPECT.email)

      // Two downloads by the prospect, one by the owner (not counted, as the owner's views are not).
      for (const client of [prospect, prospect, owner.client]) {
        const pdf = await client.get(`/api/proposals/${id}/pdf?scenario=conservative`)
        expect(pdf.status, pdf.status === 200 ? '' : await pdf.text()).toBe(200)
        expect(pdf.headers.get('content-type')).toBe('application/pdf')
        await pdf.arrayBuffer()
      }
      const expected = { agreedAt: agreement.agreedAt, scenario: 'conservative' }
      const detail = await eventually(async () => {
        const answer = await owner.client.get(`/api/analytics/proposals/${id}`)
        if (answer.status !== 200) return undefined
        const parsed = analyticsProposalDetailSchema.parse(await answer.json())
        return parsed.pdfDownloads === 2 && parsed.agreement !== null ? parsed : undefined
      }, 20_000)
      expect(detail.agreement).toEqual(expected)
      const overview = analyticsOverviewSchema.parse(await (await owner.client.get('/api/analytics/overview')).json())
      expect(overview.proposals.find((row) => row.proposalId === id)).toMatchObject({ views: 1, pdfDownloads: 2, agreement: expected })
      // The three downloads went out as events; analytics' own test checks the owner's is never counted.
      const viewers = (await outboxPayloads(stack, proposalPdfDownloaded.subject))
        .map((payload) => decodeEvent(proposalPdfDownloaded, { subject: proposalPdfDownloaded.subject, payload }))
        .filter((download) => download.proposalId === id)
        .map((download) => download.viewer)
      expect(viewers).toEqual(['visitor', 'visitor', 'owner'])
    } finally {
      live.close()
    }
  })
})
