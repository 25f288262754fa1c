import { Writable } from 'node:stream'
import Router from '@koa/router'
import { pino } from 'pino'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createApp } from './app.ts'
import { errors, HttpError } from './errors.ts'
import { jsonBody, REQUEST_ID_HEADER, validateBody, type UnavailabilityOf } from './http.ts'
import { listen, type RunningServer } from './lifecycle.ts'

interface LogLine {
  level: number
  msg: string
  requestId?: string
  status?: number
  err?: { message?: string; stack?: string }
  dependency?: string
}

/** Every line the app logs, parsed: pino writes one JSON object per write. */
const logLines: LogLine[] = []
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim() !== '') logLines.push(JSON.parse(line) as LogLine)
    }
    done()
  },
})
const logger = pino({ level: 'debug' }, logStream)

const profileSchema = z.object({ companyName: z.string().min(1, 'Company name is required'), employees: z.number().int() })

function routes(): Router {
  const router = new Router()
  router.get('/limited', () => {
    throw errors.tooManyRequests('Too many attempts, try again later', 29.2)
  })
  router.get('/forbidden', () => {
    throw errors.forbidden('Company profile is a Pro feature')
  })
  router.get('/teapot', () => {
    throw new HttpError(418, 'teapot', 'I am a teapot', { 'X-Brew': 'earl-grey' })
  })
  router.get('/locked', () => {
    throw new HttpError(401, 'locked', 'An access code is needed', {}, { language: 'sv', message: 'not this one' })
  })
  router.get('/zod', () => {
    profileSchema.parse({ companyName: 'Acme', employees: 'many' })
  })
  router.post(
    '/profile',
    jsonBody({ limit: '1kb' }),
    validateBody(profileSchema, (ctx, body) => {
      ctx.body = { received: body }
      return Promise.resolve()
    }),
  )
  router.get('/boom', () => {
    throw new Error('database exploded: secret detail')
  })
  // Any JSON at all: only jsonBody stands between the body and the handler.
  router.post('/free', jsonBody({ limit: '2mb' }), (ctx) => {
    handled += 1
    ctx.body = { received: true }
  })
  router.get('/query', (ctx) => {
    ctx.body = { query: ctx.query }
  })
  router.get('/cache-gone', () => {
    throw new CacheGone('connect ECONNREFUSED cache.internal:6379')
  })
  return router
}

/** A dependency this test makes up; the service runtime reads its database's failures the same way. */
class CacheGone extends Error {}
const CACHE_GONE_MESSAGE = 'The cache is not there right now. Please try again shortly.'
const cacheUnavailable: UnavailabilityOf = (error) =>
  error instanceof CacheGone ? { message: CACHE_GONE_MESSAGE, log: 'cache unavailable', detail: { dependency: 'cache' } } : undefined

let server: RunningServer
let handled = 0

beforeAll(async () => {
  server = await listen(createApp({ name: 'http-test', logger, readiness: [], routers: [routes()], unavailable: cacheUnavailable }), {
    port: 0,
    host: '127.0.0.1',
  })
})
afterAll(async () => {
  await server?.close()
})
beforeEach(() => {
  logLines.length = 0
})

