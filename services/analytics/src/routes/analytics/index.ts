import { ANALYTICS_MAX_DAYS, ANALYTICS_PRO_REQUIRED_CODE, analyticsRangeQuerySchema } from '@valueproof/contracts'
import { currentUserId, errors, HttpError, requireUser, Router } from '@valueproof/http-kit'
import type { Context, Next } from 'koa'
import type { PrismaClient } from '../../db.ts'
import { dashboardOverview, type DashboardDeps } from '../../domain/dashboard.ts'
import { analyticsOperatorGate, operatorOverview } from '../../domain/operator.ts'
import { proposalAnalytics } from '../../domain/proposal-analytics.ts'

export const DAYS_INVALID_MESSAGE = `days must be a whole number from 1 to ${ANALYTICS_MAX_DAYS}`

/** The `days` the query asks for (ANALYTICS_DEFAULT_DAYS when none); 400 otherwise. */
function daysOf(ctx: Context): number {
  const parsed = analyticsRangeQuerySchema.safeParse({ days: ctx.query.days })
  if (!parsed.success) throw errors.badRequest(DAYS_INVALID_MESSAGE)
  return parsed.data.days
}

/** An answer that is the user's own and changes with every view: never kept by a cache. */
function answer(ctx: Context, body: unknown): void {
  ctx.set('Cache-Control', 'private, no-store')
  ctx.body = body
}

/**
 * A Free owner's 403 carries `code: 'pro_required'` beside its message, so the page can tell it
 * from any other refusal and show what Pro would show, with the upgrade button.
 */
async function proRequiredCode(ctx: Context, next: Next): Promise<void> {
  try {
    await next()
  } catch (error) {
    if (!(error instanceof HttpError) || error.id !== ANALYTICS_PRO_REQUIRED_CODE) throw error
    ctx.status = error.status
    ctx.body = { message: error.message, code: ANALYTICS_PRO_REQUIRED_CODE }
  }
}

/**
 * The Pro dashboard's reads (GET /api/analytics/overview and /proposals/{id}, the signed-in owner's)
 * and the product owner's daily counts (GET /api/analytics/operator, only with the operator token).
 */
export function analyticsRouter(deps: DashboardDeps & { prisma: PrismaClient; operatorToken: string | undefined }): Router {
  const router = new Router()
  const operatorAllowed = analyticsOperatorGate(deps.operatorToken)

  router.get('/analytics/overview', requireUser(), proRequiredCode, async (ctx) => {
    answer(ctx, await dashboardOverview(deps, { userId: currentUserId(ctx), days: daysOf(ctx) }))
  })

  router.get('/analytics/proposals/:id', requireUser(), proRequiredCode, async (ctx) => {
    const userId = currentUserId(ctx)
    answer(ctx, await proposalAnalytics(deps, { userId, proposalId: ctx.params.id ?? '', days: daysOf(ctx) }))
  })

  router.get('/analytics/operator', async (ctx) => {
    operatorAllowed(ctx.get('authorization'))
    answer(ctx, await operatorOverview(deps.prisma, { now: deps.now(), days: daysOf(ctx) }))
  })

  return router
}
