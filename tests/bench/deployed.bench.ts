// The gateway's hop in the deployed shape (issue 17, "Performance"; issue 38): the gateway, identity
// and proposal as separate processes running the compiled bundles (dist/<name>/server.mjs, as the
// images do), the gateway reaching the services over loopback HTTP, the services on PostgreSQL and
// NATS. Two calls, each against a bare Koa handler answering the same bytes in this process, both
// driven by autocannon at 50 connections in this run:
//  - GET /api/user with a session (aim: at least 0.25 × the bare handler);
//  - the prospect's GET /api/proposals/{id}, a proposal opened signed out (aim: at least 0.5 ×).
// Beside each, the hop floor (hop-floor.ts): the same bytes behind the gateway's transport in a second
// process with no work on either side, the most any two-process shape reaches in this run.
// Beside each ratio: the CPU time per request of the gateway and of the service (Linux /proc), which
// other work on the machine moves far less than it moves requests per second (decision 135).
// When GET /api/user falls short, a second run under `--cpu-prof` prints where the gateway and
// identity spend their CPU.
// Run alone: node --import tsx tests/bench/run.ts deployed
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { infra, needs } from '@valueproof/testing'
import { startDeployedStack, type DeployedStack } from '../deploy/processes.ts'
import { ApiClient } from '../integration/support/http-client.ts'
import { getUser, measure, registerUser, startBareKoa } from './api.bench.ts'
import { runLoad } from './autocannon.ts'
import type { BenchResult } from './bench-result.ts'
import { summarizeProfiles } from './cpu-profile.ts'
import { startHopFloor } from './hop-floor.ts'
import { measureOpening, openSharedProposal, withoutToken } from './proposal.bench.ts'

const THROUGHPUT_AIM = 0.25
const PROPOSAL_AIM = 0.5
const PROFILE_SECONDS = 8
const CONNECTIONS = 50

function log(line: string): void {
  console.log(`  [deployed] ${line}`)
}

async function signedIn(stack: DeployedStack): Promise<{ headers: Record<string, string>; body: Buffer; contentType: string }> {
  const client = new ApiClient(stack.url)
  await registerUser(client)
  const { body, contentType } = await getUser(client)
  return { headers: { cookie: `vp_session=${client.sessionCookie ?? ''}`, accept: 'application/json' }, body, contentType }
}

/** A second stack with both processes under --cpu-prof, loaded for a few seconds; prints the top self times. */
async function profileShortfall(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'valueproof-profile-'))
  try {
    const profiled = ['--cpu-prof', `--cpu-prof-dir=${dir}`]
    const stack = await startDeployedStack({ only: ['identity'], nodeFlags: { gateway: profiled, identity: profiled } })
    try {
      const { headers, body } = await signedIn(stack)
      await runLoad({
        url: `${stack.url}/api/user`,
        connections: CONNECTIONS,
        durationSeconds: PROFILE_SECONDS,
        headers,
        expectBody: body.toString('utf8'),
      })
    } finally {
      await stack.stop()
    }
    const { byPackage, byFunction } = await summarizeProfiles(dir)
    log('CPU self time of gateway + identity under load, by package:')
    for (const share of byPackage) log(`  ${share.percent.toFixed(1).padStart(5)} %  ${share.name}`)
    log('… and by function:')
    for (const share of byFunction) log(`  ${share.percent.toFixed(1).padStart(5)} %  ${share.name}`)
    return byPackage
      .slice(0, 4)
      .map((share) => `${share.name} ${share.percent} %`)
      .join(', ')
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

type BareKoa = Awaited<ReturnType<typeof startBareKoa>>

/** User + system CPU time of a process so far, in ms; undefined where /proc cannot tell (not Linux). */
function cpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined
  try {
    // Fields after the command name: utime and stime are the 12th and 13th, in clock ticks (100 per second on Linux).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
    const ticks = Number(fields[11]) + Number(fields[12])
    return Number.isFinite(ticks) ? ticks * 10 : undefined
  } catch {
    return undefined
  }
}

/** Reads the CPU of two processes (the gateway and a service, or the floor's proxy and backend) from `start()` on. */
function cpuMeter(pids: readonly [number | undefined, number | undefined]) {
  let before: Array<number | undefined> = []
  return {
    start: () => {
      before = pids.map(cpuMs)
    },
    /** µs of CPU per request of each process. */
    perRequest(requests: number): { gateway?: number; service?: number } {
      const [gateway, serviceCpu] = pids.map((pid, index) => {
        const now = cpuMs(pid)
        const then = before[index]
        return now === undefined || then === undefined || requests === 0 ? undefined : Math.round(((now - then) * 1000) / requests)
      })
      return { ...(gateway === undefined ? {} : { gateway }), ...(serviceCpu === undefined ? {} : { service: serviceCpu }) }
    },
  }
}

/** The deployed ratio as a share of the floors' in the same run. */
function ofFloors(ratio: number, floors: Floors): string {
  const share = (floor: number): string => `${Math.round((100 * ratio) / floor)} %`
  return `${share(floors.bare)} of the hop floor (${floors.bare.toFixed(3)} ×), ${share(floors.withRead)} of the floor with one read (${floors.withRead.toFixed(3)} ×)`
}

