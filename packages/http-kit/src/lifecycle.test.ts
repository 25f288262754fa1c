import { Agent, request, type IncomingMessage } from 'node:http'
import type { Socket } from 'node:net'
import { PassThrough, Writable } from 'node:stream'
import Router from '@koa/router'
import { pino } from 'pino'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createApp } from './app.ts'
import { handleShutdown, listen, type RunningServer, type Stoppable } from './lifecycle.ts'
import type { Logger } from './logger.ts'

const silent = pino({ level: 'silent' })

/** A request the test lets finish when it wants: `started` once the handler runs, `finish()` to answer. */
class SlowRequests {
  private waiting: Array<() => void> = []
  private onStart: Array<() => void> = []
  readonly streams: PassThrough[] = []

  started(): Promise<void> {
    return new Promise((resolve) => this.onStart.push(resolve))
  }

  finishAll(): void {
    for (const finish of this.waiting.splice(0)) finish()
  }

  router(): Router {
    const router = new Router()
    router.get('/slow', async (ctx) => {
      await new Promise<void>((resolve) => {
        this.waiting.push(resolve)
        for (const notify of this.onStart.splice(0)) notify()
      })
      ctx.body = { done: true }
    })
    router.get('/stream', (ctx) => {
      const body = new PassThrough()
      this.streams.push(body)
      body.write('first part;')
      ctx.type = 'text/plain'
      ctx.body = body
    })
    router.get('/quick', (ctx) => {
      ctx.body = { quick: true }
    })
    return router
  }
}

const agents: Agent[] = []
const running: RunningServer[] = []

afterEach(async () => {
  for (const agent of agents.splice(0)) agent.destroy()
  await Promise.all(running.splice(0).map((server) => (server.server.listening ? server.close(100) : Promise.resolve())))
})

async function serve(slow: SlowRequests): Promise<RunningServer> {
  const server = await listen(createApp({ name: 'lifecycle-test', logger: silent, readiness: [], routers: [slow.router()] }), {
    port: 0,
    host: '127.0.0.1',
  })
  running.push(server)
  return server
}

function keepAliveAgent(): Agent {
  const agent = new Agent({ keepAlive: true, maxSockets: 4 })
  agents.push(agent)
  return agent
}

interface Answer {
  status: number
  connection: string | undefined
  body: string
  socket: Socket
}

/** A GET with node:http, so the test can see the socket (keep-alive or not). */
function get(url: string, agent: Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { agent }, (response: IncomingMessage) => {
      const { socket } = response
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          connection: response.headers.connection,
          body: Buffer.concat(chunks).toString('utf8'),
          socket,
        }),
      )
      response.on('error', reject)
    })
    outgoing.on('error', reject)
    outgoing.end()
  })
}

function closed(socket: Socket): Promise<void> {
  return socket.destroyed ? Promise.resolve() : new Promise((resolve) => socket.once('close', () => resolve()))
}

describe('RunningServer.close', () => {
  it('lets a request in flight finish with 200, refuses new connections, and closes without forcing', async () => {
    const slow = new SlowRequests()
    const server = await serve(slow)
    const forced = vi.spyOn(server.server, 'closeAllConnections')
    const agent = keepAliveAgent()

    const handlerRuns = slow.started()
    const inFlight = get(`${server.url}/slow`, agent)
    await handlerRuns
    // A generous bound: if close() needed the force timer, the test would time out instead.
    const closing = server.close(60_000)

    await expect(get(`${server.url}/quick`, new Agent())).rejects.toMatchObject({ code: 'ECONNREFUSED' })

    slow.finishAll()
    const answer = await inFlight
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.body)).toEqual({ done: true })
    expect(answer.connection).toBe('close')

    await closing
    expect(forced).not.toHaveBeenCalled()
    // The keep-alive socket of the finished request was closed by the server, not kept.
    await closed(answer.socket)
  }, 10_000)

  it('lets an answer already streaming finish, then closes its keep-alive connection without forcing', async () => {
    const slow = new SlowRequests()
    const server = await serve(slow)
    const forced = vi.spyOn(server.server, 'closeAllConnections')
    const { response, socket } = await new Promise<{ response: IncomingMessage; socket: Socket }>((resolve, reject) => {
      const outgoing = request(`${server.url}/stream`, { agent: keepAliveAgent() }, (answer) =>
        resolve({ response: answer, socket: answer.socket }),
      )
      outgoing.on('error', reject)
      outgoing.end()
    })
    // The headers went out as keep-alive before shutdown began.
    expect(response.headers.connection).toBe('keep-alive')
    const chunks: Buffer[] = []
    response.on('data', (chunk: Buffer) => chunks.push(chunk))
    const ended = new Promise<void>((resolve) => response.once('end', () => resolve()))

    const closing = server.close(60_000)
    expect(slow.streams).toHaveLength(1)
    for (const stream of slow.streams) stream.end('last part')
    await ended
    expect(Buffer.concat(chunks).toString('utf8')).toBe('first part;last part')

    await closing
    expect(forced).not.toHaveBeenCalled()
    await closed(socket)
  }, 10_000)

  it('does not wait for idle keep-alive connections', async () => {
    const server = await serve(new SlowRequests())
    const forced = vi.spyOn(server.server, 'closeAllConnections')
    const agent = keepAliveAgent()
    const first = await get(`${server.url}/quick`, agent)
    const second = await get(`${server.url}/quick`, agent)
    expect(first.status).toBe(200)
    expect(second.status).toBe(200)
    // Kept alive: both requests used the same socket, which is now idle and still open.
    expect(second.socket).toBe(first.socket)
    expect(first.socket.destroyed).toBe(false)

    await server.close(60_000)
    expect(forced).not.toHaveBeenCalled()
    await closed(first.socket)
  }, 10_000)

  it('force-closes a request that never ends once its bound has passed', async () => {
    const slow = new SlowRequests()
    const server = await serve(slow)
    const forced = vi.spyOn(server.server, 'closeAllConnections')
    const handlerRuns = slow.started()
    const neverEnding = get(`${server.url}/slow`, keepAliveAgent())
    const outcome = neverEnding.then(
      () => 'answered',
      (error: NodeJS.ErrnoException) => error.code,
    )
    await handlerRuns

    await server.close(50)

    expect(forced).toHaveBeenCalledTimes(1)
    expect(await outcome).toBe('ECONNRESET')
    expect(server.server.listening).toBe(false)
  })
})

