// Throughput through the composed system (issue 38, "Figures to print"): GET /api/user (gateway →
// identity) and the prospect's GET /api/proposals/{id} (gateway → proposal) against a bare Koa
// handler answering the same bytes from a container of the gateway's image on the same network,
// published the same way, loaded by autocannon from this machine in the same run. It prints the
// ratios; it asserts only that every answer was right (timings are benchmark output, not a test).
import { execFileSync } from 'node:child_process'
import { afterAll, describe, expect, it } from 'vitest'
import { runLoad, type LoadSummary } from '../../bench/autocannon.ts'
import { ApiClient, GOOD_PASSWORD, uniqueUsername } from '../../integration/support/http-client.ts'
import { share } from '../../integration/support/proposals.ts'

const GATEWAY_URL = process.env.GATEWAY_URL ?? ''
const NETWORK = 'valueproof-deploy_default'
const BARE = 'valueproof-deploy-bare-koa'
const BARE_PORT = 13098
const CONNECTIONS = 50
const WARMUP_SECONDS = 2
const MEASURE_SECONDS = 8

/** A Koa app with one handler answering the bytes it is given, run by the gateway image's node and koa. */
const BARE_KOA = `
const Koa = require('koa')
const body = Buffer.from(process.env.BODY_BASE64, 'base64')
const app = new Koa()
app.use((ctx) => { ctx.status = 200; ctx.set('content-type', process.env.CONTENT_TYPE); ctx.body = body })
app.listen(3000, '0.0.0.0')
`

function gatewayImage(): string {
  return execFileSync('podman', ['inspect', '--format', '{{.ImageName}}', 'valueproof-deploy-gateway-1'], { encoding: 'utf8' }).trim()
}

async function startBare(body: Buffer, contentType: string): Promise<string> {
  execFileSync('podman', ['rm', '-f', '-t', '0', BARE], { stdio: 'ignore' })
  execFileSync('podman', [
    'run',
    '-d',
    '--name',
    BARE,
    '--network',
    NETWORK,
    '-p',
    `127.0.0.1:${BARE_PORT}:3000`,
    '-e',
    `BODY_BASE64=${body.toString('base64')}`,
    '-e',
    `CONTENT_TYPE=${contentType}`,
    '--workdir',
    '/app',
    '--entrypoint',
    'node',
    gatewayImage(),
    '-e',
    BARE_KOA,
  ])
  const url = `http://127.0.0.1:${BARE_PORT}`
  for (let attempt = 0; attempt < 60; attempt += 1) {
    if (
      await fetch(url).then(
        (response) => response.ok,
        () => false,
      )
    )
      return url
    await new Promise((done) => setTimeout(done, 250))
  }
  throw new Error('the bare Koa container did not answer')
}

async function measure(url: string, headers: Record<string, string>, expectBody?: string): Promise<LoadSummary> {
  await runLoad({
    url,
    connections: CONNECTIONS,
    durationSeconds: WARMUP_SECONDS,
    headers,
    ...(expectBody === undefined ? {} : { expectBody }),
  })
  const load = await runLoad({
    url,
    connections: CONNECTIONS,
    durationSeconds: MEASURE_SECONDS,
    headers,
    ...(expectBody === undefined ? {} : { expectBody }),
  })
  expect({ errors: load.errors, timeouts: load.timeouts, non2xx: load.non2xx, mismatches: load.mismatches }).toEqual({
    errors: 0,
    timeouts: 0,
    non2xx: 0,
    mismatches: 0,
  })
  return load
}

async function compare(label: string, path: string, headers: Record<string, string>, sameBody: boolean): Promise<void> {
  const sample = await fetch(`${GATEWAY_URL}${path}`, { headers })
  const body = Buffer.from(await sample.arrayBuffer())
  expect(sample.status, body.toString('utf8')).toBe(200)
  const bare = await startBare(body, sample.headers.get('content-type') ?? 'application/json; charset=utf-8')
  const expected = sameBody ? body.toString('utf8') : undefined
  const through = await measure(`${GATEWAY_URL}${path}`, headers, expected)
  const alone = await measure(bare, {}, body.toString('utf8'))
  console.log(
    `  ${label}: ${through.requestsPerSecond.toFixed(0)} req/s through the composed gateway, bare Koa container ${alone.requestsPerSecond.toFixed(0)} req/s → ${(through.requestsPerSecond / alone.requestsPerSecond).toFixed(3)}× (p99 ${through.latencyMs.p99} ms vs ${alone.latencyMs.p99} ms)`,
  )
}

describe('throughput through the composed system against a bare Koa container', () => {
  afterAll(() => {
    execFileSync('podman', ['rm', '-f', '-t', '0', BARE], { stdio: 'ignore' })
  })

  it('GET /api/user and the prospect’s GET /api/proposals/{id}', async () => {
    expect(GATEWAY_URL, 'GATEWAY_URL (the composed gateway)').not.toBe('')
    const owner = new ApiClient(GATEWAY_URL)
    expect((await owner.post('/api/register', { username: uniqueUsername('throughput'), password: GOOD_PASSWORD })).status).toBe(201)
    await compare('GET /api/user', '/api/user', { cookie: `vp_session=${owner.sessionCookie ?? ''}`, accept: 'application/json' }, true)
    const proposalId = await share(owner)
    // A prospect's answer carries a fresh beacon token each time: counted, not compared byte for byte.
    await compare('GET /api/proposals/{id}', `/api/proposals/${proposalId}`, { accept: 'application/json' }, false)
  })
})
