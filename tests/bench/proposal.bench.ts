// Proposal benchmark (issue 5, "Performance"; issue 19): GET /api/proposals/{id} for a published
// proposal, opened by a signed-out visitor through the gateway (the product in a child process
// started as `npm start` starts it, on PostgreSQL + NATS), against a bare Koa handler returning the
// same JSON in this run, at 50 connections (aim since issue 19, when the GET became a pure read: at
// least 0.50 ×), p99 printed, and what the GETs wrote (nothing: views come from the page's beacon).
// Each answer carries a beacon token signed for that opening, so answers differ in their token:
// the load counts non-2xx answers, and answers before and after it are compared field by field.
// Run alone: node --import tsx tests/bench/run.ts proposal
import { needs } from '@valueproof/testing'
import pg from 'pg'
import { ApiClient, GOOD_PASSWORD, uniqueUsername } from '../integration/support/http-client.ts'
import { measure, startBareKoa } from './api.bench.ts'
import { runLoad, type LoadSummary } from './autocannon.ts'
import type { BenchResult } from './bench-result.ts'
import { productOnInfrastructure } from './product.ts'

const AIM = 0.5
const CONNECTIONS = 50
const WARMUP_SECONDS = 3
const MEASURE_SECONDS = 10
const calculatorData = {
  name: 'Support desk automation',
  description: 'Hours saved on ticket triage',
  formula: 'hoursSavedPerWeek * hourlyRate * agents',
  explanation: 'Hours saved per week times the hourly cost times the number of agents.',
  parameters: [
    { name: 'hoursSavedPerWeek', label: 'Hours saved per week', type: 'slider', min: 0, max: 40, step: 1, defaultValue: 6 },
    { name: 'hourlyRate', label: 'Hourly cost', type: 'slider', min: 0, max: 300, step: 5, defaultValue: 45 },
    { name: 'agents', label: 'Agents', type: 'slider', min: 1, max: 200, step: 1, defaultValue: 12 },
  ],
  baseCurrency: 'USD',
  baseTimeframe: 'weekly',
  valueType: 'moneySaved',
}

/** What views were recorded: view events in the proposal service's outbox, and counted visits. */
async function recordedViews(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    // The one-process product keeps each service in its own schema, named after it.
    const { rows } = await client.query<{ events: number; visits: number }>(
      `SELECT (SELECT count(*)::int FROM "proposal".outbox_event WHERE subject = 'proposal.proposal.viewed') AS events,
              (SELECT count(*)::int FROM "proposal".proposal_visit) AS visits`,
    )
    return (rows[0]?.events ?? 0) + (rows[0]?.visits ?? 0)
  } finally {
    await client.end()
  }
}

/** The answer without its beacon token (signed anew for each opening), as sorted JSON. */
export function withoutToken(text: string): string {
  const { beaconToken, ...record } = JSON.parse(text) as Record<string, unknown>
  if (typeof beaconToken !== 'string' || !beaconToken.startsWith('v1.')) throw new Error('the answer carries no beacon token')
  return JSON.stringify(record, Object.keys(record).sort())
}

/** What a returning prospect's GET of a shared proposal answers, and how to repeat it. */
export interface SharedProposal {
  id: string
  /** The first answer (its beacon token is the only part that differs between openings). */
  body: Buffer
  contentType: string
  /** The visitor cookie and accept header of a prospect who opened it before, signed out. */
  headers: Record<string, string>
  visitor: ApiClient
}

/** A seller registers and creates a proposal; a signed-out prospect opens it once and keeps the visitor cookie. */
export async function openSharedProposal(gatewayUrl: string): Promise<SharedProposal> {
  const owner = new ApiClient(gatewayUrl)
  if ((await owner.post('/api/register', { username: uniqueUsername('benchprop'), password: GOOD_PASSWORD })).status !== 201)
    throw new Error('register failed')
  const created = await owner.post('/api/proposals', {
    title: 'Support desk automation for Acme',
    content: 'Shared calculator',
    calculatorData,
  })
  if (created.status !== 201) throw new Error(`POST /api/proposals answered ${created.status}: ${await created.text()}`)
  const { id } = (await created.json()) as { id: string }
  // A visitor who already has a visitor cookie, as a returning prospect does.
  const visitor = new ApiClient(gatewayUrl)
  const first = await visitor.get(`/api/proposals/${id}`)
  const body = Buffer.from(await first.arrayBuffer())
  if (first.status !== 200) throw new Error(`GET /api/proposals/${id} answered ${first.status}`)
  const contentType = first.headers.get('content-type') ?? 'application/json; charset=utf-8'
  const visitorCookie = (first.headers.getSetCookie().find((line) => line.startsWith('vp_visitor=')) ?? '').split(';')[0] ?? ''
  return { id, body, contentType, headers: { cookie: visitorCookie, accept: 'application/json' }, visitor }
}

