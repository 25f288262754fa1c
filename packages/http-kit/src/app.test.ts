import Router from '@koa/router'
import { pino } from 'pino'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createApp, type ReadinessCheck } from './app.ts'
import { listen, type RunningServer } from './lifecycle.ts'

const logger = pino({ level: 'silent' })
const servers: RunningServer[] = []

async function serve(readiness: ReadinessCheck[]): Promise<string> {
  const server = await listen(createApp({ name: 'app-test', logger, readiness, routers: [] }), { port: 0, host: '127.0.0.1' })
  servers.push(server)
  return server.url
}

afterEach(async () => {
  vi.useRealTimers()
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

const passing = (name: string): ReadinessCheck => ({ name, check: () => Promise.resolve() })
const failing = (name: string, message: string): ReadinessCheck => ({
  name,
  check: () => Promise.reject(new Error(message)),
})

describe('/healthz', () => {
  it('answers 200 while the process is alive, whatever the dependencies say', async () => {
    const url = await serve([failing('database', 'connection refused')])
    const response = await fetch(`${url}/healthz`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok' })
  })
})

describe('/readyz', () => {
  it('answers 200 when every check passes', async () => {
    const url = await serve([passing('database'), passing('bus')])
    const response = await fetch(`${url}/readyz`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ready', checks: { database: 'ok', bus: 'ok' } })
  })

  it('answers 503 naming the check that throws, without its error text, host or port', async () => {
    const url = await serve([
      failing('database', 'connect ECONNREFUSED 10.1.2.3:5432 (postgresql://app:secret@db.internal:5432/identity)'),
      passing('bus'),
    ])
    const response = await fetch(`${url}/readyz`)
    expect(response.status).toBe(503)
    const text = await response.text()
    expect(JSON.parse(text)).toEqual({ status: 'not ready', message: 'Not ready: database', checks: { database: 'down', bus: 'ok' } })
    for (const internal of ['ECONNREFUSED', '10.1.2.3', '5432', 'secret', 'db.internal', 'at ']) expect(text).not.toContain(internal)
  })

  it('logs a dependency going down once with its error, and once when it is back', async () => {
    const lines: { level: number; msg: string; dependency?: string; err?: { message: string } }[] = []
    const recording = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) })
    let databaseUp = false
    const check: ReadinessCheck = {
      name: 'database',
      check: () => (databaseUp ? Promise.resolve() : Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5999'))),
    }
    const server = await listen(createApp({ name: 'app-test', logger: recording, readiness: [check, passing('bus')], routers: [] }), {
      port: 0,
      host: '127.0.0.1',
    })
    servers.push(server)
    for (let probe = 0; probe < 5; probe += 1) expect((await fetch(`${server.url}/readyz`)).status).toBe(503)
    databaseUp = true
    for (let probe = 0; probe < 3; probe += 1) expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
    const readinessLines = lines.filter((line) => line.dependency !== undefined)
    expect(readinessLines.map((line) => [line.level, line.msg, line.err?.message])).toEqual([
      [40, 'readiness: database is down', 'connect ECONNREFUSED 127.0.0.1:5999'],
      [30, 'readiness: database is up again', undefined],
    ])
  })

  it('names every failing check', async () => {
    const url = await serve([failing('database', 'down'), passing('objects'), failing('bus', 'down')])
    const response = await fetch(`${url}/readyz`)
    expect(response.status).toBe(503)
    expect(await response.json()).toMatchObject({ status: 'not ready', message: 'Not ready: database, bus' })
  })

  it('answers 503 when a check hangs past the 2 s readiness timeout', async () => {
    // Fake setTimeout: the readiness timeout fires when the test says so, not after 2 real seconds.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    let hangingCheckStarted: () => void = () => undefined
    const started = new Promise<void>((resolve) => {
      hangingCheckStarted = resolve
    })
    const url = await serve([
      passing('database'),
      {
        name: 'bus',
        check: () => {
          hangingCheckStarted()
          return new Promise<void>(() => undefined)
        },
      },
    ])
    const answer = fetch(`${url}/readyz`)
    await started
    await vi.advanceTimersByTimeAsync(2000)
    const response = await answer
    expect(response.status).toBe(503)
    expect(await response.json()).toEqual({
      status: 'not ready',
      message: 'Not ready: bus',
      checks: { database: 'ok', bus: 'down' },
    })
  })

  it('does not answer 503 for a slow check that answers before the timeout', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    let finishCheck: () => void = () => undefined
    let checkStarted: () => void = () => undefined
    const started = new Promise<void>((resolve) => {
      checkStarted = resolve
    })
    const url = await serve([
      {
        name: 'database',
        check: () =>
          new Promise<void>((resolve) => {
            finishCheck = resolve
            checkStarted()
          }),
      },
    ])
    const answer = fetch(`${url}/readyz`)
    await started
    await vi.advanceTimersByTimeAsync(1999)
    finishCheck()
    const response = await answer
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ready', checks: { database: 'ok' } })
  })
})

describe('routes of several routers', () => {
  it('dispatches each path to its router, answers 405 with every router’s methods, and falls through to after-middleware', async () => {
    const users = new Router()
    users.get('/users/:id', (ctx) => {
      ctx.body = { user: ctx.params.id, route: ctx._matchedRoute }
    })
    const proposals = new Router()
    proposals.get('/items', (ctx) => {
      ctx.body = { list: true }
    })
    const items = new Router()
    items.post('/items', (ctx) => {
      ctx.status = 201
      ctx.body = { created: true }
    })
    const app = createApp({
      name: 'app-test',
      logger,
      readiness: [],
      routers: [users, proposals, items],
      after: [
        async (ctx, next) => {
          if (ctx.path !== '/fallback') {
            await next()
            return
          }
          ctx.body = { fallback: true }
        },
      ],
    })
    const server = await listen(app, { port: 0, host: '127.0.0.1' })
    servers.push(server)
    expect(await (await fetch(`${server.url}/users/7`)).json()).toEqual({ user: '7', route: '/users/:id' })
    expect(await (await fetch(`${server.url}/items`)).json()).toEqual({ list: true })
    const created = await fetch(`${server.url}/items`, { method: 'POST' })
    expect(created.status).toBe(201)
    const wrongMethod = await fetch(`${server.url}/items`, { method: 'DELETE' })
    expect(wrongMethod.status).toBe(405)
    expect(wrongMethod.headers.get('allow')?.split(', ').sort()).toEqual(['GET', 'HEAD', 'POST'])
    expect(await (await fetch(`${server.url}/fallback`)).json()).toEqual({ fallback: true })
    const missing = await fetch(`${server.url}/nothing`)
    expect(missing.status).toBe(404)
    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: 'ok' })
  })
})
