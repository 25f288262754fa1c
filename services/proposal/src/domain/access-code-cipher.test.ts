import { readdir, readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PrismaClient } from '../db.ts'
import { proposalTestDatabase } from '../testing/database.ts'
import { accessCodeCipher, accessCodeKeyFits, AccessCodeUnreadableError, encryptLegacyAccessCodes } from './access-code-cipher.ts'
import { newProposalId } from './proposal-ids.ts'

const cipher = accessCodeCipher('c'.repeat(32))

describe('accessCodeCipher', () => {
  it('encrypts with a fresh nonce each time into one v1: text, and decrypts it for the same proposal only', () => {
    const id = newProposalId()
    const first = cipher.encrypt(id, 'Open-Sesame')
    const second = cipher.encrypt(id, 'Open-Sesame')
    expect(first).toMatch(/^v1:[A-Za-z0-9_-]+$/)
    expect(first).not.toBe(second)
    expect(first).not.toContain('Open-Sesame')
    // 12-byte nonce + 11 bytes of ciphertext + 16-byte tag.
    expect(Buffer.from(first.slice(3), 'base64url')).toHaveLength(12 + 11 + 16)
    expect(cipher.decrypt(id, first)).toBe('Open-Sesame')
    expect(cipher.decrypt(id, cipher.encrypt(id, 'Lösenord 🔑'))).toBe('Lösenord 🔑')
    expect(() => cipher.decrypt(newProposalId(), first)).toThrow(AccessCodeUnreadableError)
  })

  it('refuses another key, a changed text and anything not in its format', () => {
    const id = newProposalId()
    const sealed = cipher.encrypt(id, 'Open-Sesame')
    expect(() => accessCodeCipher('d'.repeat(32)).decrypt(id, sealed)).toThrow(AccessCodeUnreadableError)
    const bytes = Buffer.from(sealed.slice(3), 'base64url')
    bytes[14] = (bytes[14] ?? 0) ^ 1
    expect(() => cipher.decrypt(id, `v1:${bytes.toString('base64url')}`)).toThrow(AccessCodeUnreadableError)
    for (const stored of ['Open-Sesame', 'v1:', 'v1:AAAA', 'v2:abc'])
      expect(() => cipher.decrypt(id, stored)).toThrow(AccessCodeUnreadableError)
    expect(cipher.decrypt(id, 'plain:Old-Code')).toBe('Old-Code')
  })
})

describe('encryptLegacyAccessCodes', () => {
  let prisma: PrismaClient
  let close: () => Promise<void>
  beforeAll(async () => {
    const db = await proposalTestDatabase()
    prisma = db.prisma
    close = () => db.close()
  })
  afterAll(async () => {
    await close?.()
  })

  const proposal = (accessCode: string | null) =>
    prisma.proposal.create({
      data: { id: newProposalId(), userId: 1, title: 'Acme', calculatorData: {}, isPublished: true, accessCode },
    })

  it('encrypts the codes the migration marked as plain text once, leaving everything else and updatedAt as they were', async () => {
    const legacy = await Promise.all(['Secret-42', 'plain:x', '  spaced  '].map((code) => proposal(`plain:${code}`)))
    const open = await proposal(null)
    const current = await proposal(cipher.encrypt('placeholder', 'unused'))
    expect(await encryptLegacyAccessCodes(prisma, cipher)).toBe(3)
    for (const [index, code] of ['Secret-42', 'plain:x', '  spaced  '].entries()) {
      const row = await prisma.proposal.findUniqueOrThrow({ where: { id: legacy[index]?.id ?? '' } })
      expect(row.accessCode).toMatch(/^v1:/)
      expect(cipher.decrypt(row.id, row.accessCode ?? '')).toBe(code)
      expect(row.updatedAt).toEqual(legacy[index]?.updatedAt)
    }
    expect((await prisma.proposal.findUniqueOrThrow({ where: { id: open.id } })).accessCode).toBeNull()
    expect((await prisma.proposal.findUniqueOrThrow({ where: { id: current.id } })).accessCode).toBe(current.accessCode)
    expect(await encryptLegacyAccessCodes(prisma, cipher)).toBe(0)
  })

  it('turns a code stored in plain text before the migration into an encrypted one (the migration, then start-up)', async () => {
    const migrations = new URL('../../prisma/migrations/', import.meta.url)
    const folder = (await readdir(migrations)).find((name) => name.endsWith('_access_codes_encrypted_throttles_keyed'))
    const script = await readFile(new URL(`${folder ?? 'missing'}/migration.sql`, migrations), 'utf8')
    await prisma.proposal.deleteMany()
    const before = await proposal('Kept-As-Entered')
    // The migration's statements, run again on a row written the old way (but for the windows'
    // table, which a later migration replaced: docs/decisions/125).
    for (const statement of script
      .replace(/^--.*$/gm, '')
      .split(';')
      .map((text) => text.trim())) {
      if (statement !== '' && !statement.includes('access_code_throttle')) await prisma.$executeRawUnsafe(statement)
    }
    expect((await prisma.proposal.findUniqueOrThrow({ where: { id: before.id } })).accessCode).toBe('plain:Kept-As-Entered')
    await encryptLegacyAccessCodes(prisma, cipher)
    const after = await prisma.proposal.findUniqueOrThrow({ where: { id: before.id } })
    expect(after.accessCode).toMatch(/^v1:/)
    expect(cipher.decrypt(after.id, after.accessCode ?? '')).toBe('Kept-As-Entered')
  })

  it('tells whether the key opens the stored codes', async () => {
    await prisma.proposal.deleteMany()
    expect(await accessCodeKeyFits(prisma, cipher)).toBe(true)
    const row = await proposal(null)
    await prisma.proposal.update({ where: { id: row.id }, data: { accessCode: cipher.encrypt(row.id, 'Open-Sesame') } })
    expect(await accessCodeKeyFits(prisma, cipher)).toBe(true)
    expect(await accessCodeKeyFits(prisma, accessCodeCipher('e'.repeat(32)))).toBe(false)
  })
})
