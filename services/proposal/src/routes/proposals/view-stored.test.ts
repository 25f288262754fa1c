// POST /api/proposals/{id}/views answers 202 only once the view is stored (docs/decisions/117): its
// visit and its count are in the database when the answer comes, and a view whose write fails is
// answered 503 with a message, never a 202 for something lost.
import { openedProposalSchema } from '@valueproof/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient } from '../../../../../tests/integration/support/http-client.ts'
import { newVisitId, registered, sendViewBeacon, share, storedViews, table } from '../../../../../tests/integration/support/proposals.ts'
import { startTestStack, type TestStack } from '../../../../../tests/integration/support/stack.ts'
import { VIEW_NOT_RECORDED_MESSAGE } from '../../domain/views.ts'

describe('the view beacon is answered once its view is stored', () => {
  let stack: TestStack
  beforeAll(async () => {
    stack = await startTestStack('pglite+in-process')
  })
  afterAll(async () => {
    await stack?.close()
  })

  /** A prospect in a browser of its own (views count people, decision 119) who opened the proposal. */
  async function prospectOf(id: string, browser: string) {
    const client = new ApiClient(stack.url)
    const headers = { 'user-agent': browser }
    const opened = await client.get(`/api/proposals/${id}`, headers)
    expect(opened.status, await opened.clone().text()).toBe(200)
    const beacon = { visitId: newVisitId(), token: openedProposalSchema.parse(await opened.json()).beaconToken }
    return { send: () => sendViewBeacon(client, id, beacon, headers) }
  }

  it('counts the view before answering 202, and answers 503 with a message when the write fails', async () => {
    const { client: owner } = await registered(stack, 'stored')
    const id = await share(owner)
    const first = await (await prospectOf(id, 'FirstBrowser/1.0')).send()
    expect(first.status, await first.clone().text()).toBe(202)
    expect(await storedViews(stack, id)).toEqual({ viewCount: 1, visits: 1 })

    const other = await prospectOf(id, 'OtherBrowser/2.0')
    await stack.databases.proposal.execute(`ALTER TABLE ${table(stack, 'proposal', 'proposal_visit')} RENAME TO proposal_visit_away`)
    let refused: Response
    try {
      refused = await other.send()
    } finally {
      await stack.databases.proposal.execute(`ALTER TABLE ${table(stack, 'proposal', 'proposal_visit_away')} RENAME TO proposal_visit`)
    }
    expect(refused.status).toBe(503)
    expect(await refused.json()).toEqual({ message: VIEW_NOT_RECORDED_MESSAGE })
    expect(await storedViews(stack, id)).toEqual({ viewCount: 1, visits: 1 })

    // Sent again once the database takes writes: counted, and answered 202.
    const again = await other.send()
    expect(again.status, await again.clone().text()).toBe(202)
    expect(await storedViews(stack, id)).toEqual({ viewCount: 2, visits: 2 })
  })
})
