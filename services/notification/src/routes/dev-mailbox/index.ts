import type { DevMailbox } from '@valueproof/contracts'
import { errors, Router } from '@valueproof/http-kit'
import { listMailbox } from '@valueproof/mailer'

/**
 * GET /dev/mailbox: the local mailbox of a development run (`npm start` without SMTP_URL), so the
 * seller can read the e-mails, and follow a confirmation link, without a mail server. Absent (404)
 * unless the page is turned on and mail goes to the mailbox.
 */
export function devMailboxRouter(deps: { mailboxDir: string | undefined }): Router {
  const router = new Router()
  router.get('/dev/mailbox', async (ctx) => {
    if (deps.mailboxDir === undefined) throw errors.notFound('The development mailbox is off')
    const messages = await listMailbox(deps.mailboxDir)
    const answer: DevMailbox = {
      messages: messages.map(({ id, to, subject, language, text, html, date }) => ({ id, to, subject, language, text, html, date })),
    }
    ctx.set('Cache-Control', 'no-store')
    ctx.body = answer
  })
  return router
}
