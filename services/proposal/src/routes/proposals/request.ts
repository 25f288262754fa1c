// What a proposal route reads from a request: who asks (as the gateway signed it), the path's id and
// the access code of the query.
import { IDEMPOTENCY_KEY_MESSAGE, IDEMPOTENCY_KEY_PATTERN } from '@valueproof/contracts'
import { clientIp, errors, optionalUserId, visitorIdOf } from '@valueproof/http-kit'
import type { Context } from 'koa'
import type { Viewer } from '../../domain/proposals.ts'
import type { ViewerBrowser } from '../../domain/view-beacons.ts'

const VISITOR_ID = /^[A-Za-z0-9_-]{16,64}$/

/** Who is asking: the gateway signs a user id for a valid session and a visitor id for everyone else. */
export function viewerOf(ctx: Context): Viewer {
  const visitorId = visitorIdOf(ctx)
  return {
    userId: optionalUserId(ctx),
    visitorId: visitorId !== undefined && VISITOR_ID.test(visitorId) ? visitorId : undefined,
    ip: clientIp(ctx),
  }
}

/** The browser's headers as the gateway forwarded them (decision 119): keyed into the view's person hash, never kept. */
export function browserOf(ctx: Context): ViewerBrowser {
  return { userAgent: ctx.get('user-agent'), acceptLanguage: ctx.get('accept-language') }
}

/** The path's :id ('' when absent): the router's params are untyped on a plain Koa Context. */
export function idParam(ctx: Context): string {
  const params: unknown = ctx.params
  return typeof params === 'object' && params !== null && 'id' in params && typeof params.id === 'string' ? params.id : ''
}

/** The request's Idempotency-Key (what makes it a retry of another), or 400 when it is malformed. */
export function idempotencyKey(ctx: Context): string | undefined {
  const key = ctx.get('idempotency-key')
  if (key === '') return undefined
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw errors.badRequest(IDEMPOTENCY_KEY_MESSAGE, 'idempotency_key_invalid')
  return key
}

export function queryCode(ctx: Context): string | undefined {
  const code = ctx.query.code
  return typeof code === 'string' ? code : undefined
}
