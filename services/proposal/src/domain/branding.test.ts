import { productBranding } from '@valueproof/contracts'
import { describe, expect, it } from 'vitest'
import { NO_COMPANY, NO_CONTACT, type Account, type SellerProfile } from './accounts.ts'
import { brandingFor, shownBranding, withShownBranding } from './branding.ts'

const ORIGIN = 'https://proposals.example'
const acme = { companyName: 'Acme AB', companyLogo: '/api/logos/acme.png', companyWebsite: 'https://acme.example' }
const anna = { contactName: 'Anna Berg', contactEmail: 'anna@acme.example', contactPhone: '+46 70 123 45 67' }

function account(plan: Account['plan'], profile: Partial<SellerProfile>): Account {
  return { plan, profile: { ...NO_COMPANY, ...NO_CONTACT, ...profile } }
}

describe('brandingFor', () => {
  it("gives a Free user ValueProof's branding with the seller's own contact details", () => {
    const decision = brandingFor(account('free', anna), ORIGIN)
    expect(decision.kind).toBe('product')
    expect(decision.branding).toEqual({ ...productBranding(ORIGIN), ...anna })
    expect(decision.contact).toEqual({ ...NO_COMPANY, ...anna })
  })

  it('never names the company of a Free user, even one whose profile still has it (a former Pro user)', () => {
    const decision = brandingFor(account('free', { ...acme, ...anna }), ORIGIN)
    expect(decision.branding).toEqual({ ...productBranding(ORIGIN), ...anna })
    expect(decision.contact).toEqual({ ...NO_COMPANY, ...anna })
  })

  it('gives a Pro user their company profile and contact details; the written contact line may name the company', () => {
    const decision = brandingFor(account('pro', { ...acme, ...anna }), ORIGIN)
    expect(decision.kind).toBe('custom')
    expect(decision.branding).toEqual({ ...acme, ...anna })
    expect(decision.contact).toEqual({ ...acme, ...anna })
  })

  it('never shows another site’s logo, only one the product serves (issue 34): a stored external address is left out', () => {
    const external = brandingFor(account('pro', { ...acme, companyLogo: 'https://tracker.example/logo.png' }), ORIGIN)
    expect(external.branding).toEqual({ companyName: 'Acme AB', companyWebsite: 'https://acme.example' })
    const onlyExternal = brandingFor(account('pro', { companyLogo: 'https://tracker.example/logo.png' }), ORIGIN)
    expect([onlyExternal.kind, onlyExternal.branding]).toEqual(['product', productBranding(ORIGIN)])
    for (const logo of [
      '//tracker.example/logo.png',
      '/api/logos/../../x.png',
      'http://localhost/api/logos/a.png',
      '/api/logos/a.png?x=1',
    ]) {
      expect(brandingFor(account('pro', { ...acme, companyLogo: logo }), ORIGIN).branding.companyLogo, logo).toBeUndefined()
    }
    expect(
      shownBranding({}, account('pro', { ...acme, companyLogo: 'https://tracker.example/logo.png' }), ORIGIN).companyLogo,
    ).toBeUndefined()
  })

  it('keeps only the filled fields, and the defaults for a Pro user with contact details but no company yet', () => {
    const partial = brandingFor(account('pro', { companyName: 'Acme AB', contactEmail: 'anna@acme.example' }), ORIGIN)
    expect(partial.branding).toEqual({ companyName: 'Acme AB', contactEmail: 'anna@acme.example' })
    const noCompany = brandingFor(account('pro', { contactPhone: '+46 70 123 45 67' }), undefined)
    expect(noCompany.kind).toBe('product')
    expect(noCompany.branding).toEqual({ ...productBranding(undefined), contactPhone: '+46 70 123 45 67' })
  })

  it('has no contact to name when the seller has given none', () => {
    const decision = brandingFor(account('free', {}), ORIGIN)
    expect(decision.branding).toEqual(productBranding(ORIGIN))
    expect(decision.contact).toBeUndefined()
    expect(brandingFor(account('free', acme), ORIGIN).contact).toBeUndefined()
  })
})

describe("shownBranding: the owner's current plan decides what a stored proposal shows", () => {
  const stampedPro = { name: 'Support savings', branding: { ...acme, ...anna } }

  it("shows a Pro owner's current company profile with the contact stamped at creation", () => {
    const owner = account('pro', { ...acme, companyName: 'Acme Group AB', contactEmail: 'new@acme.example' })
    expect(shownBranding(stampedPro, owner, ORIGIN)).toEqual({ ...acme, companyName: 'Acme Group AB', ...anna })
  })

  it("shows ValueProof's branding once the owner is Free again, keeping the stamped contact", () => {
    expect(shownBranding(stampedPro, account('free', { ...acme, ...anna }), ORIGIN)).toEqual({ ...productBranding(ORIGIN), ...anna })
  })

  it('shows the company of a proposal made while Free once its owner is Pro with a company profile', () => {
    const madeWhileFree = { branding: { ...productBranding(ORIGIN), contactName: 'Anna Berg' } }
    expect(shownBranding(madeWhileFree, account('pro', acme), ORIGIN)).toEqual({ ...acme, contactName: 'Anna Berg' })
    expect(shownBranding(madeWhileFree, account('pro', {}), ORIGIN)).toEqual({ ...productBranding(ORIGIN), contactName: 'Anna Berg' })
  })

  it('reads no contact from a proposal stamped without one, or with something else in its place', () => {
    expect(shownBranding({ branding: productBranding(ORIGIN) }, account('free', anna), ORIGIN)).toEqual(productBranding(ORIGIN))
    expect(shownBranding({ branding: { contactEmail: 42, contactName: '' } }, account('free', {}), ORIGIN)).toEqual(productBranding(ORIGIN))
    expect(shownBranding({}, account('pro', acme), ORIGIN)).toEqual(acme)
  })

  it('replaces only the branding of the stored calculator, and changes nothing in it', () => {
    const stored = structuredClone(stampedPro)
    const shown = withShownBranding(stored, account('free', {}), ORIGIN)
    expect(shown).toEqual({ name: 'Support savings', branding: { ...productBranding(ORIGIN), ...anna } })
    expect(stored).toEqual(stampedPro)
    expect(withShownBranding(null, account('pro', acme), ORIGIN)).toBeNull()
  })
})
