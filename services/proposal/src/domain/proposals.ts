import {
  BEACON_TOKEN_TTL_MS,
  PROPOSAL_TITLE_MAX_LENGTH,
  PROPOSAL_UNAVAILABLE_MESSAGE,
  isProposalId,
  proposalAvailability,
  type CreateProposalBody,
  type GenerateProposalBody,
  type OpenedProposal,
  type ProposalListEntry,
} from '@valueproof/contracts'
import { validateCalculatorData, type CalculatorData } from '@valueproof/formula'
import { errors, HttpError, signBeaconToken } from '@valueproof/http-kit'
import type { ObjectStore } from '@valueproof/object-store'
import type { Prisma, PrismaClient } from '../db.ts'
import { recordProposalCreated, recordProposalShared } from '../events/outbox.ts'
import { LIST_ENTRY_COLUMNS, presentListEntry, presentProposal } from '../presenters/proposal.ts'
import { presentAvailability } from '../presenters/proposal-availability.ts'
import { detectLanguage, WritingError, type ProposalSections, type ProposalWriter } from '../writing/index.ts'
import type { AccessCodeCipher } from './access-code-cipher.ts'
import type { AccessCodePolicy, CodeThrottleStore } from './access-code-policy.ts'
import {
  ACCESS_CODE_REQUIRED_MESSAGE,
  ACCESS_CODE_WRONG_MESSAGE,
  accessCodeMatches,
  codeAccepted,
  reserveCodeAttempt,
} from './access-codes.ts'
import { accountOf, type AccountLoader } from './accounts.ts'
import { releasedAgreementsOf } from './agreement-rules.ts'
import { refuseCommonAccessCode } from './common-access-codes.ts'
import { brandingFor, withShownBranding } from './branding.ts'
import { newProposalId } from './proposal-ids.ts'
import { chargeNewProposal } from './proposal-quota.ts'
import type { PublishedProposalCache } from './proposal-cache.ts'
import type { LoadedProposal, ProposalLoader } from './proposal-loader.ts'
import type { ViewRecorder } from './views.ts'

export interface ProposalDeps {
  prisma: PrismaClient
  dbSchema: string | undefined
  writer: ProposalWriter
  /** The product branding's website (SPEC §9: the product's own site). */
  publicOrigin: string | undefined
  accessCodes: AccessCodePolicy
  /** The attempt rows' store (and ADDRESS_HASH_KEY for their keys). */
  codeThrottles: CodeThrottleStore
  /** Access codes at rest (ACCESS_CODE_KEY). */
  cipher: AccessCodeCipher
  /** Reads for openProposal, batched per turn of the event loop. */
  proposals: ProposalLoader
  /** The same reads kept briefly for signed-out visitors (prospects), evicted when a proposal changes. */
  publishedProposals: PublishedProposalCache
  /** The owners' accounts for openProposal (their plan decides the branding shown), batched likewise. */
  accounts: AccountLoader
  /** Records the views the page's beacon reports (the GET records none). */
  views: ViewRecorder
  /** The beacon tokens' key, derived once from GATEWAY_SIGNING_KEY (beaconTokenKey). */
  beaconKey: Buffer
  /** The proposals' uploaded images (proposal-images.ts). */
  objectStore: ObjectStore
  now?: () => Date
}

/** Unknown and unpublished ids get this same answer, so neither can be told from the other. */
export const PROPOSAL_NOT_FOUND_MESSAGE = 'Proposal not found. Check the link, or ask the sender for a new one.'

const PROBLEMS_LISTED = 10

/** The calculator with its defaults applied, or 400 listing what is wrong with it. */
export function checkedCalculatorData(raw: unknown): CalculatorData {
  const validation = validateCalculatorData(raw)
  if (validation.ok) return validation.calculatorData
  const listed = validation.problems
    .slice(0, PROBLEMS_LISTED)
    .map((problem) => (problem.path === '' ? problem.message : `${problem.path}: ${problem.message}`))
  if (validation.problems.length > PROBLEMS_LISTED) listed.push(`… and ${validation.problems.length - PROBLEMS_LISTED} more`)
  throw errors.badRequest(`calculatorData is not a valid calculator: ${listed.join('; ')}`, 'invalid_calculator')
}

function isJsonObject(value: unknown): value is Prisma.InputJsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Plain JSON for the calculator_data column (undefined fields left out). */
function storedJson(value: object): Prisma.InputJsonObject {
  const parsed: unknown = JSON.parse(JSON.stringify(value))
  if (!isJsonObject(parsed)) throw new Error('a calculator must serialise to a JSON object')
  return parsed
}

export function clampTitle(title: string): string {
  return title.length <= PROPOSAL_TITLE_MAX_LENGTH ? title : `${title.slice(0, PROPOSAL_TITLE_MAX_LENGTH - 1).trimEnd()}…`
}

/** The code as entered (decrypted), for its owner or for the comparison. */
export function accessCodeOf(deps: Pick<ProposalDeps, 'cipher'>, proposal: { id: string; accessCode: string | null }): string | null {
  return proposal.accessCode === null ? null : deps.cipher.decrypt(proposal.id, proposal.accessCode)
}

