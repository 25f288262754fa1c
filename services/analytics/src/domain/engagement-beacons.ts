// An engagement beacon from a proposal's page (issue 19, docs/decisions/111): accepted without a
// session, counted only for the visitor its token was signed for, and never trusted for anything
// else. The events themselves are written by the EngagementRecorder in batches; the 202 comes once
// they are stored (docs/decisions/117).
import { hash } from 'node:crypto'
import { BEACON_TOKEN_INVALID_MESSAGE, BEACON_TOKEN_TTL_MS, type BeaconResponse, type EngagementBeaconBody } from '@valueproof/contracts'
import { errors, verifyBeaconToken, type BeaconClaims } from '@valueproof/http-kit'
import type { EngagementLimit } from './engagement-limit.ts'
import type { EngagementRecorder } from './engagement-recorder.ts'

export interface EngagementBeaconDeps {
  /** beaconTokenKey(GATEWAY_SIGNING_KEY). */
  beaconKey: Buffer
  limit: EngagementLimit
  recorder: EngagementRecorder
  now: () => Date
}

/**
 * The token's claims when it was signed for this proposal and the visitor sending it, and has not
 * expired. The owner's token carries no visitor id (the proposal service never ties one to an
 * account), so it is checked without one, and then taken only as the owner's.
 */
function verifiedClaims(
  beaconKey: Buffer,
  props: { body: EngagementBeaconBody; visitorId: string | undefined; now: number },
): BeaconClaims | undefined {
  const { proposalId, token } = props.body
  const asVisitor = verifyBeaconToken(beaconKey, token, { proposalId, visitorId: props.visitorId }, props.now)
  if (asVisitor) return asVisitor
  const asOwner = verifyBeaconToken(beaconKey, token, { proposalId, visitorId: '' }, props.now)
  return asOwner?.viewer === 'owner' ? asOwner : undefined
}

/**
 * Do Not Track or Global Privacy Control: nothing is looked at or kept. A token forged, expired, or
 * another proposal's or visitor's: 403. The owner's own page: accepted, not counted. Past
 * ENGAGEMENT_BEACONS_PER_MINUTE for the visitor: 429. Anything else is stored before the answer
 * (503 when it could not be).
 */
export async function acceptEngagementBeacon(
  deps: EngagementBeaconDeps,
  props: { body: EngagementBeaconBody; visitorId: string | undefined; doNotTrack: boolean },
): Promise<BeaconResponse> {
  if (props.doNotTrack) return { counted: false }
  const receivedAt = deps.now()
  const claims = verifiedClaims(deps.beaconKey, { body: props.body, visitorId: props.visitorId, now: receivedAt.getTime() })
  if (!claims) throw errors.forbidden(BEACON_TOKEN_INVALID_MESSAGE, 'beacon_token_invalid')
  if (claims.viewer === 'owner') return { counted: false }
  await deps.limit.take(claims.visitorId)
  await deps.recorder.record({
    proposalId: claims.proposalId,
    ownerUserId: claims.ownerUserId,
    visitorId: claims.visitorId,
    visitId: props.body.visitId,
    tokenHash: hash('sha256', props.body.token, 'base64url'),
    openedAt: new Date(claims.expiresAt - BEACON_TOKEN_TTL_MS),
    receivedAt,
    events: props.body.events,
  })
  return { counted: true }
}
