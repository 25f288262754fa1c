// A client's time limits at the gateway (docs/decisions/121), over raw TCP sockets: headers dribbled
// byte by byte and a connection that sends nothing get 408 and a closed connection once
// HEADERS_TIMEOUT_MS is up; a body that stops arriving is cut with 408 after BODY_IDLE_TIMEOUT_MS;
// a slow but steady upload, and one the service is slow to read, go through whole. The limits are
// shortened to 1 s here; the defaults are a few seconds.
import { connect, type Socket } from 'node:net'
import { createInProcessEventBus } from '@valueproof/event-bus'
import { createApp, createLogger, gatewayOnly, listen, Router, type RunningServer } from '@valueproof/http-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gatewayConfigSchema } from './config.ts'
import { bodyStalledMessage } from './proxy/forward.ts'
import { inProcessTransport, type ServiceTransport } from './proxy/transport.ts'
import type { ServiceName } from './routes/api-routes.ts'
import { clientTimeouts, createGateway, type Gateway } from './server.ts'

const KEY = 'k'.repeat(40)
const LIMIT_MS = 1_000
const logger = createLogger({ name: 'test', level: 'silent' })

/** What the stand-ins received: the bytes of each body read to its end. */
const bodiesRead: number[] = []
/** How long the calculator stand-in waits before it starts reading an upload. */
let readDelayMs = 0

async function readAll(stream: AsyncIterable<unknown>): Promise<number> {
  let bytes = 0
  for await (const chunk of stream) bytes += (chunk as Buffer).length
  return bytes
}

/** Identity (sessions, registration) and the calculator (uploads), each answering how many bytes it read. */
function standIn(name: 'identity' | 'calculator'): ServiceTransport {
  const router = new Router()
  router.get('/sessions/current', (ctx) => {
    ctx.body = { sessionId: 'session-1', userId: 7, expiresAt: new Date(Date.now() + 3_600_000).toISOString() }
  })
  const reader = (delayed: boolean) => async (ctx: Parameters<Parameters<Router['post']>[1]>[0]) => {
    if (delayed && readDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, readDelayMs))
    const bytes = await readAll(ctx.req)
    bodiesRead.push(bytes)
    ctx.body = { bytes }
  }
  router.post('/register', reader(false))
  // A refusal before the upload is read (the calculator's month allowance is used up).
  router.post('/analyze-document-for-value', (ctx) => {
    ctx.status = 403
    ctx.body = { message: 'refused before reading' }
  })
  router.post('/analyze-document', reader(true))
  return inProcessTransport(createApp({ name, logger, readiness: [], routers: [router], before: [gatewayOnly(KEY)] }).callback())
}

function elsewhere(): ServiceTransport {
  return inProcessTransport((_request, response) => {
    response.statusCode = 500
    response.end()
  })
}

interface RawExchange {
  socket: Socket
  /** Everything the gateway sent back so far. */
  received(): string
  closed: Promise<void>
}

function open(port: number): Promise<RawExchange> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    let received = ''
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')))
    const closed = new Promise<void>((done) => socket.once('close', () => done()))
    socket.once('error', reject)
    socket.once('connect', () => resolve({ socket, received: () => received, closed }))
  })
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Writes `parts` one by one, `gapMs` apart, until the connection closes; answers how many were written. */
async function dribble(exchange: RawExchange, parts: (string | Buffer)[], gapMs: number): Promise<number> {
  let written = 0
  for (const part of parts) {
    if (exchange.socket.destroyed || exchange.socket.writableEnded) break
    exchange.socket.write(part)
    written += 1
    await Promise.race([pause(gapMs), exchange.closed])
  }
  return written
}

function statusLine(received: string): string {
  return received.split('\r\n')[0] ?? ''
}

function jsonBody(received: string): unknown {
  return JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4))
}

