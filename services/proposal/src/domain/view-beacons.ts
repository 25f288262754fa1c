// The view beacon (issue 19, docs/decisions/111): the proposal page's first beacon records the
// view that GET /proposals/:id no longer writes. It carries the token that GET signed, so only
// someone the proposal really opened for (after its access code) is counted, and nothing else the
// beacon says is trusted.
import { hash } from 'node:crypto'
import { BEACON_TOKEN_INVALID_MESSAGE, type BeaconResponse, type ViewBeaconBody } from '@valueproof/contracts'
import { errors, verifyBeaconToken, type BeaconClaims } from '@valueproof/http-kit'
import { openableProposal, type ProposalDeps, type Viewer } from './proposals.ts'
import { viewPerson } from './view-people.ts'

type ViewBeaconDeps = Pick<ProposalDeps, 'proposals' | 'publishedProposals' | 'views' | 'beaconKey' | 'now' | 'codeThrottles'>

/** What the gateway forwards of the visitor's browser: with the address, it tells people apart when cookies are dropped. */
export interface ViewerBrowser {
  userAgent: string
  acceptLanguage: string
}

/**
 * The token's claims when it was signed for this proposal and this visitor, and has not expired.
 * The owner's token carries no visitor id (it must not tie one to an account), so it is checked
 * without one, and then only an owner's token is taken: it can only ever record an uncounted view.
 */
function verifiedClaims(
  deps: ViewBeaconDeps,
  props: { proposalId: string; visitorId: string | undefined; token: string; now: Date },
): BeaconClaims | undefined {
  const { proposalId, token } = props
  const now = props.now.getTime()
  const asVisitor = verifyBeaconToken(deps.beaconKey, token, { proposalId, visitorId: props.visitorId }, now)
  if (asVisitor) return asVisitor
  const asOwner = verifyBeaconToken(deps.beaconKey, token, { proposalId, visitorId: '' }, now)
  return asOwner?.viewer === 'owner' ? asOwner : undefined
}

/**
 * Records one view of a proposal from its page's beacon. Do Not Track or Global Privacy Control:
 * nothing is looked at or kept. A token that is forged, expired, or another proposal's or
 * visitor's: 403. A proposal deleted, unpublished, expired or revoked since it opened: the GET's
 * 404 or 410. The owner's view (by the token, or by the session now) is recorded as the owner's and
 * not counted; anyone else's is recorded once per visit id and once per token (views.ts), and
 * counted once per person per window within the proposal's ceilings (view-people.ts). The answer
 * does not say which: a script learns nothing from it about how its views were taken.
 */
export async function recordViewBeacon(
  deps: ViewBeaconDeps,
  props: { proposalId: string; viewer: Viewer; browser: ViewerBrowser; body: ViewBeaconBody; doNotTrack: boolean },
): Promise<BeaconResponse> {
  if (props.doNotTrack) return { counted: false }
  const now = (deps.now ?? (() => new Date()))()
  const claims = verifiedClaims(deps, { proposalId: props.proposalId, visitorId: props.viewer.visitorId, token: props.body.token, now })
  if (!claims) throw errors.forbidden(BEACON_TOKEN_INVALID_MESSAGE, 'beacon_token_invalid')
  const { proposal, isOwner } = await openableProposal(deps, { proposalId: props.proposalId, userId: props.viewer.userId, now })
  const byOwner = isOwner || claims.viewer === 'owner'
  await deps.views.record({
    proposalId: proposal.id,
    ownerUserId: proposal.userId,
    title: proposal.title,
    viewer: byOwner ? 'owner' : 'visitor',
    // The owner's view is never tied to a visitor id: that would link the anonymous id to an account.
    visitorId: byOwner ? undefined : props.viewer.visitorId,
    visitId: props.body.visitId,
    tokenHash: hash('sha256', props.body.token, 'base64url'),
    person: byOwner
      ? undefined
      : viewPerson(deps.codeThrottles.addressHashKey, {
          proposalId: proposal.id,
          visitorId: props.viewer.visitorId,
          ip: props.viewer.ip,
          ...props.browser,
        }),
    viewedAt: now,
  })
  return { counted: !byOwner }
}
