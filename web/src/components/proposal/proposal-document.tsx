import { validateCalculatorData, type CalculatorData, type CalculatorLanguage } from '@valueproof/formula'
import type { EngagementSection } from '@valueproof/contracts'
import { useMemo, type ReactNode } from 'react'
import type { CalculatorInputListener } from '../../engagement/use-prospect-engagement.ts'
import { formatLongDate } from '../../proposals/proposal-dates.ts'
import type { Proposal } from '../../queries/proposals.ts'
import { hasCalculatorContent, LiveCalculator } from './live-calculator.tsx'
import { brandingOf, type Branding } from '../../proposals/branding.ts'
import { CompanyHeader, ContactBlock, Website } from './proposal-branding.tsx'
import { proposalTexts, type ProposalTexts } from '@valueproof/formula'

// Everything here renders user and model text as React text children: never as HTML.

function filled(text: string | null | undefined): text is string {
  return typeof text === 'string' && text.trim() !== ''
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

/** `name` is the part of the page whose time on screen a prospect's visit reports (issue 19). */
function Section({ title, name, children }: { title: string; name: EngagementSection; children: ReactNode }) {
  return (
    <section data-section={name} className="grid gap-3">
      <h2 className="text-xl font-semibold tracking-tight sm:text-2xl">{title}</h2>
      {children}
    </section>
  )
}

function CalculatorSection({
  title,
  state,
  texts,
  onInput,
}: {
  title: string
  state: CalculatorState
  texts: ProposalTexts
  onInput: CalculatorInputListener | undefined
}) {
  if (state.kind === 'none') return null
  return (
    <Section title={title} name="calculator">
      {state.kind === 'ready' ? (
        <LiveCalculator calculatorData={state.calculatorData} onInputChange={onInput} />
      ) : (
        <p className="text-muted-foreground">{texts.calculatorCannotBeShown}</p>
      )}
    </Section>
  )
}

/** SPEC §2's default document layout: company header, title, long date, the filled sections, contact footer. */
interface LayoutProps {
  proposal: Proposal
  branding: Branding
  calculator: CalculatorState
  texts: ProposalTexts
  onCalculatorInput: CalculatorInputListener | undefined
}

function DocumentLayout({ proposal, branding, calculator, texts, onCalculatorInput }: LayoutProps) {
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
        <Section title={texts.executiveSummary} name="executiveSummary">
          <Text>{proposal.executiveSummary}</Text>
        </Section>
      )}
      {filled(proposal.problemStatement) && (
        <Section title={texts.problemStatement} name="problemStatement">
          <Text>{proposal.problemStatement}</Text>
        </Section>
      )}
      {filled(proposal.solutionOverview) && (
        <Section title={texts.solutionOverview} name="solutionOverview">
          <Text>{proposal.solutionOverview}</Text>
        </Section>
      )}
      {filled(proposal.valueProposition) && (
        <Section title={texts.valueProposition} name="valueProposition">
          <Text>{proposal.valueProposition}</Text>
        </Section>
      )}
      <CalculatorSection title={texts.roiCalculator} state={calculator} texts={texts} onInput={onCalculatorInput} />
      {filled(proposal.callToAction) && (
        <Section title={texts.nextSteps} name="nextSteps">
          <Text>{proposal.callToAction}</Text>
        </Section>
      )}
      <footer data-section="contactInformation" className="grid gap-3 border-t pt-6 text-sm text-muted-foreground">
        <ContactBlock branding={branding} contactInformation={writtenContact(proposal)} texts={texts} />
        <Website branding={branding} />
      </footer>
    </article>
  )
}

/** SPEC §2's executive layout (templateType executive). */
function ExecutiveLayout({ proposal, branding, calculator, texts, onCalculatorInput }: LayoutProps) {
  return (
    <article className="grid gap-10" lang={texts.language}>
      <CompanyHeader branding={branding} texts={texts} />
      <div className="grid gap-4">
        <h1 className="text-3xl font-bold tracking-tight break-words sm:text-4xl">{proposal.title}</h1>
        {filled(proposal.executiveSummary) && (
          <div data-section="executiveSummary">
            <Text className="grid gap-3 text-lg leading-relaxed text-muted-foreground">{proposal.executiveSummary}</Text>
          </div>
        )}
      </div>
      <CalculatorSection title={texts.keyFinancialImpact} state={calculator} texts={texts} onInput={onCalculatorInput} />
      {filled(proposal.problemStatement) && (
        <Section title={texts.currentChallenge} name="problemStatement">
          <Text>{proposal.problemStatement}</Text>
        </Section>
      )}
      {filled(proposal.solutionOverview) && (
        <Section title={texts.ourSolution} name="solutionOverview">
          <Text>{proposal.solutionOverview}</Text>
        </Section>
      )}
      {filled(proposal.valueProposition) && (
        <Section title={texts.valueDelivered} name="valueProposition">
          <Text>{proposal.valueProposition}</Text>
        </Section>
      )}
      <Section title={texts.nextSteps} name="nextSteps">
        {filled(proposal.callToAction) && <Text>{proposal.callToAction}</Text>}
        <div data-section="contactInformation" className="grid gap-3 text-muted-foreground">
          <ContactBlock branding={branding} contactInformation={writtenContact(proposal)} texts={texts} />
          <Website branding={branding} />
        </div>
      </Section>
    </article>
  )
}

function writtenContact(proposal: Proposal): string | undefined {
  return filled(proposal.contactInformation) ? proposal.contactInformation.trim() : undefined
}

function languageOf(calculator: CalculatorState): CalculatorLanguage {
  return calculator.kind === 'ready' ? (calculator.calculatorData.language ?? 'en') : 'en'
}

/** The language the page shows a proposal in: its calculator's (issue 15); without a calculator, English. */
export function proposalLanguage(proposal: Proposal): CalculatorLanguage {
  return languageOf(calculatorStateOf(proposal.calculatorData))
}

/** A loaded proposal in the layout its templateType asks for; a prospect's calculator inputs go to `onCalculatorInput`. */
export function ProposalDocument({
  proposal,
  onCalculatorInput,
}: {
  proposal: Proposal
  onCalculatorInput?: CalculatorInputListener | undefined
}) {
  const branding = useMemo(() => brandingOf(proposal.calculatorData), [proposal.calculatorData])
  const calculator = useMemo(() => calculatorStateOf(proposal.calculatorData), [proposal.calculatorData])
  const texts = proposalTexts(languageOf(calculator))
  return proposal.templateType === 'executive' ? (
    <ExecutiveLayout proposal={proposal} branding={branding} calculator={calculator} texts={texts} onCalculatorInput={onCalculatorInput} />
  ) : (
    <DocumentLayout proposal={proposal} branding={branding} calculator={calculator} texts={texts} onCalculatorInput={onCalculatorInput} />
  )
}
