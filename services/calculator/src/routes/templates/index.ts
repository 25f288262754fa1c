import type { Context } from 'koa'
import { createCalculatorTemplateBodySchema, OWN_TEMPLATES_MAX, useCalculatorTemplateBodySchema } from '@valueproof/contracts'
import { currentUserId, jsonBody, requireUser, Router, validateBody } from '@valueproof/http-kit'
import type { GenerationDeps } from '../../domain/generation.ts'
import { deleteTemplate, listTemplates, saveAsTemplate, useTemplate } from '../../domain/templates.ts'

/** The `:id` of the path (a missing one reads as empty, which is never a template's id). */
function idOf(ctx: Context): string {
  const { params } = ctx as Context & { params?: Record<string, string | undefined> }
  return params?.id ?? ''
}

/** Calculator templates (issue 16; the gateway maps /api/calculator-templates... here): Pro, deleting on any plan. */
export function templatesRouter(deps: Pick<GenerationDeps, 'prisma' | 'dbSchema' | 'now'>): Router {
  const router = new Router()

  router.get('/calculator-templates', requireUser(), async (ctx) => {
    ctx.set('Cache-Control', 'no-store')
    ctx.body = { templates: await listTemplates(deps.prisma, currentUserId(ctx)), ownLimit: OWN_TEMPLATES_MAX }
  })

  router.post(
    '/calculator-templates',
    requireUser(),
    jsonBody({ limit: '16kb' }),
    validateBody(createCalculatorTemplateBodySchema, async (ctx, body) => {
      ctx.status = 201
      ctx.body = await saveAsTemplate(deps.prisma, { userId: currentUserId(ctx), body })
    }),
  )

  router.delete('/calculator-templates/:id', requireUser(), async (ctx) => {
    await deleteTemplate(deps.prisma, { userId: currentUserId(ctx), id: idOf(ctx) })
    ctx.status = 204
  })

  router.post(
    '/calculator-templates/:id/use',
    requireUser(),
    jsonBody({ limit: '16kb' }),
    validateBody(useCalculatorTemplateBodySchema, async (ctx, body) => {
      ctx.body = await useTemplate(deps, { userId: currentUserId(ctx), id: idOf(ctx), choice: body })
    }),
  )

  return router
}
