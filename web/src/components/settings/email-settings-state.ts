import type { EmailLanguage, UserRecord } from '@valueproof/contracts'
import type { ToastInput } from '../ui/use-toast.ts'

/** Where the seller's address stands: none given, waiting for its link, or confirmed. */
export type EmailState = 'none' | 'waiting' | 'verified'

export function emailStateOf(user: Pick<UserRecord, 'email' | 'emailVerified'>): EmailState {
  if (user.email === null) return 'none'
  return user.emailVerified ? 'verified' : 'waiting'
}

export const EMAIL_STATE_TEXT: Record<Exclude<EmailState, 'none'>, string> = {
  verified: 'Verified',
  waiting: 'Waiting for confirmation — check your inbox',
}

export const EMAIL_CONFIRMED_TITLE = 'E-mail address confirmed'
export const EMAIL_LINK_INVALID_TEXT = 'That confirmation link is no longer valid. Send a new one from Settings.'

/**
 * The toast for the outcome a confirmation link reports (/settings?email=verified or =invalid, the
 * redirect of GET /api/user/email/verify); nothing for any other value.
 */
export function confirmationToast(flag: unknown): ToastInput | undefined {
  if (flag === 'verified') return { title: EMAIL_CONFIRMED_TITLE }
  if (flag === 'invalid') return { variant: 'destructive', title: EMAIL_LINK_INVALID_TEXT }
  return undefined
}

/** The choices of "Language for e-mails", each named in its own language. */
export const EMAIL_LANGUAGE_OPTIONS: ReadonlyArray<{ value: EmailLanguage; label: string }> = [
  { value: 'en', label: 'English' },
  { value: 'sv', label: 'Svenska' },
]

export function emailLanguageLabel(language: EmailLanguage): string {
  return EMAIL_LANGUAGE_OPTIONS.find((option) => option.value === language)?.label ?? language
}
