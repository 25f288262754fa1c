// Where 'Contact Support' goes (SPEC §1 priority support for Pro, /legal Contact for everyone).
import { SUPPORT_REPLY_HOURS, type SupportContact } from '@valueproof/contracts'
import type { BillingSettings } from '../config.ts'

/** SPEC /legal: the response target on the ordinary address. */
export const STANDARD_REPLY_WITHIN = `within ${SUPPORT_REPLY_HOURS} hours on business days`

export function supportContact(
  settings: Pick<BillingSettings, 'SUPPORT_EMAIL' | 'SUPPORT_PHONE' | 'SUPPORT_PRIORITY_EMAIL' | 'SUPPORT_PRIORITY_REPLY_HOURS'>,
  plan: string,
): SupportContact {
  const phone = settings.SUPPORT_PHONE ?? null
  if (plan !== 'pro') return { email: settings.SUPPORT_EMAIL, phone, priority: false, replyWithin: STANDARD_REPLY_WITHIN }
  const hours = settings.SUPPORT_PRIORITY_REPLY_HOURS
  return {
    email: settings.SUPPORT_PRIORITY_EMAIL,
    phone,
    priority: true,
    replyWithin: `within ${hours} business ${hours === 1 ? 'hour' : 'hours'}`,
  }
}
