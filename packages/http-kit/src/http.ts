import { randomUUID } from 'node:crypto'
import { unstorableTextProblem } from '@valueproof/contracts'
import type { Context, Middleware } from 'koa'
import { koaBody } from 'koa-body'
import { z } from 'zod'
import { errors, HttpError } from './errors.ts'
import { PROBE_PATHS, type ForwardedIdentity } from './forwarded-identity.ts'
import type { Logger } from './logger.ts'

declare module 'koa' {
  interface DefaultState {
    requestId: string
    log: Logger
    traceId?: string
    userId?: number
    /** Who the gateway says is asking (signed; see forwarded-identity.ts); absent in the gateway itself. */
    identity?: ForwardedIdentity
  }
}

export const REQUEST_ID_HEADER = 'x-request-id'

const REQUEST_ID = /^[\w.:-]{1,128}$/

/**
 * A request's `ctx.state`. The pino child is made on first use: it serialises its bindings, work
 * most requests never need (the getter lives on the class, so a request defines no property).
 */
class RequestState {
  readonly requestId: string
  traceId?: string
  userId?: number
  identity?: ForwardedIdentity
  readonly #logger: Logger
  #log: Logger | undefined

  constructor(logger: Logger, requestId: string) {
    this.#logger = logger
    this.requestId = requestId
  }

  get log(): Logger {
    this.#log ??= this.#logger.child({ requestId: this.requestId })
    return this.#log
  }
}

/**
 * A failure of ours is an error, unavailability (503: starting, database gone) a warning, the rest
 * debug. Probes (PROBE_PATHS) answer 503 every second while a dependency is down: debug too, as
 * readiness logs the change itself.
 */
function accessLogLevel(status: number, path: string): 'error' | 'warn' | 'debug' {
  if (status < 500 || PROBE_PATHS.has(path)) return 'debug'
  return status === 503 ? 'warn' : 'error'
}

/** Request id (kept from the caller or new), a child logger and one access log line per request. */
export function requestContext(logger: Logger): Middleware {
  return async (ctx, next) => {
    const incoming = ctx.get(REQUEST_ID_HEADER)
    const requestId = REQUEST_ID.test(incoming) ? incoming : randomUUID()
    ctx.state = new RequestState(logger, requestId)
    // Straight on the response: Koa 3's ctx.set allocates two arrays and a closure per header.
    ctx.res.setHeader(REQUEST_ID_HEADER, requestId)
    const started = performance.now()
    try {
      await next()
    } finally {
      const level = accessLogLevel(ctx.status, ctx.path)
      if (logger.isLevelEnabled(level))
        ctx.state.log[level](
          {
            method: ctx.method,
            path: ctx.path,
            status: ctx.status,
            ms: Math.round(performance.now() - started),
            traceId: ctx.state.traceId,
          },
          'request',
        )
    }
  }
}

interface KoaBodyError {
  httpCode?: number
  status?: number
  statusCode?: number
  type?: string
  message?: string
}

function describeZodError(error: z.ZodError): string {
  return error.issues.map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message)).join('; ')
}

/**
 * An error that means a dependency is not there (a database gone or not migrated) or has no room
 * left (a full disk) rather than a bug: answered 503 (or `status`) with `message`, the error itself
 * logged as a warning. The kit knows no dependency: the service runtime gives the database's and
 * the object store's reading (decisions 092, 120).
 */
export interface Unavailability {
  /** 503 (the default): try again shortly; 507: the storage is full, the change was not saved. */
  status?: 503 | 507
  /** What the client reads. */
  message: string
  /** The warning's text ('database unavailable'). */
  log: string
  /** Fields added to the warning. */
  detail?: Record<string, unknown>
}

/** Undefined for an error that is not an unavailable dependency. */
export type UnavailabilityOf = (error: unknown) => Unavailability | undefined

