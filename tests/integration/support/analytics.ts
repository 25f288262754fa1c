// Helpers of the analytics integration test (issue 19): a prospect's page as the browser runs it
// (open, view beacon, engagement beacons as text/plain), and analytics' own tables read back.
import type { EngagementEvent } from '@valueproof/contracts'
import { expect } from 'vitest'
import type { ApiClient } from './http-client.ts'
import { newVisitId, proposalOf, sendViewBeacon } from './proposals.ts'
import type { TestStack } from './stack.ts'

const BEACON_TYPE = { 'content-type': 'text/plain;charset=UTF-8' }

export function analyticsTable(stack: TestStack, name: string): string {
  const { schema } = stack.databases.analytics
  return schema ? `"${schema}".${name}` : name
}

/** One opening of the proposal's page: its token, visit id and the view beacon's answer. */
export interface PageVisit {
  proposalId: string
  visitId: string
  token: string
  counted: boolean
}

/** What the page does when the proposal shows: reads it (the token) and sends its view beacon. */
export async function openPage(client: ApiClient, proposalId: string, headers: Record<string, string> = {}): Promise<PageVisit> {
  const { beaconToken } = await proposalOf(client, proposalId)
  const visitId = newVisitId()
  const response = await sendViewBeacon(client, proposalId, { visitId, token: beaconToken }, headers)
  expect(response.status, await response.clone().text()).toBe(202)
  const { counted } = (await response.json()) as { counted: boolean }
  return { proposalId, visitId, token: beaconToken, counted }
}

/** POST /api/track/engagement as navigator.sendBeacon sends it. */
export function sendEngagement(
  client: ApiClient,
  visit: Pick<PageVisit, 'proposalId' | 'visitId' | 'token'>,
  events: EngagementEvent[],
  headers: Record<string, string> = {},
): Promise<Response> {
  const body = JSON.stringify({ proposalId: visit.proposalId, visitId: visit.visitId, token: visit.token, events })
  return sendRawEngagement(client, body, headers)
}

export function sendRawEngagement(client: ApiClient, body: string, headers: Record<string, string> = {}): Promise<Response> {
  return client.request('POST', '/api/track/engagement', { body, headers: { ...BEACON_TYPE, ...headers } })
}

/** Sends an engagement beacon that must be answered 202 with `counted`. */
export async function engage(client: ApiClient, visit: PageVisit, events: EngagementEvent[], counted = true): Promise<void> {
  const response = await sendEngagement(client, visit, events)
  expect(response.status, await response.clone().text()).toBe(202)
  expect(await response.json()).toEqual({ counted })
}

export interface RawEvent {
  visit_id: string
  seq: number
  type: string
  section: string | null
  input_name: string | null
  value: number | null
  visible_ms: number | null
}

/** The raw engagement events analytics kept for a proposal. */
export function rawEvents(stack: TestStack, proposalId: string): Promise<RawEvent[]> {
  return stack.databases.analytics.query<RawEvent[]>(
    `SELECT visit_id, seq, type, section, input_name, value, visible_ms FROM ${analyticsTable(stack, 'engagement_event')}
      WHERE proposal_id = $1 ORDER BY visit_id, seq`,
    proposalId,
  )
}

/** The median as PostgreSQL's percentile_cont(0.5) takes it. */
export function median(values: readonly number[]): number | null {
  const sorted = [...values].sort((a, b) => a - b)
  if (sorted.length === 0) return null
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? (sorted[middle] ?? null) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

/** From the raw events: each visit's heartbeat time, each section's visits and time, each input's final value per visit. */
export function fromRaw(events: readonly RawEvent[]) {
  const visible = new Map<string, number>()
  const sections = new Map<string, { visits: Set<string>; visibleMs: number }>()
  const finals = new Map<string, Map<string, { seq: number; value: number }>>()
  for (const event of events) {
    if (event.type === 'heartbeat') visible.set(event.visit_id, (visible.get(event.visit_id) ?? 0) + (event.visible_ms ?? 0))
    if (event.type === 'section' && event.section) {
      const section = sections.get(event.section) ?? { visits: new Set<string>(), visibleMs: 0 }
      section.visits.add(event.visit_id)
      section.visibleMs += event.visible_ms ?? 0
      sections.set(event.section, section)
    }
    if (event.type === 'input' && event.input_name && event.value !== null) {
      const perVisit = finals.get(event.input_name) ?? new Map<string, { seq: number; value: number }>()
      const known = perVisit.get(event.visit_id)
      if (!known || known.seq < event.seq) perVisit.set(event.visit_id, { seq: event.seq, value: event.value })
      finals.set(event.input_name, perVisit)
    }
  }
  return {
    visibleByVisit: visible,
    sections,
    finals: new Map([...finals].map(([name, perVisit]) => [name, [...perVisit.values()].map((final) => final.value)])),
  }
}
