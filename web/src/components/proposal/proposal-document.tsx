import {
  calculatorTexts,
  createCalculator,
  hasScenarios,
  headlineOf,
  paybackSeries,
  validateCalculatorData,
  type CalculatorData,
  type CalculatorLanguage,
  moneyDisplayOf,
} from '@valueproof/formula'
import type { Agreement, EngagementSection } from '@valueproof/contracts'
import { useMemo, useState, type ReactNode } from 'react'
import type { CalculatorInputListener } from '../../engagement/use-prospect-engagement.ts'
import { formatLongDate } from '../../proposals/proposal-dates.ts'
import type { Proposal } from '../../queries/proposals.ts'
import { hasCalculatorContent, LiveCalculator } from './live-calculator.tsx'
import { brandingOf, type Branding } from '../../proposals/branding.ts'
import { CompanyHeader, ContactBlock, Website } from './proposal-branding.tsx'
import { isOwnersView } from '../../proposals/owner-bar.tsx'
import { useCalculatorValues } from './calculator-values.ts'
import { PaybackChart } from './payback-chart.tsx'
import { ProposalSummary, type ProposalFigures } from './proposal-summary.tsx'
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

/** The calculator's part of the proposal: the payback chart (with the seller's price) and the live calculator. */
function CalculatorSection({
  title,
  state,
  figures,
  texts,
  onInput,
}: {
  title: string
  state: CalculatorState
  figures: PageFigures | undefined
  texts: ProposalTexts
  onInput: CalculatorInputListener | undefined
}) {
  if (state.kind === 'none') return null
  if (state.kind === 'invalid' || figures === undefined) {
    return (
      <Section title={title} name="calculator">
        <p className="text-muted-foreground">{texts.calculatorCannotBeShown}</p>
      </Section>
    )
  }
  const { calculatorData } = figures
  const series = paybackSeries(figures.result)
  return (
    <Section title={title} name="calculator">
      <div className="grid gap-6">
        {series !== undefined && (
          <PaybackChart
            series={series}
            payback={headlineOf(figures.result).payback}
            baseCurrency={calculatorData.baseCurrency}
            money={moneyDisplayOf(calculatorData)}
            texts={texts}
            calculatorTexts={calculatorTexts(calculatorData.language)}
          />
        )}
        <LiveCalculator
          calculatorData={calculatorData}
          values={figures.values}
          onValuesChange={figures.setValues}
          onInputChange={onInput}
        />
      </div>
    </Section>
  )
}

/** What the page figures with: the summary's figures and the calculator's way to move its inputs. */
type PageFigures = ProposalFigures & { setValues: (values: Record<string, number>) => void }

/** SPEC §2's default document layout: company header, title, long date, the filled sections, contact footer. */
interface LayoutProps {
  proposal: Proposal
  branding: Branding
  calculator: CalculatorState
  figures: PageFigures | undefined
  /** The headline, the scenario switch, the PDF link and the agreement, right under the title. */
  summary: ReactNode
  texts: ProposalTexts
  onCalculatorInput: CalculatorInputListener | undefined
}

function DocumentLayout({ proposal, branding, calculator, figures, summary, texts, onCalculatorInput }: LayoutProps) {
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
      {summary}
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
      <CalculatorSection title={texts.roiCalculator} state={calculator} figures={figures} texts={texts} onInput={onCalculatorInput} />
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
function ExecutiveLayout({ proposal, branding, calculator, figures, summary, texts, onCalculatorInput }: LayoutProps) {
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
      {summary}
      <CalculatorSection title={texts.keyFinancialImpact} state={calculator} figures={figures} texts={texts} onInput={onCalculatorInput} />
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

/** The page's one set of input values and what they compute: the headline, chart, card, PDF link and agreement all use it. */
function usePageFigures(calculatorData: CalculatorData | undefined): PageFigures | undefined {
  const { scenario, values, chooseScenario, setValues } = useCalculatorValues(calculatorData)
  const calculator = useMemo(() => (calculatorData === undefined ? undefined : createCalculator(calculatorData)), [calculatorData])
  const withScenarios = useMemo(() => calculatorData !== undefined && hasScenarios(calculatorData), [calculatorData])
  const result = useMemo(() => calculator?.compute(values), [calculator, values])
  if (calculatorData === undefined || result === undefined) return undefined
  return { calculatorData, result, scenario, values, hasScenarios: withScenarios, chooseScenario, setValues }
}

/**
 * A loaded proposal in the layout its templateType asks for; a prospect's calculator inputs go to
 * `onCalculatorInput`. `accessCode` is the code the proposal was opened with: its PDF and the
 * prospect's agreement carry it too.
 */
export function ProposalDocument({
  proposal,
  onCalculatorInput,
  accessCode,
}: {
  proposal: Proposal
  onCalculatorInput?: CalculatorInputListener | undefined
  accessCode?: string | undefined
}) {
  const branding = useMemo(() => brandingOf(proposal.calculatorData), [proposal.calculatorData])
  const calculator = useMemo(() => calculatorStateOf(proposal.calculatorData), [proposal.calculatorData])
  const texts = proposalTexts(languageOf(calculator))
  const figures = usePageFigures(calculator.kind === 'ready' ? calculator.calculatorData : undefined)
  // The 201 answer shows the agreement at once, without loading the proposal again.
  const [agreedNow, setAgreedNow] = useState<Agreement>()
  const agreement = proposal.agreement ?? agreedNow
  const summary = (
    <ProposalSummary
      proposalId={proposal.id}
      figures={figures}
      agreement={agreement}
      canAgree={!isOwnersView(proposal)}
      agreementRestricted={proposal.whoMayAgree === 'listed'}
      accessCode={accessCode}
      texts={texts}
      onAgreed={setAgreedNow}
    />
  )
  const layout = { proposal, branding, calculator, figures, summary, texts, onCalculatorInput }
  return proposal.templateType === 'executive' ? <ExecutiveLayout {...layout} /> : <DocumentLayout {...layout} />
}
