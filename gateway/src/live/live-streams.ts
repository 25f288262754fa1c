// The open Server-Sent Events streams of GET /api/live on this replica, by user. Events reach every
// replica (each subscribes without a durable name), so each pushes only to the streams it holds.
import type { ServerResponse } from 'node:http'
import { errors } from '@valueproof/http-kit'

/** Who a stream belongs to: the user, and the session it was opened under (a revocation ends it). */
export interface StreamOwner {
  userId: number
  /** sessionIdOf(cookie token), as the session-revoked event names it. */
  sessionId: string
  /** When the session ends; the stream ends with it (at the next keepalive). */
  expiresAt: number
}

export interface LiveStreamsOptions {
  /** A comment line this often keeps idle proxies and load balancers from closing the stream. */
  keepaliveMs: number
  /** Streams one user may hold on this replica (tabs); the oldest is closed beyond it. */
  perUser: number
  now?: () => number
}

interface LiveStream extends StreamOwner {
  response: ServerResponse
}

/** A client that reads nothing while this much waits for it is dropped rather than buffered without end. */
const MAX_UNREAD_BYTES = 64 * 1024
/**
 * How long the browser waits before reconnecting a stream we ended (shutdown, a revoked session),
 * spread so that a replica's clients do not all arrive at the next one in the same instant.
 */
const RECONNECT_MIN_MS = 2_000
const RECONNECT_SPREAD_MS = 3_000
/**
 * For a stream closed because its user opened too many: come back much later, or the oldest tabs
 * would keep displacing each other every few seconds.
 */
export const SUPERSEDED_RECONNECT_MS = 300_000

/**
 * The stream's headers: no cache and no proxy may store, transform or hold it back (X-Accel-Buffering
 * for nginx, whose proxy buffering would otherwise keep events until its buffer fills).
 */
const STREAM_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache, no-transform',
  'X-Accel-Buffering': 'no',
}

export class LiveStreams {
  readonly #options: LiveStreamsOptions
  /** Each user's streams, oldest first. */
  readonly #byUser = new Map<number, LiveStream[]>()
  #keepalive: NodeJS.Timeout | undefined
  #closed = false

  constructor(options: LiveStreamsOptions) {
    this.#options = options
  }

  /** Answers the request with an event stream that stays open until the client leaves or we end it. */
  open(response: ServerResponse, owner: StreamOwner): void {
    if (this.#closed) throw errors.serviceUnavailable('The server is shutting down; reconnect shortly.')
    const stream: LiveStream = { ...owner, response }
    response.writeHead(200, STREAM_HEADERS)
    // Events are a few dozen bytes: send each at once rather than wait for more.
    response.socket?.setNoDelay(true)
    // A first block flushes the headers through any proxy, so the browser's EventSource opens now.
    response.write(`retry: ${RECONNECT_MIN_MS + Math.floor(Math.random() * RECONNECT_SPREAD_MS)}\n: live\n\n`)
    response.once('close', () => this.#remove(stream))
    const streams = this.#byUser.get(owner.userId) ?? []
    streams.push(stream)
    this.#byUser.set(owner.userId, streams)
    while (streams.length > this.#options.perUser) {
      const oldest = streams[0]
      if (oldest) this.#end(oldest, SUPERSEDED_RECONNECT_MS)
    }
    this.#keepalive ??= setInterval(() => this.#tick(), this.#options.keepaliveMs).unref()
  }

  /** Sends one event to every stream of the user on this replica; answers how many got it. */
  send(userId: number, event: string, data: unknown): number {
    const streams = this.#byUser.get(userId)
    if (!streams) return 0
    // JSON.stringify writes no line breaks, so the data is one `data:` line.
    const text = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`
    let sent = 0
    for (const stream of [...streams]) if (this.#write(stream, text)) sent += 1
    return sent
  }

  /** Ends the streams opened under a session (it was revoked: signed out, or the password changed). */
  endSession(sessionId: string): void {
    for (const streams of [...this.#byUser.values()]) {
      for (const stream of [...streams]) if (stream.sessionId === sessionId) this.#end(stream)
    }
  }

  /** Streams open on this replica, for one user or for all. */
  count(userId?: number): number {
    if (userId !== undefined) return this.#byUser.get(userId)?.length ?? 0
    let total = 0
    for (const streams of this.#byUser.values()) total += streams.length
    return total
  }

  /**
   * Ends every stream and refuses new ones. A stream never finishes by itself, so the HTTP server's
   * close would wait for its force timeout: call this as shutdown begins. The browser reconnects,
   * behind an ingress to another replica.
   */
  close(): void {
    this.#closed = true
    for (const streams of [...this.#byUser.values()]) for (const stream of [...streams]) this.#end(stream)
  }

  #tick(): void {
    const now = this.#options.now?.() ?? Date.now()
    for (const streams of [...this.#byUser.values()]) {
      for (const stream of [...streams]) {
        if (stream.expiresAt <= now) this.#end(stream)
        else this.#write(stream, ':\n\n')
      }
    }
  }

  #write(stream: LiveStream, text: string): boolean {
    if (stream.response.writableLength > MAX_UNREAD_BYTES) {
      this.#end(stream)
      return false
    }
    stream.response.write(text)
    return true
  }

  #end(stream: LiveStream, reconnectMs?: number): void {
    this.#remove(stream)
    stream.response.end(reconnectMs === undefined ? undefined : `retry: ${reconnectMs}\n\n`)
  }

  #remove(stream: LiveStream): void {
    const streams = this.#byUser.get(stream.userId)
    const index = streams?.indexOf(stream) ?? -1
    if (!streams || index < 0) return
    streams.splice(index, 1)
    if (streams.length === 0) this.#byUser.delete(stream.userId)
    if (this.#byUser.size === 0 && this.#keepalive) {
      clearInterval(this.#keepalive)
      this.#keepalive = undefined
    }
  }
}
