// A proposal's images (issue 37): the owner uploads one as the raw request body; whoever may open
// the proposal reads it back, on the page's own rules (404, 410, the access code of ?code=), when
// the published document shows it.
import {
  PROPOSAL_IMAGE_MAX_BYTES,
  PROPOSAL_IMAGE_TOO_LARGE_MESSAGE,
  PROPOSAL_IMAGE_TYPE_MESSAGE,
  type ProposalDocument,
} from '@valueproof/contracts'
import { currentUserId, errors, requireUser, Router } from '@valueproof/http-kit'
import type { Context } from 'koa'
import { declaredImageType, IMAGE_NOT_FOUND_MESSAGE, readProposalImage, uploadProposalImage } from '../../domain/proposal-images.ts'
import { admitViewer, openableProposal, type ProposalDeps } from '../../domain/proposals.ts'
import { shownDocument } from '../../presenters/proposal.ts'
import { idParam, queryCode, viewerOf } from '../proposals/request.ts'

function tooLarge() {
  return errors.payloadTooLarge(PROPOSAL_IMAGE_TOO_LARGE_MESSAGE, 'image_too_large')
}

/** The raw body, at most `limit` bytes: 413 from its declared length before a byte is read, or once it passes the limit. */
export async function rawBody(ctx: Context, limit: number): Promise<Buffer> {
  if (ctx.request.length > limit) throw tooLarge()
  const chunks: Buffer[] = []
  let length = 0
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    length += chunk.length
    if (length > limit) throw tooLarge()
    chunks.push(chunk)
  }
  return Buffer.concat(chunks, length)
}

function imageIdParam(ctx: Context): string {
  const params: unknown = ctx.params
  return typeof params === 'object' && params !== null && 'imageId' in params && typeof params.imageId === 'string' ? params.imageId : ''
}

export function proposalImagesRouter(deps: ProposalDeps): Router {
  const router = new Router()

  router.post('/proposals/:id/images', requireUser(), async (ctx) => {
    // A type that cannot be an image is refused before its body is read; the bytes are checked too.
    if (declaredImageType(ctx.get('content-type')) === undefined) throw errors.badRequest(PROPOSAL_IMAGE_TYPE_MESSAGE, 'image_type')
    const bytes = await rawBody(ctx, PROPOSAL_IMAGE_MAX_BYTES)
    ctx.status = 201
    ctx.body = await uploadProposalImage(deps, {
      userId: currentUserId(ctx),
      proposalId: idParam(ctx),
      bytes,
      contentType: ctx.get('content-type') || undefined,
    })
  })

  router.get('/proposals/:id/images/:imageId', async (ctx) => {
    const viewer = viewerOf(ctx)
    const now = (deps.now ?? (() => new Date()))()
    const { proposal, isOwner } = await openableProposal(deps, { proposalId: idParam(ctx), userId: viewer.userId, now })
    await admitViewer(deps, { proposal, isOwner, viewer, code: queryCode(ctx), now })
    const imageId = imageIdParam(ctx)
    // A prospect sees only the images the published document shows: an upload still in the draft,
    // or one the seller hid, stays the owner's until it is published.
    if (!isOwner && !shownImageIds(shownDocument(proposal)).has(imageId)) throw errors.notFound(IMAGE_NOT_FOUND_MESSAGE, 'image_not_found')
    const image = await readProposalImage(deps, { proposalId: proposal.id, imageId })
    if (!image) throw errors.notFound(IMAGE_NOT_FOUND_MESSAGE, 'image_not_found')
    // An image never changes under its id; who may see it can (a revoked link), so only the browser keeps it, briefly.
    ctx.set('Cache-Control', 'private, max-age=3600')
    ctx.set('X-Content-Type-Options', 'nosniff')
    ctx.set('Content-Disposition', 'inline')
    ctx.type = image.contentType
    ctx.body = image.bytes
  })

  return router
}

function shownImageIds(document: ProposalDocument): Set<string> {
  return new Set(document.blocks.flatMap((block) => (block.type === 'image' ? [block.imageId] : [])))
}
