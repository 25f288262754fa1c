// Issue 37's draft and publish through the whole stack, on the embedded defaults and on real
// PostgreSQL + NATS + MinIO with the gateway reaching the proposal service over HTTP: tabs saving
// at one revision get exactly one 200 (the rest 409, nothing merged), a prospect who opened the
// proposal sees a new publication at once with its pricing table as the calculator's price, and
// bodies past the limits are refused at the gateway.
import {
  DOCUMENT_TOO_LARGE_MESSAGE,
  DRAFT_CONFLICT_MESSAGE,
  PROPOSAL_IMAGE_MAX_BYTES,
  PROPOSAL_IMAGE_TOO_LARGE_MESSAGE,
  PROPOSAL_STORAGE_LIMITS,
  draftAnswerSchema,
  proposalRecordSchema,
  richTextOfPlain,
  type ProposalBlock,
  type ProposalDocument,
} from '@valueproof/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient } from './support/http-client.ts'
import { registered, share, table } from './support/proposals.ts'
import { stackKinds, startTestStack, type TestStack } from './support/stack.ts'

const kinds = await stackKinds('postgres+nats+minio+http')

function documentWith(title: string, ...blocks: ProposalBlock[]): ProposalDocument {
  return {
    title,
    blocks: [
      { id: 'intro', type: 'section', heading: 'Why now', content: richTextOfPlain(`${title}: the words`) },
      { id: 'calculator', type: 'calculator' },
      ...blocks,
    ],
  }
}

describe.each(kinds)('the seller’s draft and publications through the gateway (%s)', (kind) => {
  let stack: TestStack
  let owner: ApiClient

  beforeAll(async () => {
    stack = await startTestStack(kind)
    ;({ client: owner } = await registered(stack, 'drafts'))
  })
  afterAll(async () => {
    await stack?.close()
  })

  const put = (id: string, body: unknown) => owner.request('PUT', `/api/proposals/${id}/draft`, { json: body })
  const recordOf = async (client: ApiClient, id: string) =>
    proposalRecordSchema.parse(await (await client.get(`/api/proposals/${id}`)).json())

  it('lets exactly one of four tabs saving at the same revision through; the others get 409 and the draft is the winner’s', async () => {
    const id = await share(owner)
    const titles = ['Tab one', 'Tab two', 'Tab three', 'Tab four']
    const responses = await Promise.all(titles.map((title) => put(id, { document: documentWith(title), revision: 0 })))
    const answers = await Promise.all(
      responses.map(async (response) => ({ status: response.status, body: (await response.json()) as unknown })),
    )
    const winners = answers.filter((answer) => answer.status === 200).map((answer) => draftAnswerSchema.parse(answer.body))
    expect(winners).toHaveLength(1)
    expect(answers.filter((answer) => answer.status === 409).map((answer) => answer.body)).toEqual(
      Array(3).fill({ message: DRAFT_CONFLICT_MESSAGE }),
    )
    const stored = draftAnswerSchema.parse(await (await owner.get(`/api/proposals/${id}/draft`)).json())
    expect([stored.revision, stored.document.title]).toEqual([1, winners[0]?.document.title])
  })

  it('lets only one of two drafts growing at once past the account’s storage ceiling; the other gets 403 and stores nothing', async () => {
    const seller = (await registered(stack, 'ceiling')).client
    const [first, second] = [await share(seller), await share(seller)]
    const longDocument = (title: string) =>
      documentWith(title, { id: 'long', type: 'section', content: richTextOfPlain(Array(400).fill('word '.repeat(100)).join('\n\n')) })
    const bytes = Buffer.byteLength(JSON.stringify(longDocument('Draft one')))
    // The account's proposals fill the Free ceiling but for room for one of the two drafts.
    const [used] = await stack.databases.proposal.query<Array<{ total: number | bigint }>>(
      `SELECT sum(stored_bytes) AS total FROM ${table(stack, 'proposal', 'proposal')} WHERE id IN ($1, $2)`,
      first,
      second,
    )
    const fill = PROPOSAL_STORAGE_LIMITS.free - Number(used?.total ?? 0) - Math.round(bytes * 1.5)
    await stack.databases.proposal.query(
      `UPDATE ${table(stack, 'proposal', 'proposal')} SET stored_bytes = stored_bytes + $1 WHERE id = $2`,
      fill,
      first,
    )
    const responses = await Promise.all(
      [first, second].map((id, index) =>
        seller.request('PUT', `/api/proposals/${id}/draft`, { json: { document: longDocument(`Draft ${index + 1}`), revision: 0 } }),
      ),
    )
    expect(responses.map((response) => response.status).sort()).toEqual([200, 403])
    const revisions = await Promise.all(
      [first, second].map(async (id) => draftAnswerSchema.parse(await (await seller.get(`/api/proposals/${id}/draft`)).json()).revision),
    )
    expect(revisions.sort()).toEqual([0, 1])
  })

  it('shows a prospect who already opened the proposal the new publication at once, priced by its table', async () => {
    const id = await share(owner, { title: 'Support savings' })
    const prospect = new ApiClient(stack.url)
    expect((await recordOf(prospect, id)).title).toBe('Support savings')
    const table: ProposalBlock = {
      id: 'price',
      type: 'pricing',
      items: [
        { id: 'seats', description: 'Seats', quantity: 12, unit: 'seat', unitPrice: 40, recurrence: 'month' },
        { id: 'training', description: 'Training day', quantity: 1, unit: 'day', unitPrice: 900, recurrence: 'once', optional: true },
      ],
      taxPercent: 25,
    }
    const hidden: ProposalBlock = { id: 'notes', type: 'quote', text: 'Internal: they asked for a discount', hidden: true }
    const saved = await put(id, { document: documentWith('Support desk offer for Initech', table, hidden), revision: 0 })
    expect(saved.status, await saved.clone().text()).toBe(200)
    const published = await owner.post(`/api/proposals/${id}/publish`, { revision: 1 })
    expect(published.status, await published.clone().text()).toBe(201)
    const seen = await recordOf(prospect, id)
    expect(seen.title).toBe('Support desk offer for Initech')
    expect(seen.document.blocks.map((block) => block.id)).toEqual(['intro', 'calculator', 'price'])
    // 12 seats × 40 a month, before tax; the unticked option is not in it.
    expect((seen.calculatorData as { price?: unknown }).price).toEqual({ amount: 480, period: 'month', source: { kind: 'entered' } })
  })

  it('refuses a 20 MB draft and a 9 MB image at the gateway with 413', async () => {
    const id = await share(owner)
    const huge = documentWith('Huge', { id: 'long', type: 'section', content: richTextOfPlain('word '.repeat(4_000_000)) })
    const draft = await put(id, { document: huge, revision: 0 })
    expect([draft.status, await draft.json()]).toEqual([413, { message: DOCUMENT_TOO_LARGE_MESSAGE }])
    const image = await owner.request('POST', `/api/proposals/${id}/images`, {
      body: new Uint8Array(PROPOSAL_IMAGE_MAX_BYTES + 1_024 * 1_024),
      headers: { 'content-type': 'image/png' },
    })
    expect([image.status, await image.json()]).toEqual([413, { message: PROPOSAL_IMAGE_TOO_LARGE_MESSAGE }])
    expect(draftAnswerSchema.parse(await (await owner.get(`/api/proposals/${id}/draft`)).json()).revision).toBe(0)
  })
})
