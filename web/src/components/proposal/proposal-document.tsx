import {
  calculatorTexts,
  createCalculator,
  hasScenarios,
  headlineOf,
  moneyDisplayOf,
  moneyFormatter,
  numberLocaleOf,
  paybackSeries,
  proposalTexts,
  validateCalculatorData,
  type CalculatorData,
  type CalculatorLanguage,
  type MoneyDisplay,
  type ProposalTexts,
} from '@valueproof/formula'
import type { Agreement, EngagementSection } from '@valueproof/contracts'
import { hasWords, visibleBlocks, type ProposalBlock, type SectionBlock } from '@valueproof/contracts/proposal-document'
import { useMemo, useState, type ReactNode } from 'react'
import type { CalculatorInputListener } from '../../engagement/use-prospect-engagement.ts'
import { formatLongDate } from '../../proposals/proposal-dates.ts'
import type { Proposal } from '../../queries/proposals.ts'
import { hasCalculatorContent, LiveCalculator } from './live-calculator.tsx'
import { brandColorOf, brandingOf, type Branding } from '../../proposals/branding.ts'
import { CompanyHeader, ContactBlock, Website } from './proposal-branding.tsx'
import { isOwnersView } from '../../proposals/owner-bar.tsx'
import { useCalculatorValues } from './calculator-values.ts'
import { PaybackChart } from './payback-chart.tsx'
import { ProposalSummary, type ProposalFigures } from './proposal-summary.tsx'
import { BlockHeading } from './document/block-heading.tsx'
import { DocumentBlock, LeadSection, type BlockContext } from './document/blocks.tsx'
import { chosenOptions, pricedCalculatorData, quoteTableOf, type PricingFormat, type Ticks } from './document/pricing.ts'

// Everything here renders user and model text as React text children: never as HTML (the
// document's rich text too: document/rich-text.ts).

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

