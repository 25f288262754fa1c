import type { Context } from 'koa'
import { regenerateCalculatorBodySchema, updateSavedCalculatorBodySchema } from '@valueproof/contracts'
import { clientGone, currentUserId, jsonBody, requireUser, Router, validateBody } from '@valueproof/http-kit'
import { deleteSaved, inputText, listSaved, updateSaved } from '../../domain/saved-calculators.ts'
import { regenerateSaved, type RegenerationDeps } from './regenerate.ts'

/** An edited calculator with its values: a definition is a few KB; 256 KB leaves room for long texts. */
const BODY_LIMIT = '256kb'

/** The `:id` of the path (the router fills params; a missing one reads as empty, which is never an id). */
function idOf(ctx: Context): string {
  const { params } = ctx as Context & { params?: Record<string, string | undefined> }
  return params?.id ?? ''
}

/** The calculators kept per account (the gateway maps /api/calculators... here); only the owner's. */
export function calculatorsRouter(deps: RegenerationDeps): Router {
  const router = new Router()

  router.get('/calculators', requireUser(), async (ctx) => {
    ctx.set('Cache-Control', 'no-store')
    ctx.body = { calculators: await listSaved(deps.prisma, currentUserId(ctx)) }
  })

  router.get('/calculators/:id/input', requireUser(), async (ctx) => {
    ctx.set('Cache-Control', 'no-store')
    ctx.body = await inputText(deps.prisma, { userId: currentUserId(ctx), id: idOf(ctx) })
  })

  router.patch(
    '/calculators/:id',
    requireUser(),
    jsonBody({ limit: BODY_LIMIT }),
    validateBody(updateSavedCalculatorBodySchema, async (ctx, body) => {
      ctx.body = await updateSaved(deps.prisma, { userId: currentUserId(ctx), id: idOf(ctx), body })
    }),
  )

  router.delete('/calculators/:id', requireUser(), async (ctx) => {
    await deleteSaved(deps.prisma, deps.objectStore, { userId: currentUserId(ctx), id: idOf(ctx) })
    ctx.status = 204
  })

  router.post(
    '/calculators/:id/regenerate',
    requireUser(),
    jsonBody({ limit: '16kb' }),
    validateBody(regenerateCalculatorBodySchema, async (ctx, body) => {
      ctx.body = await regenerateSaved(deps, {
        userId: currentUserId(ctx),
        id: idOf(ctx),
        choice: body,
        signal: clientGone(ctx),
      })
    }),
  )

  return router
}
