// What the gateway tells a service about a request (who is signed in, the anonymous visitor, the
// client's address), signed with a key from configuration. Services act only on a signed, fresh
// identity bound to the request's method and path, so reaching a service's port directly gives
// nothing: no user, no forged address for the throttles (docs/decisions/093).
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Middleware } from 'koa'
import { errors } from './errors.ts'

/** The one header carrying the signed identity: `v1.<payload, base64url JSON>.<HMAC-SHA256, base64url>`. */
export const IDENTITY_HEADER = 'x-valueproof-identity'

/** How long a signed identity is accepted after the gateway made it (generous for clock skew; uploads are checked when their headers arrive). */
export const IDENTITY_TTL_MS = 30_000

export const UNSIGNED_CALLER_MESSAGE = 'This service answers only requests forwarded by the gateway'

export interface ForwardedIdentity {
  /** The signed-in user, when the gateway resolved a session. */
  userId?: number
  /** The anonymous visitor's random id (proposal views). */
  visitorId?: string
  /** The client's address as the gateway determined it (trusted proxy hops only). */
  clientIp: string
}

interface Payload {
  /** Method and path (with query) at the service. */
  m: string
  p: string
  /** Expiry, ms since the epoch. */
  e: number
  u?: number
  v?: string
  ip: string
}

function mac(key: string, text: string): Buffer {
  return createHmac('sha256', key).update(text, 'utf8').digest()
}

/** The header value the gateway sends with a request for `method path`. */
export function signIdentity(
  key: string,
  request: { method: string; path: string },
  identity: ForwardedIdentity,
  now = Date.now(),
): string {
  const payload: Payload = { m: request.method, p: request.path, e: now + IDENTITY_TTL_MS, ip: identity.clientIp }
  if (identity.userId !== undefined) payload.u = identity.userId
  if (identity.visitorId !== undefined) payload.v = identity.visitorId
  const body = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url')
  return `v1.${body}.${mac(key, body).toString('base64url')}`
}

function parsePayload(body: string): Payload | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))
    if (typeof value !== 'object' || value === null) return undefined
    const payload = value as Partial<Payload>
    if (typeof payload.m !== 'string' || typeof payload.p !== 'string' || typeof payload.e !== 'number' || typeof payload.ip !== 'string') {
      return undefined
    }
    if (payload.u !== undefined && !(Number.isSafeInteger(payload.u) && payload.u > 0)) return undefined
    if (payload.v !== undefined && typeof payload.v !== 'string') return undefined
    return payload as Payload
  } catch {
    return undefined
  }
}

/**
 * The identity in a header, when it was signed with `key`, has not expired and was made for this
 * method and path; undefined otherwise (unsigned, tampered, stale, replayed elsewhere).
 */
export function verifyIdentity(
  key: string,
  header: string | undefined,
  request: { method: string; path: string },
  now = Date.now(),
): ForwardedIdentity | undefined {
  if (!header) return undefined
  const [version, body, signature, extra] = header.split('.')
  if (version !== 'v1' || !body || !signature || extra !== undefined) return undefined
  const expected = mac(key, body)
  const given = Buffer.from(signature, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
  const payload = parsePayload(body)
  if (!payload || payload.e < now || payload.e > now + 2 * IDENTITY_TTL_MS) return undefined
  if (payload.m !== request.method || payload.p !== request.path) return undefined
  return {
    clientIp: payload.ip,
    ...(payload.u !== undefined ? { userId: payload.u } : {}),
    ...(payload.v !== undefined ? { visitorId: payload.v } : {}),
  }
}

/**
 * Where the gateway puts the identity on a request it hands to a service *in this process* (the
 * one-process stack): a property under a module-private symbol, which nothing arriving over a
 * socket can carry — so no signature is needed, and none is paid for on the hot path.
 */
export const IN_PROCESS_IDENTITY: unique symbol = Symbol('valueproof.in-process-identity')

/** A request object that may carry an in-process identity. */
export interface WithInProcessIdentity {
  [IN_PROCESS_IDENTITY]?: ForwardedIdentity
}

/** Paths a probe (kubelet, load balancer, operator) may call without the gateway. */
export const PROBE_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz'])

/**
 * A service's first gate: every request but the probes must carry a valid signed identity from the
 * gateway (or, called in this process, its in-process identity), else 401. The identity lands in `ctx.state` for requireUser/clientIp/visitorIdOf.
 */
export function gatewayOnly(key: string): Middleware {
  return (ctx, next) => {
    if (PROBE_PATHS.has(ctx.path)) return next()
    const identity =
      (ctx.req as WithInProcessIdentity)[IN_PROCESS_IDENTITY] ??
      verifyIdentity(key, ctx.get(IDENTITY_HEADER), { method: ctx.method, path: ctx.url })
    if (!identity) throw errors.unauthorized(UNSIGNED_CALLER_MESSAGE, 'unsigned_caller')
    ctx.state.identity = identity
    return next()
  }
}
