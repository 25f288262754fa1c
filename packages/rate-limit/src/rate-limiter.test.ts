import { HttpError } from '@valueproof/http-kit'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createRateLimiter, waitInWords, type RateLimit } from './rate-limiter.ts'

const limit: RateLimit = { name: 'test', points: 3, windowMs: 60_000, message: 'Too many tries.', errorId: 'tries_throttled' }

describe('the one rate limiter (memory store)', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('takes the window’s points, then refuses with 429, the wait in words and Retry-After', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.parse('2026-11-28T10:00:00Z'))
    const limiter = createRateLimiter(limit, { kind: 'memory' })
    for (let taken = 0; taken < limit.points; taken += 1) await limiter.take('key')
    vi.setSystemTime(Date.parse('2026-11-28T10:00:20Z'))
    const refusal = await limiter.take('key').catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(HttpError)
    expect(refusal).toMatchObject({ status: 429, id: 'tries_throttled', message: 'Too many tries. Please try again in 40 second(s).' })
    expect((refusal as HttpError).headers['Retry-After']).toBe('40')
    // Another key has its own window.
    await limiter.take('other')
  })

  it('takes nothing for a refused take, so a slot given back reopens the window for one', async () => {
    const limiter = createRateLimiter(limit, { kind: 'memory' })
    const slots = [await limiter.take('key'), await limiter.take('key'), await limiter.take('key')]
    for (let refused = 0; refused < 5; refused += 1) await expect(limiter.take('key')).rejects.toMatchObject({ status: 429 })
    const [first] = slots
    if (first) await limiter.giveBack(first)
    await limiter.take('key')
    await expect(limiter.take('key')).rejects.toMatchObject({ status: 429 })
  })

  it('gives nothing back to a window that has ended', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.parse('2026-11-28T11:00:00Z'))
    const limiter = createRateLimiter({ ...limit, points: 1 }, { kind: 'memory' })
    const slot = await limiter.take('key')
    vi.setSystemTime(Date.parse('2026-11-28T11:01:00Z'))
    await limiter.take('key')
    await limiter.giveBack(slot)
    await expect(limiter.take('key')).rejects.toMatchObject({ status: 429 })
  })

  it('refuses a limit that cannot hold anything', () => {
    expect(() => createRateLimiter({ ...limit, points: 0 }, { kind: 'memory' })).toThrow(/≥ 1 point/)
    expect(() => createRateLimiter({ ...limit, windowMs: 10 }, { kind: 'memory' })).toThrow(/window of ≥ 1 s/)
  })

  it('says a wait in seconds up to two minutes, then in minutes', () => {
    expect([1, 999, 1000, 1001, 119_000, 120_000, 3_600_000].map(waitInWords)).toEqual([
      '1 second(s)',
      '1 second(s)',
      '1 second(s)',
      '2 second(s)',
      '119 second(s)',
      '2 minute(s)',
      '60 minute(s)',
    ])
  })
})
