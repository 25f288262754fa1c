// The seller's document (issue 37): the draft, publishing it, its publications. The owner's calls
// only: someone else's id answers the same 404 as a missing one (drafts.ts).
import { PROPOSAL_DRAFT_BODY_LIMIT_BYTES, publicationParamsSchema, publishBodySchema, saveDraftBodySchema } from '@valueproof/contracts'
import { currentUserId, jsonBody, requireUser, Router, validateBody } from '@valueproof/http-kit'
import type { Context } from 'koa'
import { getDraft, getPublication, publishDraft, restorePublication, saveDraft, type DraftDeps } from '../../domain/drafts.ts'
import { idParam } from '../proposals/request.ts'

/** The owner and the proposal a call names, and the publication's number (400 when it is none). */
function publicationCall(ctx: Context): { userId: number; proposalId: string; number: number } {
  const { number } = publicationParamsSchema.parse(ctx.params)
  return { userId: currentUserId(ctx), proposalId: idParam(ctx), number }
}

export function draftsRouter(deps: DraftDeps): Router {
  const router = new Router()
  router.get('/proposals/:id/draft', requireUser(), async (ctx) => {
    // The owner's working copy, changed by every save: never kept by a cache.
    ctx.set('Cache-Control', 'no-store')
    ctx.body = await getDraft(deps, { userId: currentUserId(ctx), proposalId: idParam(ctx) })
  })

  router.put(
    '/proposals/:id/draft',
    requireUser(),
    jsonBody({ limit: String(PROPOSAL_DRAFT_BODY_LIMIT_BYTES) }),
    validateBody(saveDraftBodySchema, async (ctx, body) => {
      ctx.body = await saveDraft(deps, { userId: currentUserId(ctx), proposalId: idParam(ctx), body })
    }),
  )

  router.post(
    '/proposals/:id/publish',
    requireUser(),
    jsonBody(),
    validateBody(publishBodySchema, async (ctx, body) => {
      ctx.status = 201
      ctx.body = await publishDraft(deps, { userId: currentUserId(ctx), proposalId: idParam(ctx), body })
    }),
  )

  router.get('/proposals/:id/publications/:number', requireUser(), async (ctx) => {
    ctx.body = await getPublication(deps, publicationCall(ctx))
  })

  router.post('/proposals/:id/publications/:number/restore', requireUser(), async (ctx) => {
    ctx.body = await restorePublication(deps, publicationCall(ctx))
  })

  return router
}
