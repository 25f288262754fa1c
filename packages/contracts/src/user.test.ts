import { describe, expect, it } from 'vitest'
import { CONTACT_EMAIL_MAX_LENGTH, CONTACT_NAME_MAX_LENGTH, CONTACT_PHONE_MAX_LENGTH, profileBodySchema } from './user.ts'

function problems(body: unknown): string[] {
  const parsed = profileBodySchema.safeParse(body)
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
}

describe("the profile's contact details", () => {
  it('accepts a name, an e-mail and a phone written the usual ways, trimmed', () => {
    const parsed = profileBodySchema.parse({
      contactName: ' Åsa Öberg ',
      contactEmail: ' asa.oberg+sales@acme-ab.se ',
      contactPhone: '+46 (0)70-123 45 67',
    })
    expect(parsed).toEqual({ contactName: 'Åsa Öberg', contactEmail: 'asa.oberg+sales@acme-ab.se', contactPhone: '+46 (0)70-123 45 67' })
    expect(problems({ contactPhone: '070.123.45.67' })).toEqual([])
    expect(problems({ contactPhone: '08/123 456' })).toEqual([])
  })

  it('clears a field with an empty string or null', () => {
    expect(profileBodySchema.parse({ contactName: '', contactEmail: '  ', contactPhone: null })).toEqual({
      contactName: '',
      contactEmail: '',
      contactPhone: null,
    })
  })

  it.each([
    ['anna', 'contactEmail: Contact e-mail must be an address like name@example.com'],
    ['anna@acme', 'contactEmail: Contact e-mail must be an address like name@example.com'],
    ['anna @acme.example', 'contactEmail: Contact e-mail must be an address like name@example.com'],
    // It becomes a mailto: link: no query part can ride along.
    ['anna@acme.example?cc=eve@evil.example', 'contactEmail: Contact e-mail must be an address like name@example.com'],
    ['javascript:alert(1)//@acme.example', 'contactEmail: Contact e-mail must be an address like name@example.com'],
  ])('refuses the e-mail %j', (contactEmail, message) => {
    expect(problems({ contactEmail })).toEqual([message])
  })

  it.each([
    ['call me', 'contactPhone: Contact phone may contain only digits, spaces, a leading + and the characters ( ) - . /'],
    ['070+123', 'contactPhone: Contact phone may contain only digits, spaces, a leading + and the characters ( ) - . /'],
    ['tel:0701234567', 'contactPhone: Contact phone may contain only digits, spaces, a leading + and the characters ( ) - . /'],
    ['12 34', 'contactPhone: Contact phone must have 5 to 20 digits'],
    ['1'.repeat(21), 'contactPhone: Contact phone must have 5 to 20 digits'],
  ])('refuses the phone %j', (contactPhone, message) => {
    expect(problems({ contactPhone })).toEqual([message])
  })

  it('refuses text too long, control characters and NUL', () => {
    expect(problems({ contactName: 'a'.repeat(CONTACT_NAME_MAX_LENGTH + 1) })).toEqual([
      `contactName: Contact name must be at most ${CONTACT_NAME_MAX_LENGTH} characters`,
    ])
    expect(problems({ contactEmail: `${'a'.repeat(CONTACT_EMAIL_MAX_LENGTH)}@acme.example` })).toEqual([
      `contactEmail: Contact e-mail must be at most ${CONTACT_EMAIL_MAX_LENGTH} characters`,
    ])
    expect(problems({ contactPhone: `+46 ${'1 '.repeat(CONTACT_PHONE_MAX_LENGTH)}` })[0]).toBe(
      `contactPhone: Contact phone must be at most ${CONTACT_PHONE_MAX_LENGTH} characters`,
    )
    expect(problems({ contactName: 'Anna\u0007Berg' })).toEqual(['contactName: Contact name must not contain control characters'])
    expect(problems({ contactName: 'Anna\u0000' })[0]).toMatch(/^contactName: contains a character that cannot be stored/)
    expect(problems({ contactEmail: 42 })).toHaveLength(1)
  })
})
