// POST /proposals/:id/versions (issue 20; one per agreed proposal since issue 34, decision 123): an
// agreed proposal is changed by making its next version, with the same title and everything else a
// copy has, linked to it by previousVersionId. The agreed version stays as it is and readable by its
// link. Any other proposal is changed directly (409).
import { PROPOSAL_VERSION_EXISTS_MESSAGE, PROPOSAL_VERSION_NOT_AGREED_MESSAGE } from '@valueproof/contracts'
import { errors } from '@valueproof/http-kit'
import { Prisma } from '../db.ts'
import { copyProposal, notFound, owned, type ManagementDeps, type OwnerCall } from './proposal-management.ts'

export interface CreatedVersion {
  id: string
  /** False when a retry was answered with the version its first request made. */
  created: boolean
}

/** The version a proposal already has, if any (at most one: previous_version_id is unique). */
function nextVersionOf(deps: ManagementDeps, proposalId: string) {
  return deps.prisma.proposal.findUnique({
    where: { previousVersionId: proposalId },
    select: { id: true, versionRequestKey: true },
  })
}

/** The request that made the version, asked again, gets it again; any other request for a second one gets 409. */
function existing(version: { id: string; versionRequestKey: string | null }, requestKey: string | undefined): CreatedVersion {
  if (requestKey !== undefined && version.versionRequestKey === requestKey) return { id: version.id, created: false }
  throw errors.conflict(PROPOSAL_VERSION_EXISTS_MESSAGE, 'proposal_version_exists')
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002'
}

/**
 * The next version of an agreed proposal, made once however many requests arrive at once: the
 * unique previous_version_id lets one insert through and fails the others, which then find the one
 * made (a read first only spares the common case the insert). `requestKey` is the request's
 * Idempotency-Key: a retry with the same key answers the version it made (200), not 409.
 */
export async function createVersion(deps: ManagementDeps, props: OwnerCall & { requestKey: string | undefined }): Promise<CreatedVersion> {
  const source = await deps.prisma.proposal.findFirst({ where: owned(props) })
  if (!source) throw notFound()
  if (source.agreedAt === null) throw errors.conflict(PROPOSAL_VERSION_NOT_AGREED_MESSAGE, 'proposal_not_agreed')
  const made = await nextVersionOf(deps, source.id)
  if (made) return existing(made, props.requestKey)
  try {
    return { ...(await copyProposal(deps, source, 'version', props.requestKey)), created: true }
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    const winner = await nextVersionOf(deps, source.id)
    if (!winner) throw error
    return existing(winner, props.requestKey)
  }
}
