// The view beacon (issue 19) through the gateway, on the embedded stack: GET /api/proposals/{id}
// writes nothing and answers a beacon token; POST /api/proposals/{id}/views records the view once
// per visit and once per token, only for the visitor the proposal opened for, never the owner's,
// never under Do Not Track or Global Privacy Control; any refused beacon stores nothing. A person's
// views count once in the window, cookie or not (issue 34: tests/security/view-inflation.test.ts
// has the flood). The view's event names the proposal by the title its page shows (issue 39).
import {
  BEACON_TOKEN_INVALID_MESSAGE,
  beaconResponseSchema,
  draftAnswerSchema,
  openedProposalSchema,
  PROPOSAL_UNAVAILABLE_MESSAGE,
  VIEW_BEACON_TOO_LARGE_MESSAGE,
} from '@valueproof/contracts'
import { beaconTokenKey, signBeaconToken, type BeaconClaims } from '@valueproof/http-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient } from '../../../../../tests/integration/support/http-client.ts'
import {
  eventually,
  newVisitId,
  openAndReport,
  proposalOf,
  registered,
  sendViewBeacon,
  share,
  storedViews,
  viewEventsOf,
} from '../../../../../tests/integration/support/proposals.ts'
import { startTestStack, type TestStack } from '../../../../../tests/integration/support/stack.ts'
import { newProposalId } from '../../domain/proposal-ids.ts'
import { PROPOSAL_NOT_FOUND_MESSAGE } from '../../domain/proposals.ts'
import { invoiceAutomationCalculator } from '../../testing/calculators.ts'