/** The GET under load: answers differ in their tokens, so only their status is checked here. */
export async function measureOpening(
  url: string,
  headers: Record<string, string>,
  label = 'proposal',
  onMeasuring?: () => void,
): Promise<LoadSummary> {
  console.log(`  [${label}] GET /api/proposals/{id}: warm-up ${WARMUP_SECONDS} s, then ${MEASURE_SECONDS} s at ${CONNECTIONS} connections…`)
  await runLoad({ url, connections: CONNECTIONS, durationSeconds: WARMUP_SECONDS, headers })
  onMeasuring?.()
  return runLoad({ url, connections: CONNECTIONS, durationSeconds: MEASURE_SECONDS, headers })
}

export async function run(): Promise<BenchResult[]> {
  const name = 'proposal: GET /api/proposals/{id} by a signed-out visitor via gateway → proposal → PostgreSQL'
  let available = false
  try {
    available = await needs('postgres', 'nats')
  } catch (error) {
    console.warn(`  [proposal] ${error instanceof Error ? error.message : String(error)}`)
  }
  if (!available) return [{ name, value: Number.NaN, unit: 'req/s', skipped: true, note: 'needs PostgreSQL and NATS' }]

  const { product, databaseUrl, close } = await productOnInfrastructure({ transport: 'in-process' })
  try {
    const { id, body, contentType, headers, visitor } = await openSharedProposal(product.url)
    const expected = withoutToken(body.toString('utf8'))
    const baseline = await startBareKoa(body, contentType)
    try {
      const koa = await measure(`bare Koa ${baseline.version}`, baseline.url, headers, body.toString('utf8'))
      const api = await measureOpening(`${product.url}/api/proposals/${id}`, headers)
      const after = await visitor.get(`/api/proposals/${id}`)
      const afterSame = after.status === 200 && withoutToken(await after.text()) === expected
      const koaName = `proposal: bare Koa ${baseline.version} handler, same ${body.length}-byte JSON (baseline)`
      const failures = api.non2xx + api.errors + api.timeouts + (afterSame ? 0 : 1)
      const written = await recordedViews(databaseUrl)
      return [
        { name: koaName, value: Math.round(koa.requestsPerSecond), unit: 'req/s' },
        {
          name,
          value: Math.round(api.requestsPerSecond),
          unit: 'req/s',
          baseline: { name: koaName, value: Math.round(koa.requestsPerSecond) },
          ratio: api.requestsPerSecond / koa.requestsPerSecond,
          budget: `≥ ${AIM.toFixed(2)} × bare Koa (aim)`,
          pass: api.requestsPerSecond >= AIM * koa.requestsPerSecond,
        },
        {
          name: 'proposal: p99 latency, GET /api/proposals/{id}',
          value: api.latencyMs.p99,
          unit: 'ms',
          note: `bare Koa p99 ${koa.latencyMs.p99} ms`,
        },
        {
          name: 'proposal: GET /api/proposals/{id} non-2xx + errors + timeouts (+1 if the answer afterwards differs)',
          value: failures,
          unit: 'responses',
          budget: '= 0',
          pass: failures === 0,
        },
        {
          name: 'proposal: views recorded by the GETs (outbox events + visits)',
          value: written,
          unit: 'rows',
          budget: '= 0 (a pure read, issue 19)',
          pass: written === 0,
          note: `${api.completedRequests} GETs answered`,
        },
      ]
    } finally {
      await baseline.close()
    }
  } finally {
    await close()
  }
}
