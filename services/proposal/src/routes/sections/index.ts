// POST /proposals/:id/sections/:blockId/rewrite (issue 37): the owner's "write this section again".
import { clientGone, currentUserId, requireUser, Router } from '@valueproof/http-kit'
import type { Context } from 'koa'
import { rewriteSection } from '../../domain/section-rewrites.ts'
import type { ProposalDeps } from '../../domain/proposals.ts'
import { idParam } from '../proposals/request.ts'

function blockIdParam(ctx: Context): string {
  const params: unknown = ctx.params
  return typeof params === 'object' && params !== null && 'blockId' in params && typeof params.blockId === 'string' ? params.blockId : ''
}

export function proposalSectionsRouter(deps: ProposalDeps): Router {
  const router = new Router()

  router.post('/proposals/:id/sections/:blockId/rewrite', requireUser(), async (ctx) => {
    // Written text is the seller's to keep or not: never cached.
    ctx.set('Cache-Control', 'no-store')
    ctx.body = await rewriteSection(deps, {
      userId: currentUserId(ctx),
      proposalId: idParam(ctx),
      blockId: blockIdParam(ctx),
      signal: clientGone(ctx),
    })
  })

  return router
}
