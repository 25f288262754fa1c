// The token of an e-mail's unsubscribe link: who and which kind, signed with a key derived from
// GATEWAY_SIGNING_KEY. It does not expire (an e-mail is read months later) and turns off only that
// one kind for that one seller, which they can turn on again in /settings.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { notificationKindSchema, type NotificationKind } from '@valueproof/contracts'

const PURPOSE = 'valueproof unsubscribe token v1'

export interface UnsubscribeClaims {
  userId: number
  kind: NotificationKind
}

/** The token key, derived so an unsubscribe token can never pass for any other signed value. */
export function unsubscribeKey(signingKey: string): Buffer {
  return createHmac('sha256', signingKey).update(PURPOSE, 'utf8').digest()
}

function mac(key: Buffer, body: string): string {
  return createHmac('sha256', key).update(body, 'utf8').digest('base64url')
}

export function signUnsubscribeToken(key: Buffer, claims: UnsubscribeClaims): string {
  const body = Buffer.from(`${claims.userId}.${claims.kind}`, 'utf8').toString('base64url')
  return `${body}.${mac(key, body)}`
}

/** The claims of a token signed with `key`; undefined for anything else. */
export function verifyUnsubscribeToken(key: Buffer, token: string): UnsubscribeClaims | undefined {
  const [body, signature, extra] = token.split('.')
  if (body === undefined || signature === undefined || extra !== undefined) return undefined
  const expected = Buffer.from(mac(key, body))
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
  const [user, kind] = Buffer.from(body, 'base64url').toString('utf8').split('.')
  const userId = Number(user)
  const parsedKind = notificationKindSchema.safeParse(kind)
  if (!Number.isSafeInteger(userId) || userId <= 0 || !parsedKind.success) return undefined
  return { userId, kind: parsedKind.data }
}