describe('client time limits at the gateway', () => {
  let gateway: Gateway
  let server: RunningServer

  beforeAll(async () => {
    const services = Object.fromEntries(
      (['proposal', 'billing', 'analytics'] as ServiceName[]).map((name) => [name, elsewhere()]),
    ) as Record<ServiceName, ServiceTransport>
    services.identity = standIn('identity')
    services.calculator = standIn('calculator')
    gateway = createGateway({
      logger,
      bus: createInProcessEventBus({ logger }),
      services,
      webDistDir: '/nonexistent',
      sessionCacheTtlMs: 60_000,
      signingKey: KEY,
      timeouts: { serviceMs: 30_000, generationMs: 30_000, bodyIdleMs: LIMIT_MS },
    })
    await gateway.start()
    server = await listen(gateway.app, {
      port: 0,
      host: '127.0.0.1',
      clientTimeouts: clientTimeouts({ headersMs: LIMIT_MS, requestMs: 60_000 }),
    })
  })
  afterAll(async () => {
    await server?.close()
    await gateway?.stop()
  })

  it('defaults to a few seconds for headers and for an idle body, and 30 minutes for a whole request', () => {
    const config = gatewayConfigSchema.parse({})
    expect([config.HEADERS_TIMEOUT_MS, config.BODY_IDLE_TIMEOUT_MS, config.REQUEST_TIMEOUT_MS]).toEqual([5_000, 10_000, 1_800_000])
  })

  it('answers 408 and closes a connection whose headers arrive a byte at a time, long before they are complete', async () => {
    const request = `POST /api/register HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nOrigin: ${server.url}\r\nContent-Type: application/json\r\n\r\n`
    const exchange = await open(server.port)
    // Four bytes a second: the whole header would take 30 s.
    const written = await dribble(exchange, [...request], 250)
    await exchange.closed
    expect(statusLine(exchange.received())).toBe('HTTP/1.1 408 Request Timeout')
    expect(written).toBeLessThan(request.length / 2)
  })

  it('answers 408 and closes a connection that sends nothing', async () => {
    const exchange = await open(server.port)
    await exchange.closed
    expect(statusLine(exchange.received())).toBe('HTTP/1.1 408 Request Timeout')
  })

  it('cuts a body that stops arriving: 408 with its message, the connection closed, the service never given a whole body', async () => {
    const body = JSON.stringify({ username: 'slow-client', password: 'Sunny-Day-42' })
    const exchange = await open(server.port)
    exchange.socket.write(
      `POST /api/register HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nOrigin: ${server.url}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    )
    const before = bodiesRead.length
    await exchange.closed
    const received = exchange.received()
    expect(statusLine(received)).toBe('HTTP/1.1 408 Request Timeout')
    expect(received.toLowerCase()).toContain('connection: close')
    expect(jsonBody(received)).toEqual({ message: bodyStalledMessage(LIMIT_MS) })
    expect(bodiesRead.length).toBe(before)
  })

  it('closes the connection when a body the gateway answered without reading stops arriving (here a 401)', async () => {
    const exchange = await open(server.port)
    exchange.socket.write(
      `POST /api/proposals HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nOrigin: ${server.url}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"title":',
    )
    await exchange.closed
    expect(statusLine(exchange.received())).toBe('HTTP/1.1 401 Unauthorized')
  })

  /** A document upload's request, with the session cookie the identity stand-in accepts. */
  function uploadHead(length: number): string {
    return (
      `POST /api/calculator/analyze-document HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nOrigin: ${server.url}\r\n` +
      `Cookie: vp_session=token-1\r\nContent-Type: application/octet-stream\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`
    )
  }

  it('lets a slow but steady upload through: 256 KB over about 3 s, a chunk every 0.4 s', async () => {
    const chunks = Array.from({ length: 8 }, () => Buffer.alloc(32 * 1024, 0x61))
    const exchange = await open(server.port)
    exchange.socket.write(uploadHead(8 * 32 * 1024))
    expect(await dribble(exchange, chunks, 400)).toBe(8)
    await exchange.closed
    expect(statusLine(exchange.received())).toBe('HTTP/1.1 200 OK')
    expect(jsonBody(exchange.received())).toEqual({ bytes: 8 * 32 * 1024 })
  })

  it('answers a refusal the service sent before reading the upload, reads and drops the rest, and keeps the connection', async () => {
    const length = 16 * 1024 * 1024
    const exchange = await open(server.port)
    const head = uploadHead(length)
      .replace('/api/calculator/analyze-document', '/api/calculator/analyze-document-for-value')
      .replace('Connection: close\r\n', '')
    exchange.socket.write(head)
    // Written to the end only if the gateway reads it: 16 MB is more than the kernel's buffers hold.
    const sent = new Promise<void>((resolve) => exchange.socket.write(Buffer.alloc(length, 0x63), () => resolve()))
    await sent
    exchange.socket.write(`GET /api/proposals HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n\r\n`)
    while (!exchange.received().includes('HTTP/1.1 401')) await Promise.race([pause(50), exchange.closed])
    expect(statusLine(exchange.received())).toBe('HTTP/1.1 403 Forbidden')
    exchange.socket.destroy()
  })

  it('does not count the time the service takes to start reading: 4 MB sent at once, read after 2.5 s', async () => {
    readDelayMs = 2_500
    try {
      const length = 4 * 1024 * 1024
      const exchange = await open(server.port)
      exchange.socket.write(uploadHead(length))
      exchange.socket.write(Buffer.alloc(length, 0x62))
      await exchange.closed
      expect(statusLine(exchange.received())).toBe('HTTP/1.1 200 OK')
      expect(jsonBody(exchange.received())).toEqual({ bytes: length })
    } finally {
      readDelayMs = 0
    }
  })
})
