// calculatorData.branding as the proposal page reads it. The proposal service stamps it (issue 15):
// ValueProof's own branding for Free, the company profile for Pro, and the seller's contact details
// on every plan. The page still trusts none of it: links and images only when plainly safe.
import { brandingSchema, type CalculatorData } from '@valueproof/formula'
import { brandColorProblem } from '@valueproof/contracts/proposal-document'
import { mailtoHref, telHref } from './contact-links.ts'
import { safeLogoSrc, safeWebsiteHref } from './safe-urls.ts'

type StoredBranding = NonNullable<CalculatorData['branding']>

export interface SellerContact {
  name: string | undefined
  email: string | undefined
  emailHref: string | undefined
  phone: string | undefined
  phoneHref: string | undefined
}

export interface Branding {
  /** product: ValueProof's own (Free, or Pro without a company profile); custom: the seller's company. */
  kind: 'product' | 'custom'
  companyName: string | undefined
  logoSrc: string | undefined
  websiteHref: string | undefined
  website: string | undefined
  contact: SellerContact | undefined
}

/**
 * The product branding's logo: the web app's own icon, productBranding().companyLogo in
 * @valueproof/contracts (branding.test.ts holds them equal). Not imported from there: a value
 * import would bring every contract schema into the prospect's page. No user can set it as theirs
 * (identity accepts only uploaded logos and http(s) addresses), so it tells product branding apart.
 */
export const PRODUCT_LOGO = '/favicon.svg'

function filled(text: string | null | undefined): string | undefined {
  return typeof text === 'string' && text.trim() !== '' ? text.trim() : undefined
}

/** `origin` is the page's (window.location.origin when left out), for same-origin logos. */
export function brandingOf(calculatorData: unknown, origin?: string): Branding {
  const raw =
    typeof calculatorData === 'object' && calculatorData !== null && 'branding' in calculatorData ? calculatorData.branding : undefined
  const parsed = brandingSchema.safeParse(raw ?? {})
  const branding: Partial<StoredBranding> = parsed.success ? parsed.data : {}
  const contact: SellerContact = {
    name: filled(branding.contactName),
    email: filled(branding.contactEmail),
    emailHref: mailtoHref(branding.contactEmail),
    phone: filled(branding.contactPhone),
    phoneHref: telHref(branding.contactPhone),
  }
  return {
    kind: branding.companyLogo?.trim() === PRODUCT_LOGO ? 'product' : 'custom',
    companyName: filled(branding.companyName),
    logoSrc: safeLogoSrc(branding.companyLogo, origin),
    websiteHref: safeWebsiteHref(branding.companyWebsite),
    website: branding.companyWebsite?.trim(),
    contact: (contact.name ?? contact.email ?? contact.phone) === undefined ? undefined : contact,
  }
}

/**
 * The document's brand colour (issue 37) when the page may show it: a Pro seller's (the company's
 * own branding) that reads against white and the dark theme; else none, and the theme's colours.
 */
export function brandColorOf(branding: Branding, color: string | undefined): string | undefined {
  if (branding.kind !== 'custom' || color === undefined) return undefined
  return brandColorProblem(color) === undefined ? color : undefined
}
