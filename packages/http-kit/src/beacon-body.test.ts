import Router from '@koa/router'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from './app.ts'
import { asksNotToBeTracked, beaconBody } from './beacon-body.ts'
import { listen, type RunningServer } from './lifecycle.ts'

const TOO_LARGE = 'Request body is too large (limit 64 B): a test beacon'

let server: RunningServer
beforeAll(async () => {
  const router = new Router()
  router.post('/beacon', beaconBody({ limit: 64, tooLargeMessage: TOO_LARGE }), (ctx) => {
    ctx.body = { received: ctx.request.body ?? null, private: asksNotToBeTracked(ctx) }
  })
  server = await listen(createApp({ name: 'beacon-test', logger: pino({ level: 'silent' }), readiness: [], routers: [router] }), {
    port: 0,
    host: '127.0.0.1',
  })
})
afterAll(() => server?.close())

function post(body: BodyInit, headers: Record<string, string>): Promise<Response> {
  return fetch(`${server.url}/beacon`, { method: 'POST', headers, body })
}

describe('beaconBody', () => {
  it('reads JSON sent as text/plain, the way navigator.sendBeacon sends a string', async () => {
    const response = await post('{"visitId":"a"}', { 'content-type': 'text/plain;charset=UTF-8' })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ received: { visitId: 'a' }, private: false })
  })

  it('reads application/json the same way', async () => {
    const response = await post('{"n":1}', { 'content-type': 'application/json' })
    expect(await response.json()).toEqual({ received: { n: 1 }, private: false })
  })

  it('answers 400 to text that is not JSON', async () => {
    const response = await post('visit=a', { 'content-type': 'text/plain' })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ message: 'Request body must be JSON' })
  })

  it('answers 413 with the route message beyond the limit, declared or chunked', async () => {
    const big = JSON.stringify({ pad: 'x'.repeat(100) })
    const declared = await post(big, { 'content-type': 'text/plain' })
    expect(declared.status).toBe(413)
    expect(await declared.json()).toMatchObject({ message: TOO_LARGE })
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big))
        controller.close()
      },
    })
    const chunked = await fetch(`${server.url}/beacon`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: stream,
      duplex: 'half',
    } as RequestInit)
    expect(chunked.status).toBe(413)
    expect(await chunked.json()).toMatchObject({ message: TOO_LARGE })
  })

  it('answers 415 to other types and 400 to text PostgreSQL cannot store', async () => {
    expect((await post('a=b', { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(415)
    const nul = await post('{"visitId":"a\\u0000"}', { 'content-type': 'text/plain' })
    expect(nul.status).toBe(400)
  })

  it('hears Do Not Track and Global Privacy Control', async () => {
    const dnt = await post('{}', { 'content-type': 'text/plain', dnt: '1' })
    expect(await dnt.json()).toMatchObject({ private: true })
    const gpc = await post('{}', { 'content-type': 'text/plain', 'sec-gpc': '1' })
    expect(await gpc.json()).toMatchObject({ private: true })
  })
})
