import {
  CONVERSION_BODY_LIMIT_BYTES,
  CONVERSION_TOO_LARGE_MESSAGE,
  conversionBodySchema,
  DEMO_INTERACTION_BODY_LIMIT_BYTES,
  DEMO_INTERACTION_TOO_LARGE_MESSAGE,
  demoInteractionBodySchema,
  demoInteractionResponseSchema,
  ENGAGEMENT_BODY_LIMIT_BYTES,
  ENGAGEMENT_TOO_LARGE_MESSAGE,
  engagementBeaconBodySchema,
  type BeaconResponse,
} from '@valueproof/contracts'
import { asksNotToBeTracked, beaconBody, clientIp, errors, jsonBody, Router, validateBody, visitorIdOf } from '@valueproof/http-kit'
import type { Context, Middleware } from 'koa'
import type { PrismaClient } from '../../db.ts'
import { countOnDay } from '../../domain/daily-counts.ts'
import type { AddressLimit } from '../../domain/demo-interaction-limit.ts'
import { countDemoInteraction } from '../../domain/demo-interactions.ts'
import { acceptEngagementBeacon, type EngagementBeaconDeps } from '../../domain/engagement-beacons.ts'

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

export interface TrackDeps {
  prisma: PrismaClient
  /** Demo interactions per client address. */
  limit: AddressLimit
  /** Conversion events per client address. */
  conversions: AddressLimit
  engagement: EngagementBeaconDeps
  now: () => Date
}

/** A beacon's answer: 202, never cached. */
function accepted(ctx: Context, answer: BeaconResponse): void {
  ctx.set('Cache-Control', 'no-store')
  ctx.status = 202
  ctx.body = answer
}

/**
 * The open track routes. POST /track/demo-interaction (SPEC §7 /api/track/demo-interaction): open to
 * anyone, limited per client address before anything else, counted on today's UTC day; the body is
 * checked to be JSON and otherwise never read. POST /track/engagement and /track/conversion (issue
 * 19): see each below. Nothing a client sends is trusted for more than counting.
 */
export function trackRouter(deps: TrackDeps): Router {
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

  // The proposal page's engagement beacons (domain/engagement-beacons.ts), sent with
  // navigator.sendBeacon (text/plain JSON too); the gateway passes the visitor id and DNT/Sec-GPC.
  router.post(
    '/track/engagement',
    beaconBody({ limit: ENGAGEMENT_BODY_LIMIT_BYTES, tooLargeMessage: ENGAGEMENT_TOO_LARGE_MESSAGE }),
    validateBody(engagementBeaconBodySchema, async (ctx, body) => {
      accepted(
        ctx,
        await acceptEngagementBeacon(deps.engagement, { body, visitorId: visitorIdOf(ctx), doNotTrack: asksNotToBeTracked(ctx) }),
      )
    }),
  )

  // SPEC §1's conversion events: CTA_CLICK is counted per UTC day for the product owner. SIGN_UP is
  // accepted and not counted: sign-ups are counted once, from identity's user-registered event, and
  // a client's report of one proves nothing. Do Not Track keeps even the limiter's window unwritten.
  router.post(
    '/track/conversion',
    beaconBody({ limit: CONVERSION_BODY_LIMIT_BYTES, tooLargeMessage: CONVERSION_TOO_LARGE_MESSAGE }),
    validateBody(conversionBodySchema, async (ctx, body) => {
      if (asksNotToBeTracked(ctx)) return accepted(ctx, { counted: false })
      await deps.conversions.take(clientIp(ctx))
      const counted = body.event === 'CTA_CLICK'
      if (counted) await countOnDay(deps.prisma, 'cta_click', deps.now())
      accepted(ctx, { counted })
    }),
  )

  return router
}
