// The request and response a service's Koa listener gets when the gateway calls it in this process
// (decision 005): the parts of Node's IncomingMessage and ServerResponse that a request listener
// uses — method, url, headers, socket address, a readable body; status, headers, a writable body —
// without an HTTP parser, header serialisation or a socket. light-my-request did the same with a
// full ServerResponse and a null socket, which cost about a fifth of a forwarded call's CPU.
import type { IncomingHttpHeaders, OutgoingHttpHeader, OutgoingHttpHeaders } from 'node:http'
import { Readable, Writable } from 'node:stream'

/** What a listener reads of `req.socket`: the peer address, and that it is not TLS. */
interface ExchangeSocket {
  readonly remoteAddress: string
  readonly remotePort: number
  readonly encrypted: false
  readonly readable: boolean
  readonly writable: boolean
}

export interface InProcessRequestOptions {
  method: string
  /** Path and query. */
  url: string
  headers: Record<string, string>
  remoteAddress: string
  body?: Readable
}

/** IncomingMessage's shape over an optional body stream (absent: an empty body, as a GET has). */
export class InProcessRequest extends Readable {
  readonly method: string
  readonly url: string
  readonly headers: IncomingHttpHeaders
  readonly httpVersion = '1.1'
  readonly httpVersionMajor = 1
  readonly httpVersionMinor = 1
  readonly socket: ExchangeSocket
  readonly trailers: Record<string, string> = {}
  complete = false
  aborted = false
  readonly #body: Readable | undefined

  constructor(options: InProcessRequestOptions) {
    super()
    this.method = options.method
    this.url = options.url
    const headers: IncomingHttpHeaders = { host: 'localhost' }
    for (const name in options.headers) headers[name.toLowerCase()] = options.headers[name]
    // A streamed body without a declared length is chunked on the wire: say so, or body parsers
    // would take the request for one without a body (type-is's hasBody).
    if (options.body !== undefined && headers['content-length'] === undefined) headers['transfer-encoding'] = 'chunked'
    this.headers = headers
    this.socket = { remoteAddress: options.remoteAddress, remotePort: 0, encrypted: false, readable: true, writable: true }
    this.#body = options.body
    const body = options.body
    if (body === undefined) return
    body.on('data', (chunk: Buffer) => {
      if (!this.push(chunk)) body.pause()
    })
    body.once('end', () => {
      this.complete = true
      this.push(null)
    })
    body.once('error', (error) => this.destroy(error))
    body.pause()
  }

  /** Names and values in turn, as Node's parser gives them; made when asked (rarely). */
  get rawHeaders(): string[] {
    const raw: string[] = []
    for (const name in this.headers) {
      const value = this.headers[name]
      if (typeof value === 'string') raw.push(name, value)
    }
    return raw
  }

  override _read(): void {
    if (this.#body === undefined) {
      this.complete = true
      this.push(null)
      return
    }
    this.#body.resume()
  }

  /** IncomingMessage has it; nothing here can time out. */
  setTimeout(): this {
    return this
  }
}

export interface InProcessAnswer {
  status: number
  headers: IncomingHttpHeaders
  body: Buffer
}

function headerText(value: OutgoingHttpHeader): string | string[] {
  if (Array.isArray(value)) return value.map(String)
  return String(value)
}

/** ServerResponse's shape, gathering the body; `answer` settles when the listener has ended it. */
export class InProcessResponse extends Writable {
  statusCode = 200
  statusMessage = ''
  headersSent = false
  sendDate = false
  /** No socket: the answer goes straight back to the caller. */
  readonly socket = null
  readonly req: InProcessRequest
  readonly answer: Promise<InProcessAnswer>
  /** By lower-case name. */
  readonly #headers = new Map<string, OutgoingHttpHeader>()
  readonly #chunks: Buffer[] = []

  constructor(req: InProcessRequest) {
    super()
    this.req = req
    this.answer = new Promise<InProcessAnswer>((resolve, reject) => {
      this.once('finish', () => {
        // As Node's server does: an answer sent before the body was read (an early refusal) leaves
        // the rest read and dropped, or the client's upload would stall on a connection nobody reads.
        if (!req.readableEnded && !req.readableFlowing) req.resume()
        resolve({ status: this.statusCode, headers: this.#collectHeaders(), body: this.#payload() })
      })
      this.once('error', reject)
      this.once('close', () => {
        if (!this.writableFinished)
          reject(Object.assign(new Error('The service destroyed the response before completing it'), { code: 'ECONNRESET' }))
      })
    })
    // A rejection is the caller's to handle; nobody else must see it as unhandled.
    this.answer.catch(() => {})
  }

  get finished(): boolean {
    return this.writableEnded
  }

  setHeader(name: string, value: OutgoingHttpHeader): this {
    this.#headers.set(name.toLowerCase(), value)
    return this
  }

  appendHeader(name: string, value: OutgoingHttpHeader): this {
    const key = name.toLowerCase()
    const existing = this.#headers.get(key)
    if (existing === undefined) return this.setHeader(name, value)
    const before = Array.isArray(existing) ? existing : [String(existing)]
    this.#headers.set(key, [...before, ...(Array.isArray(value) ? value : [String(value)])])
    return this
  }

  getHeader(name: string): OutgoingHttpHeader | undefined {
    return this.#headers.get(name.toLowerCase())
  }

  getHeaders(): OutgoingHttpHeaders {
    const headers: OutgoingHttpHeaders = Object.create(null) as OutgoingHttpHeaders
    for (const [key, value] of this.#headers) headers[key] = value
    return headers
  }

  getHeaderNames(): string[] {
    return [...this.#headers.keys()]
  }

  hasHeader(name: string): boolean {
    return this.#headers.has(name.toLowerCase())
  }

  removeHeader(name: string): void {
    this.#headers.delete(name.toLowerCase())
  }

  writeHead(statusCode: number, message?: string | OutgoingHttpHeaders, headers?: OutgoingHttpHeaders): this {
    this.statusCode = statusCode
    const extra = typeof message === 'object' ? message : headers
    if (typeof message === 'string') this.statusMessage = message
    if (extra !== undefined) {
      for (const [name, value] of Object.entries(extra)) if (value !== undefined) this.setHeader(name, value)
    }
    this.headersSent = true
    return this
  }

  flushHeaders(): void {
    this.headersSent = true
  }

  setTimeout(): this {
    return this
  }

  override _write(chunk: Buffer | string, encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.headersSent = true
    this.#chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk)
    callback()
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.headersSent = true
    callback()
  }

  #collectHeaders(): IncomingHttpHeaders {
    const headers: IncomingHttpHeaders = {}
    for (const [key, value] of this.#headers) {
      const text = headerText(value)
      if (key === 'set-cookie') headers['set-cookie'] = Array.isArray(text) ? text : [text]
      else headers[key] = Array.isArray(text) ? text.join(', ') : text
    }
    return headers
  }

  #payload(): Buffer {
    // Like an HTTP server, no body for HEAD or for statuses that have none.
    if (this.req.method === 'HEAD' || this.statusCode === 204 || this.statusCode === 304) return Buffer.alloc(0)
    return this.#chunks.length === 1 && this.#chunks[0] !== undefined ? this.#chunks[0] : Buffer.concat(this.#chunks)
  }
}
