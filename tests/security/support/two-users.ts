// Two users for the IDOR matrix: A (the victim) with a company profile, a logo and proposals that
// are open, protected by an access code and unpublished; B (the attacker), a Pro user of their own.
import { createHash, randomBytes } from 'node:crypto'
import { expect } from 'vitest'
import { supportTriageCalculator } from '../../../services/proposal/src/testing/calculators.ts'
import { logoForm, tinyPng } from '../../integration/support/images.ts'
import type { TestStack } from '../../integration/support/stack.ts'
import { eventually, longAccessCode, makePro, signUp, table, type Actor, type RecordingClient } from './actors.ts'

export interface Victim extends Actor {
  accessCode: string
  logoUrl: string
  /** Published, no access code: anyone with the link opens it. */
  openId: string
  /** Published with an access code. */
  codedId: string
  /** Not published: only A opens it. */
  hiddenId: string
  /** A calculator A generated from a description (kept by the calculator service). */
  calculatorId: string
  /** Text of A's that no answer to anyone else may carry. */
  privateMarkers: string[]
  /** A's own calculator template, saved from calculatorId (set by withBillingAndTemplates). */
  templateId?: string
  /** A test-mode checkout of A's left open; A also holds a paid test-mode subscription. */
  openCheckoutId?: string
  /** A's webhook endpoint (set by withWebhook). */
  webhookId?: string
  /** A's HubSpot portal and the deal its protected proposal is linked to (set by withHubspot). */
  hubspot?: { portalId: string; dealId: string; linkedProposalId: string }
}

export async function shareProposal(client: RecordingClient, body: Record<string, unknown>): Promise<string> {
  const response = await client.post('/api/proposals', { content: '', calculatorData: supportTriageCalculator, ...body })
  expect(response.status, await response.clone().text()).toBe(201)
  return ((await response.json()) as { id: string }).id
}

async function uploadLogo(client: RecordingClient): Promise<string> {
  const response = await client.request('POST', '/api/upload-logo', { body: logoForm(tinyPng(), 'logo.png', 'image/png') })
  expect(response.status, await response.clone().text()).toBe(200)
  return ((await response.json()) as { url: string }).url
}

/** A: Pro, with a company profile and logo the proposal service knows, and three proposals. */
export async function victim(stack: TestStack): Promise<Victim> {
  const actor = await signUp(stack, 'victim')
  const tag = randomBytes(5).toString('hex')
  await makePro(stack, actor.id)
  const logoUrl = await uploadLogo(actor.client)
  const profile = await actor.client.patch('/api/profile', {
    companyName: `Alpha Company ${tag}`,
    companyWebsite: 'https://alpha.example',
    companyLogo: logoUrl,
  })
  expect(profile.status, await profile.clone().text()).toBe(200)
  // The proposal service brands A's proposals once identity's profile event has reached it.
  await eventually(async () => {
    const rows = await stack.databases.proposal.query<Array<{ company_logo: string | null }>>(
      `SELECT company_logo FROM ${table(stack, 'proposal', 'user_account')} WHERE user_id = $1`,
      actor.id,
    )
    return rows[0]?.company_logo === logoUrl ? true : undefined
  })
  await makePro(stack, actor.id)

  const accessCode = longAccessCode('alpha')
  const codedTitle = `A protected secret ${tag}`
  const hiddenTitle = `A unpublished secret ${tag}`
  const openId = await shareProposal(actor.client, { title: `A open ${tag}` })
  const codedId = await shareProposal(actor.client, { title: codedTitle, content: `coded content ${tag}`, accessCode })
  const hiddenId = await shareProposal(actor.client, { title: hiddenTitle })
  await stack.databases.proposal.execute(`UPDATE ${table(stack, 'proposal', 'proposal')} SET is_published = false WHERE id = $1`, hiddenId)
  const calculatorDescription = `Alpha's own service ${tag}: each of 12 agents spends 15 hours per week on triage at $45 per hour.`
  const generated = await actor.client.post('/api/calculator/analyze-text', {
    description: calculatorDescription,
    complexity: 'minimal',
    language: 'en',
    currency: 'USD',
  })
  expect(generated.status, await generated.clone().text()).toBe(200)
  const calculatorId = ((await generated.json()) as { calculator: { id: string } }).calculator.id
  return {
    ...actor,
    accessCode,
    logoUrl,
    openId,
    codedId,
    hiddenId,
    calculatorId,
    privateMarkers: [
      actor.username,
      accessCode,
      codedTitle,
      hiddenTitle,
      hiddenId,
      `coded content ${tag}`,
      calculatorId,
      `Alpha's own service ${tag}`,
    ],
  }
}