function call(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${server.url}${path}`, init)
}

function postJson(body: string, headers: Record<string, string> = { 'content-type': 'application/json' }): Promise<Response> {
  return call('/profile', { method: 'POST', headers, body })
}

async function expectMessage(response: Response, status: number, message: string | RegExp): Promise<void> {
  expect(response.status).toBe(status)
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  const body = (await response.json()) as Record<string, unknown>
  expect(Object.keys(body)).toEqual(['message'])
  if (typeof message === 'string') expect(body.message).toBe(message)
  else expect(body.message).toMatch(message)
}

describe('error middleware', () => {
  it('answers an HttpError with its status, { message } and its headers (429 with Retry-After)', async () => {
    const limited = await call('/limited')
    expect(limited.headers.get('retry-after')).toBe('30')
    await expectMessage(limited, 429, 'Too many attempts, try again later')

    await expectMessage(await call('/forbidden'), 403, 'Company profile is a Pro feature')

    const teapot = await call('/teapot')
    expect(teapot.headers.get('x-brew')).toBe('earl-grey')
    await expectMessage(teapot, 418, 'I am a teapot')
  })

  it('puts an HttpError’s details beside its message, which they cannot replace', async () => {
    const locked = await call('/locked')
    expect(locked.status).toBe(401)
    expect(await locked.json()).toEqual({ language: 'sv', message: 'An access code is needed' })
  })

  it('answers a zod error with 400 naming the field', async () => {
    await expectMessage(await call('/zod'), 400, /^employees: /)
  })

  it('answers a body that fails validateBody with 400 naming the field', async () => {
    await expectMessage(await postJson(JSON.stringify({ companyName: '', employees: 3 })), 400, 'companyName: Company name is required')
    await expectMessage(await postJson('[1, 2]'), 400, 'Request body must be a JSON object')
  })

  it('hands a valid body to the handler, typed and parsed', async () => {
    const response = await postJson(JSON.stringify({ companyName: 'Acme', employees: 12, extra: true }))
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ received: { companyName: 'Acme', employees: 12 } })
  })

  it('answers malformed JSON with 400', async () => {
    await expectMessage(await postJson('{"companyName": "Acme",'), 400, 'Malformed JSON in request body')
    // Strict JSON: a bare string is not a body.
    await expectMessage(await postJson('"Acme"'), 400, 'Malformed JSON in request body')
  })

  it('answers a body over the jsonBody limit with 413', async () => {
    const response = await postJson(JSON.stringify({ companyName: 'A'.repeat(2048), employees: 1 }))
    await expectMessage(response, 413, 'Request body is too large')
  })

  it('answers a body of another content type with 415', async () => {
    await expectMessage(
      await postJson('companyName=Acme', { 'content-type': 'application/x-www-form-urlencoded' }),
      415,
      'Content-Type must be application/json',
    )
    await expectMessage(await postJson('hello', { 'content-type': 'text/plain' }), 415, 'Content-Type must be application/json')
  })

  it('answers an unknown route with a JSON 404', async () => {
    await expectMessage(await call('/no/such/thing'), 404, 'No route for GET /no/such/thing')
    await expectMessage(await call('/no/such/thing', { method: 'DELETE' }), 404, 'No route for DELETE /no/such/thing')
  })

  it('answers an unexpected exception with a bare 500 and logs it with the request id', async () => {
    const response = await call('/boom', { headers: { [REQUEST_ID_HEADER]: 'boom-1' } })
    await expectMessage(response, 500, 'Internal server error')
    const logged = logLines.find((line) => line.msg === 'unhandled error')
    expect(logged).toBeDefined()
    expect(logged?.level).toBe(50)
    expect(logged?.requestId).toBe('boom-1')
    expect(logged?.err?.message).toBe('database exploded: secret detail')
    expect(logged?.err?.stack).toContain('http.test.ts')
    // The access line of a 5xx is an error too.
    expect(logLines.find((line) => line.msg === 'request')).toMatchObject({ level: 50, status: 500, requestId: 'boom-1' })
  })

  it('does not log handled client errors as errors', async () => {
    await call('/forbidden')
    expect(logLines.filter((line) => line.level >= 50)).toEqual([])
  })
})

describe('request id', () => {
  it('keeps a valid x-request-id from the caller', async () => {
    const response = await call('/no-route', { headers: { [REQUEST_ID_HEADER]: 'gateway-req:42.a_b-c' } })
    expect(response.headers.get(REQUEST_ID_HEADER)).toBe('gateway-req:42.a_b-c')
    expect(logLines.find((line) => line.msg === 'request')?.requestId).toBe('gateway-req:42.a_b-c')
  })

  it('generates one when the caller sends none or an invalid one', async () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
    const none = (await call('/no-route')).headers.get(REQUEST_ID_HEADER)
    const injected = (await call('/no-route', { headers: { [REQUEST_ID_HEADER]: 'bad id; <script>' } })).headers.get(REQUEST_ID_HEADER)
    const tooLong = (await call('/no-route', { headers: { [REQUEST_ID_HEADER]: 'a'.repeat(129) } })).headers.get(REQUEST_ID_HEADER)
    for (const id of [none, injected, tooLong]) expect(id).toMatch(uuid)
    expect(new Set([none, injected, tooLong]).size).toBe(3)
  })
})

describe('text PostgreSQL cannot store', () => {
  const postFree = (body: string) => call('/free', { method: 'POST', headers: { 'content-type': 'application/json' }, body })

  it('jsonBody refuses NUL or a lone surrogate in any value or key, at any depth, before the handler', async () => {
    handled = 0
    await expectMessage(
      await postFree('{"title":"Q\\u0000"}'),
      400,
      'title: contains a character that cannot be stored (NUL or an unpaired surrogate)',
    )
    await expectMessage(
      await postFree('{"calculatorData":{"rows":[{"label":"x"},{"label":"\\ud800"}]}}'),
      400,
      'calculatorData.rows.1.label: contains a character that cannot be stored (NUL or an unpaired surrogate)',
    )
    await expectMessage(
      await postFree('{"calculatorData":{"rows":[{"\\udc00":1}]}}'),
      400,
      'calculatorData.rows.0: has a key that contains a character that cannot be stored (NUL or an unpaired surrogate)',
    )
    expect(handled).toBe(0)
    // An emoji is a surrogate pair: stored as it is.
    const fine = await postFree('{"title":"Q \\ud83d\\ude00","rows":[["\\t\\n"]]}')
    expect(fine.status).toBe(200)
    expect(handled).toBe(1)
  })

  it('refuses a NUL in a query string, naming the parameter, and lets ordinary escapes through', async () => {
    await expectMessage(
      await call('/query?code=ab%00cd'),
      400,
      'code: contains a character that cannot be stored (NUL or an unpaired surrogate)',
    )
    const fine = await call('/query?code=a%20b%C3%A9')
    expect(await fine.json()).toEqual({ query: { code: 'a bé' } })
  })
})

describe('a dependency that is not there', () => {
  it('answers 503 with the message the app was given and the detail in a warning, not 500', async () => {
    const response = await call('/cache-gone')
    expect(response.headers.get('retry-after')).toBe('5')
    await expectMessage(response, 503, CACHE_GONE_MESSAGE)
    expect(logLines.filter((line) => line.msg === 'unhandled error')).toEqual([])
    // Unavailable is not broken: the access line of this 503 is a warning, not an error.
    expect(logLines.filter((line) => line.msg === 'request').map((line) => [line.level, line.status])).toEqual([[40, 503]])
    const warnings = logLines.filter((line) => line.msg === 'cache unavailable')
    expect(warnings.map((line) => [line.level, line.err?.message, line.dependency])).toEqual([
      [40, 'connect ECONNREFUSED cache.internal:6379', 'cache'],
    ])
  })

  it('is a bare 500 in an app that was not told what unavailable means', async () => {
    const plain = await listen(createApp({ name: 'http-test-plain', logger, readiness: [], routers: [routes()] }), {
      port: 0,
      host: '127.0.0.1',
    })
    try {
      await expectMessage(await fetch(`${plain.url}/cache-gone`), 500, 'Internal server error')
      expect(logLines.filter((line) => line.msg === 'unhandled error')).toHaveLength(1)
    } finally {
      await plain.close()
    }
  })
})
