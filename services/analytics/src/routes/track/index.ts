import {
  DEMO_INTERACTION_BODY_LIMIT_BYTES,
  DEMO_INTERACTION_TOO_LARGE_MESSAGE,
  demoInteractionBodySchema,
  demoInteractionResponseSchema,
} from '@valueproof/contracts'
import { clientIp, errors, jsonBody, Router, validateBody } from '@valueproof/http-kit'
import type { Middleware } from 'koa'
import type { PrismaClient } from '../../db.ts'
import type { DemoInteractionLimit } from '../../domain/demo-interaction-limit.ts'
import { countDemoInteraction } from '../../domain/demo-interactions.ts'

/** The JSON body parser at the route's own limit, refusing with the same 413 message as the gateway. */
function demoInteractionBody(): Middleware {
  const parse = jsonBody({ limit: `${DEMO_INTERACTION_BODY_LIMIT_BYTES}b` })
  return async (ctx, next) => {
    if (ctx.request.length > DEMO_INTERACTION_BODY_LIMIT_BYTES) throw errors.payloadTooLarge(DEMO_INTERACTION_TOO_LARGE_MESSAGE)
    try {
      await parse(ctx, () => {
        // No body at all is the same as `{}`: the call has no fields.
        ctx.request.body ??= {}
        return next()
      })
    } catch (error) {
      // A chunked body has no length to check first: the parser stops it at the same limit.
      if ((error as { type?: unknown }).type === 'entity.too.large') throw errors.payloadTooLarge(DEMO_INTERACTION_TOO_LARGE_MESSAGE)
      throw error
    }
  }
}

/**
 * POST /track/demo-interaction (SPEC §7 /api/track/demo-interaction): open to anyone, limited per
 * client address before anything else, counted on today's UTC day. The body is checked to be JSON
 * and otherwise never read: nothing a client sends is trusted or kept.
 */
export function trackRouter(deps: { prisma: PrismaClient; limit: DemoInteractionLimit; now: () => Date }): Router {
  const router = new Router()

  router.post(
    '/track/demo-interaction',
    (ctx, next) => deps.limit.take(clientIp(ctx)).then(next),
    demoInteractionBody(),
    validateBody(demoInteractionBodySchema, async (ctx) => {
      await countDemoInteraction(deps.prisma, deps.now())
      ctx.status = 202
      ctx.body = demoInteractionResponseSchema.parse({})
    }),
  )

  return router
}
