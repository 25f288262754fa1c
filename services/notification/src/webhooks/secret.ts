// Webhook signing secrets (issue 39). The seller sees a secret once; the service keeps it to sign
// with, so it is encrypted, not hashed — as access codes are (docs/decisions/091): AES-256-GCM under
// a key derived from GATEWAY_SIGNING_KEY, a random nonce per secret, the endpoint's id as associated
// data (a secret copied onto another endpoint does not decrypt). Stored as `v1:<base64url>`.
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto'
import { WEBHOOK_SECRET_PREFIX } from '@valueproof/contracts'

export interface WebhookSecretCipher {
  encrypt(endpointId: string, secret: string): string
  decrypt(endpointId: string, stored: string): string
}

const ENCRYPTED_PREFIX = 'v1:'
const NONCE_BYTES = 12
const TAG_BYTES = 16

export function webhookSecretCipher(signingKey: string): WebhookSecretCipher {
  const key = Buffer.from(hkdfSync('sha256', signingKey, 'valueproof', 'webhook-secret v1', 32))
  return {
    encrypt(endpointId, secret) {
      const nonce = randomBytes(NONCE_BYTES)
      const cipher = createCipheriv('aes-256-gcm', key, nonce)
      cipher.setAAD(Buffer.from(endpointId, 'utf8'))
      const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
      return `${ENCRYPTED_PREFIX}${Buffer.concat([nonce, ciphertext, cipher.getAuthTag()]).toString('base64url')}`
    },
    decrypt(endpointId, stored) {
      const sealed = stored.startsWith(ENCRYPTED_PREFIX) ? Buffer.from(stored.slice(ENCRYPTED_PREFIX.length), 'base64url') : undefined
      if (!sealed || sealed.length < NONCE_BYTES + TAG_BYTES) throw new Error(`The secret of webhook endpoint ${endpointId} is unreadable`)
      const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, NONCE_BYTES))
      decipher.setAAD(Buffer.from(endpointId, 'utf8'))
      decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES))
      return Buffer.concat([decipher.update(sealed.subarray(NONCE_BYTES, sealed.length - TAG_BYTES)), decipher.final()]).toString('utf8')
    },
  }
}

/** A new signing secret: `whsec_` and 32 random bytes. */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`
}

/** The ValueProof-Signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, as Stripe signs. */
export function webhookSignature(secret: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`, 'utf8').digest('hex')
  return `t=${timestampSeconds},v1=${mac}`
}
