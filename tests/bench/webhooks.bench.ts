// Issue 39's figure: webhook fan-out — 1,000 events to 10 endpoints, delivered with 0 lost, and the
// p95 delay from the event's publication to its POST reaching the endpoint. The notification
// service runs on PostgreSQL with an in-process bus (services/notification/src/testing/service.ts);
// the ten endpoints are paths of one local HTTPS receiver (a throwaway certificate the service
// trusts only here), each answering 200.
// Run alone: node --import tsx tests/bench/run.ts webhooks
import { randomInt } from 'node:crypto'
import { createServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { createdWebhookEndpointSchema } from '@valueproof/contracts'
import { proposalViewed } from '@valueproof/event-bus'
import { selfSignedCertificate } from '@valueproof/outbound-http/testing'
import { needs } from '@valueproof/testing'
import { startNotification } from '../../services/notification/src/testing/service.ts'
import type { BenchResult } from './bench-result.ts'

const EVENTS = 1000
const ENDPOINTS = 10
const DEADLINE_MS = 300_000

function log(line: string): void {
  console.log(`  [webhooks] ${line}`)
}

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN
}

export async function run(): Promise<BenchResult[]> {
  const name = `webhooks: ${EVENTS} events fanned out to ${ENDPOINTS} endpoints, publication → POST received`
  if (!(await needs('postgres').catch(() => false)))
    return [{ name, value: Number.NaN, unit: 'ms', skipped: true, note: 'needs PostgreSQL' }]
  const certificate = selfSignedCertificate()
  /** When each (endpoint path, delivery id) first arrived. */
  const arrivals = new Map<string, number>()
  let posts = 0
  const receiver = createServer({ key: certificate.key, cert: certificate.cert }, (request, response) => {
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => (body += chunk))
    request.on('end', () => {
      posts += 1
      const { id } = JSON.parse(body) as { id: string }
      const key = `${request.url ?? ''} ${id}`
      if (!arrivals.has(key)) arrivals.set(key, Date.now())
      response.writeHead(200).end('ok')
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  const { port } = receiver.address() as AddressInfo
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
    while (arrivals.size < expected && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250))
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
      { name: 'webhooks: deliveries lost', value: lost, unit: 'deliveries', budget: '= 0', pass: lost === 0 },
    ]
  } finally {
    await service.close()
    receiver.closeAllConnections()
    await new Promise((resolve) => receiver.close(resolve))
  }
}
