import type { LegalSection, TermsTab } from '../../content/legal.ts'

/** One titled part of the terms: its paragraphs, then its list. */
export function LegalSectionView({ section }: { section: LegalSection }) {
  return (
    <section className="mt-8">
      <h3 className="text-lg font-semibold">{section.heading}</h3>
      {section.paragraphs?.map((paragraph) => (
        <p key={paragraph} className="mt-3 leading-relaxed text-muted-foreground">
          {paragraph}
        </p>
      ))}
      {section.points !== undefined && (
        <ul className="mt-3 grid list-disc gap-2 pl-5 leading-relaxed text-muted-foreground">
          {section.points.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** The heading and one-line summary every tab opens with. */
export function TabIntro({ heading, summary }: { heading: string; summary: string }) {
  return (
    <>
      <h2 className="text-2xl font-bold tracking-tight">{heading}</h2>
      <p className="mt-3 text-lg leading-relaxed">{summary}</p>
    </>
  )
}

/** Refund Policy, Cancellation and Restrictions: text only, straight from the content file. */
export function TermsPanel({ content }: { content: TermsTab }) {
  return (
    <article>
      <TabIntro heading={content.heading} summary={content.summary} />
      {content.sections.map((section) => (
        <LegalSectionView key={section.heading} section={section} />
      ))}
    </article>
  )
}