describe('the view beacon', () => {
  let stack: TestStack
  let owner: ApiClient
  let ownerId: number

  beforeAll(async () => {
    stack = await startTestStack('pglite+in-process')
    ;({ client: owner, id: ownerId } = await registered(stack, 'beacon'))
  })
  afterAll(async () => {
    await stack?.close()
  })

  /** A new visitor who opened the proposal: the visitor cookie the gateway gave it, and its token. */
  async function visitorOf(id: string): Promise<{ client: ApiClient; visitorId: string; beaconToken: string }> {
    const client = new ApiClient(stack.url)
    const response = await client.get(`/api/proposals/${id}`)
    expect(response.status).toBe(200)
    const visitorId = /vp_visitor=([^;]+)/.exec(response.headers.getSetCookie().join('\n'))?.[1]
    if (visitorId === undefined) throw new Error('the gateway set no visitor cookie')
    return { client, visitorId, beaconToken: openedProposalSchema.parse(await response.json()).beaconToken }
  }

  /** A token as the proposal service signs one (the stack's GATEWAY_SIGNING_KEY). */
  function signed(claims: Partial<BeaconClaims> & Pick<BeaconClaims, 'proposalId'>): string {
    return signBeaconToken(beaconTokenKey(stack.signingKey), {
      ownerUserId: ownerId,
      viewer: 'visitor',
      visitorId: '',
      expiresAt: Date.now() + 60_000,
      ...claims,
    })
  }

  /**
   * Views are written in the order they are recorded: once a last, counted view of a proposal has
   * arrived, anything a refused beacon (or a GET) had recorded before it would be there too.
   */
  async function settledWithOneMoreView(id: string, expected: { viewCount: number; events: number }, code?: string) {
    const { visitId } = await openAndReport(new ApiClient(stack.url), id, code)
    await eventually(async () => ((await viewEventsOf(stack, id)).some((event) => event.visitId === visitId) ? true : undefined))
    const events = await viewEventsOf(stack, id)
    expect(events).toHaveLength(expected.events)
    expect(await storedViews(stack, id)).toEqual({ viewCount: expected.viewCount, visits: expected.events })
    return events
  }

  it('answers the proposal with a beacon token and records nothing for the GET; the beacon records the view once', async () => {
    const id = await share(owner)
    const { client: visitor, visitorId, beaconToken } = await visitorOf(id)
    for (let index = 0; index < 3; index += 1) expect((await visitor.get(`/api/proposals/${id}`)).status).toBe(200)

    const visitId = newVisitId()
    const answer = await sendViewBeacon(visitor, id, { visitId, token: beaconToken })
    expect(answer.status).toBe(202)
    expect(answer.headers.get('cache-control')).toBe('no-store')
    expect(beaconResponseSchema.parse(await answer.json())).toEqual({ counted: true })
    const [event] = await eventually(async () => {
      const events = await viewEventsOf(stack, id)
      return events.length > 0 ? events : undefined
    })
    expect(event).toMatchObject({ viewer: 'visitor', visitorId, visitId, ownerUserId: ownerId, title: 'Support savings' })
    // The four GETs recorded nothing: the one view is the beacon's, and so is the one that follows.
    await settledWithOneMoreView(id, { viewCount: 2, events: 2 })
  })

  it('names the proposal in its view event as its page does: the published title, not an unpublished draft’s', async () => {
    const published = 'Besparingar för Åkerlunds ekonomiavdelning'
    const id = await share(owner, { title: published, calculatorData: invoiceAutomationCalculator })
    const draft = draftAnswerSchema.parse(await (await owner.get(`/api/proposals/${id}/draft`)).json())
    const renamed = { ...draft.document, title: 'Fakturaautomation för Åkerlunds, version två' }
    const saved = await owner.request('PUT', `/api/proposals/${id}/draft`, { json: { document: renamed, revision: draft.revision } })
    expect(saved.status, await saved.clone().text()).toBe(200)

    const before = await openAndReport(new ApiClient(stack.url), id)
    expect((await proposalOf(new ApiClient(stack.url), id)).title).toBe(published)
    expect((await owner.post(`/api/proposals/${id}/publish`, { revision: draft.revision + 1 })).status).toBe(201)
    const after = await openAndReport(new ApiClient(stack.url), id)
    const events = await eventually(async () => {
      const stored = await viewEventsOf(stack, id)
      return stored.length === 2 ? stored : undefined
    })
    expect(events.map((event) => [event.visitId, event.title])).toEqual([
      [before.visitId, published],
      [after.visitId, renamed.title],
    ])
  })

  it('records a resent beacon and a replayed token once; a new opening of the same page within the window is a repeat', async () => {
    const id = await share(owner)
    const visitor = new ApiClient(stack.url)
    const { beaconToken } = await proposalOf(visitor, id)
    const visitId = newVisitId()
    for (const body of [
      { visitId, token: beaconToken },
      { visitId, token: beaconToken },
      { visitId: newVisitId(), token: beaconToken },
      { visitId: newVisitId(), token: beaconToken },
    ]) {
      expect((await sendViewBeacon(visitor, id, body)).status).toBe(202)
    }
    // The same visit reported again with a later opening's token is still one visit.
    const reopened = await proposalOf(visitor, id)
    expect((await sendViewBeacon(visitor, id, { visitId, token: reopened.beaconToken })).status).toBe(202)
    const again = await openAndReport(visitor, id)
    // Accepted: the answer does not tell how the view was taken.
    expect(again.counted).toBe(true)
    const events = await settledWithOneMoreView(id, { viewCount: 2, events: 3 })
    expect(events.map((event) => [event.visitId, event.counting])).toEqual([
      [visitId, 'counted'],
      [again.visitId, 'repeat'],
      [expect.any(String), 'counted'],
    ])
  })

  it('takes a visitor who drops the cookie and comes back with the same browser as the same person; another browser is another', async () => {
    const id = await share(owner)
    const visitor = new ApiClient(stack.url)
    for (let opening = 0; opening < 3; opening += 1) {
      visitor.clearCookies()
      expect((await openAndReport(visitor, id)).counted).toBe(true)
    }
    const colleague = new ApiClient(stack.url)
    await openAndReport(colleague, id)
    const events = await settledWithOneMoreView(id, { viewCount: 3, events: 5 })
    expect(events.map((event) => event.counting)).toEqual(['counted', 'repeat', 'repeat', 'counted', 'counted'])
    // Three visitor ids for the one person: the cookie was dropped each time.
    expect(new Set(events.slice(0, 3).map((event) => event.visitorId)).size).toBe(3)
    // Nothing of the browser or the address leaves the service.
    expect(JSON.stringify(events, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value))).not.toMatch(
      /ValueProof-test-client|127\.0\.0\.1/,
    )
  })

  it('refuses a forged, tampered, expired, another proposal’s or another visitor’s token with 403, storing nothing', async () => {
    const id = await share(owner)
    const other = await share(owner)
    const { client: visitor, visitorId, beaconToken } = await visitorOf(id)
    const [version, payload, mac] = beaconToken.split('.')
    const tokens = {
      forged: 'v1.eyJmb3JnZWQiOnRydWV9.bm90LWEtbWFj',
      tampered: `${version}.${payload}x.${mac}`,
      unsigned: signBeaconToken(beaconTokenKey('not the gateway signing key at all!!'), {
        proposalId: id,
        ownerUserId: ownerId,
        viewer: 'visitor',
        visitorId,
        expiresAt: Date.now() + 60_000,
      }),
      expired: signed({ proposalId: id, visitorId, expiresAt: Date.now() - 1 }),
      otherProposal: (await proposalOf(visitor, other)).beaconToken,
      otherVisitor: (await visitorOf(id)).beaconToken,
    }
    for (const [kind, token] of Object.entries(tokens)) {
      const response = await sendViewBeacon(visitor, id, { visitId: newVisitId(), token })
      expect([kind, response.status, await response.json()]).toEqual([kind, 403, { message: BEACON_TOKEN_INVALID_MESSAGE }])
    }
    await settledWithOneMoreView(id, { viewCount: 1, events: 1 })
    expect((await storedViews(stack, other)).visits).toBe(0)
  })

  it('keeps nothing under Do Not Track or Global Privacy Control, and answers counted: false', async () => {
    const id = await share(owner)
    const visitor = new ApiClient(stack.url)
    const { beaconToken } = await proposalOf(visitor, id)
    for (const headers of [{ dnt: '1' }, { 'sec-gpc': '1' }] as Array<Record<string, string>>) {
      const response = await sendViewBeacon(visitor, id, { visitId: newVisitId(), token: beaconToken }, headers)
      expect([response.status, await response.json()]).toEqual([202, { counted: false }])
    }
    await settledWithOneMoreView(id, { viewCount: 1, events: 1 })
  })

  it("records the owner's own views as the owner's, never counted and never with a visitor id", async () => {
    const id = await share(owner)
    expect(await openAndReport(owner, id)).toMatchObject({ counted: false })
    // Opened signed out on the owner's browser, reported once signed in: still the owner's.
    const { visitorId, beaconToken } = await visitorOf(id)
    owner.setCookie('vp_visitor', visitorId)
    const response = await sendViewBeacon(owner, id, { visitId: newVisitId(), token: beaconToken })
    expect(await response.json()).toEqual({ counted: false })
    const events = await settledWithOneMoreView(id, { viewCount: 1, events: 3 })
    expect(events.map((event) => [event.viewer, event.visitorId])).toEqual([
      ['owner', ''],
      ['owner', ''],
      ['visitor', expect.stringMatching(/^[A-Za-z0-9_-]{22}$/)],
    ])
  })

  it('answers a beacon too large, malformed, of another type or not a visit 413, 400 or 415, storing nothing', async () => {
    const id = await share(owner)
    const visitor = new ApiClient(stack.url)
    const { beaconToken } = await proposalOf(visitor, id)
    const visitId = newVisitId()
    const tooLarge = await sendViewBeacon(visitor, id, { visitId, token: beaconToken, padding: 'x'.repeat(2_000) })
    expect([tooLarge.status, await tooLarge.json()]).toEqual([413, { message: VIEW_BEACON_TOO_LARGE_MESSAGE }])
    const refused = [
      ['not JSON', await sendViewBeacon(visitor, id, '{"visitId": ')],
      ['empty', await sendViewBeacon(visitor, id, '')],
      ['an array', await sendViewBeacon(visitor, id, [visitId, beaconToken])],
      ['not a visit id', await sendViewBeacon(visitor, id, { visitId: 'visit-1', token: beaconToken })],
      ['no token', await sendViewBeacon(visitor, id, { visitId })],
      ['an extra field', await sendViewBeacon(visitor, id, { visitId, token: beaconToken, viewer: 'visitor' })],
    ] as const
    for (const [kind, response] of refused) expect([kind, response.status]).toEqual([kind, 400])
    const form = await visitor.request('POST', `/api/proposals/${id}/views`, {
      body: `visitId=${visitId}&token=${beaconToken}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(form.status).toBe(415)
    await settledWithOneMoreView(id, { viewCount: 1, events: 1 })
  })

  it('answers the GET’s 404 or 410 for a proposal unknown, deleted, revoked or expired since it opened', async () => {
    const [deleted, revoked, expired] = [await share(owner), await share(owner), await share(owner)]
    const { client: visitor, visitorId } = await visitorOf(deleted)
    const tokens = new Map<string, string>()
    for (const id of [deleted, revoked, expired]) tokens.set(id, (await proposalOf(visitor, id)).beaconToken)
    const unknown = newProposalId()
    tokens.set(unknown, signed({ proposalId: unknown, visitorId }))
    tokens.set('not-an-id', signed({ proposalId: 'not-an-id', visitorId }))
    expect((await owner.request('DELETE', `/api/proposals/${deleted}`)).status).toBe(204)
    expect((await owner.post(`/api/proposals/${revoked}/revoke`)).status).toBe(200)
    expect((await owner.patch(`/api/proposals/${expired}`, { expiresAt: '2020-01-01T00:00:00Z' })).status).toBe(200)
    const answers = []
    for (const [id, token] of tokens) {
      const response = await sendViewBeacon(visitor, id, { visitId: newVisitId(), token })
      answers.push([response.status, await response.json()])
    }
    expect(answers).toEqual([
      [404, { message: PROPOSAL_NOT_FOUND_MESSAGE }],
      [410, { message: PROPOSAL_UNAVAILABLE_MESSAGE }],
      [410, { message: PROPOSAL_UNAVAILABLE_MESSAGE }],
      [404, { message: PROPOSAL_NOT_FOUND_MESSAGE }],
      [404, { message: PROPOSAL_NOT_FOUND_MESSAGE }],
    ])
    const live = await share(owner)
    await settledWithOneMoreView(live, { viewCount: 1, events: 1 })
    for (const id of tokens.keys()) expect(await storedViews(stack, id)).toMatchObject({ visits: 0 })
  })

  it('hands a token for a proposal behind an access code only with the right code', async () => {
    const id = await share(owner, { accessCode: 'open-sesame' })
    const visitor = new ApiClient(stack.url)
    const locked = await visitor.get(`/api/proposals/${id}`)
    expect(locked.status).toBe(401)
    expect(await locked.text()).not.toContain('beaconToken')
    expect(await openAndReport(visitor, id, 'open-sesame')).toMatchObject({ counted: true })
    await settledWithOneMoreView(id, { viewCount: 2, events: 2 }, 'open-sesame')
  })
})