/** `name` is the part of the page whose time on screen a prospect's visit reports (issue 19). */
function Section({
  title,
  name,
  brandColor,
  children,
}: {
  title: string
  name: EngagementSection
  brandColor: string | undefined
  children: ReactNode
}) {
  return (
    <section data-section={name} className="grid gap-3">
      <BlockHeading brandColor={brandColor}>{title}</BlockHeading>
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
  brandColor,
  onInput,
}: {
  title: string
  state: CalculatorState
  figures: PageFigures | undefined
  texts: ProposalTexts
  brandColor: string | undefined
  onInput: CalculatorInputListener | undefined
}) {
  if (state.kind === 'none') return null
  if (state.kind === 'invalid' || figures === undefined) {
    return (
      <Section title={title} name="calculator" brandColor={brandColor}>
        <p className="text-muted-foreground">{texts.calculatorCannotBeShown}</p>
      </Section>
    )
  }
  const { calculatorData } = figures
  const series = paybackSeries(figures.result)
  return (
    <Section title={title} name="calculator" brandColor={brandColor}>
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

interface LayoutProps {
  proposal: Proposal
  /** The visible blocks in order; `lead` sections are shown under the title. */
  blocks: ProposalBlock[]
  branding: Branding
  /** The headline, the scenario switch, the PDF link and the agreement, right under the title. */
  summary: ReactNode
  texts: ProposalTexts
  context: Omit<BlockContext, 'contact'>
}

function isLead(block: ProposalBlock): block is SectionBlock {
  return block.type === 'section' && block.lead === true && hasWords(block.content)
}

function Title({ proposal, texts, dated, leads }: { proposal: Proposal; texts: ProposalTexts; dated: boolean; leads: SectionBlock[] }) {
  const created = dated ? formatLongDate(proposal.createdAt, texts.dateLocale) : undefined
  return (
    <div className={dated ? 'grid gap-2' : 'grid gap-4'}>
      <h1 className="text-3xl font-bold tracking-tight break-words sm:text-4xl">{proposal.document.title}</h1>
      {created !== undefined && (
        <p className="text-muted-foreground">
          <time dateTime={proposal.createdAt ?? undefined}>{created}</time>
        </p>
      )}
      {leads.map((block) => (
        <LeadSection key={block.id} block={block} />
      ))}
    </div>
  )
}

function Contact({ proposal, branding, texts }: { proposal: Proposal; branding: Branding; texts: ProposalTexts }) {
  return (
    <>
      <ContactBlock branding={branding} contactInformation={writtenContact(proposal)} texts={texts} />
      <Website branding={branding} />
    </>
  )
}

/** SPEC §2's default document layout: company header, title, long date, the blocks in order, contact footer. */
function DocumentLayout({ proposal, blocks, branding, summary, texts, context }: LayoutProps) {
  return (
    <article className="grid gap-10" lang={texts.language}>
      <CompanyHeader branding={branding} texts={texts} />
      <Title proposal={proposal} texts={texts} dated leads={blocks.filter(isLead)} />
      {summary}
      {blocks
        .filter((block) => !isLead(block))
        .map((block) => (
          <DocumentBlock key={block.id} block={block} context={{ ...context, contact: undefined }} />
        ))}
      <footer data-section="contactInformation" className="grid gap-3 border-t pt-6 text-sm text-muted-foreground">
        <Contact proposal={proposal} branding={branding} texts={texts} />
      </footer>
    </article>
  )
}

/**
 * SPEC §2's executive layout (templateType executive): the summary under the title, and the contact
 * under Next Steps (the block written as the call to action), or at the end without one.
 */
function ExecutiveLayout({ proposal, blocks, branding, summary, texts, context }: LayoutProps) {
  const contact = (
    <div data-section="contactInformation" className="grid gap-3 text-muted-foreground">
      <Contact proposal={proposal} branding={branding} texts={texts} />
    </div>
  )
  const nextSteps = blocks.find((block) => block.type === 'section' && block.written === 'callToAction')
  const blockContext: BlockContext = { ...context, contact: nextSteps === undefined ? undefined : { blockId: nextSteps.id, node: contact } }
  return (
    <article className="grid gap-10" lang={texts.language}>
      <CompanyHeader branding={branding} texts={texts} />
      <Title proposal={proposal} texts={texts} dated={false} leads={blocks.filter(isLead)} />
      {summary}
      {blocks
        .filter((block) => !isLead(block))
        .map((block) => (
          <DocumentBlock key={block.id} block={block} context={blockContext} />
        ))}
      {nextSteps === undefined && contact}
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

/**
 * The page's one set of input values and what they compute: the headline, chart, card, PDF link and
 * agreement all use it. The values belong to the seller's calculator; the figures are computed with
 * `priced` (the calculator at the quote's price), so a tick never resets the prospect's inputs.
 */
function usePageFigures(calculatorData: CalculatorData | undefined, priced: CalculatorData | undefined): PageFigures | undefined {
  const { scenario, values, chooseScenario, setValues } = useCalculatorValues(calculatorData)
  const calculator = useMemo(() => (priced === undefined ? undefined : createCalculator(priced)), [priced])
  const withScenarios = useMemo(() => priced !== undefined && hasScenarios(priced), [priced])
  const result = useMemo(() => calculator?.compute(values), [calculator, values])
  if (priced === undefined || result === undefined) return undefined
  return { calculatorData: priced, result, scenario, values, hasScenarios: withScenarios, chooseScenario, setValues }
}

/** How the pricing table writes money: in the calculator's currency and language, else in dollars. */
function pricingFormatOf(calculator: CalculatorState, texts: ProposalTexts): PricingFormat {
  const display: MoneyDisplay =
    calculator.kind === 'ready' ? moneyDisplayOf(calculator.calculatorData) : { currency: 'USD', locale: undefined }
  const baseCurrency = calculator.kind === 'ready' ? calculator.calculatorData.baseCurrency : 'USD'
  return { money: moneyFormatter(baseCurrency, display), locale: numberLocaleOf(display), texts: texts.pricing }
}

/**
 * A loaded proposal's document (issue 37: the published one, or the default one of its written
 * sections) in the layout its templateType asks for; a prospect's calculator inputs go to
 * `onCalculatorInput`. `accessCode` is the code the proposal was opened with: its PDF, images and
 * the prospect's agreement carry it too.
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
  const blocks = useMemo(() => visibleBlocks(proposal.document), [proposal.document])
  const quoteTable = useMemo(() => quoteTableOf(proposal.document), [proposal.document])
  const [ticks, setTicks] = useState<Ticks>({})
  const calculatorData = calculator.kind === 'ready' ? calculator.calculatorData : undefined
  const priced = useMemo(
    () => (calculatorData === undefined ? undefined : pricedCalculatorData(calculatorData, quoteTable, ticks)),
    [calculatorData, quoteTable, ticks],
  )
  const figures = usePageFigures(calculatorData, priced)
  // The 201 answer shows the agreement at once, without loading the proposal again.
  const [agreedNow, setAgreedNow] = useState<Agreement>()
  const agreement = proposal.agreement ?? agreedNow
  const summary = (
    <ProposalSummary
      proposalId={proposal.id}
      figures={figures}
      pricingOptions={chosenOptions(proposal.document, ticks)}
      agreement={agreement}
      canAgree={!isOwnersView(proposal)}
      agreementRestricted={proposal.whoMayAgree === 'listed'}
      accessCode={accessCode}
      texts={texts}
      onAgreed={setAgreedNow}
    />
  )
  const brandColor = brandColorOf(branding, proposal.document.brandColor)
  const context: Omit<BlockContext, 'contact'> = {
    proposalId: proposal.id,
    accessCode,
    texts,
    brandColor,
    calculator: (title) => (
      <CalculatorSection
        title={title}
        state={calculator}
        figures={figures}
        texts={texts}
        brandColor={brandColor}
        onInput={onCalculatorInput}
      />
    ),
    ticks,
    onTick: (id, included) => setTicks((previous) => ({ ...previous, [id]: included })),
    pricingFormat: pricingFormatOf(calculator, texts),
    priceTableId: figures !== undefined && figures.calculatorData.calculatorType !== 'value' ? quoteTable?.id : undefined,
  }
  const layout = { proposal, blocks, branding, summary, texts, context }
  return proposal.templateType === 'executive' ? <ExecutiveLayout {...layout} /> : <DocumentLayout {...layout} />
}
