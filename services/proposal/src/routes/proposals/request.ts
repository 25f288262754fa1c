// What a proposal route reads from a request: who asks (as the gateway signed it), the path's id and
// the access code of the query.
import { clientIp, optionalUserId, visitorIdOf } from '@valueproof/http-kit'
import type { Context } from 'koa'
import type { Viewer } from '../../domain/proposals.ts'

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

/** The path's :id ('' when absent): the router's params are untyped on a plain Koa Context. */
export function idParam(ctx: Context): string {
  const params: unknown = ctx.params
  return typeof params === 'object' && params !== null && 'id' in params && typeof params.id === 'string' ? params.id : ''
}

export function queryCode(ctx: Context): string | undefined {
  const code = ctx.query.code
  return typeof code === 'string' ? code : undefined
}
