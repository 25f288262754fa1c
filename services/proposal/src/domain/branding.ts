import { productBranding } from '@valueproof/contracts'
import type { Account } from './accounts.ts'

/** calculatorData.branding as stored: SPEC §3's three optional fields. */
export interface StoredBranding {
  companyName?: string
  companyLogo?: string
  companyWebsite?: string
}

export interface BrandingDecision {
  branding: StoredBranding
  /** product: ValueProof's own; custom: the Pro user's company profile. */
  kind: 'product' | 'custom'
}

function hasProfile(account: Account): boolean {
  const { companyName, companyLogo, companyWebsite } = account.profile
  return Boolean(companyName || companyLogo || companyWebsite)
}

/**
 * The branding a stored proposal carries, decided on the server (SPEC §4, ARCHITECTURE): whatever
 * the client sent is ignored. Free users get ValueProof's defaults. Pro users get their company
 * profile as identity last reported it; a Pro user without any profile yet gets the defaults too,
 * so a proposal never shows an empty header.
 */
export function brandingFor(account: Account, publicOrigin: string | undefined): BrandingDecision {
  if (account.plan !== 'pro' || !hasProfile(account)) return { branding: productBranding(publicOrigin), kind: 'product' }
  const { companyName, companyLogo, companyWebsite } = account.profile
  return {
    branding: {
      ...(companyName ? { companyName } : {}),
      ...(companyLogo ? { companyLogo } : {}),
      ...(companyWebsite ? { companyWebsite } : {}),
    },
    kind: 'custom',
  }
}
