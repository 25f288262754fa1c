import { describe, expect, it } from 'vitest'
import { beaconTokenKey, signBeaconToken, verifyBeaconToken, type BeaconClaims } from './beacon-token.ts'

const key = beaconTokenKey('a-signing-key-of-at-least-thirty-two-chars')
const now = 1_800_000_000_000
const claims: BeaconClaims = {
  proposalId: 'p'.repeat(22),
  ownerUserId: 7,
  viewer: 'visitor',
  visitorId: 'v'.repeat(22),
  expiresAt: now + 1000,
}
const expected = { proposalId: claims.proposalId, visitorId: claims.visitorId }

describe('beacon tokens', () => {
  it('carry their claims back for the proposal and visitor they were signed for', () => {
    expect(verifyBeaconToken(key, signBeaconToken(key, claims), expected, now)).toEqual(claims)
  })

  it('are refused once expired, for another proposal or visitor, or signed with another key', () => {
    const token = signBeaconToken(key, claims)
    expect(verifyBeaconToken(key, token, expected, now + 1001)).toBeUndefined()
    expect(verifyBeaconToken(key, token, { ...expected, proposalId: 'q'.repeat(22) }, now)).toBeUndefined()
    expect(verifyBeaconToken(key, token, { ...expected, visitorId: undefined }, now)).toBeUndefined()
    expect(verifyBeaconToken(beaconTokenKey('another-signing-key-of-thirty-two-chars'), token, expected, now)).toBeUndefined()
  })

  it('are refused when tampered with or malformed', () => {
    const [version, body, signature] = signBeaconToken(key, claims).split('.')
    const forged = Buffer.from(JSON.stringify([claims.proposalId, 8, 'visitor', claims.visitorId, claims.expiresAt])).toString('base64url')
    expect(verifyBeaconToken(key, `${version}.${forged}.${signature}`, expected, now)).toBeUndefined()
    for (const token of [
      '',
      'v1',
      `v2.${body}.${signature}`,
      `v1.${body}x.${signature}`,
      `v1.${body}.${signature}x`,
      `v1.${body}.${signature}.x`,
      `v1.${body}.AAAA`,
    ]) {
      expect(verifyBeaconToken(key, token, expected, now)).toBeUndefined()
    }
  })

  it('reveal nothing of their claims to the page that carries them, and differ each time', () => {
    const token = signBeaconToken(key, claims)
    const readable = token
      .split('.')
      .map((part) => Buffer.from(part, 'base64url').toString('latin1'))
      .join(' ')
    for (const secret of [claims.proposalId, claims.visitorId, '"visitor"', `,${claims.ownerUserId},`])
      expect(readable).not.toContain(secret)
    expect(signBeaconToken(key, claims)).not.toBe(token)
  })

  it('bind an opening without a visitor cookie to no visitor', () => {
    const token = signBeaconToken(key, { ...claims, visitorId: '' })
    expect(verifyBeaconToken(key, token, { ...expected, visitorId: undefined }, now)?.visitorId).toBe('')
  })
})
