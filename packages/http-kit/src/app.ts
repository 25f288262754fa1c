import Router from '@koa/router'
import Koa, { type Middleware } from 'koa'
import { errorMiddleware, requestContext, storableQuery, type UnavailabilityOf } from './http.ts'
import type { Logger } from './logger.ts'
import { tracingMiddleware } from './tracing.ts'

/** A dependency /readyz checks: the database, the bus, the object store ... */
export interface ReadinessCheck {
  name: string
  check(this: void): Promise<void>
}

export interface CreateAppOptions {
  name: string
  logger: Logger
  readiness: ReadinessCheck[]
  /** Routers mounted after the common middleware. */
  routers: Router[]
  /** Middleware run before health and routes (after request context, tracing and errors). */
  before?: Middleware[]
  /** Middleware run after the routers, before the JSON 404. */
  after?: Middleware[]
  /** Trust X-Forwarded-* (only behind a proxy that sets them). */
  proxy?: boolean
  /** Which errors mean a dependency is unavailable (503, not 500): the service runtime's database reading. */
  unavailable?: UnavailabilityOf
  /** With `proxy`: how many X-Forwarded-For entries, from the right, trusted proxies appended (the client's address is the leftmost of those). */
  maxIpsCount?: number
  /** The dependencies served without that are down now (a DependencyWatch's `degraded`): /healthz names them. */
  degraded?: () => readonly string[]
}

const READINESS_TIMEOUT_MS = 2000

function withTimeout(promise: Promise<void>, ms: number, what: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/**
 * Logs a dependency's readiness when it changes (down with its error, then up again), so a probe
 * every second does not repeat the same warning; the /readyz answer itself never carries it.
 */
function readinessLog(logger: Logger | undefined): (name: string, error: unknown) => void {
  const down = new Set<string>()
  return (name, error) => {
    if (error === undefined) {
      if (down.delete(name)) logger?.info({ dependency: name }, `readiness: ${name} is up again`)
    } else if (!down.has(name)) {
      down.add(name)
      logger?.warn({ dependency: name, err: error }, `readiness: ${name} is down`)
    }
  }
}

/**
 * /healthz: the process is alive (always 200), naming the dependencies it serves without that are
 * down (`degraded: ['bus']`). /readyz: every check of what serving needs answers (the database, not
 * the bus: docs/decisions/118); the answer names the ones that do not (`{ database: 'down' }`) and
 * nothing more: error texts, hosts and ports go to the log.
 */
export function healthRouter(readiness: ReadinessCheck[], logger?: Logger, degraded?: () => readonly string[]): Router {
  const router = new Router()
  const report = readinessLog(logger)
  router.get('/healthz', (ctx) => {
    const down = degraded?.() ?? []
    ctx.set('Cache-Control', 'no-store')
    ctx.body = down.length === 0 ? { status: 'ok' } : { status: 'ok', degraded: [...down] }
  })
  router.get('/readyz', async (ctx) => {
    const results = await Promise.all(
      readiness.map(async ({ name, check }) => {
        try {
          await withTimeout(check(), READINESS_TIMEOUT_MS, name)
          report(name, undefined)
          return { name, ok: true }
        } catch (error) {
          report(name, error ?? new Error(`${name} failed`))
          return { name, ok: false }
        }
      }),
    )
    const failed = results.filter((result) => !result.ok).map((result) => result.name)
    ctx.status = failed.length === 0 ? 200 : 503
    ctx.set('Cache-Control', 'no-store')
    ctx.body = {
      status: failed.length === 0 ? 'ready' : 'not ready',
      checks: Object.fromEntries(results.map((result) => [result.name, result.ok ? 'ok' : 'down'])),
      ...(failed.length > 0 ? { message: `Not ready: ${failed.join(', ')}` } : {}),
    }
  })
  return router
}

/** The Koa app of a deployable, without listening: tests drive it on port 0. */
export function createApp(options: CreateAppOptions): Koa {
  const app = new Koa({ proxy: options.proxy ?? false, maxIpsCount: options.maxIpsCount ?? 0 })
  app.silent = true
  app.use(requestContext(options.logger))
  app.use(tracingMiddleware(options.name))
  app.use(errorMiddleware({ unavailable: options.unavailable }))
  app.use(storableQuery())
  for (const middleware of options.before ?? []) app.use(middleware)
  // One router holding every route: a request is matched once, not once per resource's router
  // (each pass reads the Host header, matches its layers and composes a chain).
  const routes = new Router()
  routes.use(healthRouter(options.readiness, options.logger, options.degraded).routes())
  for (const router of options.routers) routes.use(router.routes())
  app.use(routes.routes())
  app.use(routes.allowedMethods())
  for (const middleware of options.after ?? []) app.use(middleware)
  app.use((ctx) => {
    ctx.status = 404
    ctx.body = { message: `No route for ${ctx.method} ${ctx.path}` }
  })
  return app
}
