// The one client for requests to addresses a user supplied (ARCHITECTURE: webhooks, logos, CRM;
// issue 34, docs/decisions/122). Every hop — the first request and each redirect — connects only to
// a public unicast address: request-filtering-agent checks the address a host name resolved to, in
// the lookup of the connection itself (so DNS rebinding between a check and the connect is moot),
// and IP literals before any socket is made; private, loopback, link-local (cloud metadata at
// 169.254.169.254), unique-local (fd00:ec2::254), CGNAT, IPv4-mapped IPv6, 0.0.0.0 and every other
// non-unicast range are refused (ipaddr.js's ranges). Only http and https on their default ports,
// no credentials in the URL, a few redirects, a time limit and a size limit.
//
// A POST (webhooks) follows no redirect at all: a 301/302/303 would turn it into a GET, and a 307/308
// would re-send a signed body to an address the seller never entered. Like Stripe's and GitHub's
// senders, it answers the 3xx as it is, and the caller counts it as a failed delivery.
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import { createSecureContext, rootCertificates } from 'node:tls'
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent'

export type OutboundRefusalReason =
  'url' | 'scheme' | 'credentials' | 'port' | 'address' | 'redirects' | 'status' | 'too-large' | 'timeout' | 'network'

/** Why an outgoing request was not made, or not answered usably; `message` is fit for the user. */
export class OutboundRefusal extends Error {
  constructor(
    readonly reason: OutboundRefusalReason,
    message: string,
  ) {
    super(message)
    this.name = 'OutboundRefusal'
  }
}

export interface OutboundClientOptions {
  /**
   * Exact `host:port` pairs reached without the address check (OUTBOUND_ALLOWED_TARGETS): a test's
   * server on loopback, or an operator's internal service. Never a switch for private addresses.
   */
  allowedTargets?: readonly string[]
  /**
   * Ranges (CIDR, OUTBOUND_ALLOWED_RANGES) whose addresses pass the address check: an operator's
   * internal network they mean to reach. The scheme, credential and port checks still apply.
   */
  allowedRanges?: readonly string[]
  /** Certificates trusted beside the system's roots (PEM): a test's self-signed receiver, never production. */
  trustedCertificates?: readonly string[]
  /** Redirects followed, each checked as the first request is (default 3). */
  maxRedirects?: number
  /** The whole exchange, all hops, must end within this (default 10 s). */
  timeoutMs?: number
  /** Each hop's connection (and TLS handshake) must be made within this (default 5 s, never past timeoutMs). */
  connectTimeoutMs?: number
}

export interface OutboundRequest {
  /** The body's limit: a larger Content-Length is refused before reading, a longer body when it passes it. */
  maxBytes: number
  accept?: string
  signal?: AbortSignal
}

export interface OutboundPost {
  /** The JSON text sent as the body (`content-type: application/json`). */
  json: string
  /** Headers sent beside the client's own (a signature, an event id). */
  headers?: Readonly<Record<string, string>>
  /** The answer's body limit, as for a GET. */
  maxBytes: number
  signal?: AbortSignal
}

export interface OutboundResponse {
  status: number
  /** The URL that answered, after redirects. */
  url: string
  contentType: string | undefined
  body: Buffer
}

export interface OutboundClient {
  /** Follows checked redirects; refuses a status other than 2xx. */
  get(url: string, request: OutboundRequest): Promise<OutboundResponse>
  /** Follows no redirect; answers any status the server gives, 3xx included. */
  post(url: string, request: OutboundPost): Promise<OutboundResponse>
}

const DEFAULT_PORTS: Readonly<Record<string, string>> = { 'http:': '80', 'https:': '443' }
const REDIRECTS = new Set([301, 302, 303, 307, 308])
const USER_AGENT = 'ValueProof (+https://valueproof.app)'

/** `host:port` as an allow-list entry names it: lower-case host, explicit port, IPv6 in brackets. */
function targetOf(url: URL): string {
  return `${url.hostname.toLowerCase()}:${url.port === '' ? (DEFAULT_PORTS[url.protocol] ?? '') : url.port}`
}

function parsed(text: string): URL {
  try {
    return new URL(text)
  } catch {
    throw new OutboundRefusal('url', 'The address is not a valid URL.')
  }
}

/** The checks a URL passes before any connection: scheme, no credentials, a default port unless allowed. */
function checkedUrl(url: URL, allowed: ReadonlySet<string>): { url: URL; allowed: boolean } {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundRefusal('scheme', 'Only http and https addresses can be fetched.')
  }
  if (url.username !== '' || url.password !== '') {
    throw new OutboundRefusal('credentials', 'The address must not carry a user name or password.')
  }
  const isAllowed = allowed.has(targetOf(url))
  if (!isAllowed && url.port !== '' && url.port !== DEFAULT_PORTS[url.protocol]) {
    throw new OutboundRefusal('port', 'Only the standard ports of http (80) and https (443) can be fetched.')
  }
  return { url, allowed: isAllowed }
}

