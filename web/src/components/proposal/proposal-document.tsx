import { brandingSchema, validateCalculatorData, type CalculatorData } from '@valueproof/formula'
import { useMemo, type ReactNode } from 'react'
import { formatLongDate } from '../../proposals/proposal-dates.ts'
import { safeLogoSrc, safeWebsiteHref } from '../../proposals/safe-urls.ts'
import type { Proposal } from '../../queries/proposals.ts'
import { hasCalculatorContent, LiveCalculator } from './live-calculator.tsx'
import { proposalTexts, type ProposalTexts } from './proposal-texts.ts'

// Everything here renders user and model text as React text children: never as HTML.

interface Branding {
  companyName: string | undefined
  logoSrc: string | undefined
  websiteHref: string | undefined
  website: string | undefined
}

function filled(text: string | null | undefined): text is string {
  return typeof text === 'string' && text.trim() !== ''
}

function brandingOf(calculatorData: unknown): Branding {
  const raw =
    typeof calculatorData === 'object' && calculatorData !== null && 'branding' in calculatorData ? calculatorData.branding : undefined
  const parsed = brandingSchema.safeParse(raw ?? {})
  const branding = parsed.success ? parsed.data : { companyName: undefined, companyLogo: undefined, companyWebsite: undefined }
  return {
    companyName: filled(branding.companyName) ? branding.companyName.trim() : undefined,
    logoSrc: safeLogoSrc(branding.companyLogo),
    websiteHref: safeWebsiteHref(branding.companyWebsite),
    website: branding.companyWebsite?.trim(),
  }
}

type CalculatorState = { kind: 'none' } | { kind: 'invalid' } | { kind: 'ready'; calculatorData: CalculatorData }

function calculatorStateOf(calculatorData: unknown): CalculatorState {
  if (calculatorData === null || calculatorData === undefined) return { kind: 'none' }
  const validation = validateCalculatorData(calculatorData)
  if (!validation.ok) return { kind: 'invalid' }
  return hasCalculatorContent(validation.calculatorData) ? { kind: 'ready', calculatorData: validation.calculatorData } : { kind: 'none' }
}

/** Paragraphs separated by blank lines; single line breaks are kept inside a paragraph. */
function Text({ children, className }: { children: string; className?: string }) {
  const paragraphs = children
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
  return (
    <div className={className ?? 'grid gap-3 leading-relaxed'}>
      {paragraphs.map((paragraph, index) => (
        <p key={index} className="whitespace-pre-line">
          {paragraph}
        </p>
      ))}
    </div>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-3">
      <h2 className="text-xl font-semibold tracking-tight sm:text-2xl">{title}</h2>
      {children}
    </section>
  )
}

function CalculatorSection({ title, state, texts }: { title: string; state: CalculatorState; texts: ProposalTexts }) {
  if (state.kind === 'none') return null
  return (
    <Section title={title}>
      {state.kind === 'ready' ? (
        <LiveCalculator calculatorData={state.calculatorData} />
      ) : (
        <p className="text-muted-foreground">{texts.calculatorCannotBeShown}</p>
      )}
    </Section>
  )
}

function CompanyHeader({ branding, texts }: { branding: Branding; texts: ProposalTexts }) {
  if (branding.logoSrc === undefined && branding.companyName === undefined) return null
  return (
    <header className="flex min-h-12 items-center border-b pb-6">
      {branding.logoSrc !== undefined ? (
        <img src={branding.logoSrc} alt={branding.companyName ?? texts.companyLogo} className="h-12 max-w-60 object-contain" />
      ) : (
        <p className="text-xl font-bold tracking-tight">{branding.companyName}</p>
      )}
    </header>
  )
}

function Website({ branding }: { branding: Branding }) {
  if (branding.websiteHref === undefined) return null
  return (
    <p>
      <a
        href={branding.websiteHref}
        target="_blank"
        rel="noopener noreferrer"
        className="text-primary underline underline-offset-4 hover:no-underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        {branding.website}
      </a>
    </p>
  )
}

/** SPEC §2's default document layout: company header, title, long date, the filled sections, contact footer. */
interface LayoutProps {
  proposal: Proposal
  branding: Branding
  calculator: CalculatorState
  texts: ProposalTexts
}

