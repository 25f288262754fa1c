import { accessCodeProblem } from '@valueproof/contracts'
import { describe, expect, it } from 'vitest'
import { ACCESS_CODE_ALPHABET, generateAccessCode, GENERATED_ACCESS_CODE_LENGTH } from './access-code.ts'

describe('generateAccessCode', () => {
  it('gives 10 characters of the unambiguous alphabet, different every time, long enough to share', () => {
    const codes = Array.from({ length: 500 }, () => generateAccessCode())
    for (const code of codes) {
      expect(code).toHaveLength(GENERATED_ACCESS_CODE_LENGTH)
      expect([...code].every((character) => ACCESS_CODE_ALPHABET.includes(character))).toBe(true)
      expect(accessCodeProblem(code)).toBeUndefined()
    }
    expect(new Set(codes).size).toBe(codes.length)
    expect(ACCESS_CODE_ALPHABET).not.toMatch(/[0O1lI]/)
  })

  it('draws again for bytes that would favour the first letters', () => {
    // 56 letters: 224 is the largest multiple below 256, so 224…255 are skipped.
    const bytes = [224, 255, 0, 230, 1, 2, 3, 4, 5, 6, 7, 8, 9, 55, 100, 200]
    const code = generateAccessCode((buffer) => buffer.set(bytes.slice(0, buffer.length)))
    expect(code).toBe('ABCDEFGHJK')
  })
})

describe('accessCodeProblem', () => {
  it('refuses codes shorter than 6 characters, and takes an empty one as none', () => {
    expect(accessCodeProblem('12345')).toBe('The access password must be at least 6 characters')
    expect(accessCodeProblem('  12345  ')).toBe('The access password must be at least 6 characters')
    expect(accessCodeProblem('123456')).toBeUndefined()
    expect(accessCodeProblem('')).toBeUndefined()
    expect(accessCodeProblem('   ')).toBeUndefined()
  })
})
