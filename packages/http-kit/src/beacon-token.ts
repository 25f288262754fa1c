// The beacon token (issue 19): the proposal service seals one into each proposal it answers, and
// the beacons of that page carry it back — the view beacon to the proposal service, engagement
// beacons to analytics. It proves that the proposal opened for this visitor (after its access code)
// without the GET writing anything, and tells analytics whose proposal it is and whether the
// viewer was its owner. Sealed (AES-256-GCM: secret and tamper-proof) with a key derived from
// GATEWAY_SIGNING_KEY, which every service has: the page carries it without being able to read the
// owner's account id or its own visitor id (the visitor cookie is HttpOnly) from it.
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto'

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
const IV_BYTES = 12
const TAG_BYTES = 16

/** The token key (32 bytes), derived so a beacon token can never pass for a forwarded identity or the reverse. */
export function beaconTokenKey(signingKey: string): Buffer {
  return createHmac('sha256', signingKey).update(PURPOSE, 'utf8').digest()
}

export function signBeaconToken(key: Buffer, claims: BeaconClaims): string {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const plain = JSON.stringify([claims.proposalId, claims.ownerUserId, claims.viewer, claims.visitorId, claims.expiresAt])
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()])
  return `v1.${iv.toString('base64url')}.${sealed.toString('base64url')}`
}

/** The claims' JSON when the token was sealed with `key` and not altered; undefined otherwise. */
function unseal(key: Buffer, ivText: string, sealedText: string): string | undefined {
  const iv = Buffer.from(ivText, 'base64url')
  const sealed = Buffer.from(sealedText, 'base64url')
  if (iv.length !== IV_BYTES || sealed.length <= TAG_BYTES) return undefined
  // Only the one spelling the token was made with: base64url decoding ignores stray characters.
  if (iv.toString('base64url') !== ivText || sealed.toString('base64url') !== sealedText) return undefined
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv)
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES))
    return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]).toString('utf8')
  } catch {
    return undefined
  }
}

function parseClaims(text: string): BeaconClaims | undefined {
  try {
    const value: unknown = JSON.parse(text)
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
  const [version, iv, sealed, extra] = token.split('.')
  if (version !== 'v1' || !iv || !sealed || extra !== undefined) return undefined
  const text = unseal(key, iv, sealed)
  const claims = text === undefined ? undefined : parseClaims(text)
  if (!claims || claims.expiresAt < now) return undefined
  if (claims.proposalId !== expected.proposalId || claims.visitorId !== (expected.visitorId ?? '')) return undefined
  return claims
}
