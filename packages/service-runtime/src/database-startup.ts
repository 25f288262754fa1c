// Start-up of a service in its own process while its database is not there yet (decision 092): it
// listens at once (liveness passes, readiness and every request answer 503), opens its database
// with backoff, logging one line per attempt, then migrates and serves, all without a restart.
import { setTimeout as sleep } from 'node:timers/promises'
import { databaseFailureOf, describeDatabaseFailure } from '@valueproof/db'
import Koa from 'koa'
import { createApp, HttpError, listen, type Logger, type ReadinessCheck, type RunningServer } from '@valueproof/http-kit'

export const DATABASE_STARTING_MESSAGE = 'The service is starting: its database is not reachable yet. Please try again shortly.'

export interface RetryPolicy {
  firstDelayMs: number
  maxDelayMs: number
}

/** 0.5 s, 1 s, 2 s … at most 10 s between attempts. */
export const DATABASE_RETRY: RetryPolicy = { firstDelayMs: 500, maxDelayMs: 10_000 }

/** The wait after failed attempt `attempt` (1, 2, …): doubling from the first delay up to the cap. */
export function retryDelayMs(attempt: number, policy: RetryPolicy = DATABASE_RETRY): number {
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** Math.min(attempt - 1, 30))
}

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`
}

/**
 * Runs `attempt` until it succeeds. A failure that means the database cannot be reached (refused,
 * no such host or database yet, connection lost) is retried with backoff, one warning line each
 * (no stack trace); any other failure is thrown.
 */
export async function retryWhileUnreachable<T>(
  attempt: () => Promise<T>,
  props: { logger: Logger; policy?: RetryPolicy; signal?: AbortSignal },
): Promise<T> {
  for (let failures = 1; ; failures += 1) {
    try {
      return await attempt()
    } catch (error) {
      if (databaseFailureOf(error) !== 'unreachable') throw error
      const delayMs = retryDelayMs(failures, props.policy)
      props.logger.warn({ attempt: failures }, `database unreachable (${describeDatabaseFailure(error)}); retrying in ${seconds(delayMs)}`)
      await sleep(delayMs, undefined, props.signal ? { signal: props.signal } : {})
    }
  }
}

export interface StartingServer {
  server: RunningServer
  /** Hands every later request to the service's app (its own health and readiness included). */
  serve(app: Koa): void
}

/**
 * Listens at once with a stand-in app while the database is awaited: /healthz 200, /readyz 503
 * (`database: down`, plus the other checks given), every other request 503 with
 * DATABASE_STARTING_MESSAGE. `serve(app)` switches to the real app without closing the listener.
 */
export async function listenWhileStarting(props: {
  name: string
  logger: Logger
  port: number
  host?: string | undefined
  /** Checks besides the database, which is reported down (services have none: docs/decisions/118). */
  readiness: ReadinessCheck[]
}): Promise<StartingServer> {
  const starting = createApp({
    name: props.name,
    logger: props.logger,
    readiness: [{ name: 'database', check: () => Promise.reject(new Error('not connected yet')) }, ...props.readiness],
    routers: [],
    after: [
      () => {
        throw new HttpError(503, 'database_starting', DATABASE_STARTING_MESSAGE, { 'Retry-After': '5' })
      },
    ],
  })
  let handle = starting.callback()
  // listen() binds app.callback() once; this front app's callback asks for the current handler on
  // every request, so the switch costs one function call and no Koa context of its own.
  const front = new Koa()
  front.callback = () => (request, response) => handle(request, response)
  const server = await listen(front, { port: props.port, host: props.host })
  props.logger.info({ url: server.url }, `${props.name} listening; opening its database`)
  return {
    server,
    serve(app) {
      handle = app.callback()
    },
  }
}