describe('handleShutdown', () => {
  const signals = ['SIGTERM', 'SIGINT'] as const
  let listenersBefore: Map<NodeJS.Signals, NodeJS.SignalsListener[]>

  function rememberSignalListeners(): void {
    listenersBefore = new Map(signals.map((signal) => [signal, process.listeners(signal)]))
  }

  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
    // handleShutdown listens for signals; remove what the test added (no real signals are sent).
    for (const signal of signals) {
      const before = listenersBefore.get(signal) ?? []
      for (const listener of process.listeners(signal)) if (!before.includes(listener)) process.removeListener(signal, listener)
    }
  })

  function capturingLogger(): { logger: Logger; lines: Array<{ level: number; msg: string; step?: string; err?: { message?: string } }> } {
    const lines: Array<{ level: number; msg: string; step?: string; err?: { message?: string } }> = []
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n'))
          if (line.trim() !== '') lines.push(JSON.parse(line) as (typeof lines)[number])
        done()
      },
    })
    return { logger: pino({ level: 'info' }, stream), lines }
  }

  function failOnExit(): void {
    vi.spyOn(process, 'exit').mockImplementation((code) => {
      throw new Error(`process.exit(${String(code)}) was called`)
    })
  }

  it('runs the steps in order and goes on past a failing step', async () => {
    rememberSignalListeners()
    failOnExit()
    const { logger, lines } = capturingLogger()
    const ran: string[] = []
    const step = (name: string, fail = false): Stoppable => ({
      name,
      stop: async () => {
        // Yield first, so a step started before the previous one finished would show up out of order.
        await new Promise((resolve) => setImmediate(resolve))
        ran.push(name)
        if (fail) throw new Error(`${name} would not stop`)
      },
    })
    const shutdown = handleShutdown({
      logger,
      timeoutMs: 60_000,
      exit: false,
      steps: [step('http'), step('background', true), step('bus'), step('database')],
    })

    await shutdown()

    expect(ran).toEqual(['http', 'background', 'bus', 'database'])
    const failure = lines.find((line) => line.msg === 'shutdown step failed')
    expect(failure).toMatchObject({ level: 50, step: 'background', err: { message: 'background would not stop' } })
    expect(lines.filter((line) => line.msg === 'stopped').map((line) => line.step)).toEqual(['http', 'bus', 'database'])
    expect(lines.at(-1)?.msg).toBe('shutdown complete')
  })

  it('shuts down once however often it is asked', async () => {
    rememberSignalListeners()
    failOnExit()
    let stops = 0
    const shutdown = handleShutdown({
      logger: silent,
      timeoutMs: 60_000,
      exit: false,
      steps: [
        {
          name: 'http',
          stop: () => {
            stops += 1
            return Promise.resolve()
          },
        },
      ],
    })
    const first = shutdown()
    const second = shutdown()
    expect(second).toBe(first)
    await first
    await shutdown()
    expect(stops).toBe(1)
  })

  it('listens for SIGTERM and SIGINT', () => {
    rememberSignalListeners()
    handleShutdown({ logger: silent, timeoutMs: 60_000, exit: false, steps: [] })
    for (const signal of signals) expect(process.listeners(signal).length).toBe((listenersBefore.get(signal) ?? []).length + 1)
  })

  it('exits with 1 when a step hangs past the time bound', async () => {
    rememberSignalListeners()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const exits: Array<string | number | null | undefined> = []
    vi.spyOn(process, 'exit').mockImplementation((code) => {
      exits.push(code)
      throw new Error('exit')
    })
    let hangingStepStarted: () => void = () => undefined
    const started = new Promise<void>((resolve) => {
      hangingStepStarted = resolve
    })
    const shutdown = handleShutdown({
      logger: silent,
      timeoutMs: 5_000,
      steps: [
        {
          name: 'bus',
          stop: () => {
            hangingStepStarted()
            return new Promise<void>(() => undefined)
          },
        },
      ],
    })
    void shutdown()
    await started
    vi.advanceTimersByTime(4_999)
    expect(exits).toEqual([])
    expect(() => vi.advanceTimersByTime(1)).toThrow('exit')
    expect(exits).toEqual([1])
  })
})
