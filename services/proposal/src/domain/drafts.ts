// The seller's document (issue 37, docs/decisions/133): a draft the editor autosaves, publications
// the prospect sees, each one viewable and restorable. Every call is the owner's (someone else's id
// is the same 404 as a missing one). A save names the draft revision it started from and is one
// compare-and-set UPDATE, so of two tabs saving at once exactly one wins and the other gets 409:
// nothing is merged or silently overwritten. An agreed proposal changes no more (409, issue 20).
import { randomUUID } from 'node:crypto'
import { isDeepStrictEqual } from 'node:util'
import {
  DOCUMENT_TOO_LARGE_MESSAGE,
  DRAFT_CONFLICT_MESSAGE,
  PROPOSAL_DOCUMENT_LIMITS,
  PROPOSAL_AGREED_LOCKED_MESSAGE,
  visibleBlocks,
  type DraftAnswer,
  type ProposalDocument,
  type PublicationAnswer,
  type PublicationSummary,
  type SaveDraftBody,
} from '@valueproof/contracts'
import { priceOfQuote } from '@valueproof/formula'
import { errors } from '@valueproof/http-kit'
import type { Prisma, Proposal, Tx } from '../db.ts'
import { documentJson, publishedDocument, storedDocument } from '../presenters/proposal.ts'
import { jsonObject, notFound, owned, type ManagementDeps, type OwnerCall } from './proposal-management.ts'
import { assertStorageAfterGrowth, jsonBytes, proposalBytes } from './proposal-quota.ts'
import { checkedCalculatorData } from './proposals.ts'

export const FOREIGN_IMAGE_MESSAGE = 'Images come from this proposal’s uploads only'
export const PUBLICATION_NOT_FOUND_MESSAGE = 'This proposal has no publication with that number'

/** Which of these image ids are uploads of the proposal (the images' store answers). */
export type UploadedImageIds = (props: { proposalId: string; imageIds: readonly string[] }) => Promise<ReadonlySet<string>>

/**
 * No image is an upload while this service stores none: a document naming an image is refused
 * (400). The images' store replaces this with its own lookup of the proposal's uploads.
 */
export const noImagesUploaded: UploadedImageIds = () => Promise.resolve(new Set())

export interface DraftDeps extends Pick<ManagementDeps, 'prisma' | 'now' | 'publishedProposals'> {
  uploadedImageIds: UploadedImageIds
}

function nowOf(deps: DraftDeps): Date {
  return (deps.now ?? (() => new Date()))()
}

function summaryOf(publication: { number: number; title: string; publishedAt: Date }): PublicationSummary {
  return { number: publication.number, title: publication.title, publishedAt: publication.publishedAt.toISOString() }
}

/** The draft (the published document until the seller saves one) with the proposal's publications, newest first. */
async function draftAnswerOf(db: Pick<Tx, 'proposalPublication'>, row: Proposal): Promise<DraftAnswer> {
  const publications = (
    await db.proposalPublication.findMany({
      where: { proposalId: row.id },
      orderBy: { number: 'desc' },
      select: { number: true, title: true, publishedAt: true },
    })
  ).map(summaryOf)
  const published = publishedDocument(row)
  const document = storedDocument(row.draftDocument) ?? published
  return {
    document,
    revision: row.draftRevision,
    savedAt: row.draftSavedAt?.toISOString() ?? null,
    published: publications[0] ?? null,
    // Compared as values: the database keeps a JSON object's keys in its own order.
    unpublishedChanges: !isDeepStrictEqual(document, published),
    publications,
  }
}

/**
 * Why a change scoped to the owner, an unagreed proposal and (for a save or publish) the revision
 * changed nothing: 404 when it is not the owner's, 409 when it was agreed to, else 409 because
 * the draft moved on since the client read it.
 */
async function explainRefused(db: Pick<Tx, 'proposal'>, where: { id: string; userId: number }): Promise<never> {
  const row = await db.proposal.findFirst({ where, select: { agreedAt: true } })
  if (!row) throw notFound()
  if (row.agreedAt !== null) throw errors.conflict(PROPOSAL_AGREED_LOCKED_MESSAGE, 'proposal_agreed')
  throw errors.conflict(DRAFT_CONFLICT_MESSAGE, 'draft_conflict')
}

/**
 * Locks the owner's unagreed proposal (at `revision`, when given) for the rest of `tx` and reads
 * it: concurrent publishes and restores of one proposal then follow one another.
 */
