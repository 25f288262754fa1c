// The owner's changes to a proposal (issue 15): rename and expiry, revoke, delete, duplicate. Every
// call is scoped to the signed-in owner in its own statement, so someone else's id, a missing one
// and a malformed one get the same 404 and nothing confirms that a proposal exists. A change
// evicts the proposal from this replica's published-proposal cache once it is committed.
import {
  OWN_PROPOSAL_NOT_FOUND_MESSAGE,
  PROPOSAL_COPY_SUFFIX,
  PROPOSAL_TITLE_MAX_LENGTH,
  isProposalId,
  type ProposalListEntry,
  type UpdateProposalBody,
} from '@valueproof/contracts'
import { errors } from '@valueproof/http-kit'
import type { Prisma, Proposal } from '../db.ts'
import { recordProposalCreated, recordProposalDeleted, recordProposalRevoked } from '../events/outbox.ts'
import { LIST_ENTRY_COLUMNS, presentListEntry } from '../presenters/proposal.ts'
import { accountOf } from './accounts.ts'
import { brandingFor, type StoredBranding } from './branding.ts'
import { newProposalId } from './proposal-ids.ts'
import { accessCodeOf, type ProposalDeps } from './proposals.ts'

type ManagementDeps = Pick<ProposalDeps, 'prisma' | 'cipher' | 'now' | 'publicOrigin' | 'publishedProposals'>

interface OwnerCall {
  userId: number
  proposalId: string
}

function notFound() {
  return errors.notFound(OWN_PROPOSAL_NOT_FOUND_MESSAGE, 'proposal_not_found')
}

function nowOf(deps: ManagementDeps): Date {
  return (deps.now ?? (() => new Date()))()
}

/** The condition of every owner's call: this id, and this owner. A malformed id matches nothing. */
function owned(call: OwnerCall): { id: string; userId: number } {
  if (!isProposalId(call.proposalId)) throw notFound()
  return { id: call.proposalId, userId: call.userId }
}

/** The owner's list entry of a proposal just changed; 404 if it was deleted in the meantime. */
async function listEntryOf(deps: ManagementDeps, where: { id: string; userId: number }): Promise<ProposalListEntry> {
  const row = await deps.prisma.proposal.findFirst({
    where,
    select: LIST_ENTRY_COLUMNS,
  })
  if (!row) throw notFound()
  return presentListEntry({ ...row, accessCode: accessCodeOf(deps, row) })
}

/** PATCH: a new title and/or expiry (null clears it; a past one ends the link at once). */
export async function updateProposal(deps: ManagementDeps, props: OwnerCall & { body: UpdateProposalBody }): Promise<ProposalListEntry> {
  const where = owned(props)
  const { title, expiresAt } = props.body
  const { count } = await deps.prisma.proposal.updateMany({
    where,
    data: { ...(title === undefined ? {} : { title }), ...(expiresAt === undefined ? {} : { expiresAt }) },
  })
  if (count === 0) throw notFound()
  deps.publishedProposals.evict(where.id)
  return listEntryOf(deps, where)
}

/**
 * The link stops opening for prospects for good (410); the owner still lists and opens it. Revoking
 * again changes nothing: the first time stays, and only that one is an event.
 */
export async function revokeProposal(deps: ManagementDeps, props: OwnerCall): Promise<ProposalListEntry> {
  const where = owned(props)
  const revokedAt = nowOf(deps)
  await deps.prisma.$transaction(async (tx) => {
    const { count } = await tx.proposal.updateMany({ where: { ...where, revokedAt: null }, data: { revokedAt } })
    if (count === 1) await recordProposalRevoked(tx, { proposalId: where.id, userId: where.userId, revokedAt })
  })
  deps.publishedProposals.evict(where.id)
  return listEntryOf(deps, where)
}

/** Deleted with its event; its link then answers 404 like any unknown id. */
export async function deleteProposal(deps: ManagementDeps, props: OwnerCall): Promise<void> {
  const where = owned(props)
  const deletedAt = nowOf(deps)
  await deps.prisma.$transaction(async (tx) => {
    const { count } = await tx.proposal.deleteMany({ where })
    if (count === 0) throw notFound()
    await recordProposalDeleted(tx, { proposalId: where.id, userId: where.userId, deletedAt })
  })
  deps.publishedProposals.evict(where.id)
}

/** '<title> (copy)', the title shortened if need be so that the marker always shows. */
export function copyTitle(title: string): string {
  const room = PROPOSAL_TITLE_MAX_LENGTH - PROPOSAL_COPY_SUFFIX.length
  return `${title.length <= room ? title : title.slice(0, room).trimEnd()}${PROPOSAL_COPY_SUFFIX}`
}

function jsonObject(value: Prisma.JsonValue): Prisma.JsonObject {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value
  throw new Error('a stored proposal always has its calculator as a JSON object')
}

/** What the created event says of the stored calculator (validated when it was first stored). */
function calculatorFacts(calculatorData: Prisma.JsonObject): { calculatorType: string; currency: string } {
  const text = (value: unknown) => (typeof value === 'string' ? value : '')
  return { calculatorType: text(calculatorData.calculatorType), currency: text(calculatorData.baseCurrency) }
}

/**
 * A new proposal with its own link: the same sections, calculator, template, content and access
 * code (encrypted anew: the ciphertext is bound to the proposal id), neither revoked nor expiring.
 * Like every stored proposal it gets the branding of the owner's plan now (SPEC §4): a duplicate
 * never keeps a company branding the plan no longer allows.
 */
export async function duplicateProposal(deps: ManagementDeps, props: OwnerCall): Promise<{ id: string }> {
  const where = owned(props)
  const source = await deps.prisma.proposal.findFirst({ where })
  if (!source) throw notFound()
  const branding = brandingFor(await accountOf(deps.prisma, source.userId), deps.publicOrigin)
  const calculatorData = jsonObject(source.calculatorData)
  const id = newProposalId()
  const createdAt = nowOf(deps)
  const accessCode = accessCodeOf(deps, source)
  const fresh = { id, createdAt, accessCode: accessCode === null ? null : deps.cipher.encrypt(id, accessCode) }
  await deps.prisma.$transaction(async (tx) => {
    await tx.proposal.create({ data: copyOf(source, fresh, { ...calculatorData, branding: jsonBranding(branding.branding) }) })
    await recordProposalCreated(tx, {
      proposalId: id,
      userId: source.userId,
      origin: 'duplicate',
      templateType: source.templateType,
      language: null,
      writer: null,
      ...calculatorFacts(calculatorData),
      published: source.isPublished,
      branding: branding.kind,
      createdAt,
    })
  })
  return { id }
}

/** The branding's filled fields as JSON (no undefined values). */
function jsonBranding(branding: StoredBranding): Prisma.InputJsonObject {
  return Object.fromEntries(Object.entries(branding).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
}

function copyOf(
  source: Proposal,
  fresh: { id: string; createdAt: Date; accessCode: string | null },
  calculatorData: Prisma.InputJsonObject,
): Prisma.ProposalUncheckedCreateInput {
  return {
    ...fresh,
    userId: source.userId,
    title: copyTitle(source.title),
    executiveSummary: source.executiveSummary,
    problemStatement: source.problemStatement,
    solutionOverview: source.solutionOverview,
    valueProposition: source.valueProposition,
    callToAction: source.callToAction,
    contactInformation: source.contactInformation,
    calculatorData,
    isTemplate: source.isTemplate,
    isPublished: source.isPublished,
    templateType: source.templateType,
    content: source.content,
  }
}
