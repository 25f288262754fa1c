import { useSuspenseQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { company, contactTab } from '../../content/legal.ts'
import { supportQueryOptions } from '../../queries/support.ts'
import { contactDetails, type ContactLine } from './contact-details.ts'
import { LegalSectionView, TabIntro } from './legal-sections.tsx'

// A link on its own line (not inside running text) needs a 44 px tap target; long addresses wrap.
const contactLinkClassName =
  'inline-flex min-h-11 items-center rounded-sm font-medium break-all text-primary underline underline-offset-4 hover:no-underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none'

/**
 * Contact: the address and phone GET /api/support answers (the operator's configuration), the hours
 * and the reply target. A Pro account is shown its priority address, as the footer's Contact Support
 * is: writing to the general one would lose the priority it pays for. The standard reply target stays
 * stated for everyone, since it is the terms' promise.
 */
export function ContactPanel() {
  const { data: support } = useSuspenseQuery(supportQueryOptions())
  const details = contactDetails(support)
  return (
    <article>
      <TabIntro heading={contactTab.heading} summary={contactTab.summary} />
      <section aria-label={contactTab.detailsLabel} className="mt-6 rounded-lg border bg-card p-6 text-card-foreground shadow-sm">
        <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-[10rem_1fr]">
          <Detail term={contactTab.emailLabel}>
            <ContactLink line={details.email} />
          </Detail>
          <Detail term={contactTab.phoneLabel}>
            {details.phone === null ? <span>{contactTab.noPhone}</span> : <ContactLink line={details.phone} />}
          </Detail>
          <Detail term={contactTab.hoursLabel}>
            <span className="block">{contactTab.hours}</span>
            <span className="block text-sm text-muted-foreground">{contactTab.hoursNote}</span>
          </Detail>
          <Detail term={contactTab.replyLabel}>{contactTab.reply}</Detail>
        </dl>
        {details.priorityReplyWithin !== null && (
          <p className="mt-6 rounded-md bg-muted px-4 py-3 text-sm">{contactTab.priority(details.priorityReplyWithin)}</p>
        )}
      </section>
      {contactTab.sections.map((section) => (
        <LegalSectionView key={section.heading} section={section} />
      ))}
      <CompanyDetails />
    </article>
  )
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:col-span-2 sm:grid-cols-subgrid sm:items-baseline">
      <dt className="text-sm font-medium text-muted-foreground">{term}</dt>
      <dd>{children}</dd>
    </div>
  )
}

function ContactLink({ line }: { line: ContactLine }) {
  if (line.href === undefined) return <span className="break-all">{line.text}</span>
  return (
    <a href={line.href} className={contactLinkClassName}>
      {line.text}
    </a>
  )
}

/** The seller's identity; fields the operator has not filled in are left out. */
function CompanyDetails() {
  const fields = company.fields.filter((field) => field.value.trim() !== '')
  if (fields.length === 0) return null
  return (
    <section className="mt-8">
      <h3 className="text-lg font-semibold">{company.heading}</h3>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-muted-foreground sm:grid-cols-[10rem_1fr]">
        {fields.map((field) => (
          <div key={field.label} className="grid gap-0.5 sm:col-span-2 sm:grid-cols-subgrid sm:items-baseline">
            <dt className="text-sm font-medium">{field.label}</dt>
            <dd className="text-foreground">{field.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
