// The PDF's company header and contact block, from the branding the proposal shows (stamped at
// creation, the owner's current plan applied by openProposal): as the page draws them in
// web/src/components/proposal/proposal-branding.tsx, as text only.
import type { ProposalRecord } from '@valueproof/contracts'
import { productBranding } from '@valueproof/contracts'
import { brandingSchema, type CalculatorData, type ProposalTexts } from '@valueproof/formula'

export interface PdfHeader {
  /** product: ValueProof's own mark and name (drawn as vector); custom: the seller's company name. */
  kind: 'product' | 'custom'
  /** Undefined when a Pro seller set only a logo: the logo itself is left out of the PDF. */
  name: string | undefined
}

export interface PdfContact {
  /** "Contact", above the seller's own details; none above the written contact line. */
  heading: string | undefined
  lines: string[]
  /** The Pro company's website; product branding's site is not the seller's. */
  website: string | undefined
}

type StoredBranding = NonNullable<CalculatorData['branding']>

function filled(text: string | null | undefined): string | undefined {
  return typeof text === 'string' && text.trim() !== '' ? text.trim() : undefined
}

function brandingIn(calculatorData: unknown): Partial<StoredBranding> {
  const raw =
    typeof calculatorData === 'object' && calculatorData !== null && 'branding' in calculatorData ? calculatorData.branding : undefined
  const parsed = brandingSchema.safeParse(raw ?? {})
  return parsed.success ? parsed.data : {}
}

function isProductBranding(branding: Partial<StoredBranding>): boolean {
  return branding.companyLogo?.trim() === productBranding().companyLogo
}

export function headerOf(calculatorData: unknown): PdfHeader {
  const branding = brandingIn(calculatorData)
  return { kind: isProductBranding(branding) ? 'product' : 'custom', name: filled(branding.companyName) }
}

/**
 * How the prospect answers: the seller's contact details when the proposal carries them; else the
 * written contact line (proposals from before issue 15), else a neutral line in the page's language.
 */
export function contactOf(proposal: Pick<ProposalRecord, 'calculatorData' | 'contactInformation'>, texts: ProposalTexts): PdfContact {
  const branding = brandingIn(proposal.calculatorData)
  const website = isProductBranding(branding) ? undefined : filled(branding.companyWebsite)
  const name = filled(branding.contactName)
  const email = filled(branding.contactEmail)
  const phone = filled(branding.contactPhone)
  if (name === undefined && email === undefined && phone === undefined) {
    return { heading: undefined, lines: [filled(proposal.contactInformation) ?? texts.noContactDetails], website }
  }
  const lines = [
    ...(name === undefined ? [] : [name]),
    ...(email === undefined ? [] : [`${texts.email}: ${email}`]),
    ...(phone === undefined ? [] : [`${texts.phone}: ${phone}`]),
  ]
  return { heading: texts.contact, lines, website }
}