async function lockedForChange(tx: Tx, where: { id: string; userId: number }, props: { revision?: number; now: Date }): Promise<Proposal> {
  const { count } = await tx.proposal.updateMany({
    where: { ...where, agreedAt: null, ...(props.revision === undefined ? {} : { draftRevision: props.revision }) },
    data: { updatedAt: props.now },
  })
  if (count === 0) await explainRefused(tx, where)
  return tx.proposal.findUniqueOrThrow({ where: { id: where.id } })
}

/** 400 when the document shows an image that is not an upload of this proposal (another's, or none at all). */
async function refuseForeignImages(deps: DraftDeps, proposalId: string, document: ProposalDocument): Promise<void> {
  const imageIds = [...new Set(document.blocks.flatMap((block) => (block.type === 'image' ? [block.imageId] : [])))]
  if (imageIds.length === 0) return
  const uploaded = await deps.uploadedImageIds({ proposalId, imageIds })
  if (imageIds.some((imageId) => !uploaded.has(imageId))) throw errors.badRequest(FOREIGN_IMAGE_MESSAGE, 'image_not_uploaded')
}

/** GET /proposals/:id/draft: the draft at its revision (0 before the first save). */
export async function getDraft(deps: DraftDeps, call: OwnerCall): Promise<DraftAnswer> {
  const row = await deps.prisma.proposal.findFirst({ where: owned(call) })
  if (!row) throw notFound()
  return draftAnswerOf(deps.prisma, row)
}

/**
 * PUT /proposals/:id/draft: the document replaces the draft when the draft is still at the
 * revision the client names, in one UPDATE … WHERE draft_revision = revision that also counts the
 * change in the account's stored bytes (docs/decisions/120: 403 when they would pass the ceiling).
 * The draft only changes with its revision, so its size read before the UPDATE is the one replaced.
 */
export async function saveDraft(deps: DraftDeps, props: OwnerCall & { body: SaveDraftBody }): Promise<DraftAnswer> {
  const where = owned(props)
  const before = await deps.prisma.proposal.findFirst({ where, select: { draftDocument: true, draftRevision: true, agreedAt: true } })
  if (!before || before.agreedAt !== null || before.draftRevision !== props.body.revision) await explainRefused(deps.prisma, where)
  const draftDocument = documentJson(props.body.document)
  if (jsonBytes(draftDocument) > PROPOSAL_DOCUMENT_LIMITS.maxBytes)
    throw errors.payloadTooLarge(DOCUMENT_TOO_LARGE_MESSAGE, 'document_too_large')
  await refuseForeignImages(deps, where.id, props.body.document)
  const grownBy = jsonBytes(draftDocument) - jsonBytes(before?.draftDocument)
  const now = nowOf(deps)
  const row = await deps.prisma.$transaction(async (tx) => {
    const { count } = await tx.proposal.updateMany({
      where: { ...where, agreedAt: null, draftRevision: props.body.revision },
      data: { draftDocument, draftRevision: { increment: 1 }, draftSavedAt: now, storedBytes: { increment: grownBy } },
    })
    if (count === 0) await explainRefused(tx, where)
    await assertStorageAfterGrowth(tx, { userId: where.userId, grownBy, now })
    return tx.proposal.findUniqueOrThrow({ where: { id: where.id } })
  })
  return draftAnswerOf(deps.prisma, row)
}

/** Whether the stored price is one the seller entered (a pricing table's price is), not one quoted from their document. */
function enteredPrice(price: Prisma.JsonValue | undefined): boolean {
  if (typeof price !== 'object' || price === null || Array.isArray(price)) return false
  const source = price.source
  return typeof source === 'object' && source !== null && !Array.isArray(source) && source.kind === 'entered'
}

/**
 * The calculator priced by the document's first shown pricing table at the seller's starting
 * ticks, so ROI and payback follow the quote; undefined when it stays as stored (no table). A
 * table that totals nothing removes only a price the seller entered: a price quoted from their
 * document stays. A hidden table prices nothing: the prospect would see a price with no quote.
 */
function pricedCalculator(stored: Prisma.JsonValue, document: ProposalDocument): Prisma.InputJsonObject | undefined {
  const table = visibleBlocks(document).find((block) => block.type === 'pricing')
  if (table === undefined) return undefined
  const calculator = jsonObject(stored)
  const price = priceOfQuote(table)
  let priced: Prisma.InputJsonObject
  if (price !== undefined) priced = { ...calculator, price: JSON.parse(JSON.stringify(price)) as Prisma.InputJsonObject }
  else if (enteredPrice(calculator.price)) priced = Object.fromEntries(Object.entries(calculator).filter(([name]) => name !== 'price'))
  else return undefined
  checkedCalculatorData(priced)
  return priced
}

