// The notification service keeps the email-changed event with the newest changed_at. A confirmation
// that waits for the seller's row behind another change must therefore take its time after that
// change, or the projection would keep the older state and never mail the confirmed address.
import { timestampMs } from '@bufbuild/protobuf/wkt'
import { decodeEvent, userEmailChanged } from '@valueproof/event-bus'
import { eventually, needs } from '@valueproof/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { qualifiedTable } from '@valueproof/db'
import { identityTestDatabase } from '../testing/database.ts'
import { emailTokenHashOf, recordEmailState, verifySellerEmail, type SellerEmailDeps } from './seller-email.ts'
import { throttleKeyOf } from './throttle-keys.ts'

// Holding a row lock while another call waits for it needs a server with more than one connection.
const onPostgres = await needs('postgres')

describe.skipIf(!onPostgres)('a confirmation racing another change of the seller (PostgreSQL)', () => {
  let db: Awaited<ReturnType<typeof identityTestDatabase>>
  let deps: SellerEmailDeps
  let tick = 0

  beforeAll(async () => {
    db = await identityTestDatabase()
    // A clock that moves one second per reading: the order of the readings is the order of the times.
    deps = {
      prisma: db.prisma,
      throttles: { prisma: db.prisma, dbSchema: db.schema, keyOf: throttleKeyOf('k'.repeat(32)) },
      now: () => new Date(Date.parse('2026-11-29T08:00:00Z') + (tick += 1) * 1000),
    }
  })
  afterAll(async () => {
    await db?.close()
  })

  it('takes its time once the other change has committed, so the confirmed address is the newest state', async () => {
    const token = 'a-token-that-only-the-mailbox-received-0000'
    const user = await db.prisma.user.create({
      data: {
        username: 'racer',
        usernameKey: 'racer',
        passwordHash: 'x',
        email: 'racer@acme.example',
        emailTokenHash: emailTokenHashOf(token),
        emailTokenExpiresAt: new Date(Date.parse('2026-11-30T08:00:00Z')),
      },
    })
    let verifying: Promise<'verified' | 'invalid'> | undefined
    // A change of language holds the row while the confirmation arrives and waits for it.
    await db.prisma.$transaction(
      async (tx) => {
        await tx.$queryRawUnsafe(`SELECT id FROM ${qualifiedTable(db.schema, 'user')} WHERE id = $1 FOR UPDATE`, user.id)
        verifying = verifySellerEmail(deps, { token })
        await eventually(async () => {
          const waiting = await db.prisma.$queryRawUnsafe<Array<{ n: number }>>(
            `SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND locktype IN ('tuple', 'transactionid')`,
          )
          return (waiting[0]?.n ?? 0) > 0 ? true : undefined
        })
        const changed = await tx.user.update({ where: { id: user.id }, data: { language: 'sv' } })
        await recordEmailState(tx, { user: changed, now: deps.now?.() ?? new Date() })
      },
      { timeout: 15_000 },
    )
    expect(await verifying).toBe('verified')

    const outbox = qualifiedTable(db.schema, 'outbox_event')
    const rows = await db.prisma.$queryRawUnsafe<Array<{ subject: string; payload: Uint8Array }>>(
      `SELECT subject, payload FROM ${outbox} WHERE subject = $1`,
      userEmailChanged.subject,
    )
    const changes = rows
      .map((row) => decodeEvent(userEmailChanged, row))
      .filter((change) => change.userId === user.id)
      .map((change) => ({
        verifiedEmail: change.verifiedEmail,
        language: change.language,
        at: change.changedAt ? timestampMs(change.changedAt) : 0,
      }))
      .sort((a, b) => a.at - b.at)
    expect(changes.map(({ verifiedEmail, language }) => ({ verifiedEmail, language }))).toEqual([
      { verifiedEmail: '', language: 'sv' },
      { verifiedEmail: 'racer@acme.example', language: 'sv' },
    ])
  })
})
