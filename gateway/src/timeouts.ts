import type { Readable } from 'node:stream'
import type { ClientTimeouts } from '@valueproof/http-kit'
import type { Middleware } from 'koa'

/**
 * The gateway's time limits (docs/decisions/105 for the services', 121 for the client's):
 * - serviceMs, generationMs: how long a service may take to start answering (SERVICE_TIMEOUT_MS and
 *   GENERATION_TIMEOUT_MS).
 * - headersMs: a client's request headers must have arrived within this from its first byte (or from
 *   the connection's opening); past it Node answers 408 and closes the connection (HEADERS_TIMEOUT_MS).
 * - bodyIdleMs: a request body that stops arriving for this long while the gateway is reading it is
 *   cut with 408 (BODY_IDLE_TIMEOUT_MS). Time the gateway itself is not reading (a service behind on
 *   the upload) does not count, so a slow but steady upload of any length goes through.
 * - requestMs: the whole request, headers and body, must have arrived within this (REQUEST_TIMEOUT_MS):
 *   a backstop against a body dribbled just fast enough to never be idle. 30 minutes lets a 50 MB
 *   document through at about 230 kbit/s.
 */
export const DEFAULT_TIMEOUTS = {
  serviceMs: 30_000,
  generationMs: 180_000,
  headersMs: 5_000,
  bodyIdleMs: 10_000,
  requestMs: 30 * 60_000,
}

/** The gateway server's limits for `listen`: checked every second at most (Node's 30 s default let slow headers live 66 s+). */
export function clientTimeouts(settings: { headersMs: number; requestMs: number }): ClientTimeouts {
  return {
    headersMs: settings.headersMs,
    requestMs: Math.max(settings.requestMs, settings.headersMs),
    checkIntervalMs: Math.max(250, Math.min(1_000, Math.floor(settings.headersMs / 4))),
  }
}

/**
 * Calls `onStall` when `body` has given no data for `idleMs` while it flows (being read). While it is
 * paused the reader is behind, not the client, and the wait starts again. Answers a function that
 * stops watching; watching also stops when the body ends or is destroyed.
 */
export function whenBodyStalls(body: Readable, idleMs: number, onStall: () => void): () => void {
  const check = (): void => {
    if (body.readableEnded || body.destroyed) return
    if (body.isPaused()) {
      timer.refresh()
      return
    }
    stop()
    onStall()
  }
  const timer = setTimeout(check, idleMs)
  const arrived = (): void => {
    timer.refresh()
  }
  function stop(): void {
    clearTimeout(timer)
    body.off('data', arrived)
    body.off('end', stop)
    body.off('close', stop)
  }
  body.on('data', arrived)
  body.once('end', stop)
  body.once('close', stop)
  return stop
}

/**
 * An answer sent before its request's body was read (a 401, 403, 404 or 413 from the gateway itself)
 * leaves Node reading and dropping the rest of it on the open connection. When that rest stops
 * arriving for `idleMs`, the connection is closed, so no route lets a stalled body hold one.
 */
export function cutStalledLeftovers(idleMs: number): Middleware {
  return async (ctx, next) => {
    try {
      await next()
    } finally {
      const request = ctx.req
      if (!request.complete) ctx.res.once('finish', () => whenBodyStalls(request, idleMs, () => request.socket.destroy()))
    }
  }
}
