// What a proposal leads with (issue 20): the value per year and the payback at the prospect's
// inputs, the scenario switch, "Download PDF" and "These numbers work for us" — and, once the
// prospect agreed, the agreed figures for anyone with the link.
import type { Agreement } from '@valueproof/contracts'
import {
  calculatorTexts,
  headlineLabel,
  headlineOf,
  headlineValue,
  paybackStatement,
  type CalculatorData,
  type CalculatorResult,
  type CalculatorTexts,
  type ProposalTexts,
  type Scenario,
  moneyDisplayOf,
  moneyFormatter,
  numberLocaleOf,
} from '@valueproof/formula'
import { lazy, Suspense, useRef, useState } from 'react'
import { buttonClassName } from '../ui/button.tsx'
import { AgreedBlock } from './agreed-block.tsx'
import { EstimateMark } from './calculator-results.tsx'
import { PdfLink } from './pdf-link.tsx'
import { ScenarioSwitch } from './scenario-switch.tsx'

// Loaded when the prospect asks to agree: most visits never do.
const AgreementForm = lazy(async () => ({ default: (await import('./agreement-form.tsx')).AgreementForm }))

/** The calculator's state on the page: one set of values that every figure of the proposal uses. */
export interface ProposalFigures {
  calculatorData: CalculatorData
  result: CalculatorResult
  scenario: Scenario
  values: Readonly<Record<string, number>>
  /** Whether the scenarios differ at all (the switch is left out when they do not). */
  hasScenarios: boolean
  chooseScenario: (scenario: Scenario) => void
}

function HeadlineFigures({ figures, texts, ctexts }: { figures: ProposalFigures; texts: ProposalTexts; ctexts: CalculatorTexts }) {
  const { yearlyValue, payback } = headlineOf(figures.result)
  // A value calculator has no value per year: its key metrics are in its card.
  if (yearlyValue === undefined) return null
  const display = moneyDisplayOf(figures.calculatorData)
  const money = moneyFormatter(figures.calculatorData.baseCurrency, display)
  // "Pays back in" and its value read as one phrase: "Återbetald på mindre än 0,1 månader".
  const statement = payback === undefined ? undefined : paybackStatement(payback, texts, ctexts, numberLocaleOf(display))
  // A negative value is stated as a net cost, never "You save −…" (issue 36).
  const value = headlineValue(yearlyValue)
  return (
    <dl className="grid gap-5 sm:grid-cols-[3fr_2fr] sm:items-end">
      <div data-headline-figure="yearly-value" data-net-cost={value.netCost ? '' : undefined}>
        <dt className="text-sm font-medium text-muted-foreground sm:text-base">
          {headlineLabel(value, figures.calculatorData.valueType, texts)}
        </dt>
        <dd className="mt-1 text-4xl font-bold tracking-tight break-words text-primary tabular-nums sm:text-5xl">{money(value.amount)}</dd>
      </div>
      {statement !== undefined && (
        <div data-headline-figure="payback">
          <dt className="flex flex-wrap items-center gap-2 text-sm font-medium text-muted-foreground sm:text-base">
            <span>{statement.label}</span>
            {payback?.estimate === true && <EstimateMark text={ctexts.estimate} />}
          </dt>
          <dd className="mt-1 text-2xl font-semibold tracking-tight tabular-nums sm:text-3xl">{statement.value}</dd>
        </div>
      )}
    </dl>
  )
}

export function ProposalSummary({
  proposalId,
  figures,
  pricingOptions,
  agreement,
  canAgree,
  agreementRestricted = false,
  accessCode,
  texts,
  onAgreed,
}: {
  proposalId: string
  /** Undefined when the proposal has no calculator to show. */
  figures: ProposalFigures | undefined
  /** The pricing table's optional lines counted now (issue 37): the PDF ticks the same. */
  pricingOptions?: readonly string[] | undefined
  agreement: Agreement | undefined
  /** A prospect's view of a proposal nobody agreed to yet. */
  canAgree: boolean
  /** Only the e-mail addresses the seller named may agree (issue 34): the form says so. */
  agreementRestricted?: boolean
  accessCode: string | undefined
  texts: ProposalTexts
  onAgreed: (agreement: Agreement) => void
}) {
  const [agreeing, setAgreeing] = useState(false)
  const [agreedHere, setAgreedHere] = useState(false)
  // Cancelling gives the focus back to the button that opened the form (it is drawn again then).
  const refocusAgreeButton = useRef(false)
  const focusIfReturning = (button: HTMLButtonElement | null) => {
    if (button === null || !refocusAgreeButton.current) return
    refocusAgreeButton.current = false
    button.focus()
  }

  const ctexts = calculatorTexts(texts.language)
  const pdfFigures = figures === undefined ? undefined : { scenario: figures.scenario, values: figures.values }
  const offersAgreement = canAgree && figures !== undefined && agreement === undefined
  const actions = (
    <div className="flex flex-wrap gap-3">
      <PdfLink proposalId={proposalId} figures={pdfFigures} options={pricingOptions} accessCode={accessCode} texts={texts} />
      {offersAgreement && !agreeing && (
        <button
          ref={focusIfReturning}
          type="button"
          onClick={() => setAgreeing(true)}
          className={buttonClassName('default', 'lg', 'min-h-11 px-5')}
          data-agree=""
        >
          {texts.agree}
        </button>
      )}
    </div>
  )

  return (
    <>
      {figures === undefined ? (
        actions
      ) : (
        <div
          data-headline=""
          className="grid gap-6 rounded-2xl border bg-linear-to-br from-primary/10 via-card to-card p-5 shadow-sm sm:p-8"
        >
          <HeadlineFigures figures={figures} texts={texts} ctexts={ctexts} />
          {figures.hasScenarios && <ScenarioSwitch scenario={figures.scenario} onChoose={figures.chooseScenario} texts={texts} />}
          {actions}
          {offersAgreement && agreeing && (
            <Suspense fallback={null}>
              <AgreementForm
                proposalId={proposalId}
                accessCode={accessCode}
                scenario={figures.scenario}
                values={figures.values}
                options={pricingOptions}
                restricted={agreementRestricted}
                texts={texts}
                onAgreed={(stored) => {
                  setAgreeing(false)
                  setAgreedHere(true)
                  onAgreed(stored)
                }}
                onCancel={() => {
                  refocusAgreeButton.current = true
                  setAgreeing(false)
                }}
              />
            </Suspense>
          )}
        </div>
      )}
      {agreement !== undefined && figures !== undefined && (
        <AgreedBlock
          agreement={agreement}
          calculatorData={figures.calculatorData}
          texts={texts}
          calculatorTexts={ctexts}
          focusOnShow={agreedHere}
        />
      )}
    </>
  )
}
