// What the Contact tab shows, from GET /api/support (the operator's SUPPORT_EMAIL and SUPPORT_PHONE;
// for Pro, the priority address). Nothing is made up: without a configured phone the tab says that
// support is by e-mail, and a value that is not a plain address or number is shown without a link.
import type { SupportContact } from '@valueproof/contracts'
import { mailtoHref, telHref } from '../../proposals/contact-links.ts'

export interface ContactLine {
  text: string
  /** mailto: or tel:, when the configured value is plainly one. */
  href: string | undefined
}

export interface ContactDetails {
  email: ContactLine
  /** null: no phone line is configured. */
  phone: ContactLine | null
  /** The Pro reply target, when the address is the priority one. */
  priorityReplyWithin: string | null
}

export function contactDetails(support: SupportContact): ContactDetails {
  const email = support.email.trim()
  const phone = support.phone?.trim() ?? ''
  return {
    email: { text: email, href: mailtoHref(email) },
    phone: phone === '' ? null : { text: phone, href: telHref(phone) },
    priorityReplyWithin: support.priority ? support.replyWithin : null,
  }
}
