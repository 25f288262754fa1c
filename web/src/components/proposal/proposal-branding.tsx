import { useState } from 'react'
import type { Branding } from '../../proposals/branding.ts'
import { ProductBrand } from '../product-brand.tsx'
import type { ProposalTexts } from '@valueproof/formula'

// The proposal's header and contact block (issue 15), from the branding the proposal service
// stamped (web/src/proposals/branding.ts). Everything is rendered as text; links only when safe.

/**
 * SPEC §2's company header: ValueProof's logo and name for product branding; the company's logo
 * and name for a Pro seller (both when both are set: a square logo alone says little).
 */
export function CompanyHeader({ branding, texts }: { branding: Branding; texts: ProposalTexts }) {
  const [logoFailed, setLogoFailed] = useState(false)
  if (branding.kind === 'product') {
    return (
      <header className="flex min-h-12 items-center border-b pb-6">
        <ProductBrand />
      </header>
    )
  }
  const logo = logoFailed ? undefined : branding.logoSrc
  if (logo === undefined && branding.companyName === undefined) return null
  return (
    <header className="flex min-h-12 flex-wrap items-center gap-4 border-b pb-6">
      {logo !== undefined && (
        <img
          src={logo}
          // The name beside it says who it is; alone, the logo is named.
          alt={branding.companyName === undefined ? texts.companyLogo : ''}
          onError={() => setLogoFailed(true)}
          className="h-12 max-w-60 object-contain"
        />
      )}
      {branding.companyName !== undefined && <p className="text-xl font-bold tracking-tight break-words">{branding.companyName}</p>}
    </header>
  )
}

const LINK =
  'text-primary underline underline-offset-4 hover:no-underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none'

function ContactLine({ label, text, href }: { label: string; text: string; href: string | undefined }) {
  return (
    <p>
      {`${label}: `}
      {href === undefined ? (
        <span className="break-all">{text}</span>
      ) : (
        <a href={href} className={`${LINK} break-all`}>
          {text}
        </a>
      )}
    </p>
  )
}

/**
 * How the prospect answers: the seller's contact details when the proposal carries them; else the
 * written contact line (proposals from before issue 15), else a neutral line in the page's language.
 */
export function ContactBlock({
  branding,
  contactInformation,
  texts,
}: {
  branding: Branding
  contactInformation: string | undefined
  texts: ProposalTexts
}) {
  const { contact } = branding
  if (contact === undefined) {
    return <p className="whitespace-pre-line">{contactInformation ?? texts.noContactDetails}</p>
  }
  return (
    <div className="grid gap-1" data-seller-contact="">
      <p className="font-medium text-foreground">{texts.contact}</p>
      {contact.name !== undefined && <p className="text-foreground">{contact.name}</p>}
      {contact.email !== undefined && <ContactLine label={texts.email} text={contact.email} href={contact.emailHref} />}
      {contact.phone !== undefined && <ContactLine label={texts.phone} text={contact.phone} href={contact.phoneHref} />}
    </div>
  )
}

/** The Pro company's website; product branding's site is not the seller's and is left out. */
export function Website({ branding }: { branding: Branding }) {
  if (branding.kind === 'product' || branding.websiteHref === undefined) return null
  return (
    <p>
      <a href={branding.websiteHref} target="_blank" rel="noopener noreferrer" className={LINK}>
        {branding.website}
      </a>
    </p>
  )
}
