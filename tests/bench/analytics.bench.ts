// Analytics benchmark (issue 19, "Performance"), on the product as `npm start` runs it on PostgreSQL
// and NATS, in a child process:
// - Beacon ingest through the gateway: 1,000 prospects (each opened the proposal and holds its beacon
//   token) send 30 engagement beacons each — the most one visitor may send in a minute — of 4 events,
//   at 50 connections; throughput and p99 as a ratio of a bare Koa handler answering the same 202 to
//   the same requests in this run (aim ≥ 0.30), then the events stored are counted (aim: 0 lost).
// - The dashboard's detail query for that proposal, now holding 120,000 recorded interactions:
//   p99 of 500 calls one after another through the gateway (budget < 50 ms).
// Run alone: node --import tsx tests/bench/run.ts analytics
import { randomBytes } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { needs } from '@valueproof/testing'
import pg from 'pg'
import { supportTriageCalculator } from '../../services/proposal/src/testing/calculators.ts'
import { ApiClient, GOOD_PASSWORD, uniqueUsername } from '../integration/support/http-client.ts'
import type { BenchResult } from './bench-result.ts'
import { runPostLoad, startBareKoaProcess, type PostLoadSummary, type PreparedPost } from './post-load.ts'
import { productOnInfrastructure } from './product.ts'

const AIM = 0.3
const DASHBOARD_P99_BUDGET_MS = 50
const CONNECTIONS = 50
const VISITORS = 1_000
const BEACONS_PER_VISITOR = 30
const EVENTS_PER_BEACON = 4
const DASHBOARD_CALLS = 500

const log = (line: string): void => console.log(`  [analytics] ${line}`)

interface Prospect {
  visitId: string
  token: string
  cookie: string
}

/** A Pro seller (test-mode checkout) with one shared proposal. */
async function sellerWithProposal(url: string): Promise<{ seller: ApiClient; proposalId: string }> {
  const seller = new ApiClient(url)
  if ((await seller.post('/api/register', { username: uniqueUsername('benchana'), password: GOOD_PASSWORD })).status !== 201)
    throw new Error('register failed')
  const created = (await (await seller.post('/api/subscription/create', {})).json()) as { paymentUrl: string }
  const session = /\/checkout\/test\/(cs_test_[0-9a-f]+)$/.exec(created.paymentUrl)?.[1]
  if (!session || (await seller.post(`/api/billing/test-checkout/${session}/pay`)).status !== 200) throw new Error('upgrade failed')
  const proposal = await seller.post('/api/proposals', {
    title: 'Support desk automation for Acme',
    content: 'Shared',
    calculatorData: supportTriageCalculator,
  })
  if (proposal.status !== 201) throw new Error(`POST /api/proposals answered ${proposal.status}: ${await proposal.text()}`)
  return { seller, proposalId: ((await proposal.json()) as { id: string }).id }
}

/** Each prospect opens the proposal (its own visitor cookie and beacon token) and sends the view beacon. */
async function openedBy(url: string, proposalId: string, count: number): Promise<Prospect[]> {
  const prospects: Prospect[] = []
  const one = async (): Promise<void> => {
    const visitor = new ApiClient(url)
    const opened = await visitor.get(`/api/proposals/${proposalId}`)
    if (opened.status !== 200) throw new Error(`GET /api/proposals/{id} answered ${opened.status}`)
    const { beaconToken } = (await opened.json()) as { beaconToken: string }
    const visitId = randomBytes(16).toString('base64url')
    const viewed = await visitor.request('POST', `/api/proposals/${proposalId}/views`, {
      body: JSON.stringify({ visitId, token: beaconToken }),
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    })
    if (viewed.status !== 202) throw new Error(`the view beacon answered ${viewed.status}: ${await viewed.text()}`)
    prospects.push({ visitId, token: beaconToken, cookie: `vp_visitor=${visitor.cookieValue('vp_visitor') ?? ''}` })
  }
  for (let started = 0; started < count; started += 20) await Promise.all(Array.from({ length: Math.min(20, count - started) }, one))
  return prospects
}

/** Every prospect's beacons, interleaved so that no visitor's beacons come in one burst. */
function beacons(url: string, proposalId: string, prospects: readonly Prospect[]): PreparedPost[] {
  const origin = new URL(url).origin
  const posts: PreparedPost[] = []
  for (let beacon = 0; beacon < BEACONS_PER_VISITOR; beacon += 1) {
    for (const [index, prospect] of prospects.entries()) {
      const seq = beacon * EVENTS_PER_BEACON
      const events = [
        { type: 'heartbeat', seq, visibleMs: 10_000 },
        { type: 'section', seq: seq + 1, section: 'calculator', visibleMs: 8_000 },
        { type: 'input', seq: seq + 2, name: 'hoursSavedPerWeek', value: (index + beacon) % 21, figures: { weekly: 100, yearly: 5200 } },
        { type: 'input', seq: seq + 3, name: 'agents', value: 1 + ((index * 7 + beacon) % 50) },
      ]
      posts.push({
        path: '/api/track/engagement',
        headers: { 'content-type': 'text/plain;charset=UTF-8', cookie: prospect.cookie, origin },
        body: JSON.stringify({ proposalId, visitId: prospect.visitId, token: prospect.token, events }),
      })
    }
  }
  return posts
}

