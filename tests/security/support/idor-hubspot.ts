// The IDOR matrix's entries for HubSpot (issue 39): A has connected its HubSpot and linked a
// proposal to a deal; B, Pro too, whatever it names or adds, reads, connects, searches with and
// links on its own connection only. A's connection and link are in the state the suite compares
// after each check.
import { randomBytes, randomInt } from 'node:crypto'
import { HUBSPOT_PRO_REQUIRED_CODE, HUBSPOT_PRO_REQUIRED_MESSAGE } from '@valueproof/contracts'
import { expect } from 'vitest'
import type { FakeHubspot } from '../../../services/notification/src/hubspot/testing/fake-hubspot.ts'
import { eventually, signUp, type Actor } from './actors.ts'
import type { Check, Coverage, World } from './idor-billing.ts'
import { impersonationHeaders, type Victim } from './two-users.ts'

const NOT_LINKED = { message: 'This proposal is not linked to a HubSpot deal' }
const NOT_YOURS = { message: 'You have no proposal with this id' }

/** B's own HubSpot account: a token of its private app and a deal in it. */
const bravo = {
  token: `pat-eu1-${randomBytes(16).toString('hex')}`,
  portalId: String(randomInt(20_000_000, 29_999_999)),
  dealId: String(randomInt(200_000, 299_999)),
}

/** Waits until the notification service holds the user as Pro (it hears billing's event on its own). */
async function proInNotification(actor: Actor): Promise<void> {
  await eventually(async () => ((await actor.client.get('/api/notifications/hubspot')).status === 200 ? true : undefined), 30_000)
}

/**
 * A connects its HubSpot and links its protected proposal (B, without the code, makes no prospect's
 * move on it, so no note changes the connection) to a deal of its own, before the baseline; B's account and deal are known to the fake.
 */
export async function withHubspot(world: World, hubspot: FakeHubspot): Promise<void> {
  const { a, b } = world
  const token = `pat-eu1-${randomBytes(16).toString('hex')}`
  const portalId = String(randomInt(10_000_000, 19_999_999))
  const dealId = String(randomInt(100_000, 199_999))
  hubspot.addToken(token, Number(portalId))
  const dealName = `Alpha renewal ${dealId}`
  hubspot.addDeal({ id: dealId, name: dealName })
  hubspot.addToken(bravo.token, Number(bravo.portalId))
  hubspot.addDeal({ id: bravo.dealId, name: `Bravo expansion ${bravo.dealId}` })
  await proInNotification(a)
  await proInNotification(b)
  const connected = await a.client.request('PUT', '/api/notifications/hubspot', { json: { accessToken: token } })
  expect(connected.status, await connected.clone().text()).toBe(200)
  const linked = await a.client.request('PUT', `/api/notifications/hubspot/links/${a.codedId}`, { json: { dealId } })
  expect(linked.status, await linked.clone().text()).toBe(200)
  a.hubspot = { portalId, dealId, linkedProposalId: a.codedId }
  // No answer to B names A's HubSpot account or deal (the suite's last check looks through them all).
  a.privateMarkers.push(portalId, dealName)
}

function own(a: Victim): NonNullable<Victim['hubspot']> {
  if (!a.hubspot) throw new Error('A has no HubSpot connection: withHubspot did not run')
  return a.hubspot
}

async function connectB(b: Actor, headers: Record<string, string> = {}): Promise<void> {
  const response = await b.client.request('PUT', '/api/notifications/hubspot', { json: { accessToken: bravo.token }, headers })
  expect(response.status, await response.clone().text()).toBe(200)
  expect(await response.json()).toMatchObject({ connected: true, portalId: bravo.portalId })
}

async function disconnectB(b: Actor, headers: Record<string, string> = {}): Promise<void> {
  const response = await b.client.request('DELETE', '/api/notifications/hubspot', { headers })
  expect(response.status, await response.clone().text()).toBe(200)
  expect(await response.json()).toEqual({ connected: false })
}

/** B names each of A's proposals every way it can: B has no link on any of them, A's link is not B's to see or remove. */
function linkOwnersOnly(call: (b: Actor, proposalId: string, headers: Record<string, string>) => Promise<Response>): Check {
  return async ({ a, b }) => {
    for (const headers of impersonationHeaders(a)) {
      for (const id of [own(a).linkedProposalId, a.openId, a.hiddenId]) {
        const response = await call(b, id, headers)
        expect(response.status, await response.clone().text()).toBe(404)
        expect(await response.json()).toEqual(NOT_LINKED)
      }
    }
  }
}

