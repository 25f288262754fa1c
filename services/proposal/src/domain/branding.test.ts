import { productBranding } from '@valueproof/contracts'
import { describe, expect, it } from 'vitest'
import { NO_COMPANY, NO_CONTACT, type Account, type SellerProfile } from './accounts.ts'
import { brandingFor } from './branding.ts'

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
