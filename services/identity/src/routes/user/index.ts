import { profileBodySchema, type SessionAnswer } from '@valueproof/contracts'
import { currentUserId, jsonBody, optionalUserId, requireUser, Router, validateBody } from '@valueproof/http-kit'
import type { PrismaClient } from '../../db.ts'
import { signedInUser, updateProfile, type ProfileDeps } from '../../domain/profile.ts'
import type { UserLoader } from '../../domain/user-loader.ts'
import { presentUser } from '../../presenters/user.ts'

export function userRouter(deps: ProfileDeps & { prisma: PrismaClient; users: UserLoader }): Router {
  const router = new Router()

  router.get('/user', requireUser(), async (ctx) => {
    ctx.body = presentUser(signedInUser(await deps.users.load(currentUserId(ctx))))
  })

  // The web app's session read (issue 36): a visitor, or an account that is gone, is `user: null`
  // with a 200, where GET /user answers 401, which every browser logs as a failed request.
  router.get('/session', async (ctx) => {
    const userId = optionalUserId(ctx)
    const user = userId === undefined ? null : await deps.users.load(userId)
    const answer: SessionAnswer = { user: user === null ? null : presentUser(user) }
    ctx.body = answer
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
