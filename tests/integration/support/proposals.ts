// Helpers of the proposal integration tests: accounts, sharing, opening by link, the view beacon, the outbox.
import { randomBytes } from 'node:crypto'
import { decodeEvent, proposalViewed } from '@valueproof/event-bus'
import { expect } from 'vitest'
import { supportTriageCalculator } from '../../../services/proposal/src/testing/calculators.ts'
import { ApiClient, GOOD_PASSWORD, uniqueUsername } from './http-client.ts'
import type { TestStack } from './stack.ts'
export { eventually } from '@valueproof/testing'

export interface ProposalBody {
  id: string
  userId: number
  title: string
  calculatorData: { name: string; branding?: Record<string, string> }
  accessCode?: string | null
  isPublished: boolean
  isTemplate: boolean
  templateType: string | null
  content: string | null
  createdAt: string
  updatedAt: string
  expiresAt?: string | null
  revokedAt?: string | null
  executiveSummary: string | null
  problemStatement: string | null
  solutionOverview: string | null
  valueProposition: string | null
  callToAction: string | null
  contactInformation: string | null
  /** Signed for this opening: the page's beacons carry it back (issue 19). */
  beaconToken: string
}

/** Creation times have millisecond precision: the list's order is only defined between distinct ones. */
export async function nextMillisecond(): Promise<void> {
  const now = Date.now()
  while (Date.now() <= now) await new Promise((resolve) => setTimeout(resolve, 1))
}

export async function registered(stack: TestStack, prefix = 'prop'): Promise<{ client: ApiClient; id: number }> {
  const client = new ApiClient(stack.url)
  const response = await client.post('/api/register', { username: uniqueUsername(prefix), password: GOOD_PASSWORD })
  expect(response.status).toBe(201)
  return { client, id: ((await response.json()) as { id: number }).id }
}

export async function share(client: ApiClient, body: Record<string, unknown> = {}): Promise<string> {
  const response = await client.post('/api/proposals', {
    title: 'Support savings',
    content: 'Shared from the calculator',
    calculatorData: supportTriageCalculator,
    ...body,
  })
  expect(response.status, await response.clone().text()).toBe(201)
  const created = (await response.json()) as { id: string }
  expect(Object.keys(created)).toEqual(['id'])
  return created.id
}

export async function open(client: ApiClient, id: string, code?: string): Promise<Response> {
  return client.get(`/api/proposals/${encodeURIComponent(id)}${code === undefined ? '' : `?code=${encodeURIComponent(code)}`}`)
}

export async function proposalOf(client: ApiClient, id: string, code?: string): Promise<ProposalBody> {
  const response = await open(client, id, code)
  expect(response.status, await response.clone().text()).toBe(200)
  return (await response.json()) as ProposalBody
}

/** A page view's random id, as the proposal page makes one (16 random bytes, base64url). */
export function newVisitId(): string {
  return randomBytes(16).toString('base64url')
}

/** POST /api/proposals/{id}/views as navigator.sendBeacon sends it: JSON in a text/plain body. */
export function sendViewBeacon(client: ApiClient, id: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return client.request('POST', `/api/proposals/${encodeURIComponent(id)}/views`, {
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'text/plain;charset=UTF-8', ...headers },
  })
}

/** What the proposal page does: opens the proposal and sends its view beacon (202 expected). */
export async function openAndReport(client: ApiClient, id: string, code?: string): Promise<{ visitId: string; counted: boolean }> {
  const { beaconToken } = await proposalOf(client, id, code)
  const visitId = newVisitId()
  const response = await sendViewBeacon(client, id, { visitId, token: beaconToken })
  expect(response.status, await response.clone().text()).toBe(202)
  const { counted } = (await response.json()) as { counted: boolean }
  return { visitId, counted }
}

export function table(stack: TestStack, service: 'proposal' | 'identity', name: string): string {
  const schema = stack.databases[service].schema
  return schema ? `"${schema}".${name}` : name
}

/** The proposal service's outbox events of one subject (published rows stay for a while). */
export async function outboxPayloads(stack: TestStack, subject: string): Promise<Uint8Array[]> {
  const rows = await stack.databases.proposal.query<Array<{ payload: Uint8Array }>>(
    `SELECT payload FROM ${table(stack, 'proposal', 'outbox_event')} WHERE subject = $1 ORDER BY occurred_at`,
    subject,
  )
  return rows.map((row) => new Uint8Array(row.payload))
}

/** The proposal-viewed events of one proposal in the outbox, oldest first. */
export async function viewEventsOf(stack: TestStack, proposalId: string) {
  return (await outboxPayloads(stack, proposalViewed.subject))
    .map((payload) => decodeEvent(proposalViewed, { subject: proposalViewed.subject, payload }))
    .filter((event) => event.proposalId === proposalId)
}

/** A proposal's prospect view count as stored, and its counted visits. */
export async function storedViews(stack: TestStack, proposalId: string): Promise<{ viewCount: number | undefined; visits: number }> {
  const [row] = await stack.databases.proposal.query<Array<{ view_count: number }>>(
    `SELECT view_count FROM ${table(stack, 'proposal', 'proposal')} WHERE id = $1`,
    proposalId,
  )
  const [visits] = await stack.databases.proposal.query<Array<{ count: number }>>(
    `SELECT count(*)::int AS count FROM ${table(stack, 'proposal', 'proposal_visit')} WHERE proposal_id = $1`,
    proposalId,
  )
  return { viewCount: row?.view_count, visits: visits?.count ?? 0 }
}