async function createdCheckout(client: RecordingClient): Promise<string> {
  const response = await client.post('/api/subscription/create', {})
  expect(response.status, await response.clone().text()).toBe(200)
  const { paymentUrl } = (await response.json()) as { paymentUrl: string }
  const id = paymentUrl.split('/').at(-1)
  if (!id) throw new Error(`no checkout session in ${paymentUrl}`)
  return id
}

/**
 * Billing and templates of A's own (issue 16): an open test-mode checkout, a paid one (a real
 * subscription in billing, not only the projections' Pro), and a template saved from A's calculator.
 */
export async function withBillingAndTemplates(a: Victim): Promise<void> {
  a.openCheckoutId = await createdCheckout(a.client)
  const paid = await createdCheckout(a.client)
  const payment = await a.client.post(`/api/billing/test-checkout/${paid}/pay`, {})
  expect(payment.status, await payment.clone().text()).toBe(200)
  await eventually(async () => {
    const status = (await (await a.client.get('/api/subscription')).json()) as { status: string }
    return status.status === 'active' ? true : undefined
  })
  const template = await a.client.post('/api/calculator-templates', { calculatorId: a.calculatorId, name: `A's template` })
  expect(template.status, await template.clone().text()).toBe(201)
  a.templateId = ((await template.json()) as { id: string }).id
  a.privateMarkers.push(a.openCheckoutId, paid, a.templateId)
}

/** B: Pro too, so every route (profile, logo, generation) is open to them. */
export async function attacker(stack: TestStack): Promise<Actor> {
  const actor = await signUp(stack, 'attacker')
  await makePro(stack, actor.id)
  return actor
}

/** Everything A owns, as A sees it: a change by anyone else shows up here. */
export async function stateOf(stack: TestStack, a: Victim): Promise<unknown> {
  const json = async (path: string) => {
    const response = await a.client.get(path)
    expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200)
    return (await response.json()) as unknown
  }
  const logo = await fetch(new URL(a.logoUrl, stack.url))
  expect(logo.status).toBe(200)
  return {
    user: await json('/api/user'),
    // Without the views: B, like anyone with A's link, may open it, and each opening counts.
    list: ((await json('/api/proposals')) as Array<Record<string, unknown>>).map((entry) =>
      Object.fromEntries(Object.entries(entry).filter(([field]) => field !== 'views')),
    ),
    calculators: await json('/api/calculators'),
    // Without the beacon token: each answer signs its own, with its own expiry.
    proposals: await Promise.all(
      [a.openId, a.codedId, a.hiddenId].map(async (id) => {
        const proposal = (await json(`/api/proposals/${id}`)) as Record<string, unknown>
        return Object.fromEntries(Object.entries(proposal).filter(([field]) => field !== 'beaconToken'))
      }),
    ),
    // The seller's drafts (issue 37): what B's calls on A's proposals could change without changing the records.
    drafts: await Promise.all([a.openId, a.codedId, a.hiddenId].map((id) => json(`/api/proposals/${id}/draft`))),
    subscription: await json('/api/subscription'),
    notificationSettings: await json('/api/notifications/settings'),
    webhooks: await json('/api/notifications/webhooks'),
    webhookDeliveries: a.webhookId ? await json(`/api/notifications/webhooks/${a.webhookId}/deliveries`) : null,
    templates: await json('/api/calculator-templates'),
    // The connection as A sees it (portal, connected or revoked, since when; never the token) and A's link.
    hubspot: a.hubspot ? await json('/api/notifications/hubspot') : null,
    hubspotLink: a.hubspot ? await json(`/api/notifications/hubspot/links/${a.hubspot.linkedProposalId}`) : null,
    checkout: a.openCheckoutId ? await json(`/api/billing/test-checkout/${a.openCheckoutId}`) : null,
    logo: createHash('sha256')
      .update(Buffer.from(await logo.arrayBuffer()))
      .digest('hex'),
  }
}

/**
 * Headers by which B might try to pass as A: none (the plain call), the internal user header of
 * old, and a made-up signed identity. The gateway must act on B's session cookie alone.
 */
export function impersonationHeaders(a: Actor): Array<Record<string, string>> {
  const forgedPayload = Buffer.from(JSON.stringify({ u: a.id, ip: '127.0.0.1', m: 'GET', p: '/user', e: Date.now() + 60_000 })).toString(
    'base64url',
  )
  return [
    {},
    { 'x-user-id': String(a.id) },
    { 'x-valueproof-identity': `v1.${forgedPayload}.${randomBytes(32).toString('base64url')}`, 'x-user-id': String(a.id) },
  ]
}
