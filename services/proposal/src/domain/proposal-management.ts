// The owner's changes to a proposal (issue 15): rename and expiry, scenarios (issue 20), revoke,
// delete, duplicate. Every call is scoped to the signed-in owner in its own statement, so someone
// else's id, a missing one and a malformed one get the same 404 and nothing confirms that a
// proposal exists. A change evicts the proposal from this replica's published-proposal cache once
// it is committed. An agreed proposal changes no more (409): its owner makes a new version.
import {
  OWN_PROPOSAL_NOT_FOUND_MESSAGE,
  PROPOSAL_AGREED_LOCKED_MESSAGE,
  PROPOSAL_COPY_SUFFIX,
  PROPOSAL_TITLE_MAX_LENGTH,
  isProposalId,
  type ProposalListEntry,
  type ProposalScenarios,
  type UpdateProposalBody,
} from '@valueproof/contracts'
import { errors } from '@valueproof/http-kit'
import { Prisma, type Proposal, type Tx } from '../db.ts'
import { recordProposalCreated, recordProposalDeleted, recordProposalRevoked } from '../events/outbox.ts'
import { documentJson, LIST_ENTRY_COLUMNS, presentListEntry, storedDocument } from '../presenters/proposal.ts'
import { accountOf } from './accounts.ts'
import { brandingFor, type StoredBranding } from './branding.ts'
import { newProposalId } from './proposal-ids.ts'
import { copyImageObjects, discardImageObjects, imageKeysOf } from './proposal-images.ts'
import { chargeNewProposal } from './proposal-quota.ts'
import { accessCodeOf, checkedCalculatorData, type ProposalDeps } from './proposals.ts'

export type ManagementDeps = Pick<ProposalDeps, 'prisma' | 'cipher' | 'now' | 'publicOrigin' | 'publishedProposals' | 'objectStore'>

export interface OwnerCall {
  userId: number
  proposalId: string
}

export function notFound() {
  return errors.notFound(OWN_PROPOSAL_NOT_FOUND_MESSAGE, 'proposal_not_found')
}

function nowOf(deps: ManagementDeps): Date {
  return (deps.now ?? (() => new Date()))()
}

/** The condition of every owner's call: this id, and this owner. A malformed id matches nothing. */
export function owned(call: OwnerCall): { id: string; userId: number } {
  if (!isProposalId(call.proposalId)) throw notFound()
  return { id: call.proposalId, userId: call.userId }
}

function agreedLocked() {
  return errors.conflict(PROPOSAL_AGREED_LOCKED_MESSAGE, 'proposal_agreed')
}

/**
 * Why a change scoped to `where` and to an unagreed proposal changed nothing: 409 when the
 * proposal was agreed to, 404 when it is not the owner's. Answers when neither (it changed nothing
 * for another reason, such as being revoked already).
 */
