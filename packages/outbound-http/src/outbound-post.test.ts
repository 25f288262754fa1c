// The outgoing client's POST (webhooks, issue 39): JSON out with the caller's headers, any status
// back, no redirect followed, connect and total time limits, a size limit, a self-signed receiver
// trusted only when the caller says so, and the address check before any connection — the tests
// point only at loopback and never contact another address.
import { createServer as createHttpsServer } from 'node:https'
import { createServer as createTcpServer, type AddressInfo, type Server, type Socket } from 'node:net'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { outboundEnv } from './config.ts'
import { createOutboundClient, OutboundRefusal, type OutboundRefusalReason } from './outbound-client.ts'
import { selfSignedCertificate } from './self-signed.ts'

interface Received {
  method: string
  path: string
  headers: IncomingMessage['headers']
  body: string
}

async function listening<T extends Server | ReturnType<typeof createServer>>(server: T, port = 0, host = '127.0.0.1'): Promise<T> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, resolve)
  })
  return server
}

function portOf(server: { address(): AddressInfo | string | null }): number {
  return (server.address() as AddressInfo).port
}

async function closed(server: { close(callback: () => void): unknown; closeAllConnections?: () => void }): Promise<void> {
  server.closeAllConnections?.()
  await new Promise<void>((resolve) => server.close(() => resolve()))
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

describe("the outgoing client's POST", () => {
  const received: Received[] = []
  const certificate = selfSignedCertificate()
  const handler = (request: IncomingMessage, response: ServerResponse) => {
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => (body += chunk))
    request.on('end', () => {
      const path = request.url ?? '/'
      received.push({ method: request.method ?? '', path, headers: request.headers, body })
      if (path === '/ok') response.writeHead(200, { 'content-type': 'text/plain' }).end('thanks')
      else if (path === '/fail') response.writeHead(500).end('no')
      else if (path === '/moved') response.writeHead(307, { location: '/ok' }).end()
      else if (path === '/big') response.writeHead(200).end(Buffer.alloc(8192))
      // '/slow' never answers: the total limit ends it.
    })
  }
  const plain = createServer(handler)
  const secure = createHttpsServer({ key: certificate.key, cert: certificate.cert }, handler)
  // Accepts connections and never speaks TLS: the handshake never ends.
  const hanging = new Set<Socket>()
  const silent = createTcpServer((socket) => hanging.add(socket))
  let plainTarget = ''
  let secureTarget = ''
  let silentTarget = ''

  beforeAll(async () => {
    await Promise.all([listening(plain), listening(secure), listening(silent)])
    plainTarget = `127.0.0.1:${portOf(plain)}`
    secureTarget = `127.0.0.1:${portOf(secure)}`
    silentTarget = `127.0.0.1:${portOf(silent)}`
  })
  afterAll(async () => {
    for (const socket of hanging) socket.destroy()
    await Promise.all([closed(plain), closed(secure), closed(silent)])
  })

  it('sends the JSON body with the given headers and answers the status and body, whatever the status', async () => {
    const client = createOutboundClient({ allowedTargets: [plainTarget] })
    const json = JSON.stringify({ type: 'proposal.opened', data: { title: 'Ö' } })
    const answer = await client.post(`http://${plainTarget}/ok`, { json, headers: { 'valueproof-signature': 't=1,v1=ab' }, maxBytes: 1024 })
    expect([answer.status, answer.body.toString()]).toEqual([200, 'thanks'])
    const last = received.at(-1)
    expect(last?.method).toBe('POST')
    expect(last?.body).toBe(json)
    expect(last?.headers['content-type']).toBe('application/json')
    expect(last?.headers['valueproof-signature']).toBe('t=1,v1=ab')
    expect((await client.post(`http://${plainTarget}/fail`, { json, maxBytes: 1024 })).status).toBe(500)
  })

  it('follows no redirect: a 307 is the answer, and its location is never asked', async () => {
    const client = createOutboundClient({ allowedTargets: [plainTarget] })
    const before = received.length
    const answer = await client.post(`http://${plainTarget}/moved`, { json: '{}', maxBytes: 1024 })
    expect(answer.status).toBe(307)
    expect(received.slice(before).map((request) => request.path)).toEqual(['/moved'])
  })

  it('refuses an answer past the size limit, one that never comes, and a connection that never completes', async () => {
    const client = createOutboundClient({ allowedTargets: [plainTarget, silentTarget], timeoutMs: 400, connectTimeoutMs: 200 })
    expect(await refusal(client.post(`http://${plainTarget}/big`, { json: '{}', maxBytes: 1024 }))).toBe('too-large')
    const started = Date.now()
    expect(await refusal(client.post(`http://${plainTarget}/slow`, { json: '{}', maxBytes: 1024 }))).toBe('timeout')
    expect(Date.now() - started).toBeLessThan(2000)
    const handshake = Date.now()
    const hanging = await client.post(`https://${silentTarget}/hook`, { json: '{}', maxBytes: 1024 }).catch((error: unknown) => error)
    expect(hanging).toBeInstanceOf(OutboundRefusal)
    expect([(hanging as OutboundRefusal).reason, (hanging as OutboundRefusal).message]).toEqual([
      'timeout',
      'The address did not accept a connection in time.',
    ])
    expect(Date.now() - handshake).toBeLessThan(400)
  })

  it('trusts a self-signed receiver only when told to', async () => {
    const url = `https://${secureTarget}/ok`
    expect(await refusal(createOutboundClient({ allowedTargets: [secureTarget] }).post(url, { json: '{}', maxBytes: 1024 }))).toBe(
      'network',
    )
    const trusting = createOutboundClient({ allowedTargets: [secureTarget], trustedCertificates: [certificate.cert] })
    expect((await trusting.post(url, { json: '{}', maxBytes: 1024 })).status).toBe(200)
  })

  it('refuses 127.0.0.1, 10.0.0.0/8, 169.254.169.254, [::1] and a name resolving to loopback before any connection', async () => {
    // Listeners on the loopback addresses' https port (where the machine lets a test bind it) show
    // that no refused request ever connects.
    const guards = await Promise.all(['127.0.0.1', '::1'].map((host) => listening(createTcpServer(), 443, host).catch(() => undefined)))
    expect(guards.filter((guard) => guard !== undefined).length, 'a listener on a loopback https port').toBeGreaterThan(0)
    let connections = 0
    for (const guard of guards) guard?.on('connection', (socket) => ((connections += 1), socket.destroy()))
    const client = createOutboundClient({ trustedCertificates: [certificate.cert] })
    try {
      for (const url of [
        'https://127.0.0.1/hook',
        'https://10.0.0.1/hook',
        'https://10.255.1.2/hook',
        'https://169.254.169.254/latest/meta-data/',
        'https://[::1]/hook',
        'https://localhost/hook',
      ]) {
        expect([url, await refusal(client.post(url, { json: '{}', maxBytes: 1024 }))]).toEqual([url, 'address'])
      }
      expect(connections).toBe(0)
    } finally {
      await Promise.all(guards.flatMap((guard) => (guard ? [closed(guard)] : [])))
    }
  })

  it("lets an operator's allowed range through the address check, and nothing else", async () => {
    const client = createOutboundClient({ allowedRanges: ['127.0.0.0/8'] })
    // Nothing need listen on port 80: passing the check means the client tried to connect at all.
    expect(await refusal(client.post('http://localhost/hook', { json: '{}', maxBytes: 1024 }))).not.toBe('address')
    expect(await refusal(client.post('http://10.0.0.1/hook', { json: '{}', maxBytes: 1024 }))).toBe('address')
    expect(await refusal(client.post(`http://${plainTarget}/ok`, { json: '{}', maxBytes: 1024 }))).toBe('port')
  })

  it('reads OUTBOUND_ALLOWED_RANGES as CIDR ranges only', () => {
    const schema = outboundEnv.OUTBOUND_ALLOWED_RANGES
    expect(schema.parse(' 10.20.0.0/16 , FD12:3456::/48')).toEqual(['10.20.0.0/16', 'fd12:3456::/48'])
    expect(schema.parse(undefined)).toEqual([])
    for (const bad of ['10.0.0.0', '10.0.0.0/33', '::/129', 'intranet/8', '10.0.0.0/8/1', '10.0.0.0/x'])
      expect(schema.safeParse(bad).success, bad).toBe(false)
  })
})
