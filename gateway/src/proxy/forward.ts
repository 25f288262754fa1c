import { Transform, type Readable, type TransformCallback } from 'node:stream'
import { errors, IDENTITY_HEADER, injectTraceHeaders, REQUEST_ID_HEADER, signIdentity, type ForwardedIdentity } from '@valueproof/http-kit'
import type { Context } from 'koa'
import { whenBodyStalls } from '../timeouts.ts'
import { CallCancel, ServiceUnreachable, type ServiceResponse, type ServiceTransport } from './transport.ts'

export type { ServiceResponse } from './transport.ts'

/** Request headers a client may pass on; everything else (notably the internal identity header) is dropped. */
const FORWARDED_REQUEST_HEADERS = ['content-type', 'content-length', 'accept', 'accept-language', 'user-agent'] as const
/** Response headers a service may pass back to the browser. */
const FORWARDED_RESPONSE_HEADERS = [
  'content-type',
  'content-length',
  // A download's file name (a proposal's PDF).
  'content-disposition',
  'cache-control',
  'content-security-policy',
  'x-content-type-options',
  'retry-after',
  'etag',
  'last-modified',
  // A redirect's target (an e-mail confirmation link answers 303 to /settings).
  'location',
] as const

class BodyLimit extends Transform {
  private seen = 0
  constructor(
    private readonly limit: number,
    private readonly onExceeded: () => Error,
  ) {
    super()
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.seen += chunk.length
    if (this.seen > this.limit) callback(this.onExceeded())
    else callback(null, chunk)
  }
}

export interface ForwardOptions {
  serviceName: string
  transport: ServiceTransport
  path: string
  /** Internal headers for the service (the session token of logout); the forwarded ones are added to it. */
  headers: Record<string, string>
  /** Who is asking, signed into the identity header for this method and path. */
  identity: ForwardedIdentity
  signingKey: string
  bodyLimit: number
  tooLargeMessage: string
  /** The service must start answering within this; past it the client gets 504 and the call is dropped. */
  answerWithinMs: number
  /** A body that stops arriving for this long while it is read is cut: 408 and the connection closed. */
  bodyIdleMs: number
}

/** What a client whose upload stopped arriving reads (if it still listens). */
export function bodyStalledMessage(idleMs: number): string {
  return `The request body stopped arriving for ${Math.round(idleMs / 1000)} s, so it was not processed. Please try again.`
}

/** The path and query exactly as they go on the wire (URL-normalised), so the signature covers what the service sees. */
function normalizedPath(path: string): string {
  const url = new URL(path, 'http://service')
  return url.pathname + url.search
}

function unavailable(serviceName: string): Error {
  return errors.serviceUnavailable(`The ${serviceName} service is unavailable. Please try again shortly.`)
}

/**
 * Streams the request to the owning service with the trace context and only whitelisted headers,
 * and stops a body the moment it passes its limit.
 */
export async function forward(ctx: Context, options: ForwardOptions): Promise<ServiceResponse> {
  // Node's parser gives lower-case names; the whitelist is lower-case too.
  const incoming = ctx.req.headers
  const declaredLength = Number(incoming['content-length'] || 0)
  if (declaredLength > options.bodyLimit) throw errors.payloadTooLarge(options.tooLargeMessage)

  const headers = options.headers
  headers[REQUEST_ID_HEADER] = ctx.state.requestId
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = incoming[name]
    if (value) headers[name] = value
  }
  injectTraceHeaders(headers)
  const path = normalizedPath(options.path)
  // Signed only when it leaves the process: in-process calls hand the identity over as an object.
  if (options.transport.kind === 'http')
    headers[IDENTITY_HEADER] = signIdentity(options.signingKey, { method: ctx.method, path }, options.identity)
  // Only a call over HTTP can be dropped (an in-process one is merely no longer waited for).
  const gaveUp = options.transport.kind === 'http' ? new CallCancel() : undefined
  const request = {
    method: ctx.method,
    path,
    headers,
    identity: options.identity,
    remoteAddress: ctx.ip,
    ...(gaveUp ? { cancel: gaveUp } : {}),
  }
  let timer: NodeJS.Timeout | undefined
  let stopWatching: (() => void) | undefined
  const tooSlow = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const timedOut = errors.gatewayTimeout(`The ${options.serviceName} service did not answer in time. Please try again.`)
      gaveUp?.cancel(timedOut)
      reject(timedOut)
    }, options.answerWithinMs)
  })
  try {
    if (ctx.method === 'GET' || ctx.method === 'HEAD') return await Promise.race([options.transport.send(request), tooSlow])
    const body = new BodyLimit(options.bodyLimit, () => errors.payloadTooLarge(options.tooLargeMessage))
    ctx.req.on('error', (error) => body.destroy(error))
    ctx.req.pipe(body)
    // A client that stops sending holds a connection and the service's request open: cut it (decision 121).
    stopWatching = whenBodyStalls(ctx.req, options.bodyIdleMs, () => {
      ctx.req.unpipe(body)
      body.destroy(errors.requestTimeout(bodyStalledMessage(options.bodyIdleMs), 'body_stalled'))
    })
    // A body over its limit, or stalled, fails the call even if the service is still reading.
    const overLimit = new Promise<never>((_, reject) => body.once('error', reject))
    return await Promise.race([options.transport.send({ ...request, body }), overLimit, tooSlow])
  } catch (error) {
    if (error instanceof ServiceUnreachable) throw unavailable(options.serviceName)
    throw error
  } finally {
    clearTimeout(timer)
    stopWatching?.()
  }
}

/** Copies a service's answer to the client (status, whitelisted headers, streamed body). */
export function respondWith(ctx: Context, response: ServiceResponse): void {
  ctx.status = response.status
  const bodiless = response.status === 204 || response.status === 304 || ctx.method === 'HEAD'
  // The length of a whole body Koa sets itself when given it (set here too, it is validated twice).
  const lengthFromBody = !bodiless && Buffer.isBuffer(response.body)
  for (const name of FORWARDED_RESPONSE_HEADERS) {
    if (lengthFromBody && name === 'content-length') continue
    const value = response.headers[name]
    // Straight on the response: Koa 3's ctx.set allocates two arrays and a closure per header.
    if (typeof value === 'string') ctx.res.setHeader(name, value)
  }
  if (bodiless) {
    if (!Buffer.isBuffer(response.body)) response.body.resume()
    ctx.body = null
    return
  }
  ctx.body = response.body
}

/** A small internal GET (the gateway's own questions to a service), signed as the gateway's own, with trace context. */
export async function getJson(
  transport: ServiceTransport,
  request: { path: string; headers: Record<string, string>; signingKey: string },
): Promise<{ status: number; body: unknown }> {
  const path = normalizedPath(request.path)
  const identity = { clientIp: 'gateway' }
  const headers = injectTraceHeaders({ ...request.headers, accept: 'application/json' })
  if (transport.kind === 'http') headers[IDENTITY_HEADER] = signIdentity(request.signingKey, { method: 'GET', path }, identity)
  const response = await transport.send({ method: 'GET', path, headers, identity })
  const text = Buffer.isBuffer(response.body) ? response.body.toString('utf8') : await readAll(response.body)
  return { status: response.status, body: text ? JSON.parse(text) : null }
}

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}
