import { supportContactSchema } from '@valueproof/contracts'
import { optionalUserId, Router } from '@valueproof/http-kit'
import type { BillingSettings } from '../../config.ts'
import type { PrismaClient } from '../../db.ts'
import { findSubscriber } from '../../domain/subscribers.ts'
import { supportContact } from '../../domain/support.ts'

/** Where 'Contact Support' goes: the priority address for Pro (billing's own view of the plan), the ordinary one otherwise. */
export function supportRouter(deps: { prisma: PrismaClient; settings: BillingSettings }): Router {
  const router = new Router()

  router.get('/support', async (ctx) => {
    const userId = optionalUserId(ctx)
    const subscriber = userId === undefined ? null : await findSubscriber(deps.prisma, userId)
    ctx.body = supportContactSchema.parse(supportContact(deps.settings, subscriber?.plan ?? 'free'))
  })

  return router
}
