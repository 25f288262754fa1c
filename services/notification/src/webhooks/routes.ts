// /notifications/webhooks…: the signed-in seller's endpoints and their deliveries (issue 39).
import { createWebhookEndpointBodySchema, type WebhookDeliveryList, type WebhookEndpointList } from '@valueproof/contracts'
import { currentUserId, jsonBody, requireUser, Router, validateBody, type RouterMiddleware } from '@valueproof/http-kit'
import type { PrismaClient } from '../db.ts'
import { createEndpoint, deleteEndpoint, listDeliveries, listEndpoints, resendDelivery } from './endpoints.ts'
import type { WebhookSecretCipher } from './secret.ts'

/** Every answer is the seller's own, and changes: never cached. */
const noStore: RouterMiddleware = async (ctx, next) => {
  ctx.set('Cache-Control', 'private, no-store')
  await next()
}

export function webhooksRouter(deps: { prisma: PrismaClient; cipher: WebhookSecretCipher; now: () => Date }): Router {
  const router = new Router()
  router.get('/notifications/webhooks', requireUser(), noStore, async (ctx) => {
    const answer: WebhookEndpointList = { endpoints: await listEndpoints(deps.prisma, currentUserId(ctx)) }
    ctx.body = answer
  })
  router.post(
    '/notifications/webhooks',
    requireUser(),
    noStore,
    jsonBody(),
    validateBody(createWebhookEndpointBodySchema, async (ctx, body) => {
      ctx.status = 201
      ctx.body = await createEndpoint(deps, { userId: currentUserId(ctx), body })
    }),
  )
  router.delete('/notifications/webhooks/:id', requireUser(), noStore, async (ctx) => {
    await deleteEndpoint(deps.prisma, currentUserId(ctx), ctx.params.id ?? '')
    ctx.status = 204
  })
  router.get('/notifications/webhooks/:id/deliveries', requireUser(), noStore, async (ctx) => {
    const answer: WebhookDeliveryList = { deliveries: await listDeliveries(deps.prisma, currentUserId(ctx), ctx.params.id ?? '') }
    ctx.body = answer
  })
  router.post('/notifications/webhooks/:id/deliveries/:deliveryId/resend', requireUser(), noStore, async (ctx) => {
    ctx.body = await resendDelivery(deps.prisma, {
      userId: currentUserId(ctx),
      endpointId: ctx.params.id ?? '',
      deliveryId: ctx.params.deliveryId ?? '',
      now: deps.now(),
    })
  })
  return router
}
