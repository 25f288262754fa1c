// GET /api/user in the deployed shape (issue 17, "Performance"): the gateway and identity as two
// processes running the compiled bundles (dist/<name>/server.mjs, as the images do), the gateway
// reaching identity over loopback HTTP, identity on PostgreSQL and NATS — against a bare Koa
// handler answering the same bytes in this process, both driven by autocannon at 50 connections in
// this run (aim: at least 0.25 × the bare handler). When it falls short, a second run under
// `--cpu-prof` prints where the two processes spend their CPU.
// Run alone: node --import tsx tests/bench/run.ts deployed
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { needs } from '@valueproof/testing'
import { startDeployedStack, type DeployedStack } from '../deploy/processes.ts'
import { ApiClient } from '../integration/support/http-client.ts'
import { getUser, measure, registerUser, startBareKoa } from './api.bench.ts'
import { runLoad } from './autocannon.ts'
import type { BenchResult } from './bench-result.ts'
import { summarizeProfiles } from './cpu-profile.ts'

const THROUGHPUT_AIM = 0.25
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

  log('starting gateway + identity from dist/ (node --max-semi-space-size=32 dist/<name>/server.mjs)…')
  const stack = await startDeployedStack({ only: ['identity'] })
  let stopped: Promise<void> | undefined
  const stopStack = (): Promise<void> => (stopped ??= stack.stop())
  let baseline: Awaited<ReturnType<typeof startBareKoa>> | undefined
  try {
    const { headers, body, contentType } = await signedIn(stack)
    baseline = await startBareKoa(body, contentType)
    const expectBody = body.toString('utf8')
    const koa = await measure(`bare Koa ${baseline.version}`, baseline.url, headers, expectBody)
    const api = await measure('GET /api/user, deployed shape', `${stack.url}/api/user`, headers, expectBody)
    const ratio = api.requestsPerSecond / koa.requestsPerSecond
    const failures = api.non2xx + api.errors + api.timeouts + api.mismatches
    const koaName = `deployed: bare Koa ${baseline.version} handler, same ${body.length}-byte JSON (baseline)`
    await stopStack()
    const profile = ratio < THROUGHPUT_AIM ? await profileShortfall() : undefined
    return [
      { name: koaName, value: Math.round(koa.requestsPerSecond), unit: 'req/s' },
      {
        name,
        value: Math.round(api.requestsPerSecond),
        unit: 'req/s',
        baseline: { name: koaName, value: Math.round(koa.requestsPerSecond) },
        ratio,
        budget: `≥ ${THROUGHPUT_AIM.toFixed(2)} × bare Koa`,
        pass: ratio >= THROUGHPUT_AIM,
        note: `p99 ${api.latencyMs.p99} ms (bare Koa ${koa.latencyMs.p99} ms)${profile ? `; CPU by package: ${profile}` : ''}`,
      },
      {
        name: 'deployed: GET /api/user non-2xx + errors + timeouts + body mismatches',
        value: failures,
        unit: 'responses',
        budget: '= 0',
        pass: failures === 0,
      },
    ]
  } finally {
    await baseline?.close()
    await stopStack()
  }
}
