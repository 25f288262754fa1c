// Which deal a proposal's moves are noted on. The service knows a proposal only once a prospect
// event names it (its `proposal` table), and the most useful note is the first open, which comes
// before any such event. So a link is taken for any well-formed proposal id, unless the service knows
// that proposal as another seller's (or deleted): 404. It is keyed by the seller and the proposal, so
// a link to a proposal that is not yours blocks nobody and is never used; a note is owed only for an
// event whose owner is the link's seller (notes.ts), which is where ownership is decided.
import type { HubspotLink } from '@valueproof/contracts'
import { errors } from '@valueproof/http-kit'
import { HubspotCallError } from './api.ts'
import { hubspotFailure, withToken, type HubspotDeps } from './connection.ts'

interface LinkRow {
  proposalId: string
  dealId: string
  dealName: string
  linkedAt: Date
}

function presentLink(row: LinkRow): HubspotLink {
  return { proposalId: row.proposalId, dealId: row.dealId, dealName: row.dealName, linkedAt: row.linkedAt.toISOString() }
}

async function assertMayLink(deps: Pick<HubspotDeps, 'prisma'>, props: { userId: number; proposalId: string }): Promise<void> {
  const known = await deps.prisma.proposal.findUnique({ where: { id: props.proposalId }, select: { ownerUserId: true, deletedAt: true } })
  if (known !== null && (known.ownerUserId !== props.userId || known.deletedAt !== null))
    throw errors.notFound('You have no proposal with this id', 'proposal_not_found')
}

export async function linkOf(deps: Pick<HubspotDeps, 'prisma'>, props: { userId: number; proposalId: string }): Promise<HubspotLink> {
  const row = await deps.prisma.hubspotLink.findUnique({ where: { userId_proposalId: props } })
  if (row === null) throw errors.notFound('This proposal is not linked to a HubSpot deal', 'hubspot_link_not_found')
  return presentLink(row)
}

/** PUT /notifications/hubspot/links/:proposalId: the deal must be in the connected account (one call to HubSpot). */
export async function linkDeal(deps: HubspotDeps, props: { userId: number; proposalId: string; dealId: string }): Promise<HubspotLink> {
  await assertMayLink(deps, props)
  let dealName: string
  try {
    dealName = (await withToken(deps, props.userId, (token) => deps.api.dealOf(token, props.dealId))).name
  } catch (error) {
    if (error instanceof HubspotCallError && error.status === 404)
      throw errors.notFound('Your HubSpot account has no deal with this id', 'hubspot_deal_not_found')
    throw hubspotFailure(error)
  }
  const state = { dealId: props.dealId, dealName, linkedAt: deps.now() }
  const row = await deps.prisma.hubspotLink.upsert({
    where: { userId_proposalId: { userId: props.userId, proposalId: props.proposalId } },
    create: { userId: props.userId, proposalId: props.proposalId, ...state },
    update: state,
  })
  return presentLink(row)
}

/** DELETE /notifications/hubspot/links/:proposalId: no more notes for it (404 when it was not linked). */
export async function unlinkDeal(deps: Pick<HubspotDeps, 'prisma'>, props: { userId: number; proposalId: string }): Promise<void> {
  const removed = await deps.prisma.hubspotLink.deleteMany({ where: props })
  if (removed.count === 0) throw errors.notFound('This proposal is not linked to a HubSpot deal', 'hubspot_link_not_found')
}
