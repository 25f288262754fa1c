import {
  AGREEMENT_BODY_LIMIT_BYTES,
  agreementBodySchema,
  agreementRuleBodySchema,
  createProposalBodySchema,
  generateProposalBodySchema,
  PROPOSAL_BODY_LIMIT_BYTES,
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
  type RouterMiddleware,
} from '@valueproof/http-kit'
import { releaseAgreement, setAgreementRule } from '../../domain/agreement-rules.ts'
import { agreeToProposal } from '../../domain/agreements.ts'
import { deleteProposal, duplicateProposal, revokeProposal, updateProposal } from '../../domain/proposal-management.ts'
import { assertProposalAllowance } from '../../domain/proposal-quota.ts'
import { generateProposal, listProposals, openProposal, shareCalculator, type ProposalDeps } from '../../domain/proposals.ts'
import { createVersion } from '../../domain/versions.ts'
import { recordViewBeacon } from '../../domain/view-beacons.ts'
import { browserOf, idempotencyKey, idParam, queryCode, viewerOf } from './request.ts'

/** A calculator with its content, or with the user's document text (the gateway's limit too; docs/decisions/120). */
const BODY_LIMIT = String(PROPOSAL_BODY_LIMIT_BYTES)

/**
 * 403 before a word is written when the account cannot keep another proposal (docs/decisions/120).
 * After the body is read (at most 320 KB): an answer sent while the client is still sending would
 * leave the rest of its upload unread on the connection.
 */
function proposalAllowanceLeft(deps: ProposalDeps): RouterMiddleware {
  return async (ctx, next) => {
    await assertProposalAllowance(deps.prisma, { userId: currentUserId(ctx), now: (deps.now ?? (() => new Date()))() })
    await next()
  }
}

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
    proposalAllowanceLeft(deps),
    validateBody(createProposalBodySchema, async (ctx, body) => {
      ctx.status = 201
      ctx.body = await shareCalculator(deps, { userId: currentUserId(ctx), body })
    }),
  )

  router.post(
    '/proposals/generate',
    requireUser(),
    jsonBody({ limit: BODY_LIMIT }),
    proposalAllowanceLeft(deps),
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
        browser: browserOf(ctx),
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

  // Who may agree, and the release of an agreement the seller did not expect (issue 34): the owner's.
  router.patch(
    '/proposals/:id/agreement-rule',
    requireUser(),
    jsonBody(),
    validateBody(agreementRuleBodySchema, async (ctx, body) => {
      ctx.body = await setAgreementRule(deps, { userId: currentUserId(ctx), proposalId: idParam(ctx), body })
    }),
  )

  router.post('/proposals/:id/agreement/release', requireUser(), async (ctx) => {
    ctx.body = await releaseAgreement(deps, { userId: currentUserId(ctx), proposalId: idParam(ctx) })
  })

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

  // An agreed proposal is changed by making its next version (issue 20): one, a retry answered 200 (issue 34).
  router.post('/proposals/:id/versions', requireUser(), async (ctx) => {
    const version = await createVersion(deps, { userId: currentUserId(ctx), proposalId: idParam(ctx), requestKey: idempotencyKey(ctx) })
    ctx.status = version.created ? 201 : 200
    ctx.body = { id: version.id }
  })

  return router
}
