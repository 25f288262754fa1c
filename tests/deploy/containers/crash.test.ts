// Faults in containers (issue 38): while k6's generation scenario loads the composed gateway, the
// main process of each service container is killed with SIGKILL in turn (what a crash or the OOM
// killer does). The restart policy brings each back to healthy; every request — k6's and the
// prospects' — gets an HTTP answer; every view beacon answered 202 is counted afterwards by the
// proposal service and by analytics. Run by scripts/deploy-test.sh against the composed system
// (GATEWAY_URL; containers named by compose's project valueproof-deploy).
//
// `podman kill` is not used to crash a container: podman 4.3 records it as a stop by the user, and a
// stopped-by-user container is not restarted by its policy (measured: `restart: unless-stopped` and
// `always` both stay exited), which is the behaviour of an operator's stop, not of a crash.
import { execFileSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { analyticsProposalDetailSchema, openedProposalSchema, proposalListEntrySchema } from '@valueproof/contracts'
import { describe, expect, it } from 'vitest'
import { ApiClient, GOOD_PASSWORD, uniqueUsername } from '../../integration/support/http-client.ts'
import { newVisitId, sendViewBeacon, share } from '../../integration/support/proposals.ts'
import { headline, runK6 } from '../../load/k6.ts'

const GATEWAY_URL = process.env.GATEWAY_URL ?? ''
const PROJECT = 'valueproof-deploy'
const SERVICES = ['identity', 'calculator', 'proposal', 'billing', 'analytics', 'notification'] as const
/** The people one address may be (decision 119): the prospects of all the crashes together stay within it. */
const PEOPLE_PER_ADDRESS = 10
/** Prospects sent while each service is down. */
const PROSPECTS_PER_CRASH = Math.floor(PEOPLE_PER_ADDRESS / SERVICES.length)
const BACK_WITHIN_MS = 120_000

interface ContainerState {
  pid: number
  restarts: number
  health: string
}

function stateOf(service: string): ContainerState {
  const format = '{{.State.Pid}} {{.RestartCount}} {{if .State.Health}}{{.State.Health.Status}}{{end}}'
  const [pid, restarts, health] = execFileSync('podman', ['inspect', '--format', format, `${PROJECT}-${service}-1`], { encoding: 'utf8' })
    .trim()
    .split(' ')
  return { pid: Number(pid), restarts: Number(restarts), health: health ?? '' }
}

async function backHealthy(service: string, restartsBefore: number): Promise<number> {
  const started = Date.now()
  while (Date.now() - started < BACK_WITHIN_MS) {
    const state = stateOf(service)
    if (state.restarts > restartsBefore && state.health === 'healthy') return Date.now() - started
    await new Promise((done) => setTimeout(done, 500))
  }
  throw new Error(`${service} was not restarted and healthy within ${BACK_WITHIN_MS / 1000} s: ${JSON.stringify(stateOf(service))}`)
}

/** A new visitor opens the proposal until it answers 200 (it may be 503 while a service is down), then sends the view beacon. */
async function prospect(proposalId: string, person: number, answers: number[]): Promise<boolean> {
  const client = new ApiClient(GATEWAY_URL)
  const browser = { 'user-agent': `CrashTestBrowser/${person}.0` }
  for (let attempt = 0; attempt < 120; attempt += 1) {
    const opened = await client.get(`/api/proposals/${proposalId}`, browser)
    answers.push(opened.status)
    if (opened.status === 200) {
      const { beaconToken } = openedProposalSchema.parse(await opened.json())
      const beacon = await sendViewBeacon(client, proposalId, { visitId: newVisitId(), token: beaconToken }, browser)
      answers.push(beacon.status)
      return beacon.status === 202
    }
    await opened.body?.cancel()
    await new Promise((done) => setTimeout(done, 500))
  }
  return false
}

async function eventually<T>(probe: () => Promise<T | undefined>, withinMs: number): Promise<T> {
  const started = Date.now()
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() - started > withinMs) throw new Error(`not settled within ${withinMs} ms`)
    await new Promise((done) => setTimeout(done, 1000))
  }
}

