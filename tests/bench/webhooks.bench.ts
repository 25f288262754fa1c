// Issue 39's figure: webhook fan-out — 1,000 events to 10 endpoints, delivered with 0 lost, and the
// p95 delay from the event's publication to its POST reaching the endpoint. The notification
// service runs on PostgreSQL with an in-process bus (services/notification/src/testing/service.ts);
// the ten endpoints are paths of one local HTTPS receiver in a process of its own
// (webhook-receiver-process.ts; a throwaway certificate the service trusts only here), each
// answering 200.
// Run alone: node --import tsx tests/bench/run.ts webhooks
import { spawn, type ChildProcess } from 'node:child_process'
import { randomInt } from 'node:crypto'
import { once } from 'node:events'
import { request as httpsRequest } from 'node:https'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { createdWebhookEndpointSchema } from '@valueproof/contracts'
import { proposalViewed } from '@valueproof/event-bus'
import { selfSignedCertificate } from '@valueproof/outbound-http/testing'
import { needs } from '@valueproof/testing'
import { startNotification } from '../../services/notification/src/testing/service.ts'
import type { BenchResult } from './bench-result.ts'
import { percentile } from './notifications.bench.ts'

const EVENTS = 1000
const ENDPOINTS = 10
const DEADLINE_MS = 300_000

function log(line: string): void {
  console.log(`  [webhooks] ${line}`)
}

async function startReceiver(certificate: { key: string; cert: string }): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'webhook-receiver-process.ts')], {
    env: { ...process.env, WEBHOOK_KEY: certificate.key, WEBHOOK_CERT: certificate.cert },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  for await (const line of createInterface({ input: child.stdout ?? process.stdin })) {
    const port = /^listening (\d+)$/.exec(line)?.[1]
    if (port !== undefined) return { child, port: Number(port) }
  }
  throw new Error('the webhook receiver ended before listening')
}

/** What the receiver has seen: POSTs in all, and when each (path, delivery id) first arrived. */
async function arrivalsAt(port: number, certificate: string): Promise<{ posts: number; arrivals: Record<string, number> }> {
  return new Promise((resolve, reject) => {
    httpsRequest(`https://127.0.0.1:${port}/__arrivals`, { ca: certificate, agent: false }, (response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (body += chunk))
      response.on('end', () => resolve(JSON.parse(body) as { posts: number; arrivals: Record<string, number> }))
    })
      .on('error', reject)
      .end()
  })
}

export async function run(): Promise<BenchResult[]> {
  const name = `webhooks: ${EVENTS} events fanned out to ${ENDPOINTS} endpoints, publication → POST received`
  if (!(await needs('postgres').catch(() => false)))
    return [{ name, value: Number.NaN, unit: 'ms', skipped: true, note: 'needs PostgreSQL' }]
  const certificate = selfSignedCertificate()
  const { child, port } = await startReceiver(certificate)
  const service = await startNotification({ OUTBOUND_ALLOWED_TARGETS: [`127.0.0.1:${port}`] }, { trustedCertificates: [certificate.cert] })
  try {
    const userId = randomInt(1, 2 ** 31 - 1)
    for (let endpoint = 0; endpoint < ENDPOINTS; endpoint += 1) {
      const response = await service.call('POST', '/notifications/webhooks', {
        userId,
        body: { url: `https://127.0.0.1:${port}/endpoint-${endpoint}`, events: ['proposal.opened'] },
      })
      createdWebhookEndpointSchema.parse(await response.json())
    }
    const published = new Map<string, number>()
    log(`publishing ${EVENTS} prospect opens to ${ENDPOINTS} endpoints…`)
    for (let index = 0; index < EVENTS; index += 1) {
      const view = {
        proposalId: `fan-${userId}-${index}`,
        ownerUserId: userId,
        viewer: 'visitor',
        counting: 'counted',
        title: `Proposal ${index}`,
      }
      const id = await service.publish(proposalViewed, view)
      published.set(`evt_${id}`, Date.now())
    }
    const expected = EVENTS * ENDPOINTS
    const deadline = Date.now() + DEADLINE_MS
    let seen = await arrivalsAt(port, certificate.cert)
    while (Object.keys(seen.arrivals).length < expected && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 1000))
      seen = await arrivalsAt(port, certificate.cert)
    }
    const arrivals = new Map(Object.entries(seen.arrivals))
    const { posts } = seen
    const delays: number[] = []
    for (const [key, at] of arrivals) {
      const sent = published.get(key.split(' ')[1] ?? '')
      if (sent !== undefined) delays.push(at - sent)
    }
    delays.sort((a, b) => a - b)
    const lost = expected - arrivals.size
    const p95 = percentile(delays, 0.95)
    log(
      `${arrivals.size} of ${expected} deliveries (${posts} POSTs): p50 ${percentile(delays, 0.5)} ms, p95 ${p95} ms, max ${delays.at(-1) ?? '?'} ms`,
    )
    return [
      {
        name,
        value: p95,
        unit: 'ms p95',
        note: `p50 ${percentile(delays, 0.5)} ms, max ${delays.at(-1) ?? '?'} ms, ${posts} POSTs for ${expected} deliveries`,
      },
      {
        name: `webhooks: deliveries not received within ${DEADLINE_MS / 1000} s`,
        value: lost,
        unit: 'deliveries',
        budget: '= 0',
        pass: lost === 0,
      },
    ]
  } finally {
    await service.close()
    const exited = once(child, 'exit')
    child.kill('SIGTERM')
    await exited
  }
}
