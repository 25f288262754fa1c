import { describe, expect, it } from 'vitest'
import { hubspotTokenCipher, HubspotTokenUnreadableError } from './token-cipher.ts'

const KEY = 'token-cipher-test-signing-key-0123456789abcdef'
const TOKEN = 'pat-eu1-0123abcd-4567-89ef-0123-456789abcdef'

describe('HubSpot tokens at rest', () => {
  it('stores no trace of the token and opens it again for the same seller', () => {
    const cipher = hubspotTokenCipher(KEY)
    const stored = cipher.encrypt(42, TOKEN)
    expect(stored).toMatch(/^v1:[A-Za-z0-9_-]+$/)
    expect(stored).not.toContain(TOKEN)
    expect(cipher.encrypt(42, TOKEN)).not.toBe(stored)
    expect(cipher.decrypt(42, stored)).toBe(TOKEN)
  })

  it("does not open a token copied onto another seller's row, under another key, or altered", () => {
    const stored = hubspotTokenCipher(KEY).encrypt(42, TOKEN)
    expect(() => hubspotTokenCipher(KEY).decrypt(43, stored)).toThrow(HubspotTokenUnreadableError)
    expect(() => hubspotTokenCipher(`${KEY}-other`).decrypt(42, stored)).toThrow(HubspotTokenUnreadableError)
    const altered = `${stored.slice(0, -2)}${stored.endsWith('A') ? 'B' : 'A'}${stored.slice(-1)}`
    expect(() => hubspotTokenCipher(KEY).decrypt(42, altered)).toThrow(HubspotTokenUnreadableError)
    expect(() => hubspotTokenCipher(KEY).decrypt(42, TOKEN)).toThrow(HubspotTokenUnreadableError)
  })
})
