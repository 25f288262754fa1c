import { Agent, request, type IncomingHttpHeaders, type IncomingMessage } from 'node:http'
import { Transform, type TransformCallback } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { errors, injectTraceHeaders, REQUEST_ID_HEADER } from '@valueproof/service-kit'
import type { Context } from 'koa'

/** Request headers a client may pass on; everything else (notably internal ones like x-user-id) is dropped. */
const FORWARDED_REQUEST_HEADERS = ['content-type', 'content-length', 'accept', 'accept-language', 'user-agent'] as const
/** Response headers a service may pass back to the browser. */
const FORWARDED_RESPONSE_HEADERS = [
  'content-type',
  'content-length',
  'cache-control',
  'content-security-policy',
  'x-content-type-options',
  'retry-after',
  'etag',
  'last-modified',
] as const

const agent = new Agent({ keepAlive: true, maxSockets: 256, keepAliveMsecs: 10_000 })

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
  baseUrl: string
  path: string
  /** Internal headers for the service (user id, client address, session token). */
  headers: Record<string, string>
  bodyLimit: number
  tooLargeMessage: string
}

export interface ServiceResponse {
  status: number
  headers: IncomingHttpHeaders
  body: IncomingMessage
}

/**
 * Streams the request to the owning service with the trace context and only whitelisted headers,
 * and stops a body the moment it passes its limit.
 */
export async function forward(ctx: Context, options: ForwardOptions): Promise<ServiceResponse> {
  const declaredLength = Number(ctx.get('content-length') || 0)
  if (declaredLength > options.bodyLimit) throw errors.payloadTooLarge(options.tooLargeMessage)

  const headers: Record<string, string> = { ...options.headers, [REQUEST_ID_HEADER]: ctx.state.requestId }
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = ctx.get(name)
    if (value) headers[name] = value
  }
  injectTraceHeaders(headers)
  const hasBody = ctx.method !== 'GET' && ctx.method !== 'HEAD'
  const url = new URL(options.path, options.baseUrl)

  return new Promise<ServiceResponse>((resolve, reject) => {
    const outgoing = request(url, { method: ctx.method, headers, agent }, (response) => {
      resolve({ status: response.statusCode ?? 502, headers: response.headers, body: response })
    })
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED' || error.code === 'ECONNRESET' || error.code === 'ENOTFOUND') {
        reject(errors.serviceUnavailable(`The ${options.serviceName} service is unavailable. Please try again shortly.`))
      } else {
        reject(error)
      }
    })
    if (!hasBody) {
      outgoing.end()
      return
    }
    const limit = new BodyLimit(options.bodyLimit, () => errors.payloadTooLarge(options.tooLargeMessage))
    pipeline(ctx.req, limit, outgoing).catch((error: unknown) => {
      outgoing.destroy()
      reject(error)
    })
  })
}

/** Copies a service's answer to the client (status, whitelisted headers, streamed body). */
export function respondWith(ctx: Context, response: ServiceResponse): void {
  ctx.status = response.status
  for (const name of FORWARDED_RESPONSE_HEADERS) {
    const value = response.headers[name]
    if (typeof value === 'string') ctx.set(name, value)
  }
  if (response.status === 204 || response.status === 304 || ctx.method === 'HEAD') {
    response.body.resume()
    ctx.body = null
    return
  }
  ctx.body = response.body
}

/** A small internal GET (the gateway's own questions to a service), with trace context. */
export function getJson(baseUrl: string, path: string, headers: Record<string, string>): Promise<{ status: number; body: unknown }> {
  const url = new URL(path, baseUrl)
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method: 'GET', headers: injectTraceHeaders({ ...headers, accept: 'application/json' }), agent }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('error', reject)
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8')
        try {
          resolve({ status: response.statusCode ?? 502, body: text ? JSON.parse(text) : null })
        } catch (error) {
          reject(error)
        }
      })
    })
    outgoing.on('error', reject)
    outgoing.end()
  })
}

export function stopForwarding(): void {
  agent.destroy()
}
