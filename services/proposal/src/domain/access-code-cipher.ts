import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import type { PrismaClient } from '../db.ts'

/**
 * Access codes at rest (docs/decisions/091): AES-256-GCM under a key derived from ACCESS_CODE_KEY,
 * a random 96-bit nonce per code, the proposal id as associated data (a code copied onto another
 * proposal does not decrypt). Stored as `v1:<base64url of nonce | ciphertext | tag>`. The owner's
 * list shows the code (SPEC §2), so it is encrypted, not hashed.
 */
export interface AccessCodeCipher {
  encrypt(proposalId: string, code: string): string
  /** The code as entered; throws when the stored text was not encrypted with this key. */
  decrypt(proposalId: string, stored: string): string
}

export const ENCRYPTED_PREFIX = 'v1:'
/** What the migration put before each code that was stored in plain text, until start-up encrypts it. */
export const LEGACY_PREFIX = 'plain:'

const NONCE_BYTES = 12
const TAG_BYTES = 16

export function accessCodeCipher(secret: string): AccessCodeCipher {
  const key = Buffer.from(hkdfSync('sha256', secret, 'valueproof', 'access-code v1', 32))
  return {
    encrypt(proposalId, code) {
      const nonce = randomBytes(NONCE_BYTES)
      const cipher = createCipheriv('aes-256-gcm', key, nonce)
      cipher.setAAD(Buffer.from(proposalId, 'utf8'))
      const ciphertext = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()])
      return `${ENCRYPTED_PREFIX}${Buffer.concat([nonce, ciphertext, cipher.getAuthTag()]).toString('base64url')}`
    },
    decrypt(proposalId, stored) {
      if (stored.startsWith(LEGACY_PREFIX)) return stored.slice(LEGACY_PREFIX.length)
      const sealed = stored.startsWith(ENCRYPTED_PREFIX) ? Buffer.from(stored.slice(ENCRYPTED_PREFIX.length), 'base64url') : undefined
      if (!sealed || sealed.length < NONCE_BYTES + TAG_BYTES) throw new AccessCodeUnreadableError(proposalId)
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, NONCE_BYTES))
        decipher.setAAD(Buffer.from(proposalId, 'utf8'))
        decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES))
        return Buffer.concat([decipher.update(sealed.subarray(NONCE_BYTES, sealed.length - TAG_BYTES)), decipher.final()]).toString('utf8')
      } catch {
        throw new AccessCodeUnreadableError(proposalId)
      }
    },
  }
}

/** A stored code this key cannot open: ACCESS_CODE_KEY is not the one the codes were encrypted with. */
export class AccessCodeUnreadableError extends Error {
  constructor(proposalId: string) {
    super(`The access code of proposal ${proposalId} cannot be decrypted: ACCESS_CODE_KEY is not the key it was encrypted with`)
    this.name = 'AccessCodeUnreadableError'
  }
}

const BATCH = 200

/**
 * Encrypts the codes the migration marked as plain text (`plain:<code>`). Idempotent, and safe with
 * several replicas starting at once: a row is only replaced while it still holds the plain code.
 * Returns how many it encrypted.
 */
export async function encryptLegacyAccessCodes(prisma: PrismaClient, cipher: AccessCodeCipher): Promise<number> {
  let encrypted = 0
  for (;;) {
    const rows = await prisma.proposal.findMany({
      where: { accessCode: { startsWith: LEGACY_PREFIX } },
      select: { id: true, accessCode: true, updatedAt: true },
      take: BATCH,
    })
    for (const row of rows) {
      if (row.accessCode === null) continue
      const code = row.accessCode.slice(LEGACY_PREFIX.length)
      const { count } = await prisma.proposal.updateMany({
        where: { id: row.id, accessCode: row.accessCode },
        // The proposal itself did not change: its updatedAt stays.
        data: { accessCode: cipher.encrypt(row.id, code), updatedAt: row.updatedAt },
      })
      encrypted += count
    }
    if (rows.length < BATCH) return encrypted
  }
}

/** Whether the key opens the stored codes (one is tried): false means ACCESS_CODE_KEY changed. */
export async function accessCodeKeyFits(prisma: PrismaClient, cipher: AccessCodeCipher): Promise<boolean> {
  const row = await prisma.proposal.findFirst({
    where: { accessCode: { startsWith: ENCRYPTED_PREFIX } },
    select: { id: true, accessCode: true },
  })
  if (!row?.accessCode) return true
  try {
    cipher.decrypt(row.id, row.accessCode)
    return true
  } catch {
    return false
  }
}
