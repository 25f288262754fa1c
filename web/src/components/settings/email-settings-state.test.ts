import { describe, expect, it } from 'vitest'
import {
  confirmationToast,
  emailLanguageLabel,
  emailStateOf,
  EMAIL_CONFIRMED_TITLE,
  EMAIL_LINK_INVALID_TEXT,
} from './email-settings-state.ts'

describe("the seller's address in settings", () => {
  it('is none, waiting for its link, or verified', () => {
    expect(emailStateOf({ email: null, emailVerified: false })).toBe('none')
    expect(emailStateOf({ email: 'anna@acme.example', emailVerified: false })).toBe('waiting')
    expect(emailStateOf({ email: 'anna@acme.example', emailVerified: true })).toBe('verified')
  })

  it('tells the outcome of a confirmation link, and nothing for any other flag', () => {
    expect(confirmationToast('verified')).toEqual({ title: EMAIL_CONFIRMED_TITLE })
    expect(confirmationToast('invalid')).toEqual({ variant: 'destructive', title: EMAIL_LINK_INVALID_TEXT })
    for (const flag of [undefined, '', 'VERIFIED', true, ['verified']]) expect(confirmationToast(flag)).toBeUndefined()
  })

  it('names each language of e-mails in its own language', () => {
    expect(emailLanguageLabel('en')).toBe('English')
    expect(emailLanguageLabel('sv')).toBe('Svenska')
  })
})
