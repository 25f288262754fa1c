import { randomBytes } from 'node:crypto'

/**
 * A new proposal id: 16 bytes from the OS's CSPRNG as base64url (22 characters, 128 bits), so a
 * link cannot be guessed or enumerated (ARCHITECTURE.md). Nothing sequential ever reaches a URL.
 */
export function newProposalId(): string {
  return randomBytes(16).toString('base64url')
}
