import { createBatchLoader, type BatchLoader } from '@valueproof/http-kit'
import type { Agreement, PrismaClient, Proposal } from '../db.ts'

/** A proposal with the prospect's agreement, when there is one (issue 20). */
export type LoadedProposal = Proposal & { agreement: Agreement | null }

export type ProposalLoader = BatchLoader<string, LoadedProposal>

/**
 * Reads proposals by id with one query for all the opens of one turn of the event loop, nothing
 * cached: a shared link is opened by many at once, and N concurrent opens then cost one round trip
 * instead of N (decision 050), each answer still read after the request arrived, so an
 * unpublished or changed proposal is seen at once. Signed-out opens go through the
 * published-proposal cache in front of it (proposal-cache.ts, issue 19). Agreements are read in a
 * second query only when some of the proposals read have one (agreed_at is set with it).
 */
export function createProposalLoader(prisma: PrismaClient): ProposalLoader {
  return createBatchLoader<string, LoadedProposal>({
    async loadMany(ids) {
      const [only] = ids
      // One id alone is the common case off-peak: findUnique is the cheaper query for it.
      const proposals =
        ids.length === 1 && only !== undefined
          ? [await prisma.proposal.findUnique({ where: { id: only } })].filter((proposal) => proposal !== null)
          : await prisma.proposal.findMany({ where: { id: { in: ids } } })
      const agreedIds = proposals.filter((proposal) => proposal.agreedAt !== null).map((proposal) => proposal.id)
      const agreements = agreedIds.length === 0 ? [] : await prisma.agreement.findMany({ where: { proposalId: { in: agreedIds } } })
      const agreementOf = new Map(agreements.map((agreement) => [agreement.proposalId, agreement]))
      return new Map(proposals.map((proposal) => [proposal.id, { ...proposal, agreement: agreementOf.get(proposal.id) ?? null }]))
    },
  })
}
