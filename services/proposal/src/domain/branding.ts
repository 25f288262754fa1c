import { isOwnLogoPath, productBranding } from '@valueproof/contracts'
import { NO_COMPANY, NO_CONTACT, type Account, type SellerContact, type SellerProfile } from './accounts.ts'

/** calculatorData.branding as stored: SPEC §3's three optional fields and the seller's contact (issue 15). */
export interface StoredBranding {
  companyName?: string
  companyLogo?: string
  companyWebsite?: string
  contactName?: string
  contactEmail?: string
  contactPhone?: string
}

export interface BrandingDecision {
  branding: StoredBranding
  /** product: ValueProof's own; custom: the Pro user's company profile. */
  kind: 'product' | 'custom'
  /**
   * What the written proposal may name in its contact line: the seller's contact details on every
   * plan, the company only with custom branding; undefined when there is nothing to name.
   */
  contact: SellerProfile | undefined
}

/**
 * The company logo as prospects may see it: one the product serves (an upload), never another site's
 * address (issue 34: their browsers then call no one else). Profiles from before that rule may still
 * hold an external address; it is left out here, at every render, rather than rewritten.
 */
function shownLogo(logo: string | null): string | null {
  return logo !== null && isOwnLogoPath(logo) ? logo : null
}

function hasCompany(account: Account): boolean {
  const { companyName, companyLogo, companyWebsite } = account.profile
  return Boolean(companyName || shownLogo(companyLogo) || companyWebsite)
}

/** The filled contact fields only, as stored in the branding. */
function storedContact(contact: SellerContact): StoredBranding {
  return {
    ...(contact.contactName ? { contactName: contact.contactName } : {}),
    ...(contact.contactEmail ? { contactEmail: contact.contactEmail } : {}),
    ...(contact.contactPhone ? { contactPhone: contact.contactPhone } : {}),
  }
}

function writerContact(profile: SellerProfile, custom: boolean): SellerProfile | undefined {
  const named = custom ? profile : { ...profile, ...NO_COMPANY }
  return Object.values(named).some(Boolean) ? named : undefined
}

/**
 * The branding a stored proposal carries, decided on the server (SPEC §4, ARCHITECTURE): whatever
 * the client sent is ignored. Free users get ValueProof's defaults. Pro users get their company
 * profile as identity last reported it; a Pro user without any company profile yet gets the
 * defaults too, so a proposal never shows an empty header. The seller's contact details are
 * stamped on every plan's proposals: they are how the prospect answers, not Pro branding.
 */
export function brandingFor(account: Account, publicOrigin: string | undefined): BrandingDecision {
  const contact = storedContact(account.profile)
  if (account.plan !== 'pro' || !hasCompany(account)) {
    return {
      branding: { ...productBranding(publicOrigin), ...contact },
      kind: 'product',
      contact: writerContact(account.profile, false),
    }
  }
  const { companyName, companyWebsite } = account.profile
  const companyLogo = shownLogo(account.profile.companyLogo)
  return {
    branding: {
      ...(companyName ? { companyName } : {}),
      ...(companyLogo ? { companyLogo } : {}),
      ...(companyWebsite ? { companyWebsite } : {}),
      ...contact,
    },
    kind: 'custom',
    contact: writerContact(account.profile, true),
  }
}

function storedText(branding: Record<string, unknown>, field: keyof SellerContact): string | null {
  const value = branding[field]
  return typeof value === 'string' && value !== '' ? value : null
}

/** The contact stamped on a proposal at creation (none on proposals from before issue 15). */
function stampedContact(calculatorData: unknown): SellerContact {
  const branding = isRecord(calculatorData) && isRecord(calculatorData.branding) ? calculatorData.branding : {}
  return {
    contactName: storedText(branding, 'contactName'),
    contactEmail: storedText(branding, 'contactEmail'),
    contactPhone: storedText(branding, 'contactPhone'),
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * The branding a proposal is shown with: the owner's CURRENT plan decides it (docs/decisions/105).
 * Custom branding is Pro, so when the owner is Free again their proposals show ValueProof's
 * branding (the links keep working), and the company profile returns on resubscribing. The stored
 * proposal is not changed. The contact stays the one stamped at creation: every plan's, and what
 * the seller gave the prospect with this proposal (decision 102).
 */
export function shownBranding(calculatorData: unknown, owner: Account, publicOrigin: string | undefined): StoredBranding {
  const company = brandingFor({ plan: owner.plan, profile: { ...owner.profile, ...NO_CONTACT } }, publicOrigin).branding
  return { ...company, ...storedContact(stampedContact(calculatorData)) }
}

/** A stored calculatorData with the branding it is shown with; anything that is not an object is left as it is. */
export function withShownBranding(calculatorData: unknown, owner: Account, publicOrigin: string | undefined): unknown {
  if (!isRecord(calculatorData)) return calculatorData
  return { ...calculatorData, branding: shownBranding(calculatorData, owner, publicOrigin) }
}
