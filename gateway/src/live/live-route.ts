import { errors, Router } from '@valueproof/http-kit'
import { SESSION_COOKIE } from '../routes/api.ts'
import { sessionIdOf, type SessionCache } from '../sessions/session-cache.ts'
import type { LiveStreams } from './live-streams.ts'

export const LIVE_PATH = '/api/live'

/**
 * GET /api/live: the signed-in user's Server-Sent Events (decision 111). Served by the gateway
 * itself, not forwarded: the events come from the bus, and a service would hold a connection per
 * open tab for nothing. Mounted before the API router, whose catch-all answers 404.
 */
export function liveRouter(deps: { sessions: SessionCache; streams: LiveStreams }): Router {
  const router = new Router()
  router.get(LIVE_PATH, async (ctx) => {
    const token = ctx.cookies.get(SESSION_COOKIE) || undefined
    const session = token === undefined ? null : await deps.sessions.resolve(token)
    if (token === undefined || session === null) throw errors.unauthorized()
    if (ctx.method === 'HEAD') {
      ctx.status = 200
      ctx.type = 'text/event-stream'
      return
    }
    deps.streams.open(ctx.res, { userId: session.userId, sessionId: sessionIdOf(token), expiresAt: session.expiresAt })
    // The stream is written straight to the response; Koa must neither answer nor end it.
    ctx.respond = false
  })
  return router
}
