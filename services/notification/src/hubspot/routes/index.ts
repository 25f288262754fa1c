import {
  connectHubspotBodySchema,
  HUBSPOT_PRO_REQUIRED_CODE,
  HUBSPOT_PRO_REQUIRED_MESSAGE,
  hubspotDealsQuerySchema,
  hubspotProposalIdSchema,
  linkHubspotDealBodySchema,
} from '@valueproof/contracts'
import { currentUserId, HttpError, jsonBody, requireUser, Router, validateBody } from '@valueproof/http-kit'
import type { Context, Next } from 'koa'
import { connect, connectionOf, disconnect, hubspotFailure, withToken, type HubspotDeps } from '../connection.ts'
import { linkDeal, linkOf, unlinkDeal } from '../links.ts'
import { isPro } from '../plan.ts'

/** Every call is the signed-in seller's, and Pro's: a Free seller's 403 carries a code the page tells apart. */
function proSeller(deps: Pick<HubspotDeps, 'prisma'>) {
  return async (ctx: Context, next: Next): Promise<void> => {
    if (!(await isPro(deps.prisma, currentUserId(ctx))))
      throw new HttpError(403, HUBSPOT_PRO_REQUIRED_CODE, HUBSPOT_PRO_REQUIRED_MESSAGE, {}, { code: HUBSPOT_PRO_REQUIRED_CODE })
    ctx.set('Cache-Control', 'private, no-store')
    await next()
  }
}

function proposalIdOf(ctx: Context): string {
  const params: unknown = ctx.params
  return hubspotProposalIdSchema.parse(
    typeof params === 'object' && params !== null && 'proposalId' in params ? params.proposalId : undefined,
  )
}

/**
 * GET, PUT and DELETE /notifications/hubspot (the connection), GET /notifications/hubspot/deals?q=
 * (search by name), GET, PUT and DELETE /notifications/hubspot/links/:proposalId (a proposal's deal).
 */
export function hubspotRouter(deps: HubspotDeps): Router {
  const router = new Router()
  const pro = proSeller(deps)

  router.get('/notifications/hubspot', requireUser(), pro, async (ctx) => {
    ctx.body = await connectionOf(deps, currentUserId(ctx))
  })
  router.put(
    '/notifications/hubspot',
    requireUser(),
    pro,
    jsonBody(),
    validateBody(connectHubspotBodySchema, async (ctx, body) => {
      ctx.body = await connect(deps, { userId: currentUserId(ctx), accessToken: body.accessToken })
    }),
  )
  router.delete('/notifications/hubspot', requireUser(), pro, async (ctx) => {
    ctx.body = await disconnect(deps, currentUserId(ctx))
  })

  router.get('/notifications/hubspot/deals', requireUser(), pro, async (ctx) => {
    const { q } = hubspotDealsQuerySchema.parse({ q: ctx.query.q })
    try {
      ctx.body = await withToken(deps, currentUserId(ctx), (token) => deps.api.searchDeals(token, q))
    } catch (error) {
      throw hubspotFailure(error)
    }
  })

  router.get('/notifications/hubspot/links/:proposalId', requireUser(), pro, async (ctx) => {
    ctx.body = await linkOf(deps, { userId: currentUserId(ctx), proposalId: proposalIdOf(ctx) })
  })
  router.put(
    '/notifications/hubspot/links/:proposalId',
    requireUser(),
    pro,
    jsonBody(),
    validateBody(linkHubspotDealBodySchema, async (ctx, body) => {
      ctx.body = await linkDeal(deps, { userId: currentUserId(ctx), proposalId: proposalIdOf(ctx), dealId: body.dealId })
    }),
  )
  router.delete('/notifications/hubspot/links/:proposalId', requireUser(), pro, async (ctx) => {
    await unlinkDeal(deps, { userId: currentUserId(ctx), proposalId: proposalIdOf(ctx) })
    ctx.status = 204
  })
  return router
}
