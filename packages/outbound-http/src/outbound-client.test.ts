// The outgoing client's guard (issue 34, decision 122): addresses a user supplies never reach
// loopback, private, link-local (cloud metadata), unique-local, CGNAT or mapped addresses — as IP
// literals, through a name that resolves there, or through a redirect from an allowed server — and
// only an exact host:port on the allow-list is reached on loopback. No refused address is ever
// connected to: IP literals are refused before a socket is made, names right after their lookup.
import { createServer, type RequestListener, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { outboundEnv } from './config.ts'
import { createOutboundClient, OutboundRefusal, type OutboundRefusalReason } from './outbound-client.ts'

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')

async function serve(handler: RequestListener): Promise<{ server: Server; target: string; url: string }> {
  const server = createServer(handler)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { server, target: `127.0.0.1:${port}`, url: `http://127.0.0.1:${port}` }
}

async function refusal(promise: Promise<unknown>): Promise<OutboundRefusalReason | 'answered'> {
  try {
    await promise
    return 'answered'
  } catch (error) {
    if (error instanceof OutboundRefusal) return error.reason
    throw error
  }
}

describe('the outgoing client', () => {
  let test: Awaited<ReturnType<typeof serve>>
  let requests = 0

  beforeAll(async () => {
    test = await serve((request, response) => {
      requests += 1
      const path = request.url ?? '/'
      if (path === '/logo.png') {
        response.writeHead(200, { 'content-type': 'image/png' }).end(PNG)
      } else if (path.startsWith('/to/')) {
        response.writeHead(302, { location: decodeURIComponent(path.slice('/to/'.length)) }).end()
      } else if (path === '/loop') {
        response.writeHead(302, { location: '/loop' }).end()
      } else if (path === '/big') {
        response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(4096))
      } else if (path === '/big-chunked') {
        response.writeHead(200, { 'content-type': 'image/png' })
        response.write(Buffer.alloc(3000))
        response.end(Buffer.alloc(3000))
      } else if (path === '/slow') {
        // Never answers: the client's time limit ends it.
      } else {
        response.writeHead(404).end()
      }
    })
  })
  afterAll(async () => {
    test.server.closeAllConnections()
    await new Promise((resolve) => test.server.close(resolve))
  })

  it('refuses loopback, private, link-local, metadata, unique-local, CGNAT, mapped and unspecified addresses', async () => {
    const client = createOutboundClient()
    for (const url of [
      'http://127.0.0.1/logo.png',
      'http://localhost/logo.png',
      'http://10.1.2.3/logo.png',
      'http://172.16.0.1/logo.png',
      'http://192.168.1.1/logo.png',
      'http://169.254.169.254/latest/meta-data/',
      'https://[::1]/logo.png',
      'http://[fd00:ec2::254]/latest/meta-data/',
      'http://[fe80::1]/logo.png',
      'http://100.64.0.1/logo.png',
      'http://[::ffff:127.0.0.1]/logo.png',
      'http://[::ffff:169.254.169.254]/',
      'http://0.0.0.0/logo.png',
      'http://[::]/logo.png',
    ]) {
      expect([url, await refusal(client.get(url, { maxBytes: 1024 }))]).toEqual([url, 'address'])
    }
  })

  it('refuses other schemes, credentials in the URL and ports other than 80 and 443 before connecting', async () => {
    const client = createOutboundClient()
    const before = requests
    expect(await refusal(client.get('file:///etc/passwd', { maxBytes: 1024 }))).toBe('scheme')
    expect(await refusal(client.get('ftp://example.com/logo.png', { maxBytes: 1024 }))).toBe('scheme')
    expect(await refusal(client.get('https://user:secret@example.com/logo.png', { maxBytes: 1024 }))).toBe('credentials')
    expect(await refusal(client.get(`${test.url}/logo.png`, { maxBytes: 1024 }))).toBe('port')
    expect(await refusal(client.get('not a url', { maxBytes: 1024 }))).toBe('url')
    expect(requests).toBe(before)
  })

  it('reaches an exact host:port on the allow-list, and only that one', async () => {
    const client = createOutboundClient({ allowedTargets: [test.target] })
    const answer = await client.get(`${test.url}/logo.png`, { maxBytes: 1024 })
    expect([answer.status, answer.contentType, answer.body.equals(PNG), answer.url]).toEqual([
      200,
      'image/png',
      true,
      `${test.url}/logo.png`,
    ])
    // The same host on its default port is not the allowed target.
    expect(await refusal(client.get('http://127.0.0.1/logo.png', { maxBytes: 1024 }))).toBe('address')
  })

  it('checks every redirect: an allowed server cannot send the client to a private or metadata address', async () => {
    const client = createOutboundClient({ allowedTargets: [test.target] })
    for (const location of [
      'http://127.0.0.1/logo.png',
      'http://169.254.169.254/latest/meta-data/',
      'http://localhost/',
      'http://[::1]/',
    ]) {
      expect([location, await refusal(client.get(`${test.url}/to/${encodeURIComponent(location)}`, { maxBytes: 1024 }))]).toEqual([
        location,
        'address',
      ])
    }
    // A relative redirect stays on the allowed server and is followed.
    const followed = await client.get(`${test.url}/to/${encodeURIComponent('/logo.png')}`, { maxBytes: 1024 })
    expect(followed.body.equals(PNG)).toBe(true)
    expect(await refusal(client.get(`${test.url}/loop`, { maxBytes: 1024 }))).toBe('redirects')
  })

  it('refuses a body past the size limit, declared or streamed, an error status and an answer that never comes', async () => {
    const client = createOutboundClient({ allowedTargets: [test.target], timeoutMs: 300 })
    expect(await refusal(client.get(`${test.url}/big`, { maxBytes: 1024 }))).toBe('too-large')
    expect(await refusal(client.get(`${test.url}/big-chunked`, { maxBytes: 4000 }))).toBe('too-large')
    expect(await refusal(client.get(`${test.url}/missing`, { maxBytes: 1024 }))).toBe('status')
    expect(await refusal(client.get(`${test.url}/slow`, { maxBytes: 1024 }))).toBe('timeout')
  })

  it('reads OUTBOUND_ALLOWED_TARGETS as exact host:port pairs only', () => {
    const schema = outboundEnv.OUTBOUND_ALLOWED_TARGETS
    expect(schema.parse(' 127.0.0.1:8080 , Logo.Test:443 ,[::1]:9000')).toEqual(['127.0.0.1:8080', 'logo.test:443', '[::1]:9000'])
    expect(schema.parse(undefined)).toEqual([])
    for (const bad of ['127.0.0.1', '*:80', '10.0.0.0/8:80', 'http://127.0.0.1:80']) expect(schema.safeParse(bad).success, bad).toBe(false)
  })
})