export const HUBSPOT_COVERAGE: Record<string, Coverage> = {
  'GET /api/notifications/hubspot': {
    owned: async ({ a, b }) => {
      await connectB(b)
      for (const headers of impersonationHeaders(a)) {
        for (const query of ['', `?userId=${a.id}`]) {
          const response = await b.client.get(`/api/notifications/hubspot${query}`, headers)
          expect(response.status).toBe(200)
          expect(await response.json()).toMatchObject({ connected: true, portalId: bravo.portalId })
        }
      }
    },
  },
  'PUT /api/notifications/hubspot': {
    owned: async ({ a, b }) => {
      for (const headers of impersonationHeaders(a)) await connectB(b, headers)
      // A body naming a user is refused, not obeyed.
      const naming = await b.client.request('PUT', '/api/notifications/hubspot', { json: { accessToken: bravo.token, userId: a.id } })
      expect(naming.status, await naming.clone().text()).toBe(400)
    },
  },
  'DELETE /api/notifications/hubspot': {
    owned: async ({ a, b }) => {
      for (const headers of impersonationHeaders(a)) {
        await connectB(b)
        await disconnectB(b, headers)
      }
    },
  },
  // Without a connection of its own B searches nothing, whoever it names: A's token is never used for B.
  'GET /api/notifications/hubspot/deals': {
    owned: async ({ a, b }) => {
      await connectB(b)
      await disconnectB(b)
      for (const headers of impersonationHeaders(a)) {
        for (const query of ['?q=Alpha', `?q=Alpha&userId=${a.id}`]) {
          const response = await b.client.get(`/api/notifications/hubspot/deals${query}`, headers)
          expect(response.status, await response.clone().text()).toBe(409)
          expect(await response.json()).toEqual({ message: 'Connect HubSpot first' })
        }
      }
      await connectB(b)
      const found = await b.client.get(`/api/notifications/hubspot/deals?q=${bravo.dealId}`)
      expect(found.status, await found.clone().text()).toBe(200)
      expect(await found.json()).toEqual([expect.objectContaining({ id: bravo.dealId })])
    },
  },
  'GET /api/notifications/hubspot/links/:proposalId': {
    owned: linkOwnersOnly((b, id, headers) => b.client.get(`/api/notifications/hubspot/links/${id}`, headers)),
  },
  // The service takes a link for a proposal it does not know yet (decision in links.ts): B's link on
  // A's id is then B's own, never used for A's moves; one it knows as A's is refused. (Not the
  // unpublished id: B's own answer would echo it, and the last check looks for it in every answer.)
  'PUT /api/notifications/hubspot/links/:proposalId': {
    owned: async ({ a, b }) => {
      await connectB(b)
      for (const headers of impersonationHeaders(a)) {
        for (const id of [own(a).linkedProposalId, a.openId]) {
          const path = `/api/notifications/hubspot/links/${id}`
          const response = await b.client.request('PUT', path, { json: { dealId: bravo.dealId }, headers })
          expect([200, 404], await response.clone().text()).toContain(response.status)
          if (response.status === 404) {
            expect(await response.json()).toEqual(NOT_YOURS)
            continue
          }
          expect(await response.json()).toMatchObject({ proposalId: id, dealId: bravo.dealId })
          expect(await (await b.client.get(path)).json()).toMatchObject({ dealId: bravo.dealId })
          expect((await b.client.request('DELETE', path)).status).toBe(204)
        }
      }
      // A body naming a user is refused, not obeyed.
      const naming = await b.client.request('PUT', `/api/notifications/hubspot/links/${a.openId}`, {
        json: { dealId: bravo.dealId, userId: a.id },
      })
      expect(naming.status, await naming.clone().text()).toBe(400)
    },
  },
  'DELETE /api/notifications/hubspot/links/:proposalId': {
    owned: linkOwnersOnly((b, id, headers) => b.client.request('DELETE', `/api/notifications/hubspot/links/${id}`, { headers })),
  },
}

/** Each HubSpot route as a Free user would call it about A's things (the keys are HUBSPOT_COVERAGE's). */
export const FREE_USER_CALLS: Record<string, (a: Victim) => { path: string; json?: unknown }> = {
  'GET /api/notifications/hubspot': (a) => ({ path: `/api/notifications/hubspot?userId=${a.id}` }),
  'PUT /api/notifications/hubspot': () => ({ path: '/api/notifications/hubspot', json: { accessToken: bravo.token } }),
  'DELETE /api/notifications/hubspot': () => ({ path: '/api/notifications/hubspot' }),
  'GET /api/notifications/hubspot/deals': (a) => ({ path: `/api/notifications/hubspot/deals?q=Alpha&userId=${a.id}` }),
  'GET /api/notifications/hubspot/links/:proposalId': (a) => ({ path: `/api/notifications/hubspot/links/${own(a).linkedProposalId}` }),
  'PUT /api/notifications/hubspot/links/:proposalId': (a) => ({
    path: `/api/notifications/hubspot/links/${own(a).linkedProposalId}`,
    json: { dealId: bravo.dealId },
  }),
  'DELETE /api/notifications/hubspot/links/:proposalId': (a) => ({ path: `/api/notifications/hubspot/links/${own(a).linkedProposalId}` }),
}

/**
 * A Free user naming A (who is Pro) every way it can: every HubSpot call is refused as the caller's
 * plan, never answered on A's; A's connection and link stay as they were (the suite compares them).
 */
export async function freeUserRefused({ stack, a }: World): Promise<void> {
  const free = await signUp(stack, 'freehubspot')
  for (const headers of impersonationHeaders(a)) {
    for (const [key, call] of Object.entries(FREE_USER_CALLS)) {
      const { path, json } = call(a)
      const response = await free.client.request(key.split(' ')[0] ?? '', path, { headers, ...(json === undefined ? {} : { json }) })
      expect(response.status, `${key}: ${await response.clone().text()}`).toBe(403)
      expect(await response.json()).toEqual({ message: HUBSPOT_PRO_REQUIRED_MESSAGE, code: HUBSPOT_PRO_REQUIRED_CODE })
    }
  }
}
