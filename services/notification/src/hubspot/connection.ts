// A seller's HubSpot connection: a private app's token, checked with HubSpot before it is kept,
// stored encrypted and never shown again. A token HubSpot later refuses marks the connection revoked
// with the reason, which the seller sees, and stops notes until they connect again.
import type { HubspotConnection } from '@valueproof/contracts'
import { errors } from '@valueproof/http-kit'
import type { PrismaClient } from '../db.ts'
import { HubspotCallError, type HubspotApi } from './api.ts'
import { HubspotTokenUnreadableError, type HubspotTokenCipher } from './token-cipher.ts'

export interface HubspotDeps {
  prisma: PrismaClient
  api: HubspotApi
  cipher: HubspotTokenCipher
  now: () => Date
}

interface ConnectionRow {
  portalId: string
  connectedAt: Date
  revokedAt: Date | null
  lastError: string | null
  lastErrorAt: Date | null
}

/** What the seller sees: never the token. */
export function presentConnection(row: ConnectionRow | null): HubspotConnection {
  if (row === null) return { connected: false }
  return {
    connected: row.revokedAt === null,
    portalId: row.portalId,
    connectedAt: row.connectedAt.toISOString(),
    ...(row.lastError === null || row.lastErrorAt === null
      ? {}
      : { lastError: { message: row.lastError, at: row.lastErrorAt.toISOString() } }),
  }
}

export async function connectionOf(deps: Pick<HubspotDeps, 'prisma'>, userId: number): Promise<HubspotConnection> {
  return presentConnection(await deps.prisma.hubspotConnection.findUnique({ where: { userId } }))
}

/** The stored token no longer opens (GATEWAY_SIGNING_KEY changed): it is as good as revoked. */
export const UNREADABLE_TOKEN_REASON = 'The stored access token can no longer be read: connect again with your token'

export function refusedTokenReason(error: HubspotCallError): string {
  return `HubSpot refused the access token (${error.status ?? 'no answer'}): connect again with a new one`
}

/**
 * Runs a call with the seller's token: 409 when they have not connected or HubSpot refused the token
 * before; a refusal now (401/403) marks the connection revoked, then answers 409 the same way.
 * Other failures are the caller's to answer.
 */
export async function withToken<T>(deps: Omit<HubspotDeps, 'api'>, userId: number, run: (token: string) => Promise<T>): Promise<T> {
  const row = await deps.prisma.hubspotConnection.findUnique({ where: { userId } })
  if (row === null) throw errors.conflict('Connect HubSpot first', 'hubspot_not_connected')
  if (row.revokedAt !== null)
    throw errors.conflict(row.lastError ?? 'HubSpot refused the access token: connect again with a new one', 'hubspot_revoked')
  try {
    return await run(deps.cipher.decrypt(userId, row.accessToken))
  } catch (error) {
    const refused = error instanceof HubspotCallError && error.tokenRefused
    if (!refused && !(error instanceof HubspotTokenUnreadableError)) throw error
    const reason = refused ? refusedTokenReason(error) : UNREADABLE_TOKEN_REASON
    await markRevoked(deps, { userId, reason, at: deps.now() })
    throw errors.conflict(reason, 'hubspot_revoked')
  }
}

/** A HubSpot failure as the seller's call answers it (502); any other error passes as it is. */
export function hubspotFailure(error: unknown): unknown {
  if (!(error instanceof HubspotCallError)) return error
  if (error.status === undefined) return errors.badGateway('HubSpot could not be reached. Try again in a minute.', 'hubspot_unreachable')
  return errors.badGateway(`HubSpot answered ${error.status}. Try again in a minute.`, 'hubspot_failed')
}

/**
 * PUT /notifications/hubspot: checks the token with HubSpot (one call), then keeps it encrypted.
 * Connecting again replaces the token and clears a revocation; the links stay when the account is the same.
 */
export async function connect(deps: HubspotDeps, props: { userId: number; accessToken: string }): Promise<HubspotConnection> {
  let portalId: string
  try {
    portalId = await deps.api.portalOf(props.accessToken)
  } catch (error) {
    if (error instanceof HubspotCallError && error.tokenRefused)
      throw errors.badRequest('HubSpot does not accept this access token. Copy it again from your private app.', 'hubspot_token_refused')
    throw hubspotFailure(error)
  }
  const state = {
    accessToken: deps.cipher.encrypt(props.userId, props.accessToken),
    portalId,
    connectedAt: deps.now(),
    revokedAt: null,
    lastError: null,
    lastErrorAt: null,
  }
  const row = await deps.prisma.$transaction(async (tx) => {
    const before = await tx.hubspotConnection.findUnique({ where: { userId: props.userId }, select: { portalId: true } })
    // Deals are the account's: links to another account's deals would note on deals that do not exist.
    if (before !== null && before.portalId !== portalId) await tx.hubspotLink.deleteMany({ where: { userId: props.userId } })
    return tx.hubspotConnection.upsert({ where: { userId: props.userId }, create: { userId: props.userId, ...state }, update: state })
  })
  return presentConnection(row)
}

/** DELETE /notifications/hubspot: forgets the token, the links and the notes not yet sent. */
export async function disconnect(deps: Pick<HubspotDeps, 'prisma'>, userId: number): Promise<HubspotConnection> {
  await deps.prisma.$transaction([
    deps.prisma.hubspotNote.updateMany({
      where: { userId, status: 'pending' },
      data: { status: 'skipped', lastError: 'HubSpot disconnected' },
    }),
    deps.prisma.hubspotConnection.deleteMany({ where: { userId } }),
  ])
  return { connected: false }
}

/** HubSpot refused the token (401/403): notes stop until the seller connects again; the reason is theirs to see. */
export async function markRevoked(deps: Pick<HubspotDeps, 'prisma'>, props: { userId: number; reason: string; at: Date }): Promise<void> {
  await deps.prisma.hubspotConnection.updateMany({
    where: { userId: props.userId, revokedAt: null },
    data: { revokedAt: props.at, lastError: props.reason, lastErrorAt: props.at },
  })
}

/** The last failure the seller should know of (a note HubSpot refused), or null once a note goes again. */
export async function recordLastError(
  deps: Pick<HubspotDeps, 'prisma'>,
  props: { userId: number; error: string | null; at: Date },
): Promise<void> {
  await deps.prisma.hubspotConnection.updateMany({
    where: { userId: props.userId, revokedAt: null },
    data: props.error === null ? { lastError: null, lastErrorAt: null } : { lastError: props.error, lastErrorAt: props.at },
  })
}