/** The signed-in user's proposals only, newest first, with their access codes (SPEC §2's list) and prospect views. */
export async function listProposals(deps: Pick<ProposalDeps, 'prisma' | 'cipher'>, userId: number): Promise<ProposalListEntry[]> {
  const rows = await deps.prisma.proposal.findMany({
    where: { userId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: LIST_ENTRY_COLUMNS,
  })
  return rows.map((row) => presentListEntry({ ...row, accessCode: accessCodeOf(deps, row) }))
}

/**
 * The Share dialog (SPEC §2, second reading): the calculator becomes a published proposal with the
 * given name and optional access code. Its branding is decided here from the plan the service
 * knows, whatever the client sent (SPEC §4). The created and shared events commit with it.
 */
export async function shareCalculator(deps: ProposalDeps, props: { userId: number; body: CreateProposalBody }): Promise<{ id: string }> {
  const calculatorData = checkedCalculatorData(props.body.calculatorData)
  await refuseCommonAccessCode(props.body.accessCode)
  const branding = brandingFor(await accountOf(deps.prisma, props.userId), deps.publicOrigin)
  const id = newProposalId()
  const createdAt = (deps.now ?? (() => new Date()))()
  await deps.prisma.$transaction(async (tx) => {
    const created = await tx.proposal.create({
      data: {
        id,
        userId: props.userId,
        title: props.body.title,
        content: props.body.content,
        calculatorData: storedJson({ ...calculatorData, branding: branding.branding }),
        isPublished: true,
        accessCode: props.body.accessCode === null ? null : deps.cipher.encrypt(id, props.body.accessCode),
        templateType: null,
        expiresAt: props.body.expiresAt,
        createdAt,
      },
    })
    await chargeNewProposal(tx, created)
    await recordProposalCreated(tx, {
      proposalId: id,
      userId: props.userId,
      origin: 'share',
      templateType: null,
      language: null,
      writer: null,
      calculatorType: calculatorData.calculatorType,
      currency: calculatorData.baseCurrency,
      published: true,
      branding: branding.kind,
      createdAt,
    })
    await recordProposalShared(tx, {
      proposalId: id,
      userId: props.userId,
      accessCodeSet: props.body.accessCode !== null,
      sharedAt: createdAt,
    })
  })
  return { id }
}

/**
 * Writes a proposal from a calculator and the user's input, in the calculator's language, and
 * stores it published with the requested template. The user's input itself is not stored (it may
 * be a whole document): only what was written from it.
 */
export async function generateProposal(
  deps: ProposalDeps,
  props: { userId: number; body: GenerateProposalBody; signal?: AbortSignal },
): Promise<{ id: string }> {
  const calculatorData = checkedCalculatorData(props.body.calculatorData)
  const account = await accountOf(deps.prisma, props.userId)
  const branding = brandingFor(account, deps.publicOrigin)
  const language = detectLanguage(calculatorData, props.body.input)
  let sections: ProposalSections
  try {
    sections = await deps.writer.write(
      {
        calculatorData,
        input: props.body.input,
        templateType: props.body.templateType,
        language,
        contact: branding.contact,
      },
      props.signal,
    )
  } catch (error) {
    if (error instanceof WritingError) throw new HttpError(error.status, `writing_${error.code}`, error.message)
    throw error
  }
  const id = newProposalId()
  const createdAt = (deps.now ?? (() => new Date()))()
  await deps.prisma.$transaction(async (tx) => {
    const created = await tx.proposal.create({
      data: {
        id,
        userId: props.userId,
        ...sections,
        title: clampTitle(sections.title),
        calculatorData: storedJson({ ...calculatorData, branding: branding.branding }),
        isPublished: true,
        templateType: props.body.templateType,
        createdAt,
      },
    })
    await chargeNewProposal(tx, created)
    await recordProposalCreated(tx, {
      proposalId: id,
      userId: props.userId,
      origin: 'generate',
      templateType: props.body.templateType,
      language,
      writer: deps.writer.name,
      calculatorType: calculatorData.calculatorType,
      currency: calculatorData.baseCurrency,
      published: true,
      branding: branding.kind,
      createdAt,
    })
  })
  return { id }
}

export interface Viewer {
  /** The signed-in user, when the gateway found a valid session. */
  userId: number | undefined
  /** The gateway's anonymous visitor id: view counts, and whose wrong access codes are whose. */
  visitorId: string | undefined
  /** The client's address, for the access-code attempt limits and the view people's keys (decision 119) only. */
  ip: string
}

export function proposalNotFound(): HttpError {
  return errors.notFound(PROPOSAL_NOT_FOUND_MESSAGE, 'proposal_not_found')
}

/**
 * The proposal as this viewer may open it: the owner always; anyone else only a published one
 * whose link was neither revoked nor has expired (else 410). Unknown and unpublished ids answer the
 * same 404. The access code is the caller's to check. A signed-out visitor (a prospect, the many)
 * is answered from the published-proposal cache; a signed-in user, perhaps the owner who just
 * changed it on another replica, always from the database.
 */
export async function openableProposal(
  deps: Pick<ProposalDeps, 'proposals' | 'publishedProposals'>,
  props: { proposalId: string; userId: number | undefined; now: Date },
): Promise<{ proposal: LoadedProposal; isOwner: boolean }> {
  if (!isProposalId(props.proposalId)) throw proposalNotFound()
  const reader = props.userId === undefined ? deps.publishedProposals : deps.proposals
  const proposal = await reader.load(props.proposalId)
  if (!proposal) throw proposalNotFound()
  const isOwner = props.userId !== undefined && proposal.userId === props.userId
  if (!isOwner && !proposal.isPublished) throw proposalNotFound()
  if (!isOwner && proposalAvailability(proposal, props.now) !== 'available') {
    throw new HttpError(410, 'proposal_unavailable', PROPOSAL_UNAVAILABLE_MESSAGE)
  }
  return { proposal, isOwner }
}

/**
 * The 401 of a proposal that asks for its access code. It names the language the proposal is shown
 * in (its calculator's, English without one; issue 36), so that the prospect is asked for the code
 * in that language: that a proposal is in Swedish is all it tells about the proposal.
 */
function accessCodeNeeded(message: string, id: string, calculatorData: unknown): HttpError {
  const language =
    typeof calculatorData === 'object' && calculatorData !== null && 'language' in calculatorData ? calculatorData.language : undefined
  return new HttpError(401, id, message, {}, { language: language === 'sv' ? 'sv' : 'en' })
}

/**
 * Lets a visitor past the proposal's access code, when it has one: compared in constant time, wrong
 * codes limited per visitor, address and proposal (docs/decisions/100); 401 without the right code,
 * 429 past the limits. The owner needs none. Answers the code as entered (for the owner's answer).
 */
export async function admitViewer(
  deps: Pick<ProposalDeps, 'cipher' | 'codeThrottles' | 'accessCodes'>,
  props: {
    proposal: { id: string; accessCode: string | null; calculatorData: unknown }
    isOwner: boolean
    viewer: Viewer
    code: string | undefined
    now: Date
  },
): Promise<string | null> {
  const { proposal } = props
  const accessCode = accessCodeOf(deps, proposal)
  if (props.isOwner || accessCode === null) return accessCode
  const code = props.code?.trim() ?? ''
  if (code === '') throw accessCodeNeeded(ACCESS_CODE_REQUIRED_MESSAGE, 'access_code_required', proposal.calculatorData)
  const attempt = await reserveCodeAttempt(deps.codeThrottles, {
    proposalId: proposal.id,
    ip: props.viewer.ip,
    visitorId: props.viewer.visitorId,
    policy: deps.accessCodes,
    now: props.now,
  })
  if (!accessCodeMatches(code, accessCode)) throw accessCodeNeeded(ACCESS_CODE_WRONG_MESSAGE, 'access_code_wrong', proposal.calculatorData)
  await codeAccepted(deps.codeThrottles, { attempt, policy: deps.accessCodes })
  return accessCode
}

/**
 * Opens a proposal (see openableProposal and admitViewer). A pure read: the view is recorded from
 * the page's beacon, which carries back the token signed here (docs/decisions/111). The branding
 * shown follows the owner's current plan (docs/decisions/105). The prospect's agreement, when there
 * is one, is in the answer with whether its stored record still gives its hash (issue 20).
 */
export async function openProposal(
  deps: ProposalDeps,
  props: { proposalId: string; viewer: Viewer; code: string | undefined },
): Promise<OpenedProposal> {
  const now = (deps.now ?? (() => new Date()))()
  // Availability before the code: a link that no longer opens costs no attempt.
  const { proposal, isOwner } = await openableProposal(deps, { proposalId: props.proposalId, userId: props.viewer.userId, now })
  const accessCode = await admitViewer(deps, { proposal, isOwner, viewer: props.viewer, code: props.code, now })
  const owner = await deps.accounts.load(proposal.userId)
  const beaconToken = signBeaconToken(deps.beaconKey, {
    proposalId: proposal.id,
    ownerUserId: proposal.userId,
    viewer: isOwner ? 'owner' : 'visitor',
    // The owner's token carries no visitor id: that would link the anonymous id to an account.
    visitorId: isOwner ? '' : (props.viewer.visitorId ?? ''),
    expiresAt: now.getTime() + BEACON_TOKEN_TTL_MS,
  })
  const presented = presentProposal({ ...proposal, accessCode }, { isOwner })
  const record = { ...presented, calculatorData: withShownBranding(presented.calculatorData, owner, deps.publicOrigin) }
  if (!isOwner) return { ...record, beaconToken }
  // The owner's pages mark a link that no longer opens, and list the agreements they released (issue 34).
  const releasedAgreements = await releasedAgreementsOf(deps.prisma, proposal.id)
  return { ...record, ...presentAvailability(proposal), releasedAgreements, beaconToken }
}
