// The CSRF suite's victim in HubSpot (issue 39): a fake HubSpot that knows the victim's account and
// the attacker's, and, before each HubSpot cell and control, the victim on Pro with its HubSpot
// connected to its own account and the route's proposal linked to its own deal, whatever the calls
// before left. A forged call that connected another account, disconnected, or linked or unlinked a
// deal would show in victimState.
import { randomBytes, randomInt } from 'node:crypto'
import { expect } from 'vitest'
import { startFakeHubspot, type FakeHubspot } from '../../../services/notification/src/hubspot/testing/fake-hubspot.ts'
import { eventually } from './actors.ts'
import type { RawAnswer } from './raw-http.ts'

const token = () => `pat-eu1-${randomBytes(16).toString('hex')}`

/** The victim's HubSpot account and deal, and the attacker's, which a forged call would put in their place. */
export const CSRF_HUBSPOT = {
  victim: { token: token(), portalId: String(randomInt(10_000_000, 19_999_999)), dealId: String(randomInt(100_000, 199_999)) },
  attacker: { token: token(), portalId: String(randomInt(20_000_000, 29_999_999)), dealId: String(randomInt(200_000, 299_999)) },
}

/** A fake HubSpot on loopback knowing both accounts and both deals (HUBSPOT_API_URL of the suite's stack). */
export async function csrfFakeHubspot(): Promise<FakeHubspot> {
  const hubspot = await startFakeHubspot()
  for (const [who, account] of Object.entries(CSRF_HUBSPOT)) {
    hubspot.addToken(account.token, Number(account.portalId))
    hubspot.addDeal({ id: account.dealId, name: `The ${who}’s deal` })
  }
  return hubspot
}

interface HubspotDeps {
  /** A JSON call of the victim's from the site's own pages. */
  request: (method: string, path: string, json?: unknown) => Promise<RawAnswer>
  /** Puts the victim on a paid subscription (csrf-billing's `subscribed`). */
  subscribed: () => Promise<void>
}

export function victimHubspot({ request, subscribed }: HubspotDeps) {
  /** The notification service holds the victim as Pro: billing's event has reached it. */
  async function pro(): Promise<void> {
    if ((await request('GET', '/api/notifications/hubspot')).status === 200) return
    await subscribed()
    await eventually(async () => ((await request('GET', '/api/notifications/hubspot')).status === 200 ? true : undefined), 30_000)
  }

  async function connected(): Promise<void> {
    const current = JSON.parse((await request('GET', '/api/notifications/hubspot')).text) as { connected: boolean; portalId?: string }
    if (current.connected && current.portalId === CSRF_HUBSPOT.victim.portalId) return
    const answer = await request('PUT', '/api/notifications/hubspot', { accessToken: CSRF_HUBSPOT.victim.token })
    expect(answer.status, answer.text).toBe(200)
  }

  async function linked(proposalId: string): Promise<void> {
    const path = `/api/notifications/hubspot/links/${proposalId}`
    const current = await request('GET', path)
    if (current.status === 200 && (JSON.parse(current.text) as { dealId: string }).dealId === CSRF_HUBSPOT.victim.dealId) return
    const answer = await request('PUT', path, { dealId: CSRF_HUBSPOT.victim.dealId })
    expect(answer.status, answer.text).toBe(200)
  }

  /** The victim on Pro, connected to its own account, and the proposal (when the route names one) linked to its own deal. */
  async function ready(proposalId?: string): Promise<void> {
    await pro()
    await connected()
    if (proposalId !== undefined) await linked(proposalId)
  }

  return { ready }
}
