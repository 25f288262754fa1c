// Helpers of the proposal integration tests: accounts, sharing, opening by link, the outbox.
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
