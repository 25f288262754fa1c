import {
  EMAIL_INVALID_REDIRECT,
  EMAIL_VERIFIED_REDIRECT,
  emailLanguageBodySchema,
  emailVerifyQuerySchema,
  sellerEmailBodySchema,
} from '@valueproof/contracts'
import { currentUserId, jsonBody, requireUser, Router, validateBody } from '@valueproof/http-kit'
import {
  removeSellerEmail,
  resendEmailLink,
  setEmailLanguage,
  setSellerEmail,
  verifySellerEmail,
  type SellerEmailDeps,
} from '../../domain/seller-email.ts'
import { presentUser } from '../../presenters/user.ts'

/** The seller's address for notifications and the language of their e-mails (issue 39); each answers the user record. */
export function sellerEmailRouter(deps: SellerEmailDeps): Router {
  const router = new Router()

  router.put(
    '/user/email',
    requireUser(),
    jsonBody(),
    validateBody(sellerEmailBodySchema, async (ctx, body) => {
      ctx.body = presentUser(await setSellerEmail(deps, { userId: currentUserId(ctx), email: body.email }))
    }),
  )

  router.delete('/user/email', requireUser(), async (ctx) => {
    ctx.body = presentUser(await removeSellerEmail(deps, { userId: currentUserId(ctx) }))
  })

  router.post('/user/email/resend', requireUser(), async (ctx) => {
    ctx.body = presentUser(await resendEmailLink(deps, { userId: currentUserId(ctx) }))
  })

  // Public: the seller opens the link from their mail app, often signed out. The answer is the
  // settings page with the outcome, never whose token it was.
  router.get('/user/email/verify', async (ctx) => {
    const query = emailVerifyQuerySchema.safeParse({ token: ctx.query.token })
    const outcome = query.success ? await verifySellerEmail(deps, { token: query.data.token }) : 'invalid'
    ctx.set('cache-control', 'no-store')
    ctx.status = 303
    ctx.set('location', outcome === 'verified' ? EMAIL_VERIFIED_REDIRECT : EMAIL_INVALID_REDIRECT)
  })

  router.put(
    '/user/language',
    requireUser(),
    jsonBody(),
    validateBody(emailLanguageBodySchema, async (ctx, body) => {
      ctx.body = presentUser(await setEmailLanguage(deps, { userId: currentUserId(ctx), language: body.language }))
    }),
  )

  return router
}
