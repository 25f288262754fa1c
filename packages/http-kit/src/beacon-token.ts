// The beacon token (issue 19): the proposal service signs one into each proposal it answers, and
// the beacons of that page carry it back — the view beacon to the proposal service, engagement
// beacons to analytics. It proves that the proposal opened for this visitor (after its access code)
// without the GET writing anything, and tells analytics whose proposal it is and whether the
// viewer was its owner. Signed with a key derived from GATEWAY_SIGNING_KEY, which every service has.
import { createHmac, timingSafeEqual } from 'node:crypto'

export interface BeaconClaims {
  proposalId: string
  ownerUserId: number
  /** owner: the proposal's owner opened it (never counted); visitor: anyone else. */
  viewer: 'owner' | 'visitor'
  /** The gateway's anonymous visitor id the proposal was opened with ('' when there was none). */
  visitorId: string
  /** When the page may no longer report, ms since the epoch. */
  expiresAt: number
}

const PURPOSE = 'valueproof beacon token v1'

/** The token key, derived so a beacon token can never pass for a forwarded identity or the reverse. */
export function beaconTokenKey(signingKey: string): Buffer {
  return createHmac('sha256', signingKey).update(PURPOSE, 'utf8').digest()
}

function mac(key: Buffer, text: string): Buffer {
  return createHmac('sha256', key).update(text, 'utf8').digest()
}

export function signBeaconToken(key: Buffer, claims: BeaconClaims): string {
  const body = Buffer.from(
    JSON.stringify([claims.proposalId, claims.ownerUserId, claims.viewer, claims.visitorId, claims.expiresAt]),
    'utf8',
  ).toString('base64url')
  return `v1.${body}.${mac(key, body).toString('base64url')}`
}

function parseClaims(body: string): BeaconClaims | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))
    if (!Array.isArray(value) || value.length !== 5) return undefined
    const [proposalId, ownerUserId, viewer, visitorId, expiresAt] = value as unknown[]
    if (typeof proposalId !== 'string' || typeof visitorId !== 'string' || typeof expiresAt !== 'number') return undefined
    if (typeof ownerUserId !== 'number' || !Number.isSafeInteger(ownerUserId) || ownerUserId <= 0) return undefined
    if (viewer !== 'owner' && viewer !== 'visitor') return undefined
    return { proposalId, ownerUserId, viewer, visitorId, expiresAt }
  } catch {
    return undefined
  }
}

/**
 * The claims of a token signed with `key`, when it is for this proposal and this visitor and has
 * not expired; undefined otherwise (forged, tampered, expired, another proposal's or visitor's).
 */
export function verifyBeaconToken(
  key: Buffer,
  token: string,
  expected: { proposalId: string; visitorId: string | undefined },
  now = Date.now(),
): BeaconClaims | undefined {
  const [version, body, signature, extra] = token.split('.')
  if (version !== 'v1' || !body || !signature || extra !== undefined) return undefined
  const given = Buffer.from(signature, 'base64url')
  const wanted = mac(key, body)
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return undefined
  const claims = parseClaims(body)
  if (!claims || claims.expiresAt < now) return undefined
  if (claims.proposalId !== expected.proposalId || claims.visitorId !== (expected.visitorId ?? '')) return undefined
  return claims
}
