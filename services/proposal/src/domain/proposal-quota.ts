// What an account may store (issue 34, docs/decisions/120): proposals a month by plan, counted per
// UTC calendar month like calculators, and a ceiling on the bytes all of an account's proposals
// keep. Every way a proposal row is made (share, generate, duplicate, a new version) calls
// chargeNewProposal inside the transaction that creates it; the generation calls also ask
// assertProposalAllowance first, so no writing is done for an account that could not keep it.
import { PROPOSAL_LIMITS, PROPOSAL_STORAGE_LIMITS, storageSize, usageMonth, type Plan } from '@valueproof/contracts'
import { errors, type HttpError } from '@valueproof/http-kit'
import type { Prisma, PrismaClient, Proposal, Tx } from '../db.ts'

export function proposalLimitMessage(plan: Plan, limit: number): string {
  return plan === 'pro'
    ? `You have reached this month's limit of ${limit} proposals on the Pro plan. Your allowance starts again on the 1st of next month (UTC).`
    : `You have reached this month's limit of ${limit} proposals on the Free plan. Upgrade to Pro for up to ${PROPOSAL_LIMITS.pro} proposals per month, or wait until the 1st of next month (UTC).`
}

export function proposalStorageMessage(plan: Plan, limitBytes: number): string {
  return plan === 'pro'
    ? `Your proposals would take more than ${storageSize(limitBytes)}, the most the Pro plan keeps. Delete proposals you no longer need.`
    : `Your proposals would take more than ${storageSize(limitBytes)}, the most the Free plan keeps. Delete proposals you no longer need, or upgrade to Pro to keep up to ${storageSize(PROPOSAL_STORAGE_LIMITS.pro)}.`
}

function limitReached(plan: Plan): HttpError {
  return errors.forbidden(proposalLimitMessage(plan, PROPOSAL_LIMITS[plan]), 'proposal_limit_reached')
}

export function storageFull(plan: Plan): HttpError {
  return errors.forbidden(proposalStorageMessage(plan, PROPOSAL_STORAGE_LIMITS[plan]), 'proposal_storage_full')
}

/** The text fields a proposal row keeps. */
type StoredText = Pick<
  Proposal,
  | 'title'
  | 'executiveSummary'
  | 'problemStatement'
  | 'solutionOverview'
  | 'valueProposition'
  | 'callToAction'
  | 'contactInformation'
  | 'content'
  | 'accessCode'
>

/** A JSON column's value as read, or as about to be written. */
type StoredJson = Prisma.JsonValue | Prisma.InputJsonValue

/** What a JSON column keeps, bytes, counted as the calculator's is (0 when empty). */
export function jsonBytes(value: StoredJson | null | undefined): number {
  return value === null || value === undefined ? 0 : Buffer.byteLength(JSON.stringify(value))
}

/**
 * What a row keeps, bytes: its text fields, its calculator's JSON, and its published and draft
 * documents (issue 37) as UTF-8 (the migration counted the rows before it so too). Its
 * publications are added as each is made (drafts.ts).
 */
export function proposalBytes(
  row: StoredText & { calculatorData: StoredJson; document?: StoredJson | null; draftDocument?: StoredJson | null },
): number {
  const texts = [
    row.title,
    row.executiveSummary,
    row.problemStatement,
    row.solutionOverview,
    row.valueProposition,
    row.callToAction,
    row.contactInformation,
    row.content,
    row.accessCode,
  ]
  const textBytes = texts.reduce((sum, text) => sum + (text === null ? 0 : Buffer.byteLength(text)), 0)
  return textBytes + jsonBytes(row.calculatorData) + jsonBytes(row.document) + jsonBytes(row.draftDocument)
}

export async function planOf(db: Pick<PrismaClient, 'userAccount'> | Tx, userId: number): Promise<Plan> {
  const row = await db.userAccount.findUnique({ where: { userId }, select: { plan: true } })
  return row?.plan === 'pro' ? 'pro' : 'free'
}