function DocumentLayout({ proposal, branding, calculator, texts }: LayoutProps) {
  const created = formatLongDate(proposal.createdAt, texts.dateLocale)
  return (
    <article className="grid gap-10" lang={texts.language}>
      <CompanyHeader branding={branding} texts={texts} />
      <div className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight break-words sm:text-4xl">{proposal.title}</h1>
        {created !== undefined && (
          <p className="text-muted-foreground">
            <time dateTime={proposal.createdAt ?? undefined}>{created}</time>
          </p>
        )}
      </div>
      {filled(proposal.executiveSummary) && (
        <Section title={texts.executiveSummary}>
          <Text>{proposal.executiveSummary}</Text>
        </Section>
      )}
      {filled(proposal.problemStatement) && (
        <Section title={texts.problemStatement}>
          <Text>{proposal.problemStatement}</Text>
        </Section>
      )}
      {filled(proposal.solutionOverview) && (
        <Section title={texts.solutionOverview}>
          <Text>{proposal.solutionOverview}</Text>
        </Section>
      )}
      {filled(proposal.valueProposition) && (
        <Section title={texts.valueProposition}>
          <Text>{proposal.valueProposition}</Text>
        </Section>
      )}
      <CalculatorSection title={texts.roiCalculator} state={calculator} texts={texts} />
      {filled(proposal.callToAction) && (
        <Section title={texts.nextSteps}>
          <Text>{proposal.callToAction}</Text>
        </Section>
      )}
      {(filled(proposal.contactInformation) || branding.websiteHref !== undefined) && (
        <footer className="grid gap-2 border-t pt-6 text-sm text-muted-foreground">
          {filled(proposal.contactInformation) && <Text className="grid gap-2">{proposal.contactInformation}</Text>}
          <Website branding={branding} />
        </footer>
      )}
    </article>
  )
}

/** SPEC §2's executive layout (templateType executive). */
function ExecutiveLayout({ proposal, branding, calculator, texts }: LayoutProps) {
  const nextSteps = filled(proposal.callToAction) || filled(proposal.contactInformation) || branding.websiteHref !== undefined
  return (
    <article className="grid gap-10" lang={texts.language}>
      <CompanyHeader branding={branding} texts={texts} />
      <div className="grid gap-4">
        <h1 className="text-3xl font-bold tracking-tight break-words sm:text-4xl">{proposal.title}</h1>
        {filled(proposal.executiveSummary) && (
          <Text className="grid gap-3 text-lg leading-relaxed text-muted-foreground">{proposal.executiveSummary}</Text>
        )}
      </div>
      <CalculatorSection title={texts.keyFinancialImpact} state={calculator} texts={texts} />
      {filled(proposal.problemStatement) && (
        <Section title={texts.currentChallenge}>
          <Text>{proposal.problemStatement}</Text>
        </Section>
      )}
      {filled(proposal.solutionOverview) && (
        <Section title={texts.ourSolution}>
          <Text>{proposal.solutionOverview}</Text>
        </Section>
      )}
      {filled(proposal.valueProposition) && (
        <Section title={texts.valueDelivered}>
          <Text>{proposal.valueProposition}</Text>
        </Section>
      )}
      {nextSteps && (
        <Section title={texts.nextSteps}>
          {filled(proposal.callToAction) && <Text>{proposal.callToAction}</Text>}
          {filled(proposal.contactInformation) && <Text className="grid gap-2 text-muted-foreground">{proposal.contactInformation}</Text>}
          <Website branding={branding} />
        </Section>
      )}
    </article>
  )
}

/** A loaded proposal in the layout its templateType asks for. */
export function ProposalDocument({ proposal }: { proposal: Proposal }) {
  const branding = useMemo(() => brandingOf(proposal.calculatorData), [proposal.calculatorData])
  const calculator = useMemo(() => calculatorStateOf(proposal.calculatorData), [proposal.calculatorData])
  // The proposal speaks its calculator's language (issue 15); without a calculator, English.
  const texts = proposalTexts(calculator.kind === 'ready' ? calculator.calculatorData.language : undefined)
  return proposal.templateType === 'executive' ? (
    <ExecutiveLayout proposal={proposal} branding={branding} calculator={calculator} texts={texts} />
  ) : (
    <DocumentLayout proposal={proposal} branding={branding} calculator={calculator} texts={texts} />
  )
}
