import { loginBodySchema, registerBodySchema, SESSION_EXPIRES_HEADER, SESSION_TOKEN_HEADER } from '@valueproof/contracts'
import { clientIp, jsonBody, Router, validateBody } from '@valueproof/http-kit'
import type { Context } from 'koa'
import type { PrismaClient } from '../../db.ts'
import { emailLanguageFromAcceptLanguage } from '../../domain/accept-language.ts'
import { logIn, logOut, registerAccount, type AccountSettings } from '../../domain/accounts.ts'
import type { NewSession } from '../../domain/sessions.ts'
import { presentUser } from '../../presenters/user.ts'

/** The gateway turns these headers into the cookie and removes them. */
function handOverSession(ctx: Context, session: NewSession): void {
  ctx.set(SESSION_TOKEN_HEADER, session.token)
  ctx.set(SESSION_EXPIRES_HEADER, session.expiresAt.toISOString())
}

export function authRouter(deps: { prisma: PrismaClient; settings: AccountSettings }): Router {
  const router = new Router()

  router.post(
    '/register',
    jsonBody(),
    validateBody(registerBodySchema, async (ctx, body) => {
      const language = body.language ?? emailLanguageFromAcceptLanguage(ctx.get('accept-language'))
      const { user, session } = await registerAccount(deps.prisma, { ...body, language, ip: clientIp(ctx), settings: deps.settings })
      handOverSession(ctx, session)
      ctx.status = 201
      ctx.body = presentUser(user)
    }),
  )

  router.post(
    '/login',
    jsonBody(),
    validateBody(loginBodySchema, async (ctx, body) => {
      const { user, session } = await logIn(deps.prisma, { ...body, ip: clientIp(ctx), settings: deps.settings })
      handOverSession(ctx, session)
      ctx.body = presentUser(user)
    }),
  )

  router.post('/logout', async (ctx) => {
    const token = ctx.get(SESSION_TOKEN_HEADER)
    if (token) await logOut(deps.prisma, { token })
    ctx.status = 204
  })

  return router
}
