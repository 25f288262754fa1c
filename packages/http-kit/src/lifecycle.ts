import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type Koa from 'koa'
import type { Logger } from './logger.ts'

/** Something that must be stopped on shutdown, in the order given (HTTP first, then bus, then database). */
export interface Stoppable {
  name: string
  stop(): Promise<void>
}

export interface RunningServer {
  server: Server
  port: number
  url: string
  /** Stops accepting, lets in-flight requests finish (bounded), then force-closes what is left. */
  close(timeoutMs?: number): Promise<void>
}

/** A client's time limits; unset: 66 s for headers (past the ingress's 60 s keep-alive) and Node's 5 minutes for a request. */
export interface ClientTimeouts {
  /** The request's headers must have arrived within this (then 408 and the connection closed). */
  headersMs: number
  /** The whole request, body included (0: no limit). */
  requestMs: number
  /** How often Node checks both (its default, 30 s, lets a connection outlive them by as much). */
  checkIntervalMs: number
}

/** Listens on host:port (0 = a free port) and tracks connections so shutdown can finish requests. */
export async function listen(
  app: Koa,
  options: { port: number; host?: string | undefined; clientTimeouts?: ClientTimeouts },
): Promise<RunningServer> {
  const limits = options.clientTimeouts
  const server = createServer(
    limits === undefined
      ? {}
      : { headersTimeout: limits.headersMs, requestTimeout: limits.requestMs, connectionsCheckingInterval: limits.checkIntervalMs },
  )
  let closing = false
  const answering = new Set<ServerResponse>()
  // One shared listener, no closures per request. 'close' follows the answer once its connection
  // is idle again: a keep-alive connection whose answer ends after close() began would otherwise
  // stay open until the force timeout, so let it go then.
  function answered(this: ServerResponse): void {
    answering.delete(this)
    if (closing) server.closeIdleConnections()
  }
  server.on('request', (_request, response: ServerResponse) => {
    answering.add(response)
    response.once('close', answered)
  })
  // Koa's listener answers a promise that never rejects (Koa handles its own errors).
  const handle = app.callback()
  server.on('request', (request, response) => void handle(request, response))
  server.keepAliveTimeout = 65_000
  // Headers of a request on an idle keep-alive connection are timed from its first byte, so a short limit spares idle connections.
  if (limits === undefined) server.headersTimeout = 66_000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    // No host: every interface, IPv6 and IPv4 (so both localhost addresses work).
    server.listen(options.port, options.host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  const host = options.host && options.host !== '0.0.0.0' && options.host !== '::' ? options.host : 'localhost'
  return {
    server,
    port,
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    close: (timeoutMs = 10_000) =>
      new Promise<void>((resolve) => {
        closing = true
        // Answers not yet sent tell the client not to reuse the connection.
        for (const response of answering) if (!response.headersSent) response.setHeader('Connection', 'close')
        const force = setTimeout(() => server.closeAllConnections(), timeoutMs)
        server.close(() => {
          clearTimeout(force)
          resolve()
        })
        // Idle keep-alive sockets would hold close() open; in-flight ones finish first.
        server.closeIdleConnections()
      }),
  }
}

let rejectionsLogged = false

/**
 * Logs a promise rejection nothing handled, and keeps the process serving: Node's default ends the
 * process, so one forgotten handler on one failed write would take every request in flight with it
 * (docs/decisions/124). The rejected promise's work is already over and holds no half-made state;
 * the log line at error level is how such a bug is found. Tests fail on any unhandled rejection
 * (vitest reports them), so this net never hides one there. Installed once per process.
 */
export function logUnhandledRejections(logger: Logger): void {
  if (rejectionsLogged) return
  rejectionsLogged = true
  process.on('unhandledRejection', (reason) => {
    logger.error({ err: reason }, 'a promise rejection was not handled (a bug); the process keeps serving')
  })
}

/**
 * Runs shutdown steps in order on SIGTERM/SIGINT, within a bounded total time, then exits.
 * Returns the shutdown function so tests and the embedded launcher can call it directly.
 */
export function handleShutdown(options: { logger: Logger; steps: Stoppable[]; timeoutMs: number; exit?: boolean }): () => Promise<void> {
  let shuttingDown: Promise<void> | undefined
  const shutdown = () => {
    shuttingDown ??= (async () => {
      const { logger, steps, timeoutMs } = options
      logger.info({ timeoutMs }, 'shutting down')
      const deadline = setTimeout(() => {
        logger.error('shutdown did not finish in time; exiting')
        process.exit(1)
      }, timeoutMs)
      deadline.unref()
      for (const step of steps) {
        try {
          await step.stop()
          logger.info({ step: step.name }, 'stopped')
        } catch (error) {
          logger.error({ err: error, step: step.name }, 'shutdown step failed')
        }
      }
      clearTimeout(deadline)
      logger.info('shutdown complete')
      if (options.exit !== false) process.exit(0)
    })()
    return shuttingDown
  }
  process.once('SIGTERM', () => void shutdown())
  process.once('SIGINT', () => void shutdown())
  return shutdown
}
