import {
  AGREEMENT_BODY_LIMIT_BYTES,
  agreementBodySchema,
  createProposalBodySchema,
  generateProposalBodySchema,
  updateProposalBodySchema,
  VIEW_BEACON_BODY_LIMIT_BYTES,
  VIEW_BEACON_TOO_LARGE_MESSAGE,
  viewBeaconBodySchema,
} from '@valueproof/contracts'
import {
  asksNotToBeTracked,
  beaconBody,
  clientGone,
  currentUserId,
  jsonBody,
  requireUser,
  Router,
  validateBody,
} from '@valueproof/http-kit'
import { agreeToProposal } from '../../domain/agreements.ts'
import { createVersion, deleteProposal, duplicateProposal, revokeProposal, updateProposal } from '../../domain/proposal-management.ts'
import { generateProposal, listProposals, openProposal, shareCalculator, type ProposalDeps } from '../../domain/proposals.ts'
import { recordViewBeacon } from '../../domain/view-beacons.ts'
import { idParam, queryCode, viewerOf } from './request.ts'

/** A calculator with its content, or a calculator with the user's document text, fits in 1 MB (the gateway's limit too). */
const BODY_LIMIT = '1mb'

/** SPEC §7's proposal calls (the gateway maps /api/proposals... here). */
export function proposalsRouter(deps: ProposalDeps): Router {
  const router = new Router()

  router.get('/proposals', requireUser(), async (ctx) => {
    ctx.set('Cache-Control', 'no-store')
    ctx.body = await listProposals(deps, currentUserId(ctx))
  })

  router.post(
    '/proposals',
    requireUser(),
    jsonBody({ limit: BODY_LIMIT }),
    validateBody(createProposalBodySchema, async (ctx, body) => {
      ctx.status = 201
      ctx.body = await shareCalculator(deps, { userId: currentUserId(ctx), body })
    }),
  )

  router.post(
    '/proposals/generate',
    requireUser(),
    jsonBody({ limit: BODY_LIMIT }),
    validateBody(generateProposalBodySchema, async (ctx, body) => {
      const created = await generateProposal(deps, { userId: currentUserId(ctx), body, signal: clientGone(ctx) })
      ctx.status = 201
      ctx.body = created
    }),
  )

  router.get('/proposals/:id', async (ctx) => {
    // What one viewer may see depends on the session and the code: never cached by anyone.
    ctx.set('Cache-Control', 'no-store')
    ctx.body = await openProposal(deps, { proposalId: ctx.params.id ?? '', viewer: viewerOf(ctx), code: queryCode(ctx) })
  })

  // The page's view beacon (issue 19): sent with navigator.sendBeacon, so text/plain JSON too.
  router.post(
    '/proposals/:id/views',
    beaconBody({ limit: VIEW_BEACON_BODY_LIMIT_BYTES, tooLargeMessage: VIEW_BEACON_TOO_LARGE_MESSAGE }),
    validateBody(viewBeaconBodySchema, async (ctx, body) => {
      const answer = await recordViewBeacon(deps, {
        proposalId: idParam(ctx),
        viewer: viewerOf(ctx),
        body,
        doNotTrack: asksNotToBeTracked(ctx),
      })
      ctx.set('Cache-Control', 'no-store')
      ctx.status = 202
      ctx.body = answer
    }),
  )

  // The prospect's "These numbers work for us" (issue 20): opened as the GET opens it (?code=).
  router.post(
    '/proposals/:id/agreement',
    jsonBody({ limit: String(AGREEMENT_BODY_LIMIT_BYTES) }),
    validateBody(agreementBodySchema, async (ctx, body) => {
      const agreement = await agreeToProposal(deps, { proposalId: idParam(ctx), viewer: viewerOf(ctx), code: queryCode(ctx), body })
      ctx.set('Cache-Control', 'no-store')
      ctx.status = 201
      ctx.body = agreement
    }),
  )

  // The owner's management calls (issue 15): someone else's id answers the same 404 as a missing one.
  router.patch(
    '/proposals/:id',
    requireUser(),
    jsonBody(),
    validateBody(updateProposalBodySchema, async (ctx, body) => {
      ctx.body = await updateProposal(deps, { userId: currentUserId(ctx), proposalId: idParam(ctx), body })
    }),
  )

  router.delete('/proposals/:id', requireUser(), async (ctx) => {
    await deleteProposal(deps, { userId: currentUserId(ctx), proposalId: idParam(ctx) })
    ctx.status = 204
  })

  router.post('/proposals/:id/revoke', requireUser(), async (ctx) => {
    ctx.body = await revokeProposal(deps, { userId: currentUserId(ctx), proposalId: idParam(ctx) })
  })

  router.post('/proposals/:id/duplicate', requireUser(), async (ctx) => {
    ctx.status = 201
    ctx.body = await duplicateProposal(deps, { userId: currentUserId(ctx), proposalId: idParam(ctx) })
  })

  // An agreed proposal is changed by making its next version (issue 20).
  router.post('/proposals/:id/versions', requireUser(), async (ctx) => {
    ctx.status = 201
    ctx.body = await createVersion(deps, { userId: currentUserId(ctx), proposalId: idParam(ctx) })
  })

  return router
}
