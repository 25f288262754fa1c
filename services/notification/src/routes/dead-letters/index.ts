import type { DeadLetters } from '@valueproof/contracts'
import { operatorGate, Router } from '@valueproof/http-kit'
import type { PrismaClient } from '../../db.ts'

const LISTED = 200

/**
 * GET /notifications/dead-letters: the e-mails given up (refused for good, or failing for a day),
 * newest first, for the product's operator (NOTIFICATION_OPERATOR_TOKEN; 404 without one). No
 * address and no content: the mail's id names its event, the error says why.
 */
export function deadLettersRouter(deps: { prisma: PrismaClient; operatorToken: string | undefined }): Router {
  const router = new Router()
  const allowed = operatorGate(deps.operatorToken, 'NOTIFICATION_OPERATOR_TOKEN')
  router.get('/notifications/dead-letters', async (ctx) => {
    allowed(ctx.get('authorization'))
    const rows = await deps.prisma.mail.findMany({ where: { status: 'dead' }, orderBy: { createdAt: 'desc' }, take: LISTED })
    const answer: DeadLetters = {
      mails: rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        userId: row.userId,
        attempts: row.attempts,
        lastError: row.lastError,
        createdAt: row.createdAt.toISOString(),
      })),
    }
    ctx.set('Cache-Control', 'no-store')
    ctx.body = answer
  })
  return router
}