/**
 * POST /proposals/:id/publish: the draft at `revision` becomes the next publication and what the
 * prospect's page and the PDF show, its title the proposal's, its pricing table the calculator's
 * price. One transaction on the locked row: the publication, the proposal and its stored bytes
 * (each publication is kept, so it counts) change together or not at all.
 */
export async function publishDraft(deps: DraftDeps, props: OwnerCall & { body: { revision: number } }): Promise<DraftAnswer> {
  const where = owned(props)
  const now = nowOf(deps)
  const row = await deps.prisma.$transaction(async (tx) => {
    const current = await lockedForChange(tx, where, { revision: props.body.revision, now })
    const document = storedDocument(current.draftDocument) ?? publishedDocument(current)
    const json = documentJson(document)
    const last = await tx.proposalPublication.aggregate({ where: { proposalId: where.id }, _max: { number: true } })
    await tx.proposalPublication.create({
      data: {
        id: randomUUID(),
        proposalId: where.id,
        number: (last._max.number ?? 0) + 1,
        title: document.title,
        document: json,
        publishedAt: now,
      },
    })
    const calculatorData = pricedCalculator(current.calculatorData, document)
    const next = { ...current, title: document.title, document: json, ...(calculatorData === undefined ? {} : { calculatorData }) }
    const storedBytes =
      current.storedBytes - proposalBytes(current) + proposalBytes(next) + jsonBytes(json) + Buffer.byteLength(document.title)
    await tx.proposal.update({
      where: { id: where.id },
      data: { title: next.title, document: json, storedBytes, ...(calculatorData === undefined ? {} : { calculatorData }) },
    })
    await assertStorageAfterGrowth(tx, { userId: where.userId, grownBy: storedBytes - current.storedBytes, now })
    return tx.proposal.findUniqueOrThrow({ where: { id: where.id } })
  })
  // Prospects opening it next read the new publication at once (other replicas within the cache's short life).
  deps.publishedProposals.evict(where.id)
  return draftAnswerOf(deps.prisma, row)
}

async function publicationOf(db: Pick<Tx, 'proposal' | 'proposalPublication'>, call: OwnerCall & { number: number }) {
  const where = owned(call)
  const proposal = await db.proposal.findFirst({ where, select: { id: true } })
  if (!proposal) throw notFound()
  const publication = await db.proposalPublication.findUnique({
    where: { proposalId_number: { proposalId: where.id, number: call.number } },
  })
  if (!publication) throw errors.notFound(PUBLICATION_NOT_FOUND_MESSAGE, 'publication_not_found')
  return publication
}

function documentOf(publication: { document: Prisma.JsonValue }): ProposalDocument {
  const document = storedDocument(publication.document)
  if (document === null) throw new Error('a publication always holds a document')
  return document
}

/** GET /proposals/:id/publications/:number: a publication as it was published, hidden blocks included. */
export async function getPublication(deps: DraftDeps, call: OwnerCall & { number: number }): Promise<PublicationAnswer> {
  const publication = await publicationOf(deps.prisma, call)
  return { ...summaryOf(publication), document: documentOf(publication) }
}

/**
 * POST /proposals/:id/publications/:number/restore: the draft becomes that publication (a new
 * revision: a tab still editing the old draft gets 409 on its next save). The prospect keeps
 * seeing the current publication until the seller publishes again.
 */
export async function restorePublication(deps: DraftDeps, call: OwnerCall & { number: number }): Promise<DraftAnswer> {
  const where = owned(call)
  const now = nowOf(deps)
  const row = await deps.prisma.$transaction(async (tx) => {
    const current = await lockedForChange(tx, where, { now })
    const draftDocument = documentJson(documentOf(await publicationOf(tx, call)))
    const grownBy = jsonBytes(draftDocument) - jsonBytes(current.draftDocument)
    await tx.proposal.update({
      where: { id: where.id },
      data: { draftDocument, draftRevision: { increment: 1 }, draftSavedAt: now, storedBytes: { increment: grownBy } },
    })
    await assertStorageAfterGrowth(tx, { userId: where.userId, grownBy, now })
    return tx.proposal.findUniqueOrThrow({ where: { id: where.id } })
  })
  deps.publishedProposals.evict(where.id)
  return draftAnswerOf(deps.prisma, row)
}
