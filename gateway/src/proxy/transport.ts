// How the gateway reaches a service: over HTTP (a service in its own process or pod), or by
// calling the service's Koa request listener in this process (the embedded stack), where a
// loopback socket would only add two system calls and a parse per hop (decision 005).
import { Agent, request, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Readable } from 'node:stream'
import { IN_PROCESS_IDENTITY, type ForwardedIdentity } from '@valueproof/http-kit'
import { InProcessRequest, InProcessResponse } from './in-process-exchange.ts'

export interface ServiceRequest {
  method: string
  /** Path and query at the service. */
  path: string
  headers: Record<string, string>
  /** The request body, already limited by the caller; absent for GET and HEAD. */
  body?: Readable
  /** The client's address, as the service would see it on a socket. */
  remoteAddress?: string
  /** Aborts the call (the gateway stopped waiting): the connection to the service is dropped. */
  signal?: AbortSignal
  /**
   * Who is asking. Over HTTP it travels signed in the identity header (the caller signs, as only it
   * knows the key); in this process it is handed over as an object (IN_PROCESS_IDENTITY).
   */
  identity: ForwardedIdentity
}

export interface ServiceResponse {
  status: number
  headers: IncomingHttpHeaders
  /** Streamed over HTTP; whole when the service runs in this process. */
  body: Readable | Buffer
}

export interface ServiceTransport {
  /** 'http' or 'in-process', for logs and tests. */
  readonly kind: 'http' | 'in-process'
  /** Rejects with a `ServiceUnreachable` when the service cannot be reached at all. */
  send(request: ServiceRequest): Promise<ServiceResponse>
  close(): void
}

/** The service could not be reached or its connection died (refused, reset, broken pipe, unknown host): the gateway answers 503. */
export class ServiceUnreachable extends Error {
  override readonly name = 'ServiceUnreachable'
}

/**
 * A service that dies mid-upload shows up as ECONNRESET on Linux, but as EPIPE when the write comes
 * after its close (macOS often, Linux sometimes) and as ECONNABORTED on Windows or for a socket
 * killed with `ss -K`.
 */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ENOTFOUND', 'EHOSTUNREACH'])

/** HTTP/1.1 with keep-alive to a service's base URL. */
export function httpTransport(baseUrl: string): ServiceTransport {
  const agent = new Agent({ keepAlive: true, maxSockets: 256, keepAliveMsecs: 10_000 })
  return {
    kind: 'http',
    send(serviceRequest) {
      const url = new URL(serviceRequest.path, baseUrl)
      return new Promise<ServiceResponse>((resolve, reject) => {
        const outgoing = request(
          url,
          { method: serviceRequest.method, headers: serviceRequest.headers, agent, signal: serviceRequest.signal },
          (response) => {
            resolve({ status: response.statusCode ?? 502, headers: response.headers, body: response })
          },
        )
        outgoing.on('error', (error: NodeJS.ErrnoException) => {
          reject(
            error.code !== undefined && UNREACHABLE_CODES.has(error.code) ? new ServiceUnreachable(error.message, { cause: error }) : error,
          )
        })
        const { body } = serviceRequest
        if (body === undefined) {
          outgoing.end()
          return
        }
        body.on('error', (error) => {
          outgoing.destroy()
          reject(error)
        })
        body.pipe(outgoing)
      })
    },
    close() {
      agent.destroy()
    },
  }
}

/**
 * A service's request listener, as Node's HTTP server calls it. Koa's `app.callback()` answers a
 * promise that never rejects (Koa handles its own errors); nobody waits for it.
 */
export type ServiceListener = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>

/**
 * Calls a service's request listener directly (Koa's `app.callback()`), with a request and
 * response that behave like the ones Node's HTTP server makes; the service cannot tell.
 */
export function inProcessTransport(listener: ServiceListener): ServiceTransport {
  // The exchange has the members a listener uses, not every one of IncomingMessage's: one cast here.
  const handle = listener as unknown as (req: InProcessRequest, res: InProcessResponse) => unknown
  return {
    kind: 'in-process',
    async send(serviceRequest) {
      const req = new InProcessRequest({
        method: serviceRequest.method,
        url: serviceRequest.path,
        headers: serviceRequest.headers,
        remoteAddress: serviceRequest.remoteAddress ?? '127.0.0.1',
        ...(serviceRequest.body === undefined ? {} : { body: serviceRequest.body }),
      })
      ;(req as InProcessRequest & { [IN_PROCESS_IDENTITY]?: ForwardedIdentity })[IN_PROCESS_IDENTITY] = serviceRequest.identity
      const res = new InProcessResponse(req)
      handle(req, res)
      return res.answer
    },
    close() {},
  }
}
