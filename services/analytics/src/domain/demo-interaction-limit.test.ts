// The demo-interaction limit's own rows: one per client and window, keyed by an HMAC under the
// deployment's key (so another key gives other rows), and gone from the table once the window ended.
import { HttpError } from '@valueproof/http-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { analyticsPGliteDatabase, type AnalyticsTestDatabase } from '../testing/database.ts'
import { DEMO_INTERACTION_WINDOW_SECONDS, DEMO_INTERACTIONS_PER_WINDOW, demoInteractionLimit } from './demo-interaction-limit.ts'

describe('the demo-interaction limit', () => {
  let database: AnalyticsTestDatabase
  beforeAll(async () => {
    database = await analyticsPGliteDatabase()
  })
  afterAll(async () => {
    await database?.close()
  })

  it('keys a client by an HMAC under the signing key, and refuses past the limit with a 429', async () => {
    const prisma = database.db.prisma
    const first = demoInteractionLimit({ prisma, signingKey: 'a'.repeat(40) })
    const rotated = demoInteractionLimit({ prisma, signingKey: 'b'.repeat(40) })
    await first.take('192.0.2.1')
    await rotated.take('192.0.2.1')
    const keys = (await prisma.rateLimit.findMany({ orderBy: { key: 'asc' } })).map((row) => row.key)
    expect(keys).toHaveLength(2)
    expect(new Set(keys).size).toBe(2)

    for (let taken = 1; taken < DEMO_INTERACTIONS_PER_WINDOW; taken += 1) await first.take('192.0.2.1')
    const refusal = await first.take('192.0.2.1').catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(HttpError)
    expect(refusal).toMatchObject({ status: 429, id: 'demo_interactions_throttled' })
  })

  it('deletes the rows of ended windows only', async () => {
    const prisma = database.db.prisma
    const limit = demoInteractionLimit({ prisma, signingKey: 'c'.repeat(40) })
    await limit.take('192.0.2.50')
    const before = await prisma.rateLimit.count()
    expect(await limit.deleteEnded(new Date())).toBe(0)
    const windowEnded = new Date(Date.now() + DEMO_INTERACTION_WINDOW_SECONDS * 1000 + 1)
    expect(await limit.deleteEnded(windowEnded)).toBe(before)
    expect(await prisma.rateLimit.count()).toBe(0)
  })
})
