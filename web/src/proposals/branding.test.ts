import { productBranding } from '@valueproof/contracts'
import { describe, expect, it } from 'vitest'
import { brandColorOf, brandingOf, PRODUCT_LOGO } from './branding.ts'

const ORIGIN = 'https://proposals.example'
const anna = { contactName: 'Anna Berg', contactEmail: 'anna@acme.example', contactPhone: '+46 70 123 45 67' }

describe('the branding a proposal page shows', () => {
  it("knows ValueProof's own branding by its logo, the one contracts stamps for Free", () => {
    expect(PRODUCT_LOGO).toBe(productBranding().companyLogo)
    expect(brandingOf({ branding: { ...productBranding(), ...anna } }, ORIGIN)).toEqual({
      kind: 'product',
      companyName: 'ValueProof',
      logoSrc: '/favicon.svg',
      websiteHref: 'https://valueproof.app/',
      website: 'https://valueproof.app',
      contact: {
        name: 'Anna Berg',
        email: 'anna@acme.example',
        emailHref: 'mailto:anna@acme.example',
        phone: '+46 70 123 45 67',
        phoneHref: 'tel:+46701234567',
      },
    })
  })

  it("reads a Pro seller's company, and no contact when none is given", () => {
    const branding = brandingOf(
      { branding: { companyName: ' Acme AB ', companyLogo: '/api/logos/acme.png', companyWebsite: 'https://acme.example' } },
      ORIGIN,
    )
    expect(branding).toMatchObject({ kind: 'custom', companyName: 'Acme AB', logoSrc: '/api/logos/acme.png', contact: undefined })
  })

  it('shows a logo from this site only, never another site’s address (issue 34)', () => {
    const logoOf = (companyLogo: string) => brandingOf({ branding: { companyName: 'Acme AB', companyLogo } }, ORIGIN).logoSrc
    expect(logoOf('/api/logos/acme.png')).toBe('/api/logos/acme.png')
    expect(logoOf(`${ORIGIN}/api/logos/acme.png`)).toBe(`${ORIGIN}/api/logos/acme.png`)
    for (const elsewhere of [
      'https://tracker.example/logo.png',
      'http://tracker.example/logo.png',
      '//tracker.example/logo.png',
      '/\\tracker.example/x',
    ]) {
      expect(logoOf(elsewhere), elsewhere).toBeUndefined()
    }
  })

  it('shows unsafe contact details as text only, and nothing of a malformed branding', () => {
    const { contact } = brandingOf({ branding: { contactEmail: 'eve@evil.example?body=hi', contactPhone: 'javascript:alert(1)' } }, ORIGIN)
    expect(contact).toEqual({
      name: undefined,
      email: 'eve@evil.example?body=hi',
      emailHref: undefined,
      phone: 'javascript:alert(1)',
      phoneHref: undefined,
    })
    expect(brandingOf({ branding: { contactName: 42 } }, ORIGIN)).toMatchObject({
      kind: 'custom',
      companyName: undefined,
      contact: undefined,
    })
    expect(brandingOf(null, ORIGIN).contact).toBeUndefined()
  })
})

describe("the document's brand colour", () => {
  const pro = brandingOf({ branding: { companyName: 'Acme AB', companyLogo: '/api/logos/acme.png' } }, ORIGIN)
  const free = brandingOf({ branding: productBranding() }, ORIGIN)

  it("is a Pro seller's colour when it reads in both themes", () => {
    expect(brandColorOf(pro, '#0f766e')).toBe('#0f766e')
  })

  it('is none on Free, none when unset, and none when it fails the contrast check', () => {
    expect(brandColorOf(free, '#0f766e')).toBeUndefined()
    expect(brandColorOf(pro, undefined)).toBeUndefined()
    expect(brandColorOf(pro, '#ffeb3b')).toBeUndefined()
    expect(brandColorOf(pro, '#1d4ed8')).toBeUndefined()
    expect(brandColorOf(pro, 'red')).toBeUndefined()
  })
})
