import { profileBodySchema } from '@valueproof/contracts'
import { currentUserId, jsonBody, requireUser, Router, validateBody } from '@valueproof/http-kit'
import type { PrismaClient } from '../../db.ts'
import { signedInUser, updateProfile, type ProfileDeps } from '../../domain/profile.ts'
import type { UserLoader } from '../../domain/user-loader.ts'
import { presentUser } from '../../presenters/user.ts'

export function userRouter(deps: ProfileDeps & { prisma: PrismaClient; users: UserLoader }): Router {
  const router = new Router()

  router.get('/user', requireUser(), async (ctx) => {
    ctx.body = presentUser(signedInUser(await deps.users.load(currentUserId(ctx))))
  })

  router.patch(
    '/profile',
    requireUser(),
    jsonBody(),
    validateBody(profileBodySchema, async (ctx, changes) => {
      ctx.body = presentUser(await updateProfile(deps, { userId: currentUserId(ctx), changes }))
    }),
  )

  return router
}