function cpuFigures(prefix: string, service: string, cpu: { gateway?: number; service?: number }): BenchResult[] {
  const rows: BenchResult[] = []
  if (cpu.gateway !== undefined) rows.push({ name: `${prefix}: gateway CPU per request`, value: cpu.gateway, unit: 'µs' })
  if (cpu.service !== undefined) rows.push({ name: `${prefix}: ${service} CPU per request`, value: cpu.service, unit: 'µs' })
  return rows
}

interface Floors {
  rows: BenchResult[]
  /** The do-nothing floor's ratio to bare Koa, then the floor's with one database read. */
  bare: number
  withRead: number
}

/** One floor (hop-floor.ts) answering the same bytes, measured like the deployed call. */
async function floorFigure(
  call: string,
  body: Buffer,
  contentType: string,
  headers: Record<string, string>,
  koa: { name: string; requestsPerSecond: number },
  databaseUrl: string | undefined,
): Promise<{ row: BenchResult; ratio: number }> {
  const what = databaseUrl === undefined ? 'hop floor' : 'hop floor with one PostgreSQL read'
  const floor = await startHopFloor(body, contentType, databaseUrl)
  try {
    const meter = cpuMeter([floor.pids.proxy, floor.pids.backend])
    const load = await measure(`${what} for ${call}`, floor.url, headers, body.toString('utf8'), meter.start)
    const cpu = meter.perRequest(load.completedRequests)
    const ratio = load.requestsPerSecond / koa.requestsPerSecond
    const failures = load.non2xx + load.errors + load.timeouts + load.mismatches
    const cpuNote = `CPU per request: proxy ${cpu.gateway ?? '?'} µs, backend ${cpu.service ?? '?'} µs`
    log(`${what} for ${call}: ${ratio.toFixed(3)} × bare Koa; ${cpuNote}`)
    if (failures > 0) throw new Error(`the ${what} answered ${failures} request(s) wrongly`)
    const work = databaseUrl === undefined ? 'no work on either side' : 'the backend waits for SELECT 1 on PostgreSQL per request'
    return {
      ratio,
      row: {
        name: `deployed: ${what} for ${call}: Koa behind the gateway's transport in a second process, ${work}`,
        value: Math.round(load.requestsPerSecond),
        unit: 'req/s',
        baseline: { name: koa.name, value: Math.round(koa.requestsPerSecond) },
        ratio,
        note: cpuNote,
      },
    }
  } finally {
    await floor.close()
  }
}

/**
 * The two floors for a call: the most a two-process shape reaches here with no work at all, and with
 * the one database round trip a service that reads its data cannot avoid.
 */
async function floorFigures(
  call: string,
  body: Buffer,
  contentType: string,
  headers: Record<string, string>,
  koa: { name: string; requestsPerSecond: number },
): Promise<Floors> {
  const bare = await floorFigure(call, body, contentType, headers, koa, undefined)
  const withRead = await floorFigure(call, body, contentType, headers, koa, infra.postgresUrl)
  return { rows: [bare.row, withRead.row], bare: bare.ratio, withRead: withRead.ratio }
}

/** GET /api/user against a bare Koa handler answering its bytes; the profile runs later, once the stack is stopped. */
async function userFigures(stack: DeployedStack, baselines: BareKoa[]): Promise<{ results: BenchResult[]; ratio: number }> {
  const name = 'deployed: GET /api/user, gateway and identity as separate compiled processes over HTTP'
  const { headers, body, contentType } = await signedIn(stack)
  const baseline = await startBareKoa(body, contentType)
  baselines.push(baseline)
  const expectBody = body.toString('utf8')
  const koa = await measure(`bare Koa ${baseline.version}`, baseline.url, headers, expectBody)
  const koaName = `deployed: bare Koa ${baseline.version} handler, same ${body.length}-byte JSON (baseline)`
  const floor = await floorFigures('GET /api/user', body, contentType, headers, { name: koaName, requestsPerSecond: koa.requestsPerSecond })
  const meter = cpuMeter([stack.pids.gateway, stack.pids.identity])
  const api = await measure('GET /api/user, deployed shape', `${stack.url}/api/user`, headers, expectBody, meter.start)
  const cpu = meter.perRequest(api.completedRequests)
  const ratio = api.requestsPerSecond / koa.requestsPerSecond
  log(
    `GET /api/user: ${ratio.toFixed(3)} × bare Koa (aim ${THROUGHPUT_AIM}); CPU per request: gateway ${cpu.gateway ?? '?'} µs, identity ${cpu.service ?? '?'} µs`,
  )
  const failures = api.non2xx + api.errors + api.timeouts + api.mismatches
  const results: BenchResult[] = [
    { name: koaName, value: Math.round(koa.requestsPerSecond), unit: 'req/s' },
    ...floor.rows,
    {
      name,
      value: Math.round(api.requestsPerSecond),
      unit: 'req/s',
      baseline: { name: koaName, value: Math.round(koa.requestsPerSecond) },
      ratio,
      budget: `≥ ${THROUGHPUT_AIM.toFixed(2)} × bare Koa`,
      pass: ratio >= THROUGHPUT_AIM,
      note: `${ofFloors(ratio, floor)}; p99 ${api.latencyMs.p99} ms (bare Koa ${koa.latencyMs.p99} ms)`,
    },
    ...cpuFigures('deployed: GET /api/user', 'identity', cpu),
    {
      name: 'deployed: GET /api/user non-2xx + errors + timeouts + body mismatches',
      value: failures,
      unit: 'responses',
      budget: '= 0',
      pass: failures === 0,
    },
  ]
  return { results, ratio }
}

