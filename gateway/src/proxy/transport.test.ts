import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse as HttpServerResponse } from 'node:http'
import { createServer, type Socket } from 'node:net'
import { Readable } from 'node:stream'
import { createLogger, errors, errorMiddleware, jsonBody, listen, requestContext, Router, type RunningServer } from '@valueproof/http-kit'
import Koa from 'koa'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CallCancel,
  httpTransport,
  inProcessTransport,
  ServiceUnreachable,
  WHOLE_ANSWER_MAX_BYTES,
  type ServiceResponse,
  type ServiceTransport,
} from './transport.ts'

/** No user: the transport tests are about the exchange, not the identity. */
const ANON = { clientIp: '127.0.0.1' }

/** A service that shows what it was sent, and answers the kinds of responses services give. */
function echoService(): Koa {
  const app = new Koa()
  app.silent = true
  app.use(requestContext(createLogger({ name: 'test', level: 'silent' })))
  app.use(errorMiddleware())
  const router = new Router()
  router.get('/echo', (ctx) => {
    ctx.set('Set-Cookie', ['a=1; Path=/', 'b=2; Path=/'])
    ctx.set('X-Count', '3')
    ctx.body = {
      method: ctx.method,
      url: ctx.url,
      query: ctx.query,
      ip: ctx.ip,
      protocol: ctx.protocol,
      userId: ctx.get('x-user-id'),
      host: ctx.host !== '',
    }
  })
  router.post('/echo', jsonBody(), (ctx) => {
    ctx.status = 201
    ctx.body = { received: ctx.request.body, length: ctx.get('content-length'), chunked: ctx.get('transfer-encoding') }
  })
  router.get('/stream', (ctx) => {
    ctx.type = 'text/plain'
    ctx.body = Readable.from(['one ', 'two ', 'three'])
  })
  router.get('/empty', (ctx) => {
    ctx.status = 204
  })
  router.get('/missing', () => {
    throw errors.notFound('Nothing here')
  })
  router.get('/crash', () => {
    throw new Error('boom')
  })
  router.get('/hang-up', (ctx) => {
    ctx.respond = false
    ctx.res.destroy()
  })
  app.use(router.routes())
  return app
}

function text(response: ServiceResponse): Promise<string> {
  if (Buffer.isBuffer(response.body)) return Promise.resolve(response.body.toString('utf8'))
  return (async () => {
    const chunks: Buffer[] = []
    for await (const chunk of response.body) chunks.push(Buffer.from(chunk as Uint8Array))
    return Buffer.concat(chunks).toString('utf8')
  })()
}

async function json(response: ServiceResponse): Promise<unknown> {
  return JSON.parse(await text(response)) as unknown
}

const server: { running?: RunningServer } = {}
const transports: Record<'in-process' | 'http', () => ServiceTransport> = {
  'in-process': () => inProcessTransport(echoService().callback()),
  http: () => httpTransport(server.running?.url ?? 'http://127.0.0.1:9'),
}

beforeAll(async () => {
  server.running = await listen(echoService(), { port: 0, host: '127.0.0.1' })
})
afterAll(async () => {
  await server.running?.close(1_000)
})

// The service cannot tell the transports apart: both give the same answers to the same calls.
describe.each(['in-process', 'http'] as const)('%s transport', (kind) => {
  let transport: ServiceTransport
  beforeAll(() => {
    transport = transports[kind]()
  })
  afterAll(() => {
    transport.close()
  })

  it('passes method, path, query, headers and the client address; answers status, headers (set-cookie as a list) and body', async () => {
    const response = await transport.send({
      identity: ANON,
      method: 'GET',
      path: '/echo?x=1&y=two',
      headers: { 'x-user-id': '42', accept: 'application/json' },
      remoteAddress: '127.0.0.1',
    })
    expect(response.status).toBe(200)
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(response.headers['x-count']).toBe('3')
    expect(response.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/'])
    const body = await json(response)
    expect(body).toEqual({
      method: 'GET',
      url: '/echo?x=1&y=two',
      query: { x: '1', y: 'two' },
      ip: '127.0.0.1',
      protocol: 'http',
      userId: '42',
      host: true,
    })
    expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(JSON.stringify(body)))
  })

  it('streams a request body with its length, or chunked without one, to the body parser', async () => {
    const payload = JSON.stringify({ name: 'Ada', items: Array.from({ length: 2_000 }, (_, index) => index) })
    const withLength = await transport.send({
      identity: ANON,
      method: 'POST',
      path: '/echo',
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) },
      body: Readable.from([Buffer.from(payload)]),
    })
    expect(withLength.status).toBe(201)
    expect(await json(withLength)).toMatchObject({
      received: JSON.parse(payload) as unknown,
      length: String(Buffer.byteLength(payload)),
      chunked: '',
    })

    const halves = [payload.slice(0, 1_000), payload.slice(1_000)].map((part) => Buffer.from(part))
    const chunked = await transport.send({
      identity: ANON,
      method: 'POST',
      path: '/echo',
      headers: { 'content-type': 'application/json' },
      body: Readable.from(halves),
    })
    expect(chunked.status).toBe(201)
    expect(await json(chunked)).toMatchObject({ received: JSON.parse(payload) as unknown, length: '', chunked: 'chunked' })
  })

  it('answers streamed bodies, bodiless statuses, HEAD, errors and 500s like a server', async () => {
    const streamed = await transport.send({ identity: ANON, method: 'GET', path: '/stream', headers: {} })
    expect(streamed.status).toBe(200)
    expect(await text(streamed)).toBe('one two three')

    const empty = await transport.send({ identity: ANON, method: 'GET', path: '/empty', headers: {} })
    expect(empty.status).toBe(204)
    expect(await text(empty)).toBe('')

    const head = await transport.send({ identity: ANON, method: 'HEAD', path: '/echo', headers: {} })
    expect(head.status).toBe(200)
    expect(await text(head)).toBe('')

    const missing = await transport.send({ identity: ANON, method: 'GET', path: '/missing', headers: {} })
    expect(missing.status).toBe(404)
    expect(await json(missing)).toEqual({ message: 'Nothing here' })

    const crash = await transport.send({ identity: ANON, method: 'GET', path: '/crash', headers: {} })
    expect(crash.status).toBe(500)
    expect(await json(crash)).toEqual({ message: 'Internal server error' })
  })

  it('fails the call when the service drops the response without answering', async () => {
    await expect(transport.send({ identity: ANON, method: 'GET', path: '/hang-up', headers: {} })).rejects.toThrow()
  })
})

