// Proposal benchmark (issue 5, "Performance"): GET /api/proposals/{id} for a published proposal,
// opened by a signed-out visitor through the gateway (the product in a child process started as
// `npm start` starts it, on PostgreSQL + NATS), against a bare Koa handler returning the same JSON
// in this run (aim: at least 0.30 ×), p99 printed, and
// how many of the view events it recorded still wait in the outbox for the relay afterwards.
// Run alone: node --import tsx tests/bench/run.ts proposal
import { needs } from '@valueproof/testing'
import pg from 'pg'
import { ApiClient, GOOD_PASSWORD, uniqueUsername } from '../integration/support/http-client.ts'
import { measure, startBareKoa } from './api.bench.ts'
import type { BenchResult } from './bench-result.ts'
import { productOnInfrastructure } from './product.ts'

const AIM = 0.3
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

/** View events the proposal service wrote to its outbox, and how many the relay has not published yet. */
async function viewOutbox(databaseUrl: string): Promise<{ written: number; waiting: number }> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    // The one-process product keeps each service in its own schema, named after it.
    const { rows } = await client.query<{ written: string; waiting: string }>(
      `SELECT count(*) AS written, count(*) FILTER (WHERE published_at IS NULL) AS waiting FROM "proposal".outbox_event WHERE subject = 'proposal.proposal.viewed'`,
    )
    return { written: Number(rows[0]?.written ?? 0), waiting: Number(rows[0]?.waiting ?? 0) }
  } finally {
    await client.end()
  }
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
    const owner = new ApiClient(product.url)
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
    const visitor = new ApiClient(product.url)
    const first = await visitor.get(`/api/proposals/${id}`)
    const body = Buffer.from(await first.arrayBuffer())
    if (first.status !== 200) throw new Error(`GET /api/proposals/${id} answered ${first.status}`)
    const contentType = first.headers.get('content-type') ?? 'application/json; charset=utf-8'
    const visitorCookie = (first.headers.getSetCookie().find((line) => line.startsWith('vp_visitor=')) ?? '').split(';')[0] ?? ''
    const headers = { cookie: visitorCookie, accept: 'application/json' }
    const baseline = await startBareKoa(body, contentType)
    try {
      const koa = await measure(`bare Koa ${baseline.version}`, baseline.url, headers, body.toString('utf8'))
      const api = await measure('GET /api/proposals/{id}', `${product.url}/api/proposals/${id}`, headers, body.toString('utf8'))
      const koaName = `proposal: bare Koa ${baseline.version} handler, same ${body.length}-byte JSON (baseline)`
      const failures = api.non2xx + api.errors + api.timeouts + api.mismatches
      const outbox = await viewOutbox(databaseUrl)
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
          name: 'proposal: GET /api/proposals/{id} non-2xx + errors + timeouts + mismatches',
          value: failures,
          unit: 'responses',
          budget: '= 0',
          pass: failures === 0,
        },
        {
          name: 'proposal: view events still waiting in the outbox right after the run',
          value: outbox.waiting,
          unit: 'events',
          note: `of ${outbox.written} recorded; the relay publishes them afterwards (decision 050)`,
        },
      ]
    } finally {
      await baseline.close()
    }
  } finally {
    await close()
  }
}