/** Turns any thrown error into `{ "message": ... }` with the right status. */
export function errorMiddleware(options: { unavailable?: UnavailabilityOf } = {}): Middleware {
  return async (ctx, next) => {
    try {
      await next()
    } catch (caught) {
      if (caught instanceof HttpError) {
        ctx.status = caught.status
        ctx.set(caught.headers)
        ctx.body = { ...caught.details, message: caught.message }
        return
      }
      if (caught instanceof z.ZodError) {
        ctx.status = 400
        ctx.body = { message: describeZodError(caught) }
        return
      }
      const bodyError = (caught ?? {}) as KoaBodyError
      const status = bodyError.httpCode ?? bodyError.status ?? bodyError.statusCode
      if (bodyError.type === 'entity.parse.failed' || (caught instanceof SyntaxError && status === 400)) {
        ctx.status = 400
        ctx.body = { message: 'Malformed JSON in request body' }
        return
      }
      if (status === 413 || bodyError.type === 'entity.too.large') {
        ctx.status = 413
        ctx.body = { message: 'Request body is too large' }
        return
      }
      if (status === 415) {
        ctx.status = 415
        ctx.body = { message: 'Unsupported content type' }
        return
      }
      if (typeof status === 'number' && status >= 400 && status < 500) {
        ctx.status = status
        ctx.body = { message: bodyError.message ?? 'Bad request' }
        return
      }
      const unavailable = options.unavailable?.(caught)
      if (unavailable !== undefined) {
        ctx.state.log.warn({ err: caught, ...unavailable.detail }, unavailable.log)
        ctx.status = unavailable.status ?? 503
        if (ctx.status === 503) ctx.set('Retry-After', '5')
        ctx.body = { message: unavailable.message }
        return
      }
      ctx.state.log.error({ err: caught }, 'unhandled error')
      ctx.status = 500
      ctx.body = { message: 'Internal server error' }
    }
  }
}

/**
 * JSON bodies only, bounded; malformed JSON becomes a 400 through the error middleware, and so does
 * text PostgreSQL cannot store (NUL, an unpaired surrogate) in any string or key, at any depth.
 */
export function jsonBody(options: { limit?: string } = {}): Middleware {
  const parse = koaBody({
    json: true,
    multipart: false,
    urlencoded: false,
    text: false,
    jsonLimit: options.limit ?? '100kb',
    jsonStrict: true,
    onError: (error) => {
      throw error
    },
  })
  return async (ctx, next) => {
    if (ctx.request.length !== 0 && ctx.request.type && !ctx.is('application/json')) {
      throw errors.unsupportedMediaType('Content-Type must be application/json')
    }
    await parse(ctx, () => {
      refuseUnstorableText(ctx.request.body)
      return next()
    })
  }
}

/** 400 naming the field when a request's parsed text holds something PostgreSQL cannot store (decision 092). */
export function refuseUnstorableText(value: unknown, path: readonly string[] = []): void {
  const problem = unstorableTextProblem(value, path)
  if (problem !== undefined) throw errors.badRequest(problem, 'unstorable_text')
}

/**
 * Refuses a query string whose decoded text cannot be stored. Only `%` escapes can carry NUL or a
 * surrogate (Node's HTTP parser refuses a raw NUL), so most requests are let through untouched.
 */
export function storableQuery(): Middleware {
  return (ctx, next) => {
    if (ctx.querystring.includes('%')) refuseUnstorableText(ctx.query)
    return next()
  }
}

/** Validates the JSON body with a zod schema: the handler gets the typed, parsed input. */
export function validateBody<Schema extends z.ZodType>(
  schema: Schema,
  handler: (ctx: Context, body: z.infer<Schema>) => Promise<void>,
): Middleware {
  return async (ctx) => {
    const raw: unknown = ctx.request.body
    if (raw === undefined || raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
      throw errors.badRequest('Request body must be a JSON object')
    }
    const result = schema.safeParse(raw)
    if (!result.success) throw errors.badRequest(describeZodError(result.error))
    await handler(ctx, result.data)
  }
}

/** The user the gateway authenticated (its signed identity); 401 when the request carries none. */
export function requireUser(): Middleware {
  return (ctx, next) => {
    const userId = ctx.state.identity?.userId
    if (userId === undefined) throw errors.unauthorized()
    ctx.state.userId = userId
    return next()
  }
}

export function currentUserId(ctx: Context): number {
  const userId = ctx.state.userId
  if (userId === undefined) throw errors.unauthorized()
  return userId
}

/** The signed-in user when there is one (routes open to visitors too). */
export function optionalUserId(ctx: Context): number | undefined {
  return ctx.state.identity?.userId
}

/** An anonymous visitor's random id, from the gateway's visitor cookie. */
export function visitorIdOf(ctx: Context): string | undefined {
  return ctx.state.identity?.visitorId
}

/** The client's address as the gateway determined it; the socket's peer for the gateway itself. */
export function clientIp(ctx: Context): string {
  return ctx.state.identity?.clientIp ?? ctx.ip
}

/** Aborted when the client goes away before the answer is sent, so no work is done for nobody. */
export function clientGone(ctx: Context): AbortSignal {
  const controller = new AbortController()
  ctx.res.once('close', () => {
    if (!ctx.res.writableFinished) controller.abort(new Error('The client closed the connection'))
  })
  return controller.signal
}
