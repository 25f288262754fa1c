
import { profileBodySchema } from '@valueproof/contracts'
import { currentUserId, jsonBody, requireUser, Router, validateBody } from '@valueproof/service-kit'
import type { PrismaClient } from '../../db.ts'
import { loadUser, updateProfile } from '../../domain/profile.ts'
import { presentUser } from '../../presenters/user.ts'

export function userRouter(deps: { prisma: PrismaClient }): Router {
  const router = new Router()

  router.get('/user', requireUser(), async (ctx) => {
    ctx.body = presentUser(await loadUser(deps.prisma, currentUserId(ctx)))
  })

  router.patch(
    '/profile',
    requireUser(),
    jsonBody(),
    validateBody(profileBodySchema, async (ctx, changes) => {
      ctx.body = presentUser(await updateProfile(deps.prisma, { userId: currentUserId(ctx), changes }))
    }),
  )

  return router
}