/** The prospect's GET /api/proposals/{id}, signed out, against a bare Koa handler answering the same bytes. */
async function proposalFigures(stack: DeployedStack, baselines: BareKoa[]): Promise<BenchResult[]> {
  const name = "deployed: the prospect's GET /api/proposals/{id}, gateway and proposal as separate compiled processes over HTTP"
  const { id, body, contentType, headers, visitor } = await openSharedProposal(stack.url)
  const expected = withoutToken(body.toString('utf8'))
  const baseline = await startBareKoa(body, contentType)
  baselines.push(baseline)
  const koa = await measure(`bare Koa ${baseline.version}`, baseline.url, headers, body.toString('utf8'))
  const koaName = `deployed: bare Koa ${baseline.version} handler, same ${body.length}-byte proposal JSON (baseline)`
  const floor = await floorFigures('GET /api/proposals/{id}', body, contentType, headers, {
    name: koaName,
    requestsPerSecond: koa.requestsPerSecond,
  })
  // Each opening carries its own beacon token: the load checks statuses, the answer after it is compared field by field.
  const meter = cpuMeter([stack.pids.gateway, stack.pids.proposal])
  const api = await measureOpening(`${stack.url}/api/proposals/${id}`, headers, 'deployed', meter.start)
  const cpu = meter.perRequest(api.completedRequests)
  const after = await visitor.get(`/api/proposals/${id}`)
  const afterSame = after.status === 200 && withoutToken(await after.text()) === expected
  const ratio = api.requestsPerSecond / koa.requestsPerSecond
  log(
    `GET /api/proposals/{id}: ${ratio.toFixed(3)} × bare Koa (aim ${PROPOSAL_AIM}); CPU per request: gateway ${cpu.gateway ?? '?'} µs, proposal ${cpu.service ?? '?'} µs`,
  )
  const failures = api.non2xx + api.errors + api.timeouts + (afterSame ? 0 : 1)
  return [
    { name: koaName, value: Math.round(koa.requestsPerSecond), unit: 'req/s' },
    ...floor.rows,
    {
      name,
      value: Math.round(api.requestsPerSecond),
      unit: 'req/s',
      baseline: { name: koaName, value: Math.round(koa.requestsPerSecond) },
      ratio,
      budget: `≥ ${PROPOSAL_AIM.toFixed(2)} × bare Koa (aim)`,
      pass: ratio >= PROPOSAL_AIM,
      note: `${ofFloors(ratio, floor)}; p99 ${api.latencyMs.p99} ms (bare Koa ${koa.latencyMs.p99} ms)`,
    },
    ...cpuFigures('deployed: GET /api/proposals/{id}', 'proposal', cpu),
    {
      name: 'deployed: GET /api/proposals/{id} non-2xx + errors + timeouts (+1 if the answer afterwards differs)',
      value: failures,
      unit: 'responses',
      budget: '= 0',
      pass: failures === 0,
    },
  ]
}

export async function run(): Promise<BenchResult[]> {
  const name = 'deployed: GET /api/user, gateway and identity as separate compiled processes over HTTP'
  let available: boolean
  try {
    available = await needs('postgres', 'nats', 'minio')
  } catch (error) {
    log(error instanceof Error ? error.message : String(error))
    available = false
  }
  if (!available)
    return [{ name, value: Number.NaN, unit: 'req/s', skipped: true, note: 'needs PostgreSQL, NATS and MinIO (scripts/infra.sh up)' }]

  log('starting gateway + identity + proposal from dist/ (node --max-semi-space-size=32 dist/<name>/server.mjs)…')
  const stack = await startDeployedStack({ only: ['identity', 'proposal'] })
  let stopped: Promise<void> | undefined
  const stopStack = (): Promise<void> => (stopped ??= stack.stop())
  const baselines: BareKoa[] = []
  try {
    const user = await userFigures(stack, baselines)
    const proposal = await proposalFigures(stack, baselines)
    await stopStack()
    const profile = user.ratio < THROUGHPUT_AIM ? await profileShortfall() : undefined
    if (profile !== undefined) {
      const figure = user.results.find((result) => result.name === name)
      if (figure !== undefined) figure.note = `${figure.note ?? ''}; CPU by package: ${profile}`
    }
    return [...user.results, ...proposal]
  } finally {
    await Promise.all(baselines.map((baseline) => baseline.close()))
    await stopStack()
  }
}
