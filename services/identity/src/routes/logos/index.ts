import { readFile, rm } from 'node:fs/promises'
import Router from '@koa/router'
import type { ObjectStore } from '@valueproof/object-store'
import { currentUserId, errors, requireUser } from '@valueproof/service-kit'
import type { Middleware } from 'koa'
import { koaBody } from 'koa-body'
import type { PrismaClient } from '../../db.ts'
import { LOGO_MAX_BYTES, LOGO_TOO_LARGE_MESSAGE, PRO_ONLY_LOGO_MESSAGE, readLogo, storeLogo } from '../../domain/logos.ts'
import { loadUser } from '../../domain/profile.ts'

interface FormidableError {
  httpCode?: number
  code?: number
}

/** Multipart with one bounded file; a too-large file is refused while it streams in. */
function logoUpload(): Middleware {
  const parse = koaBody({
    multipart: true,
    json: false,
    urlencoded: false,
    text: false,
    formidable: { maxFiles: 1, maxFileSize: LOGO_MAX_BYTES, maxFields: 10, allowEmptyFiles: true, minFileSize: 0 },
    onError: (error) => {
      throw error
    },
  })
  return async (ctx, next) => {
    if (!ctx.is('multipart/form-data')) throw errors.unsupportedMediaType('Send the logo as multipart/form-data in the field "logo"')
    try {
      await parse(ctx, async () => undefined)
    } catch (error) {
      const { httpCode } = (error ?? {}) as FormidableError
      if (httpCode === 413) throw errors.payloadTooLarge(LOGO_TOO_LARGE_MESSAGE, 'logo_too_large')
      if (typeof httpCode === 'number' && httpCode < 500) throw errors.badRequest('The upload could not be read as multipart/form-data')
      throw error
    }
    await next()
  }
}

export function logosRouter(deps: { prisma: PrismaClient; objectStore: ObjectStore }): Router {
  const router = new Router()

  router.post('/upload-logo', requireUser(), async (ctx, next) => {
    const user = await loadUser(deps.prisma, currentUserId(ctx))
    if (user.plan !== 'pro') throw errors.forbidden(PRO_ONLY_LOGO_MESSAGE, 'pro_plan_required')
    await next()
  }, logoUpload(), async (ctx) => {
    const files = ctx.request.files ?? {}
    const uploads = Object.values(files).flat()
    try {
      const logo = files.logo
      const file = Array.isArray(logo) ? logo[0] : logo
      if (!file) throw errors.badRequest('Upload an image in the form field "logo"')
      const bytes = await readFile(file.filepath)
      ctx.body = await storeLogo(deps.prisma, deps.objectStore, { userId: currentUserId(ctx), bytes })
    } finally {
      await Promise.all(uploads.map((upload) => rm(upload.filepath, { force: true })))
    }
  })

  router.get('/logos/:userId/:file', async (ctx) => {
    const key = `${ctx.params.userId}/${ctx.params.file}`
    if (!/^\d+\/[0-9a-f-]{36}\.(png|jpg|gif|webp)$/.test(key)) throw errors.notFound('Logo not found')
    const logo = await readLogo(deps.prisma, deps.objectStore, key)
    if (!logo) throw errors.notFound('Logo not found')
    ctx.set('Content-Type', logo.contentType)
    ctx.set('X-Content-Type-Options', 'nosniff')
    ctx.set('Content-Security-Policy', "default-src 'none'; sandbox")
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable')
    ctx.body = logo.body
  })

  return router
}