/**
 * A raw service that reads the first 64 KB of an upload and then signals `midBody`; with `dies`,
 * it also destroys its end of the connection at that point, as a killed process would.
 */
async function uploadService(dies: boolean): Promise<{ port: number; midBody: Promise<void>; close(): Promise<void> }> {
  let reached: () => void = () => undefined
  const midBody = new Promise<void>((resolve) => (reached = resolve))
  const sockets = new Set<Socket>()
  const service = createServer((socket) => {
    sockets.add(socket)
    let received = 0
    socket.on('error', () => undefined)
    socket.on('data', (chunk: Buffer) => {
      received += chunk.length
      if (received <= 64 * 1024) return
      if (dies) socket.destroy()
      reached()
    })
  })
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve))
  const address = service.address()
  if (typeof address !== 'object' || address === null) throw new Error('no port')
  return {
    port: address.port,
    midBody,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        service.close(() => resolve())
      }),
  }
}

/** An upload that never ends by itself: 16 KB every few milliseconds. */
function endlessUpload(): Readable {
  return new Readable({
    read() {
      setTimeout(() => this.push(Buffer.alloc(16 * 1024, 0x61)), 2)
    },
  })
}

/** Sends an endless upload to `service`; `midway` runs once the service has read part of it. */
async function uploadUntil(service: Awaited<ReturnType<typeof uploadService>>, midway: () => void): Promise<unknown> {
  const transport = httpTransport(`http://127.0.0.1:${service.port}`)
  const body = endlessUpload()
  try {
    const sent = transport.send({ identity: ANON, method: 'POST', path: '/upload', headers: { 'content-type': 'text/plain' }, body })
    await service.midBody
    midway()
    return await sent.then(
      () => new Error('the upload was answered'),
      (error: unknown) => error,
    )
  } finally {
    body.destroy()
    transport.close()
    await service.close()
  }
}

// The gateway answers 503 (not 500) when a service dies under an upload, whatever the operating
// system calls the broken connection: ECONNRESET on Linux, EPIPE for a write after the close,
// ECONNABORTED on Windows. The gateway's end of the socket fails with that code mid-body.
describe('http transport when the service dies mid-upload', () => {
  const clientSockets: Socket[] = []
  const collect = (message: unknown) => {
    clientSockets.push((message as { socket: Socket }).socket)
  }
  beforeAll(() => {
    subscribe('net.client.socket', collect)
  })
  afterAll(() => {
    unsubscribe('net.client.socket', collect)
  })

  it.each(['ECONNRESET', 'EPIPE', 'ECONNABORTED'])('reports %s as an unreachable service', async (code) => {
    const service = await uploadService(false)
    const failure = await uploadUntil(service, () => {
      const socket = clientSockets.find((candidate) => candidate.remotePort === service.port && !candidate.destroyed)
      if (!socket) throw new Error('the upload has no socket')
      socket.destroy(Object.assign(new Error(`write ${code}`), { code, syscall: 'write' }))
    })
    expect(failure).toBeInstanceOf(ServiceUnreachable)
  })

  it('reports a service that really closes its socket under the upload as unreachable', async () => {
    const failure = await uploadUntil(await uploadService(true), () => undefined)
    expect(failure).toBeInstanceOf(ServiceUnreachable)
  })
})

