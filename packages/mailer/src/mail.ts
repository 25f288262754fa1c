// What the product sends and what it learns back. A message's id is the caller's stable id for one
// logical e-mail (an event's id, a verification's id): the Message-ID is made from it, and the local
// mailbox names its file by it, so sending the same message again is recognisably the same message.

/** The interface languages an e-mail is written in. */
export type MailLanguage = 'en' | 'sv'

export interface OutgoingMail {
  /** Letters, digits, `.`, `_` and `-`, up to 128 characters. */
  id: string
  to: string
  subject: string
  /** The plain-text part; every e-mail has it and an HTML part. */
  text: string
  html: string
  language: MailLanguage
  /** A signed link that unsubscribes in one click (RFC 8058): sent as List-Unsubscribe with List-Unsubscribe-Post. */
  unsubscribeUrl?: string
}

export interface SentMail {
  /** The Message-ID header, e.g. `<verify-12@valueproof.example>`. */
  messageId: string
  /** Where it went: the SMTP server, or the local mailbox file (`npm start` without SMTP_URL). */
  where: 'smtp' | 'mailbox'
}

export const MAIL_ID = /^[A-Za-z0-9._-]{1,128}$/

/**
 * An e-mail that did not reach the SMTP server's queue. `transient`: worth trying again later (the
 * server is down, busy, or answered 4xx); otherwise the server refused this message for good (5xx,
 * an address it will never take) and retrying only repeats the refusal.
 */
export class MailDeliveryError extends Error {
  constructor(
    message: string,
    readonly transient: boolean,
    readonly responseCode?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options)
    this.name = 'MailDeliveryError'
  }
}

/** The codes nodemailer gives a message that is wrong in itself: sending it again cannot help. */
const PERMANENT_CODES = new Set(['EENVELOPE', 'EMESSAGE', 'EMAXRECIPIENTS'])

/** Reads nodemailer's error (its `code` and the server's `responseCode`) as a MailDeliveryError. */
export function deliveryErrorOf(error: unknown): MailDeliveryError {
  if (error instanceof MailDeliveryError) return error
  const details = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown
    responseCode?: unknown
    message?: unknown
  }
  const responseCode = typeof details.responseCode === 'number' ? details.responseCode : undefined
  const code = typeof details.code === 'string' ? details.code : undefined
  const refusedForGood =
    responseCode === undefined ? code !== undefined && PERMANENT_CODES.has(code) : responseCode >= 500 && code !== 'EAUTH'
  const message = typeof details.message === 'string' ? details.message : String(error)
  return new MailDeliveryError(message, !refusedForGood, responseCode, { cause: error })
}
