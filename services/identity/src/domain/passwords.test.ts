import { describe, expect, it } from 'vitest'
import { hashPassword, verifyPassword } from './passwords.ts'

describe('password hashing (scrypt)', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('Sunny-Day-42', { cost: 14 })
    expect(hash).toMatch(/^scrypt\$14\$8\$1\$[\w-]{22}\$[\w-]{86}$/)
    expect(await verifyPassword('Sunny-Day-42', hash)).toBe(true)
    expect(await verifyPassword('Sunny-Day-43', hash)).toBe(false)
  })

  it('salts every hash and never contains the password', async () => {
    const [first, second] = await Promise.all([hashPassword('Sunny-Day-42', { cost: 12 }), hashPassword('Sunny-Day-42', { cost: 12 })])
    expect(first).not.toBe(second)
    expect(first).not.toContain('Sunny')
  })

  it('keeps verifying hashes made with other costs', async () => {
    const old = await hashPassword('Sunny-Day-42', { cost: 12 })
    expect(await verifyPassword('Sunny-Day-42', old)).toBe(true)
  })

  it('refuses malformed stored hashes instead of throwing', async () => {
    expect(await verifyPassword('x', 'bcrypt$2a$10$abc')).toBe(false)
    expect(await verifyPassword('x', '')).toBe(false)
  })
})