describe('a crash of each service container under load', () => {
  it('is restarted by its policy, every request is answered and every accepted view is counted', async () => {
    expect(GATEWAY_URL, 'GATEWAY_URL (the composed gateway)').not.toBe('')
    const owner = new ApiClient(GATEWAY_URL)
    expect((await owner.post('/api/register', { username: uniqueUsername('crash'), password: GOOD_PASSWORD })).status).toBe(201)
    const created = await owner.post('/api/subscription/create', {})
    expect(created.status, await created.clone().text()).toBe(200)
    const { paymentUrl } = (await created.json()) as { paymentUrl: string }
    expect((await owner.post(`/api/billing/test-checkout/${paymentUrl.split('/').at(-1) ?? ''}/pay`, {})).status).toBe(200)
    const proposalId = await share(owner)

    const dir = await mkdtemp(join(tmpdir(), 'valueproof-crash-'))
    // Settled at once: a k6 that cannot start must fail the test below, not end the process while the kills run.
    const load = runK6({
      script: 'generation',
      baseUrl: GATEWAY_URL,
      profile: 'full',
      summaryFile: join(dir, 'summary.json'),
      env: { RATE: '3', HOLD_SECONDS: '30' },
    }).then(
      (run) => ({ run }),
      (error: unknown) => ({ error: error instanceof Error ? error : new Error(String(error)) }),
    )
    const answers: number[] = []
    let accepted = 0
    let crashFailure: Error | undefined
    try {
      // Let the scenario's set-up register its accounts and ramp up first.
      await new Promise((done) => setTimeout(done, 25_000))
      for (const [index, service] of SERVICES.entries()) {
        const before = stateOf(service)
        process.kill(before.pid, 'SIGKILL')
        // allSettled: a prospect whose request got no answer fails the test after the wait, never unhandled during it.
        const people = Promise.allSettled(
          Array.from({ length: PROSPECTS_PER_CRASH }, (_, n) => prospect(proposalId, index * PROSPECTS_PER_CRASH + n + 1, answers)),
        )
        const backMs = await backHealthy(service, before.restarts)
        for (const outcome of await people) {
          if (outcome.status === 'rejected') throw outcome.reason
          if (outcome.value) accepted += 1
        }
        console.log(`  ${service}: killed (pid ${before.pid}), restarted and healthy again after ${(backMs / 1000).toFixed(1)} s`)
      }
    } catch (error) {
      crashFailure = error instanceof Error ? error : new Error(String(error))
    }
    // k6 runs to its end either way, so no load generator outlives the test.
    const loaded = await load
    await rm(dir, { recursive: true, force: true })
    if (crashFailure !== undefined) throw crashFailure
    if ('error' in loaded) throw loaded.error
    const { run } = loaded
    if (run.summary === undefined) throw new Error(`k6 stopped without a summary (exit ${String(run.exitCode)}):\n${run.output}`)
    const figures = headline(run.summary)
    const unanswered = run.summary.metrics.unanswered?.count ?? 0
    console.log(
      `  k6 under the crashes: ${figures.requests} requests, ${figures.failedRequests} answered with an error status, ${unanswered} without an answer; p95 ${figures.p95Ms.toFixed(0)} ms`,
    )
    expect(unanswered, 'k6 requests without an HTTP answer').toBe(0)
    console.log(
      `  prospects: ${answers.length} answers (${answers.filter((status) => status >= 500).length} of them 5xx), ${accepted} views accepted`,
    )
    expect(accepted).toBe(SERVICES.length * PROSPECTS_PER_CRASH)

    const listed = await eventually(async () => {
      const response = await owner.get('/api/proposals')
      const entry = proposalListEntrySchema
        .array()
        .parse(await response.json())
        .find((candidate) => candidate.id === proposalId)
      return entry?.views === accepted ? entry.views : undefined
    }, 30_000)
    const counted = await eventually(async () => {
      const response = await owner.get(`/api/analytics/proposals/${proposalId}`)
      if (response.status !== 200) return undefined
      const detail = analyticsProposalDetailSchema.parse(await response.json())
      return detail.totals.views >= accepted ? detail.totals.views : undefined
    }, 90_000)
    console.log(`  views accepted ${accepted}: the proposal counts ${listed}, analytics ${counted}`)
    expect(counted).toBe(accepted)
  }, 600_000)
})
