// How the gateway reaches a service: over HTTP (a service in its own process or pod), or by
// calling the service's Koa request listener in this process (the embedded stack), where a
// loopback socket would only add two system calls and a parse per hop (decision 005). Over HTTP
// the client is undici's pool of keep-alive connections (decision 135).
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import { IN_PROCESS_IDENTITY, type ForwardedIdentity } from '@valueproof/http-kit'
import { Pool, type Dispatcher } from 'undici'
import { InProcessRequest, InProcessResponse } from './in-process-exchange.ts'

/**
 * Lets the caller drop a call it no longer waits for (a timeout). An AbortController and its
 * listeners per request cost ≈2.5 % of the gateway's CPU on a forwarded GET (profiled); this costs
 * one small object.
 */
export class CallCancel {
  #reason: Error | undefined
  #listener: ((reason: Error) => void) | undefined

  get reason(): Error | undefined {
    return this.#reason
  }

  cancel(reason: Error): void {
    if (this.#reason !== undefined) return
    this.#reason = reason
    this.#listener?.(reason)
  }

  /** One listener (the transport's), called at once when the call is already cancelled. */
  onCancel(listener: (reason: Error) => void): void {
    if (this.#reason !== undefined) listener(this.#reason)
    else this.#listener = listener
  }
}

export interface ServiceRequest {
  method: string
  /** Path and query at the service. */
  path: string
  headers: Record<string, string>
  /** The request body, already limited by the caller; absent for GET and HEAD. */
  body?: Readable
  /** The client's address, as the service would see it on a socket. */
  remoteAddress?: string
  /** Cancels the call (the gateway stopped waiting): the connection to the service is dropped. */
  cancel?: CallCancel
  /**
   * Who is asking. Over HTTP it travels signed in the identity header (the caller signs, as only it
   * knows the key); in this process it is handed over as an object (IN_PROCESS_IDENTITY).
   */
  identity: ForwardedIdentity
}

export interface ServiceResponse {
  status: number
  headers: IncomingHttpHeaders
  /** Streamed, or whole: a small answer of known length over HTTP, and every answer in this process. */
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
 * killed with `ss -K`. undici passes the socket's own error on, and names a connection closed by the
 * service before it answered UND_ERR_SOCKET ("other side closed"), a connection not made in time
 * UND_ERR_CONNECT_TIMEOUT, and a call made while the pool closes UND_ERR_CLOSED or UND_ERR_DESTROYED.
 */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ECONNABORTED',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_CLOSED',
  'UND_ERR_DESTROYED',
])

function unreachableOr(error: Error): Error {
  const { code } = error as NodeJS.ErrnoException
  return code !== undefined && UNREACHABLE_CODES.has(code) ? new ServiceUnreachable(error.message, { cause: error }) : error
}

/**
 * An answer of known length up to this size is read whole before the call resolves: the gateway
 * then answers its client with one write of headers and body, without a stream between the two
 * sockets (≈40 µs less CPU per forwarded JSON answer here, decision 135). Larger answers, and
 * answers without a length (a generated PDF, a stream), are streamed as they arrive.
 */
export const WHOLE_ANSWER_MAX_BYTES = 64 * 1024

/**
 * Connections per service, as the node:http Agent had. Without pipelining, each call in flight
 * holds one: a slow call (a generation) never holds up the calls behind it.
 */
const CONNECTIONS_PER_SERVICE = 256

/** A streamed answer's body: reading it resumes the connection, dropping it drops the call. */
class StreamedAnswer extends Readable {
  constructor(private readonly controller: Dispatcher.DispatchController) {
    super()
  }
  override _read(): void {
    if (this.controller.paused) this.controller.resume()
  }
  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    // Ends the call unless the service has already sent everything (the client went away, or the gateway stopped reading).
    if (!this.readableEnded && !this.controller.aborted) this.controller.abort(error ?? new Error('the answer was no longer read'))
    callback(error)
  }
}

