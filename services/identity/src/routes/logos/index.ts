import { readFile } from 'node:fs/promises'
import type { ObjectStore } from '@valueproof/object-store'
import { currentUserId, errors, multipartBody, requireUser, Router, uploadedFile } from '@valueproof/http-kit'
import type { Context } from 'koa'
import type { PrismaClient } from '../../db.ts'
import { LOGO_KEY, LOGO_MAX_BYTES, LOGO_TOO_LARGE_MESSAGE, PRO_ONLY_LOGO_MESSAGE, readLogo, storeLogo } from '../../domain/logos.ts'
import { loadUser } from '../../domain/profile.ts'

export function logosRouter(deps: { prisma: PrismaClient; objectStore: ObjectStore }): Router {
  const router = new Router()

  router.post(
    '/upload-logo',
    requireUser(),
    async (ctx, next) => {
      // Checked before the body is read: a Free account's upload is refused without storing a byte.
      const user = await loadUser(deps.prisma, currentUserId(ctx))
      if (user.plan !== 'pro') throw errors.forbidden(PRO_ONLY_LOGO_MESSAGE, 'pro_plan_required')
      await next()
    },
    multipartBody({ maxFileSize: LOGO_MAX_BYTES, tooLargeMessage: LOGO_TOO_LARGE_MESSAGE, fieldHint: 'the image in the field "logo"' }),
    async (ctx) => {
      const file = uploadedFile(ctx, 'logo')
      if (!file) throw errors.badRequest('Upload an image in the form field "logo"')
      ctx.body = await storeLogo(deps.prisma, deps.objectStore, { userId: currentUserId(ctx), bytes: await readFile(file.filepath) })
    },
  )

  const serveLogo = async (ctx: Context, key: string) => {
    if (!LOGO_KEY.test(key)) throw errors.notFound('Logo not found')
    const logo = await readLogo(deps.prisma, deps.objectStore, key)
    if (!logo) throw errors.notFound('Logo not found')
    ctx.set('Content-Type', logo.contentType)
    ctx.set('X-Content-Type-Options', 'nosniff')
    ctx.set('Content-Security-Policy', "default-src 'none'; sandbox")
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable')
    ctx.body = logo.body
  }
  router.get('/logos/:file', (ctx) => serveLogo(ctx, ctx.params.file ?? ''))
  // Logos stored before their keys lost the owner's id.
  router.get('/logos/:userId/:file', (ctx) => serveLogo(ctx, `${ctx.params.userId}/${ctx.params.file}`))

  return router
}
