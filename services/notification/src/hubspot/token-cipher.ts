// HubSpot access tokens at rest, encrypted the way proposal access codes are (decision 091):
// AES-256-GCM under a key derived from the gateway's signing key for this purpose alone, a random
// 96-bit nonce per token, the seller's id as associated data (a token copied onto another seller's
// row does not decrypt). Stored as `v1:<base64url of nonce | ciphertext | tag>`. Sending notes needs
// the token itself, so it is encrypted, not hashed.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

export interface HubspotTokenCipher {
  encrypt(userId: number, token: string): string
  /** The token as given; throws HubspotTokenUnreadableError when the stored text is not this key's. */
  decrypt(userId: number, stored: string): string
}

const PREFIX = 'v1:'
const NONCE_BYTES = 12
const TAG_BYTES = 16

export function hubspotTokenCipher(signingKey: string): HubspotTokenCipher {
  const key = Buffer.from(hkdfSync('sha256', signingKey, 'valueproof', 'hubspot-access-token v1', 32))
  return {
    encrypt(userId, token) {
      const nonce = randomBytes(NONCE_BYTES)
      const cipher = createCipheriv('aes-256-gcm', key, nonce)
      cipher.setAAD(Buffer.from(String(userId), 'utf8'))
      const ciphertext = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()])
      return `${PREFIX}${Buffer.concat([nonce, ciphertext, cipher.getAuthTag()]).toString('base64url')}`
    },
    decrypt(userId, stored) {
      const sealed = stored.startsWith(PREFIX) ? Buffer.from(stored.slice(PREFIX.length), 'base64url') : undefined
      if (!sealed || sealed.length < NONCE_BYTES + TAG_BYTES) throw new HubspotTokenUnreadableError(userId)
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, NONCE_BYTES))
        decipher.setAAD(Buffer.from(String(userId), 'utf8'))
        decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES))
        return Buffer.concat([decipher.update(sealed.subarray(NONCE_BYTES, sealed.length - TAG_BYTES)), decipher.final()]).toString('utf8')
      } catch {
        throw new HubspotTokenUnreadableError(userId)
      }
    },
  }
}

/** A stored token this key cannot open: the signing key changed since the seller connected. */
export class HubspotTokenUnreadableError extends Error {
  constructor(userId: number) {
    super(`The HubSpot token of seller ${userId} cannot be decrypted: GATEWAY_SIGNING_KEY is not the key it was encrypted with`)
    this.name = 'HubspotTokenUnreadableError'
  }
}