/** What the account keeps, bytes: its proposals' rows and the images uploaded into them. */
export async function storedBytesOf(db: Pick<PrismaClient, 'proposal' | 'proposalImage'> | Tx, userId: number): Promise<number> {
  // One after the other: inside a transaction the two share its one connection.
  const proposals = await db.proposal.aggregate({ where: { userId }, _sum: { storedBytes: true } })
  const images = await db.proposalImage.aggregate({ where: { userId }, _sum: { bytes: true } })
  return (proposals._sum.storedBytes ?? 0) + (images._sum.bytes ?? 0)
}

/**
 * 403 when the account has no proposal left this month or its proposals already fill its plan's
 * ceiling: asked before a proposal is written or its body read, so nothing is spent on one that
 * could not be kept. chargeNewProposal decides for certain.
 */
export async function assertProposalAllowance(prisma: PrismaClient, props: { userId: number; now: Date }): Promise<void> {
  const [plan, usage, stored] = await Promise.all([
    planOf(prisma, props.userId),
    prisma.proposalUsageMonth.findUnique({
      where: { userId_month: { userId: props.userId, month: usageMonth(props.now) } },
      select: { count: true },
    }),
    storedBytesOf(prisma, props.userId),
  ])
  if ((usage?.count ?? 0) >= PROPOSAL_LIMITS[plan]) throw limitReached(plan)
  if (stored >= PROPOSAL_STORAGE_LIMITS[plan]) throw storageFull(plan)
}

/**
 * Counts a proposal just created in `tx` against its owner's month and records what it keeps; 403
 * (and the caller's transaction stores nothing) when the month's allowance is used up or the
 * account's proposals would pass the plan's ceiling. The month's row is locked by the increment,
 * so concurrent creations of one account queue here and none slips past either limit.
 */
export async function chargeNewProposal(tx: Tx, proposal: Proposal): Promise<void> {
  const { userId } = proposal
  const month = usageMonth(proposal.createdAt)
  const plan = await planOf(tx, userId)
  // Insert-if-missing cannot fail the transaction on a race (ON CONFLICT DO NOTHING); the update then takes the row's lock.
  await tx.proposalUsageMonth.createMany({ data: [{ userId, month, count: 0 }], skipDuplicates: true })
  const counted = await tx.proposalUsageMonth.updateMany({
    where: { userId, month, count: { lt: PROPOSAL_LIMITS[plan] } },
    data: { count: { increment: 1 } },
  })
  if (counted.count === 0) throw limitReached(plan)
  await tx.proposal.update({ where: { id: proposal.id }, data: { storedBytes: proposalBytes(proposal) } })
  if ((await storedBytesOf(tx, userId)) > PROPOSAL_STORAGE_LIMITS[plan]) throw storageFull(plan)
}

/**
 * Serialises one account's additions to what it keeps: the month's usage row that a new proposal
 * locks too (chargeNewProposal), so no upload, draft or proposal slips past the ceiling beside another.
 */
export async function lockAccountStorage(tx: Tx, userId: number, now: Date): Promise<void> {
  const month = usageMonth(now)
  await tx.proposalUsageMonth.createMany({ data: [{ userId, month, count: 0 }], skipDuplicates: true })
  await tx.proposalUsageMonth.updateMany({ where: { userId, month }, data: { count: { increment: 0 } } })
}

/**
 * After a change in `tx` made a proposal keep `grownBy` bytes more (a draft saved, a publication):
 * 403, and the caller's transaction stores nothing, when the account's proposals now pass its
 * plan's ceiling. A change that keeps less always goes through, so a full account can make room.
 */
export async function assertStorageAfterGrowth(tx: Tx, props: { userId: number; grownBy: number; now: Date }): Promise<void> {
  if (props.grownBy <= 0) return
  await lockAccountStorage(tx, props.userId, props.now)
  const plan = await planOf(tx, props.userId)
  if ((await storedBytesOf(tx, props.userId)) > PROPOSAL_STORAGE_LIMITS[plan]) throw storageFull(plan)
}
