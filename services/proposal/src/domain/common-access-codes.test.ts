// The access codes refused as too common (issue 34): the 10,000 most common passwords of
// zxcvbn-ts's list, in any case, and only those; the Share dialog's generated codes pass.
import { randomInt } from 'node:crypto'
import { dictionary } from '@zxcvbn-ts/language-common'
import { ACCESS_CODE_TOO_COMMON_MESSAGE } from '@valueproof/contracts'
import { HttpError } from '@valueproof/http-kit'
import { describe, expect, it } from 'vitest'
import { COMMON_ACCESS_CODE_COUNT, isCommonAccessCode, refuseCommonAccessCode } from './common-access-codes.ts'

describe('common access codes', () => {
  it('refuses the ones an attacker tries first, whatever their case and spaces', async () => {
    for (const code of ['123456', 'password', 'qwerty', 'letmein', 'Password', 'QWERTY', ' LetMeIn ', 'trustno1', 'iloveyou']) {
      expect(await isCommonAccessCode(code), code).toBe(true)
    }
  })

  it('takes exactly the first 10,000 of a list of at least that many, most common first', async () => {
    const list = dictionary['passwords-common']
    expect(list.length).toBeGreaterThanOrEqual(COMMON_ACCESS_CODE_COUNT)
    expect(list.slice(0, 4)).toEqual(['123456', 'password', '12345678', 'qwerty'])
    const last = list[COMMON_ACCESS_CODE_COUNT - 1] ?? ''
    const next = list.slice(COMMON_ACCESS_CODE_COUNT).find((word) => !list.slice(0, COMMON_ACCESS_CODE_COUNT).includes(word)) ?? ''
    expect(await isCommonAccessCode(last)).toBe(true)
    expect(await isCommonAccessCode(next)).toBe(false)
  })

  it('lets codes through that are not on it, codes like the Share dialog generates among them', async () => {
    for (const code of ['open-sesame', 'Secret-Code-1', 'acme-2026', 'Kp7rT2wQxZ']) expect(await isCommonAccessCode(code), code).toBe(false)
    // The dialog's generator: 10 characters of 56 letters and digits that cannot be mistaken for one another.
    const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789'
    for (let i = 0; i < 50; i += 1) {
      const code = Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]).join('')
      expect(await isCommonAccessCode(code), code).toBe(false)
    }
  })

  it('answers 400 with the message the Share dialog shows, and nothing for no code', async () => {
    const refusal = await refuseCommonAccessCode('letmein').then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(refusal).toBeInstanceOf(HttpError)
    expect(refusal).toMatchObject({ status: 400, message: ACCESS_CODE_TOO_COMMON_MESSAGE })
    await expect(refuseCommonAccessCode(null)).resolves.toBeUndefined()
    await expect(refuseCommonAccessCode('open-sesame')).resolves.toBeUndefined()
  })
})
