import { describe, expect, it } from 'vitest'
import { ApiError } from '../api.ts'
import { isRefusedLink } from './notifications.ts'

describe('an unsubscribe link the server refuses', () => {
  it('is a 4xx answer: unknown, forged or malformed token', () => {
    for (const status of [400, 403, 404, 410]) expect(isRefusedLink(new ApiError(status, '{}', undefined))).toBe(true)
  })

  it('is not a failure to answer, nor a request to try later', () => {
    for (const status of [429, 500, 502, 503]) expect(isRefusedLink(new ApiError(status, '{}', undefined))).toBe(false)
    expect(isRefusedLink(new TypeError('Failed to fetch'))).toBe(false)
  })
})
