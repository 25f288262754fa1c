import { createHmac } from 'node:crypto'

/**
 * The key of a throttle row: HMAC-SHA256 under ADDRESS_HASH_KEY of the parts (a scope first, then
 * the username key and/or the client address), base64url. A plain hash of an IPv4 address could be
 * reversed by hashing all 2^32 of them; without the key it cannot, so the tables hold no address
 * or username in any recoverable form.
 */
export type ThrottleKeyOf = (scope: string, ...parts: string[]) => string

export function throttleKeyOf(secret: string): ThrottleKeyOf {
  return (scope, ...parts) =>
    createHmac('sha256', secret)
      .update([scope, ...parts].join('\0'), 'utf8')
      .digest('base64url')
}
