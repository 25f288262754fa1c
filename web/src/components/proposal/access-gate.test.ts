import { describe, expect, it } from 'vitest'
import { ApiError } from '../../api.ts'
import { accessGateLanguage, asksForAccessCode } from './access-gate.ts'

const refusal = (body: string, status = 401) => new ApiError(status, body, undefined)

describe('the access-code gate', () => {
  it('opens on a 401 only', () => {
    expect(asksForAccessCode(refusal('{}'))).toBe(true)
    expect(asksForAccessCode(refusal('{}', 404))).toBe(false)
    expect(asksForAccessCode(new Error('401: nope'))).toBe(false)
  })

  it('speaks the language the proposal service names, English otherwise', () => {
    expect(accessGateLanguage(refusal('{"language":"sv","message":"This proposal is protected by an access code."}'))).toBe('sv')
    expect(accessGateLanguage(refusal('{"language":"en","message":"x"}'))).toBe('en')
    expect(accessGateLanguage(refusal('{"message":"x"}'))).toBe('en')
    expect(accessGateLanguage(refusal('{"language":"de"}'))).toBe('en')
    expect(accessGateLanguage(refusal('Unauthorized'))).toBe('en')
    expect(accessGateLanguage(refusal('null'))).toBe('en')
  })
})
