import { unsubscribeQuerySchema, type UnsubscribeAnswer } from '@valueproof/contracts'
import { errors, Router } from '@valueproof/http-kit'
import type { Context } from 'koa'
import type { PrismaClient } from '../../db.ts'
import { findSeller, updateSettings, wants } from '../../domain/sellers.ts'
import { verifyUnsubscribeToken, type UnsubscribeClaims } from '../../domain/unsubscribe-token.ts'

export const INVALID_UNSUBSCRIBE_MESSAGE = 'This unsubscribe link is not valid'

function claimsOf(ctx: Context, key: Buffer): UnsubscribeClaims {
  const query = unsubscribeQuerySchema.safeParse(ctx.query)
  const claims = query.success ? verifyUnsubscribeToken(key, query.data.token) : undefined
  if (claims === undefined) throw errors.badRequest(INVALID_UNSUBSCRIBE_MESSAGE, 'invalid_unsubscribe_token')
  return claims
}

/**
 * An e-mail's unsubscribe link, authorised by its signed token alone (the seller may be signed out,
 * or a mail provider may POST it: RFC 8058 one-click, whose form body is not read). GET tells what it
 * turns off; POST turns it off, and again is harmless.
 */
export function unsubscribeRouter(deps: { prisma: PrismaClient; key: Buffer }): Router {
  const router = new Router()
  router.get('/notifications/unsubscribe', async (ctx) => {
    const claims = claimsOf(ctx, deps.key)
    const seller = await findSeller(deps.prisma, claims.userId)
    const answer: UnsubscribeAnswer = { kind: claims.kind, unsubscribed: seller !== null && !wants(seller, claims.kind) }
    ctx.set('Cache-Control', 'no-store')
    ctx.body = answer
  })
  router.post('/notifications/unsubscribe', async (ctx) => {
    const claims = claimsOf(ctx, deps.key)
    await updateSettings(deps.prisma, claims.userId, { [claims.kind]: false })
    const answer: UnsubscribeAnswer = { kind: claims.kind, unsubscribed: true }
    ctx.set('Cache-Control', 'no-store')
    ctx.body = answer
  })
  return router
}
