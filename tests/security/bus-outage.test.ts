// Issue 34, item 5 (docs/decisions/118): readiness reflects serving. The five services and the
// gateway in their own processes on PostgreSQL, MinIO and a NATS server of this test's own; NATS is
// stopped for 30 s. Throughout, `/readyz` of every process answers 200 and the API keeps working —
// signing in, listing, a prospect opening a proposal and its view beacon, a new registration —
// while `/healthz` names the bus and each process logs the outage once. Once NATS is back, what was
// written during the outage is delivered: the view shows in the owner's analytics.
import { analyticsProposalDetailSchema, openedProposalSchema } from '@valueproof/contracts'
import { needs } from '@valueproof/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createNatsServer, type NatsServerProcess } from '../../packages/event-bus/src/testing/nats-server.ts'
import { ApiClient, GOOD_PASSWORD, uniqueUsername } from '../integration/support/http-client.ts'
import { eventually, newVisitId, sendViewBeacon, share } from '../integration/support/proposals.ts'
import { startProcessStack, type ProcessName, type ProcessStack } from './support/processes.ts'

const OUTAGE_MS = 30_000
const PROCESSES: ProcessName[] = ['gateway', 'identity', 'calculator', 'proposal', 'billing', 'analytics']
const UNREACHABLE_LINE = 'bus is unreachable; serving without it'

const real = await needs('postgres', 'minio', 'nats-server-binary')

describe.runIf(real)('NATS stopped for 30 s', () => {
  let nats: NatsServerProcess
  let stack: ProcessStack
  let owner: ApiClient

  beforeAll(async () => {
    nats = await createNatsServer()
    await nats.start()
    const onPrivateNats = { NATS_URL: nats.url }
    stack = await startProcessStack(Object.fromEntries(PROCESSES.map((name) => [name, onPrivateNats])))
    owner = new ApiClient(stack.url)
    expect((await owner.post('/api/register', { username: uniqueUsername('outage'), password: GOOD_PASSWORD })).status).toBe(201)
    // Pro through the test-mode checkout, so the owner can read analytics (billing's event reaches it over NATS).
    const created = await owner.post('/api/subscription/create', {})
    expect(created.status, await created.clone().text()).toBe(200)
    const { paymentUrl } = (await created.json()) as { paymentUrl: string }
    expect((await owner.post(`/api/billing/test-checkout/${paymentUrl.split('/').at(-1) ?? ''}/pay`, {})).status).toBe(200)
    await eventually(async () => ((await owner.get('/api/analytics/overview')).status === 200 ? true : undefined), 30_000)
  }, 180_000)

  afterAll(async () => {
    await stack?.close()
    await nats?.dispose()
  })

  const probe = async (name: ProcessName, path: '/readyz' | '/healthz') => {
    const response = await fetch(`${stack.processes[name].url}${path}`, { signal: AbortSignal.timeout(5_000) })
    return { status: response.status, body: (await response.json()) as { degraded?: string[] } }
  }

  let prospects = 0
  /** A new prospect (a browser of its own) opens the proposal as its page does and sends the view beacon: both must work. */
  async function prospectViews(proposalId: string): Promise<void> {
    const prospect = new ApiClient(stack.url)
    prospects += 1
    const browser = { 'user-agent': `OutageProspect/${prospects}.0 (test)` }
    const opened = await prospect.get(`/api/proposals/${proposalId}`, browser)
    expect(opened.status, await opened.clone().text()).toBe(200)
    const { beaconToken } = openedProposalSchema.parse(await opened.json())
    const beacon = await sendViewBeacon(prospect, proposalId, { visitId: newVisitId(), token: beaconToken }, browser)
    expect(beacon.status, await beacon.clone().text()).toBe(202)
  }

  it('keeps every process ready and the API working, and delivers the events written meanwhile once NATS is back', async () => {
    const proposalId = await share(owner)
    await nats.stop()
    const stoppedAt = Date.now()
    // Each process notices within its watch's interval (5 s) and names the bus on /healthz.
    for (const name of PROCESSES) {
      await eventually(async () => ((await probe(name, '/healthz')).body.degraded?.includes('bus') ? true : undefined), 15_000)
    }

    const readiness: Array<{ name: ProcessName; status: number }> = []
    const calls: Array<{ call: string; status: number }> = []
    let round = 0
    while (Date.now() - stoppedAt < OUTAGE_MS) {
      for (const name of PROCESSES) readiness.push({ name, status: (await probe(name, '/readyz')).status })
      calls.push({ call: 'GET /api/user', status: (await owner.get('/api/user')).status })
      calls.push({ call: 'GET /api/proposals', status: (await owner.get('/api/proposals')).status })
      if (round % 5 === 0) await prospectViews(proposalId)
      if (round === 3) {
        const newcomer = new ApiClient(stack.url)
        const registered = await newcomer.post('/api/register', { username: uniqueUsername('during'), password: GOOD_PASSWORD })
        calls.push({ call: 'POST /api/register', status: registered.status })
      }
      round += 1
      await new Promise((resolve) => setTimeout(resolve, 1_000))
    }
    for (const name of PROCESSES) expect((await probe(name, '/healthz')).status).toBe(200)
    await nats.start()

    expect(readiness.length).toBeGreaterThanOrEqual(PROCESSES.length * 10)
    expect(readiness.filter((answer) => answer.status !== 200)).toEqual([])
    expect(calls.filter((answer) => answer.status >= 300)).toEqual([])
    expect(calls.some((answer) => answer.call === 'POST /api/register')).toBe(true)

    // Once NATS is back: the views written during the outage reach analytics (the outbox relays them
    // after its backoff, at most 30 s), and /healthz stops naming the bus.
    const detail = await eventually(async () => {
      const response = await owner.get(`/api/analytics/proposals/${proposalId}`)
      if (response.status !== 200) return undefined
      const parsed = analyticsProposalDetailSchema.parse(await response.json())
      return parsed.totals.views >= prospects ? parsed : undefined
    }, 90_000)
    expect(detail.totals.views).toBe(prospects)
    for (const name of PROCESSES) {
      await eventually(async () => ((await probe(name, '/healthz')).body.degraded === undefined ? true : undefined), 30_000)
    }
    // Said once per process, not on every probe.
    for (const name of PROCESSES) {
      const lines = stack.processes[name]
        .logs()
        .split('\n')
        .filter((line) => line.includes(UNREACHABLE_LINE))
      expect(lines, name).toHaveLength(1)
    }
  }, 240_000)
})