/** A raw HTTP service whose handler the test writes; it counts the requests it saw closed early. */
async function rawService(handle: (req: IncomingMessage, res: HttpServerResponse) => void): Promise<{
  url: string
  closedEarly: () => number
  close(): Promise<void>
}> {
  let closedEarly = 0
  const service = createHttpServer((req, res) => {
    res.on('close', () => {
      if (!res.writableFinished) closedEarly += 1
    })
    handle(req, res)
  })
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve))
  const address = service.address()
  if (typeof address !== 'object' || address === null) throw new Error('no port')
  return {
    url: `http://127.0.0.1:${address.port}`,
    closedEarly: () => closedEarly,
    close: () =>
      new Promise<void>((resolve) => {
        service.closeAllConnections()
        service.close(() => resolve())
      }),
  }
}

const until = async (condition: () => boolean): Promise<void> => {
  for (let tries = 0; tries < 200 && !condition(); tries += 1) await new Promise((resolve) => setTimeout(resolve, 10))
}

// What the HTTP client (undici, decision 135) adds to the exchange: answers read whole or streamed,
// calls dropped on cancel or when their answer is dropped, and undici's own errors mapped to 503.
describe('http transport', () => {
  it('reports a refused connection as an unreachable service', async () => {
    const closed = await rawService(() => undefined)
    const { url } = closed
    await closed.close()
    const transport = httpTransport(url)
    try {
      await expect(transport.send({ identity: ANON, method: 'GET', path: '/', headers: {} })).rejects.toBeInstanceOf(ServiceUnreachable)
    } finally {
      transport.close()
    }
  })

  it('reports a service that closes the connection before answering as unreachable', async () => {
    const service = await rawService((req) => req.socket.destroy())
    const transport = httpTransport(service.url)
    try {
      const failure = await transport.send({ identity: ANON, method: 'GET', path: '/', headers: {} }).catch((error: unknown) => error)
      expect(failure).toBeInstanceOf(ServiceUnreachable)
      expect((failure as Error).cause).toMatchObject({ code: 'UND_ERR_SOCKET' })
    } finally {
      transport.close()
      await service.close()
    }
  })

  it('reads a small answer of known length whole, and streams a large one or one without a length', async () => {
    const large = Buffer.alloc(WHOLE_ANSWER_MAX_BYTES + 1, 0x62)
    const service = await rawService((req, res) => {
      if (req.url === '/small') {
        res.setHeader('content-length', 5)
        res.end('small')
      } else if (req.url === '/large') {
        res.setHeader('content-length', large.length)
        res.end(large)
      } else {
        res.write('no ')
        res.end('length')
      }
    })
    const transport = httpTransport(service.url)
    try {
      const small = await transport.send({ identity: ANON, method: 'GET', path: '/small', headers: {} })
      expect(Buffer.isBuffer(small.body)).toBe(true)
      expect(await text(small)).toBe('small')
      const streamed = await transport.send({ identity: ANON, method: 'GET', path: '/large', headers: {} })
      expect(Buffer.isBuffer(streamed.body)).toBe(false)
      expect((await text(streamed)).length).toBe(large.length)
      const chunked = await transport.send({ identity: ANON, method: 'GET', path: '/chunked', headers: {} })
      expect(Buffer.isBuffer(chunked.body)).toBe(false)
      expect(await text(chunked)).toBe('no length')
    } finally {
      transport.close()
      await service.close()
    }
  })

  it('drops the call when it is cancelled before the answer, and rejects with the reason', async () => {
    const service = await rawService(() => undefined)
    const transport = httpTransport(service.url)
    try {
      const cancel = new CallCancel()
      const sent = transport.send({ identity: ANON, method: 'GET', path: '/never', headers: {}, cancel })
      setTimeout(() => cancel.cancel(new Error('gave up')), 50)
      await expect(sent).rejects.toThrow('gave up')
      await until(() => service.closedEarly() === 1)
      expect(service.closedEarly()).toBe(1)
    } finally {
      transport.close()
      await service.close()
    }
  })

  it('drops the call when a streamed answer is no longer read (the client went away)', async () => {
    const service = await rawService((_req, res) => {
      res.write('first part ')
    })
    const transport = httpTransport(service.url)
    try {
      const answer = await transport.send({ identity: ANON, method: 'GET', path: '/endless', headers: {} })
      if (Buffer.isBuffer(answer.body)) throw new Error('a chunked answer should be streamed')
      answer.body.destroy()
      await until(() => service.closedEarly() === 1)
      expect(service.closedEarly()).toBe(1)
    } finally {
      transport.close()
      await service.close()
    }
  })

  it('fails a streamed answer whose service dies while sending it', async () => {
    const service = await rawService((_req, res) => {
      res.write('first part ')
      setTimeout(() => res.socket?.destroy(), 20)
    })
    const transport = httpTransport(service.url)
    try {
      const answer = await transport.send({ identity: ANON, method: 'GET', path: '/dies', headers: {} })
      await expect(text(answer)).rejects.toThrow()
    } finally {
      transport.close()
      await service.close()
    }
  })
})