/** Engagement events stored for these visits, once the count has stopped growing (the writer batches). */
async function storedEvents(databaseUrl: string, visitIds: readonly string[]): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    let last = -1
    for (let attempt = 0; attempt < 60; attempt += 1) {
      const { rows } = await client.query<{ stored: string }>(
        'SELECT count(*) AS stored FROM "analytics".engagement_event WHERE visit_id = ANY($1::text[])',
        [visitIds],
      )
      const stored = Number(rows[0]?.stored ?? 0)
      if (stored === last) return stored
      last = stored
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
    return last
  } finally {
    await client.end()
  }
}

async function dashboardLatencies(seller: ApiClient, proposalId: string): Promise<{ p50: number; p99: number }> {
  const path = `/api/analytics/proposals/${proposalId}?days=30`
  const timed: number[] = []
  for (let call = 0; call < DASHBOARD_CALLS + 50; call += 1) {
    const started = performance.now()
    const answer = await seller.get(path)
    await answer.arrayBuffer()
    if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}`)
    if (call >= 50) timed.push(performance.now() - started)
  }
  timed.sort((a, b) => a - b)
  const at = (fraction: number) => Math.round((timed[Math.ceil(fraction * timed.length) - 1] ?? Number.NaN) * 100) / 100
  return { p50: at(0.5), p99: at(0.99) }
}

function describe(label: string, load: PostLoadSummary): string {
  const codes = Object.entries(load.statusCodes)
    .map(([code, count]) => `${code}×${count}`)
    .join(' ')
  return `${label}: ${load.requestsPerSecond.toFixed(0)} req/s (${load.completed} in ${load.durationSeconds.toFixed(1)} s), p50 ${load.latencyMs.p50} ms p99 ${load.latencyMs.p99} ms, errors ${load.errors} [${codes}]`
}

export async function run(): Promise<BenchResult[]> {
  const ingestName = `analytics: POST /api/track/engagement via gateway → analytics → PostgreSQL, ${CONNECTIONS} connections`
  const dashboardName = 'analytics: GET /api/analytics/proposals/{id} with 120,000 recorded interactions, p99'
  let available = false
  try {
    available = await needs('postgres', 'nats')
  } catch (error) {
    console.warn(`  [analytics] ${error instanceof Error ? error.message : String(error)}`)
  }
  if (!available)
    return [ingestName, dashboardName].map((name) => ({
      name,
      value: Number.NaN,
      unit: 'req/s',
      skipped: true,
      note: 'needs PostgreSQL and NATS',
    }))

  const { product, databaseUrl, close } = await productOnInfrastructure({ transport: 'in-process' })
  try {
    const { seller, proposalId } = await sellerWithProposal(product.url)
    log(`opening the proposal as ${VISITORS} prospects…`)
    const prospects = await openedBy(product.url, proposalId, VISITORS)
    const requests = beacons(product.url, proposalId, prospects)
    const baseline = await startBareKoaProcess(JSON.stringify({ counted: true }))
    let koa: PostLoadSummary
    try {
      koa = await runPostLoad(baseline.url, requests, CONNECTIONS)
    } finally {
      await baseline.stop()
    }
    log(describe('bare Koa (baseline)', koa))
    const api = await runPostLoad(product.url, requests, CONNECTIONS)
    log(describe('POST /api/track/engagement', api))
    const accepted = api.statusCodes['202'] ?? 0
    const sent = accepted * EVENTS_PER_BEACON
    const stored = await storedEvents(
      databaseUrl,
      prospects.map((prospect) => prospect.visitId),
    )
    const lost = sent - stored
    log(`events: ${sent} accepted, ${stored} stored, ${lost} lost; ${requests.length - accepted} beacons not accepted`)
    const ratio = api.requestsPerSecond / koa.requestsPerSecond
    const dashboard = await dashboardLatencies(seller, proposalId)
    log(`dashboard detail: p50 ${dashboard.p50} ms, p99 ${dashboard.p99} ms over ${DASHBOARD_CALLS} calls`)
    return [
      {
        name: ingestName,
        value: Math.round(api.requestsPerSecond),
        unit: 'req/s',
        baseline: { name: 'bare Koa handler, same requests, own process', value: Math.round(koa.requestsPerSecond) },
        ratio,
        budget: `≥ ${AIM.toFixed(2)} × baseline, 0 events lost, every beacon accepted`,
        pass: ratio >= AIM && lost === 0 && accepted === requests.length,
        note: `p99 ${api.latencyMs.p99} ms (baseline ${koa.latencyMs.p99} ms); ${stored}/${sent} events stored`,
      },
      {
        name: dashboardName,
        value: dashboard.p99,
        unit: 'ms',
        budget: `< ${DASHBOARD_P99_BUDGET_MS} ms`,
        pass: dashboard.p99 < DASHBOARD_P99_BUDGET_MS,
        note: `p50 ${dashboard.p50} ms; ${stored} interactions stored for the proposal`,
      },
    ]
  } catch (error) {
    return [{ name: ingestName, value: Number.NaN, unit: 'req/s', error: error instanceof Error ? error.message : String(error) }]
  } finally {
    await close()
  }
}
