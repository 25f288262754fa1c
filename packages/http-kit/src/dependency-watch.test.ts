// Dependencies a deployable serves without (docs/decisions/118): /healthz stays 200 and names the
// ones down, /readyz never looks at them, and the log has one line when one goes and one when it is back.
import { pino } from 'pino'
import { afterEach, describe, expect, it } from 'vitest'
import { createApp } from './app.ts'
import { DependencyWatch } from './dependency-watch.ts'
import { listen, type RunningServer } from './lifecycle.ts'

const servers: RunningServer[] = []
const watches: DependencyWatch[] = []
afterEach(async () => {
  for (const watch of watches.splice(0)) watch.stop()
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

function recording() {
  const lines: Array<{ level: number; msg: string; dependency?: string; err?: { message: string } }> = []
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) })
  return { logger, lines }
}

describe('DependencyWatch', () => {
  it('names a dependency down on /healthz (200) with nothing of its error, keeps /readyz to its own checks, and logs only changes', async () => {
    const { logger, lines } = recording()
    let busUp = true
    const watch = new DependencyWatch({
      logger,
      dependencies: [
        { name: 'bus', check: () => (busUp ? Promise.resolve() : Promise.reject(new Error('connect ECONNREFUSED 10.0.0.7:4222'))) },
      ],
    })
    watches.push(watch)
    const app = createApp({
      name: 'watch-test',
      logger,
      readiness: [{ name: 'database', check: () => Promise.resolve() }],
      routers: [],
      degraded: () => watch.degraded(),
    })
    const server = await listen(app, { port: 0, host: '127.0.0.1' })
    servers.push(server)
    const probe = async (path: string) => {
      const response = await fetch(`${server.url}${path}`)
      return { status: response.status, text: await response.text() }
    }

    await watch.check()
    expect(await probe('/healthz')).toEqual({ status: 200, text: '{"status":"ok"}' })
    busUp = false
    for (let round = 0; round < 4; round += 1) await watch.check()
    const health = await probe('/healthz')
    expect(health.status).toBe(200)
    expect(JSON.parse(health.text)).toEqual({ status: 'ok', degraded: ['bus'] })
    for (const internal of ['ECONNREFUSED', '10.0.0.7', '4222']) expect(health.text).not.toContain(internal)
    expect(JSON.parse((await probe('/readyz')).text)).toEqual({ status: 'ready', checks: { database: 'ok' } })
    busUp = true
    for (let round = 0; round < 3; round += 1) await watch.check()
    expect(JSON.parse((await probe('/healthz')).text)).toEqual({ status: 'ok' })

    expect(lines.filter((line) => line.dependency === 'bus').map((line) => [line.level, line.msg, line.err?.message])).toEqual([
      [40, 'bus is unreachable; serving without it', 'connect ECONNREFUSED 10.0.0.7:4222'],
      [30, 'bus is reachable again', undefined],
    ])
  })

  it('counts a check that does not answer in time as down, and checks on its own once started', async () => {
    const { logger } = recording()
    const watch = new DependencyWatch({
      logger,
      intervalMs: 10,
      timeoutMs: 20,
      dependencies: [{ name: 'bus', check: () => new Promise<void>(() => undefined) }],
    })
    watches.push(watch)
    watch.start()
    const deadline = Date.now() + 5_000
    while (watch.degraded().length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10))
    expect(watch.degraded()).toEqual(['bus'])
  })
})