async function explainUnchanged(db: Pick<Tx, 'proposal'>, where: { id: string; userId: number }): Promise<void> {
  const row = await db.proposal.findFirst({ where, select: { agreedAt: true } })
  if (!row) throw notFound()
  if (row.agreedAt !== null) throw agreedLocked()
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

/**
 * The stored calculator with the seller's scenarios set, or removed (null: the page derives them),
 * checked as a whole so that a name that is no input, or a value that is not finite, is a 400.
 */
function withScenarios(stored: Prisma.JsonValue, scenarios: ProposalScenarios | null): Prisma.InputJsonObject {
  const calculatorData = Object.fromEntries(Object.entries(jsonObject(stored)).filter(([name]) => name !== 'scenarios'))
  const changed = scenarios === null ? calculatorData : { ...calculatorData, scenarios }
  checkedCalculatorData(changed)
  return changed
}

/**
 * PATCH: a new title and/or expiry (null clears it; a past one ends the link at once) and/or the
 * seller's scenarios. Only the scenarios of the stored calculator change (nothing else of it ever
 * does), so concurrent changes of them simply leave the last; an agreement racing the change is
 * seen by the UPDATE, which requires agreed_at null, and answers 409.
 */
/**
 * A rename also renames the saved draft (at a new revision: an editor open elsewhere is told its
 * copy is stale), so publishing the draft later does not bring the old title back.
 */
async function retitleDraft(tx: Tx, proposalId: string, title: string): Promise<void> {
  const row = await tx.proposal.findUnique({ where: { id: proposalId }, select: { draftDocument: true } })
  const draft = storedDocument(row?.draftDocument ?? null)
  if (draft === null || draft.title === title) return
  await tx.proposal.update({
    where: { id: proposalId },
    data: { draftDocument: documentJson({ ...draft, title }), draftRevision: { increment: 1 } },
  })
}

export async function updateProposal(deps: ManagementDeps, props: OwnerCall & { body: UpdateProposalBody }): Promise<ProposalListEntry> {
  const where = owned(props)
  const { title, expiresAt, scenarios } = props.body
  let calculatorData: Prisma.InputJsonObject | undefined
  if (scenarios !== undefined) {
    const row = await deps.prisma.proposal.findFirst({ where, select: { calculatorData: true, agreedAt: true } })
    if (!row) throw notFound()
    if (row.agreedAt !== null) throw agreedLocked()
    calculatorData = withScenarios(row.calculatorData, scenarios)
  }
  await deps.prisma.$transaction(async (tx) => {
    const { count } = await tx.proposal.updateMany({
      where: { ...where, agreedAt: null },
      data: {
        ...(title === undefined ? {} : { title }),
        ...(expiresAt === undefined ? {} : { expiresAt }),
        ...(calculatorData === undefined ? {} : { calculatorData }),
      },
    })
    if (count === 0) await explainUnchanged(tx, where)
    if (title !== undefined) await retitleDraft(tx, where.id, title)
  })
  deps.publishedProposals.evict(where.id)
  return listEntryOf(deps, where)
}

/**
 * The link stops opening for prospects for good (410); the owner still lists and opens it. Revoking
 * again changes nothing: the first time stays, and only that one is an event. An agreed proposal
 * stays readable to anyone with the link (409).
 */
export async function revokeProposal(deps: ManagementDeps, props: OwnerCall): Promise<ProposalListEntry> {
  const where = owned(props)
  const revokedAt = nowOf(deps)
  await deps.prisma.$transaction(async (tx) => {
    const { count } = await tx.proposal.updateMany({ where: { ...where, revokedAt: null, agreedAt: null }, data: { revokedAt } })
    if (count === 1) await recordProposalRevoked(tx, { proposalId: where.id, userId: where.userId, revokedAt })
    else await explainUnchanged(tx, where)
  })
  deps.publishedProposals.evict(where.id)
  return listEntryOf(deps, where)
}

/**
 * Deleted with its event and its images; its link then answers 404 like any unknown id. An agreed
 * one stays (409). The images' rows go with the proposal; their objects once that has committed.
 */
export async function deleteProposal(deps: ManagementDeps, props: OwnerCall): Promise<void> {
  const where = owned(props)
  const deletedAt = nowOf(deps)
  const imageKeys = await deps.prisma.$transaction(async (tx) => {
    const keys = await imageKeysOf(tx, where.id)
    const { count } = await tx.proposal.deleteMany({ where: { ...where, agreedAt: null } })
    if (count === 0) {
      await explainUnchanged(tx, where)
      throw notFound()
    }
    await recordProposalDeleted(tx, { proposalId: where.id, userId: where.userId, deletedAt })
    return keys
  })
  deps.publishedProposals.evict(where.id)
  await discardImageObjects(deps, imageKeys)
}

/** '<title> (copy)', the title shortened if need be so that the marker always shows. */
export function copyTitle(title: string): string {
  const room = PROPOSAL_TITLE_MAX_LENGTH - PROPOSAL_COPY_SUFFIX.length
  return `${title.length <= room ? title : title.slice(0, room).trimEnd()}${PROPOSAL_COPY_SUFFIX}`
}

export function jsonObject(value: Prisma.JsonValue): Prisma.JsonObject {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value
  throw new Error('a stored proposal always has its calculator as a JSON object')
}

/** What the created event says of the stored calculator (validated when it was first stored). */
function calculatorFacts(calculatorData: Prisma.JsonObject): { calculatorType: string; currency: string } {
  const text = (value: unknown) => (typeof value === 'string' ? value : '')
  return { calculatorType: text(calculatorData.calculatorType), currency: text(calculatorData.baseCurrency) }
}

/** A duplicate (a new first version, titled as a copy) or the next version of an agreed proposal. */
export type CopyOrigin = 'duplicate' | 'version'

/**
 * A new proposal with its own link: the same sections, calculator, template, content, access code
 * (encrypted anew: the ciphertext is bound to the proposal id) and who may agree, neither revoked
 * nor expiring, nor agreed. Like every stored proposal it gets the branding of the owner's plan now
 * (SPEC §4): a copy never keeps a company branding the plan no longer allows. A version keeps the
 * key of the request that made it (versions.ts: a retry answers it again).
 */
export async function copyProposal(
  deps: ManagementDeps,
  source: Proposal,
  origin: CopyOrigin,
  versionRequestKey?: string,
): Promise<{ id: string }> {
  const branding = brandingFor(await accountOf(deps.prisma, source.userId), deps.publicOrigin)
  const calculatorData = jsonObject(source.calculatorData)
  const id = newProposalId()
  const createdAt = nowOf(deps)
  const accessCode = accessCodeOf(deps, source)
  const fresh = {
    id,
    createdAt,
    accessCode: accessCode === null ? null : deps.cipher.encrypt(id, accessCode),
    ...(origin === 'version'
      ? { title: source.title, version: source.version + 1, previousVersionId: source.id, versionRequestKey: versionRequestKey ?? null }
      : { title: copyTitle(source.title) }),
  }
  const images = await copyImageObjects(deps, { sourceId: source.id, copyId: id, createdAt })
  const documents = {
    document: withImageIds(source.document, images.newIds),
    draftDocument: withImageIds(source.draftDocument, images.newIds),
  }
  try {
    await deps.prisma.$transaction(async (tx) => {
      const created = await tx.proposal.create({
        data: copyOf({ ...source, ...documents }, fresh, { ...calculatorData, branding: jsonBranding(branding.branding) }),
      })
      await tx.proposalImage.createMany({ data: images.rows })
      // A copy and a new version count toward the month's proposals and the account's storage (docs/decisions/120).
      await chargeNewProposal(tx, created)
      await recordProposalCreated(tx, {
        proposalId: id,
        userId: source.userId,
        origin,
        templateType: source.templateType,
        language: null,
        writer: null,
        ...calculatorFacts(calculatorData),
        published: source.isPublished,
        branding: branding.kind,
        createdAt,
      })
    })
  } catch (error) {
    await discardImageObjects(deps, images.keys)
    throw error
  }
  return { id }
}

/** A stored document naming the copy's images in place of the source's (issue 37); null stays null. */
function withImageIds(stored: Prisma.JsonValue, newIds: ReadonlyMap<string, string>): Prisma.JsonValue {
  const document = storedDocument(stored)
  if (document === null || newIds.size === 0) return stored
  const blocks = document.blocks.map((block) =>
    block.type === 'image' ? { ...block, imageId: newIds.get(block.imageId) ?? block.imageId } : block,
  )
  return JSON.parse(JSON.stringify({ ...document, blocks })) as Prisma.JsonValue
}

/** A copy with its own link and the title marked as a copy (an agreed proposal too: its copy starts unagreed). */
export async function duplicateProposal(deps: ManagementDeps, props: OwnerCall): Promise<{ id: string }> {
  const source = await deps.prisma.proposal.findFirst({ where: owned(props) })
  if (!source) throw notFound()
  return copyProposal(deps, source, 'duplicate')
}

/** The branding's filled fields as JSON (no undefined values). */
function jsonBranding(branding: StoredBranding): Prisma.InputJsonObject {
  return Object.fromEntries(Object.entries(branding).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
}

function copyOf(
  source: Proposal,
  fresh: {
    id: string
    createdAt: Date
    accessCode: string | null
    title: string
    version?: number
    previousVersionId?: string
    versionRequestKey?: string | null
  },
  calculatorData: Prisma.InputJsonObject,
): Prisma.ProposalUncheckedCreateInput {
  return {
    ...fresh,
    userId: source.userId,
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
    whoMayAgree: source.whoMayAgree,
    agreementEmails: source.agreementEmails,
    // The seller's document and draft (issue 37): the copy shows what the source shows, and its editor starts from the same draft.
    document: source.document ?? Prisma.DbNull,
    draftDocument: source.draftDocument ?? Prisma.DbNull,
    draftSavedAt: source.draftSavedAt,
  }
}
