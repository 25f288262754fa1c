import { SESSION_TOKEN_HEADER } from '@valueproof/contracts'
import { errors, Router } from '@valueproof/http-kit'
import type { PrismaClient } from '../../db.ts'
import { findActiveSession } from '../../domain/sessions.ts'

/** Used by the gateway to turn a cookie token into a user id (it caches the answer). */
export function sessionsRouter(deps: { prisma: PrismaClient }): Router {
  const router = new Router()
  router.get('/sessions/current', async (ctx) => {
    const session = await findActiveSession(deps.prisma, ctx.get(SESSION_TOKEN_HEADER))
    if (!session) throw errors.unauthorized()
    ctx.body = { sessionId: session.sessionId, userId: session.userId, expiresAt: session.expiresAt.toISOString() }
  })
  return router
}