function refusalOf(error: unknown, signal: AbortSignal): OutboundRefusal {
  if (error instanceof OutboundRefusal) return error
  if (signal.aborted) return new OutboundRefusal('timeout', 'The address did not answer in time.')
  if (error instanceof Error && 'code' in error && error.code === 'CONNECT_TIMEOUT') {
    return new OutboundRefusal('timeout', 'The address did not accept a connection in time.')
  }
  const text = error instanceof Error ? error.message : String(error)
  // request-filtering-agent's refusal: "DNS lookup <ip>(…) is not allowed. Because, It is private IP address."
  if (/is not allowed/.test(text)) {
    return new OutboundRefusal('address', 'The address leads to a private, local or reserved network, which is never fetched.')
  }
  return new OutboundRefusal('network', 'The address could not be reached.')
}

/** '2 MB', '512 KB' or '100 bytes', as a person reads a limit. */
function sizeInWords(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`
  return `${bytes} bytes`
}

function tooLarge(maxBytes: number): OutboundRefusal {
  return new OutboundRefusal('too-large', `The file is larger than ${sizeInWords(maxBytes)}.`)
}

/** Reads a body up to `maxBytes`, or refuses it (and stops reading) past that. */
function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length'])
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy()
    return Promise.reject(tooLarge(maxBytes))
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    response.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBytes) {
        response.destroy()
        reject(tooLarge(maxBytes))
        return
      }
      chunks.push(chunk)
    })
    response.on('end', () => resolve(Buffer.concat(chunks)))
    response.on('error', reject)
  })
}

interface Hop {
  method: 'GET' | 'POST'
  headers: Record<string, string>
  body?: string
}

/** Creates the client; its agents keep no connections, so every hop connects, and is checked, anew. */
export function createOutboundClient(options: OutboundClientOptions = {}): OutboundClient {
  const allowed = new Set((options.allowedTargets ?? []).map((target) => target.toLowerCase()))
  const maxRedirects = options.maxRedirects ?? 3
  const timeoutMs = options.timeoutMs ?? 10_000
  const connectTimeoutMs = Math.min(options.connectTimeoutMs ?? 5_000, timeoutMs)
  const trusted = options.trustedCertificates ?? []
  // One secure context for the client's life: given as `ca`, the roots would be parsed again for every connection.
  const tls = trusted.length === 0 ? {} : { secureContext: createSecureContext({ ca: [...rootCertificates, ...trusted] }) }
  const filter = { keepAlive: false, allowIPAddressList: [...(options.allowedRanges ?? [])] }
  const guarded = { http: new RequestFilteringHttpAgent(filter), https: new RequestFilteringHttpsAgent({ ...filter, ...tls }) }
  const plain = { http: new HttpAgent({ keepAlive: false }), https: new HttpsAgent({ keepAlive: false, ...tls }) }

  function hop(target: { url: URL; allowed: boolean }, request: Hop, signal: AbortSignal): Promise<IncomingMessage> {
    const https = target.url.protocol === 'https:'
    const agents = target.allowed ? plain : guarded
    const send = https ? httpsRequest : httpRequest
    return new Promise((resolve, reject) => {
      const outgoing = send(
        target.url,
        {
          method: request.method,
          agent: https ? agents.https : agents.http,
          signal,
          headers: { ...request.headers, 'user-agent': USER_AGENT },
        },
        resolve,
      )
      // A server that never completes the connection (or TLS handshake) is cut long before the total limit.
      const connecting = setTimeout(
        () => outgoing.destroy(Object.assign(new Error('connect timeout'), { code: 'CONNECT_TIMEOUT' })),
        connectTimeoutMs,
      )
      outgoing.on('socket', (socket) => {
        socket.once(https ? 'secureConnect' : 'connect', () => clearTimeout(connecting))
      })
      outgoing.on('response', () => clearTimeout(connecting))
      outgoing.on('close', () => clearTimeout(connecting))
      outgoing.on('error', reject)
      outgoing.end(request.body)
    })
  }

  function signalFor(request: { signal?: AbortSignal }): AbortSignal {
    return AbortSignal.any([AbortSignal.timeout(timeoutMs), ...(request.signal ? [request.signal] : [])])
  }

  return {
    async get(text, request) {
      const signal = signalFor(request)
      let target = checkedUrl(parsed(text), allowed)
      const headers = { accept: request.accept ?? '*/*' }
      try {
        for (let redirects = 0; ; redirects += 1) {
          const response = await hop(target, { method: 'GET', headers }, signal)
          const status = response.statusCode ?? 0
          const location = response.headers.location
          if (REDIRECTS.has(status) && location !== undefined) {
            response.destroy()
            if (redirects >= maxRedirects) throw new OutboundRefusal('redirects', 'The address redirects too many times.')
            target = checkedUrl(parsed(new URL(location, target.url).href), allowed)
            continue
          }
          if (status < 200 || status > 299) {
            response.destroy()
            throw new OutboundRefusal('status', `The address answered ${status} instead of the file.`)
          }
          const body = await readBody(response, request.maxBytes)
          return { status, url: target.url.href, contentType: response.headers['content-type'], body }
        }
      } catch (error) {
        throw refusalOf(error, signal)
      }
    },

    async post(text, request) {
      const signal = signalFor(request)
      const target = checkedUrl(parsed(text), allowed)
      const headers = {
        ...request.headers,
        accept: '*/*',
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(request.json)),
      }
      try {
        const response = await hop(target, { method: 'POST', headers, body: request.json }, signal)
        const body = await readBody(response, request.maxBytes)
        return { status: response.statusCode ?? 0, url: target.url.href, contentType: response.headers['content-type'], body }
      } catch (error) {
        throw refusalOf(error, signal)
      }
    },
  }
}
