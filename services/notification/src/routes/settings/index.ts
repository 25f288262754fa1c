import { updateNotificationSettingsBodySchema } from '@valueproof/contracts'
import { currentUserId, jsonBody, requireUser, Router, validateBody } from '@valueproof/http-kit'
import type { PrismaClient } from '../../db.ts'
import { findSeller, settingsOf, updateSettings } from '../../domain/sellers.ts'

/** GET and PUT /notifications/settings: which e-mails the signed-in seller gets (all on until turned off). */
export function settingsRouter(deps: { prisma: PrismaClient }): Router {
  const router = new Router()
  router.get('/notifications/settings', requireUser(), async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store')
    ctx.body = settingsOf(await findSeller(deps.prisma, currentUserId(ctx)))
  })
  router.put(
    '/notifications/settings',
    requireUser(),
    jsonBody(),
    validateBody(updateNotificationSettingsBodySchema, async (ctx, body) => {
      ctx.set('Cache-Control', 'private, no-store')
      ctx.body = await updateSettings(deps.prisma, currentUserId(ctx), body)
    }),
  )
  return router
}
