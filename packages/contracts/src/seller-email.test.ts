import { describe, expect, it } from 'vitest'
import { emailLanguageBodySchema, SELLER_EMAIL_MAX_LENGTH, sellerEmailBodySchema } from './seller-email.ts'
import { registerBodySchema, userRecordSchema } from './user.ts'

function problems(
  schema: { safeParse(body: unknown): { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } } },
  body: unknown,
) {
  const parsed = schema.safeParse(body)
  return parsed.success ? [] : (parsed.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`)
}

const ACCOUNT = { username: 'anna', password: 'Sunny-Day-42' }

describe("the seller's e-mail address", () => {
  it('is trimmed and its domain lower-cased; the local part is kept as typed', () => {
    expect(sellerEmailBodySchema.parse({ email: ' Anna.Berg+Sales@ACME-AB.Se ' })).toEqual({ email: 'Anna.Berg+Sales@acme-ab.se' })
  })

  it.each([
    ['anna', 'email: E-mail must be an address like name@example.com'],
    ['anna@acme', 'email: E-mail must be an address like name@example.com'],
    ['anna @acme.example', 'email: E-mail must be an address like name@example.com'],
    ['anna@acme.example?bcc=eve@evil.example', 'email: E-mail must be an address like name@example.com'],
    ['anna@acme.example\r\nBcc: eve@evil.example', 'email: E-mail must be an address like name@example.com'],
    ['åsa@acme.example', 'email: E-mail must be an address like name@example.com'],
    ['', 'email: E-mail is required'],
    ['   ', 'email: E-mail is required'],
    ['anna\u0000@acme.example', 'email: contains a character that cannot be stored (NUL or an unpaired surrogate)'],
  ])('refuses %j with a clear message', (email, message) => {
    expect(problems(sellerEmailBodySchema, { email })).toEqual([message])
  })

  it(`is at most ${SELLER_EMAIL_MAX_LENGTH} characters`, () => {
    const longest = `${'a'.repeat(SELLER_EMAIL_MAX_LENGTH - '@acme.example'.length)}@acme.example`
    expect(problems(sellerEmailBodySchema, { email: longest })).toEqual([])
    expect(problems(sellerEmailBodySchema, { email: `a${longest}` })).toEqual([
      `email: E-mail must be at most ${SELLER_EMAIL_MAX_LENGTH} characters`,
    ])
  })

  it('refuses a body with anything else in it', () => {
    expect(problems(sellerEmailBodySchema, { email: 'anna@acme.example', userId: 2 })).toEqual([': Unrecognized key: "userId"'])
  })
})

describe("sign-up's e-mail and language", () => {
  it('are optional; an empty address is none', () => {
    expect(registerBodySchema.parse(ACCOUNT)).toEqual(ACCOUNT)
    expect(registerBodySchema.parse({ ...ACCOUNT, email: '  ' })).toEqual(ACCOUNT)
    expect(registerBodySchema.parse({ ...ACCOUNT, email: 'Anna@Acme.Example', language: 'sv' })).toEqual({
      ...ACCOUNT,
      email: 'Anna@acme.example',
      language: 'sv',
    })
  })

  it('refuses a malformed address and a language e-mails are not written in', () => {
    expect(problems(registerBodySchema, { ...ACCOUNT, email: 'anna@acme' })).toEqual([
      'email: E-mail must be an address like name@example.com',
    ])
    expect(problems(registerBodySchema, { ...ACCOUNT, language: 'de' })).toEqual(['language: Language must be one of en, sv'])
  })
})

describe('the language of e-mails', () => {
  it('is en or sv', () => {
    expect(emailLanguageBodySchema.parse({ language: 'sv' })).toEqual({ language: 'sv' })
    expect(problems(emailLanguageBodySchema, { language: 'SV' })).toEqual(['language: Language must be one of en, sv'])
    expect(problems(emailLanguageBodySchema, {})).toEqual(['language: Language must be one of en, sv'])
  })
})

describe("the user record's e-mail fields", () => {
  it('carry the address as given, whether it is confirmed, and the language', () => {
    const fields = userRecordSchema.pick({ email: true, emailVerified: true, language: true })
    expect(fields.parse({ email: null, emailVerified: false, language: 'en' })).toEqual({
      email: null,
      emailVerified: false,
      language: 'en',
    })
    expect(fields.safeParse({ email: 'a@b.example', emailVerified: 'yes', language: 'en' }).success).toBe(false)
  })
})
