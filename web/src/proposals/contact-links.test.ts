import { describe, expect, it } from 'vitest'
import { mailtoHref, telHref } from './contact-links.ts'

describe("the seller's contact links", () => {
  it('links a plain e-mail address and a written phone number', () => {
    expect(mailtoHref(' anna.berg+sales@acme-ab.se ')).toBe('mailto:anna.berg+sales@acme-ab.se')
    expect(telHref('+46 (0)70-123 45 67')).toBe('tel:+460701234567')
    expect(telHref('08/123 456')).toBe('tel:08123456')
  })

  it.each([
    'anna@acme.example?subject=Hi',
    'anna@acme.example&cc=eve@evil.example',
    'javascript:alert(1)//@acme.example',
    'Anna <anna@acme.example>',
    'anna@acme',
    '',
    null,
    undefined,
  ])('makes no e-mail link of %j', (email) => {
    expect(mailtoHref(email)).toBeUndefined()
  })

  it.each(['javascript:alert(1)', 'tel:0701234567', '070+123', '1234', '1'.repeat(21), '', null, undefined])(
    'makes no phone link of %j',
    (phone) => {
      expect(telHref(phone)).toBeUndefined()
    },
  )
})
