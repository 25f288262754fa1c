// The gateway's probes (docs/decisions/118): /readyz answers 200 while it is started and not shutting
// down, whatever the bus does; /healthz stays 200 and names the bus while it cannot be reached, and
// the log says so once when it goes and once when it is back.
import { createInProcessEventBus } from '@valueproof/event-bus'
import { listen, type RunningServer } from '@valueproof/http-kit'
import { eventually } from '@valueproof/testing'
import { pino } from 'pino'
import { afterAll, describe, expect, it } from 'vitest'
import { inProcessTransport, type ServiceTransport } from './proxy/transport.ts'
import type { ServiceName } from './routes/api-routes.ts'
import { createGateway } from './server.ts'

const servers: RunningServer[] = []
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()))
})

function unusedService(): ServiceTransport {
  return inProcessTransport((_request, response) => {
    response.statusCode = 500
    response.end()
  })
}

describe('the gateway’s readiness and health', () => {
  it('is ready from start until shutdown begins, with the bus up or down; /healthz names the bus while it is down', async () => {
    const lines: Array<{ level: number; msg: string; dependency?: string }> = []
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) })
    const bus = createInProcessEventBus()
    const services = Object.fromEntries(
      (['identity', 'calculator', 'proposal', 'billing', 'analytics', 'notification'] as ServiceName[]).map((name) => [
        name,
        unusedService(),
      ]),
    ) as Record<ServiceName, ServiceTransport>
    const gateway = createGateway({
      logger,
      bus,
      services,
      webDistDir: '/nonexistent',
      sessionCacheTtlMs: 60_000,
      signingKey: 'g'.repeat(40),
      dependencyCheckMs: 20,
    })
    const server = await listen(gateway.app, { port: 0, host: '127.0.0.1' })
    servers.push(server)
    const probe = async (path: string) => {
      const response = await fetch(`${server.url}${path}`)
      return { status: response.status, body: (await response.json()) as unknown }
    }

    expect(await probe('/readyz')).toEqual({
      status: 503,
      body: { status: 'not ready', checks: { serving: 'down' }, message: 'Not ready: serving' },
    })
    await gateway.start()
    expect(await probe('/readyz')).toEqual({ status: 200, body: { status: 'ready', checks: { serving: 'ok' } } })
    expect(await probe('/healthz')).toEqual({ status: 200, body: { status: 'ok' } })

    // The bus goes away (a drained bus answers no ping): still ready, degraded on /healthz, said once.
    await bus.drain()
    await eventually(async () => ((await probe('/healthz')).body as { degraded?: string[] }).degraded?.includes('bus') || undefined)
    expect(await probe('/healthz')).toEqual({ status: 200, body: { status: 'ok', degraded: ['bus'] } })
    for (let round = 0; round < 3; round += 1) expect((await probe('/readyz')).status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(lines.filter((line) => line.dependency === 'bus').map((line) => [line.level, line.msg])).toEqual([
      [40, 'bus is unreachable; serving without it'],
    ])

    gateway.endLiveStreams()
    expect((await probe('/readyz')).status).toBe(503)
    await gateway.stop()
  })
})