/** Node's IncomingMessage shape: `set-cookie` always a list, any other repeated header joined. */
function nodeShaped(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  for (const name in headers) {
    const value = headers[name]
    if (name === 'set-cookie') {
      if (typeof value === 'string') headers[name] = [value]
    } else if (Array.isArray(value)) headers[name] = value.join(', ')
  }
  return headers
}

/** One call's undici handler: resolves with the answer once its head (or, if small, all of it) has arrived. */
class ServiceCall implements Dispatcher.DispatchHandler {
  #controller: Dispatcher.DispatchController | undefined
  #status = 0
  #headers: IncomingHttpHeaders = {}
  #chunks: Buffer[] | undefined
  #stream: StreamedAnswer | undefined
  #settled = false

  constructor(
    private readonly resolve: (response: ServiceResponse) => void,
    private readonly reject: (error: Error) => void,
    private readonly cancel: CallCancel | undefined,
  ) {
    cancel?.onCancel((reason) => this.#controller?.abort(reason))
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.#controller = controller
    const reason = this.cancel?.reason
    if (reason !== undefined) controller.abort(reason)
  }

  onResponseStart(controller: Dispatcher.DispatchController, statusCode: number, headers: IncomingHttpHeaders): void {
    // 1xx answers (100 Continue) come before the real one.
    if (statusCode < 200) return
    this.#status = statusCode
    this.#headers = nodeShaped(headers)
    const length = headers['content-length']
    if (typeof length === 'string' && Number(length) <= WHOLE_ANSWER_MAX_BYTES) {
      this.#chunks = []
      return
    }
    this.#stream = new StreamedAnswer(controller)
    this.#settle({ status: statusCode, headers: this.#headers, body: this.#stream })
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.#chunks !== undefined) this.#chunks.push(chunk)
    else if (this.#stream !== undefined && !this.#stream.push(chunk)) controller.pause()
  }

  onResponseEnd(): void {
    const chunks = this.#chunks
    if (chunks === undefined) {
      this.#stream?.push(null)
      return
    }
    const body = chunks.length === 1 && chunks[0] !== undefined ? chunks[0] : Buffer.concat(chunks)
    this.#settle({ status: this.#status, headers: this.#headers, body })
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.fail(error)
  }

  /** Before the answer: the call rejects. During a streamed answer: its body fails. */
  fail(error: Error): void {
    if (!this.#settled) {
      this.#settled = true
      this.reject(unreachableOr(error))
    } else this.#stream?.destroy(error)
  }

  #settle(response: ServiceResponse): void {
    if (this.#settled) return
    this.#settled = true
    this.resolve(response)
  }
}

/** HTTP/1.1 with keep-alive to a service's base URL, through undici's connection pool (decision 135). */
export function httpTransport(baseUrl: string): ServiceTransport {
  const pool = new Pool(new URL(baseUrl).origin, {
    connections: CONNECTIONS_PER_SERVICE,
    // The gateway's own limits apply (SERVICE_TIMEOUT_MS, GENERATION_TIMEOUT_MS, the client's
    // idle body), as with node:http; undici's 300 s defaults would cut a slow download.
    headersTimeout: 0,
    bodyTimeout: 0,
  })
  return {
    kind: 'http',
    send(serviceRequest) {
      return new Promise<ServiceResponse>((resolve, reject) => {
        const call = new ServiceCall(resolve, reject, serviceRequest.cancel)
        const { body } = serviceRequest
        // undici aborts the call when its body fails; the caller learns why from the body's own error.
        body?.on('error', (error) => call.fail(error))
        pool.dispatch(
          {
            method: serviceRequest.method,
            path: serviceRequest.path,
            headers: serviceRequest.headers,
            body: body ?? null,
          },
          call,
        )
      })
    },
    close() {
      pool.destroy().catch(() => undefined)
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
