// Sends the product's e-mails with nodemailer: over SMTP when SMTP_URL is set, otherwise into the
// local mailbox (mailbox.ts). Every message has a plain-text and an HTML part, its language, a
// Message-ID made from the caller's id and, when given, a one-click unsubscribe (RFC 8058).
import nodemailer from 'nodemailer'
import { deliveryErrorOf, MAIL_ID, type OutgoingMail, type SentMail } from './mail.ts'
import { writeToMailbox } from './mailbox.ts'

export interface MailerOptions {
  /** smtp:// or smtps:// with optional credentials; absent: the local mailbox. */
  smtpUrl?: string
  /** The sender, e.g. `ValueProof <notifications@valueproof.example>`. */
  from: string
  /** The local mailbox's folder (used when smtpUrl is absent). */
  mailboxDir: string
  /** Connecting, the server's greeting and each socket read (default 10 s each): a stalled server fails the send, never hangs it. */
  timeoutMs?: number
  /** SMTP connections kept open and used at once (default 4): a connection per message would cost a handshake each. */
  connections?: number
}

export interface Mailer {
  readonly kind: 'smtp' | 'mailbox'
  /** How many sends it makes at once (its SMTP connections; 1 for the mailbox). */
  readonly concurrency: number
  /** Resolves once the SMTP server has queued the message (or the mailbox holds it); rejects with a MailDeliveryError. */
  send(mail: OutgoingMail): Promise<SentMail>
  close(): void
}

const DEFAULT_TIMEOUT_MS = 10_000
const DEFAULT_CONNECTIONS = 4

/** The domain of the sender's address: Message-IDs are made under it. */
function senderDomain(from: string): string {
  const address = /<([^>]+)>\s*$/.exec(from)?.[1] ?? from
  const domain = address.split('@')[1]?.trim().toLowerCase()
  if (domain === undefined || !/^[a-z0-9.-]+$/.test(domain)) throw new Error(`The sender address has no usable domain: ${from}`)
  return domain
}

function message(mail: OutgoingMail, from: string, messageId: string) {
  if (!MAIL_ID.test(mail.id)) throw new Error(`An e-mail's id must be 1-128 letters, digits, '.', '_' or '-': ${mail.id}`)
  const headers: Record<string, string> = { 'Content-Language': mail.language }
  if (mail.unsubscribeUrl !== undefined) {
    headers['List-Unsubscribe'] = `<${mail.unsubscribeUrl}>`
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click'
  }
  return { from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, messageId, headers }
}

function smtpMailer(options: MailerOptions & { smtpUrl: string }, domain: string): Mailer {
  const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    pool: true,
    maxConnections: options.connections ?? DEFAULT_CONNECTIONS,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  })
  return {
    kind: 'smtp',
    concurrency: options.connections ?? DEFAULT_CONNECTIONS,
    async send(mail) {
      const messageId = `<${mail.id}@${domain}>`
      try {
        await transport.sendMail(message(mail, options.from, messageId))
      } catch (error) {
        throw deliveryErrorOf(error)
      }
      return { messageId, where: 'smtp' }
    },
    close: () => transport.close(),
  }
}

function mailboxMailer(options: MailerOptions, domain: string): Mailer {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    kind: 'mailbox',
    concurrency: 1,
    async send(mail) {
      const messageId = `<${mail.id}@${domain}>`
      const composed = await composer.sendMail(message(mail, options.from, messageId))
      // With `buffer: true` nodemailer answers the whole message as a Buffer.
      if (!Buffer.isBuffer(composed.message)) throw new Error('nodemailer composed no buffer')
      const raw = composed.message
      await writeToMailbox(options.mailboxDir, mail, messageId, raw)
      return { messageId, where: 'mailbox' }
    },
    close: () => composer.close(),
  }
}

export function createMailer(options: MailerOptions): Mailer {
  const domain = senderDomain(options.from)
  return options.smtpUrl === undefined ? mailboxMailer(options, domain) : smtpMailer({ ...options, smtpUrl: options.smtpUrl }, domain)
}
