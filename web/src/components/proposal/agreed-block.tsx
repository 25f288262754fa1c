// The agreed figures (issue 20), shown to anyone with the link once the prospect agreed: the date,
// the scenario, the figures and the input values as they were frozen. Read from the stored
// agreement only, never from the calculator on the page, so moving a slider does not change them.
import type { Agreement } from '@valueproof/contracts'
import {
  formatInputValue,
  headlineLabel,
  headlineValue,
  type CalculatorData,
  type CalculatorTexts,
  type ProposalTexts,
  moneyDisplayOf,
  moneyFormatter,
  numberLocaleOf,
  paybackStatement,
} from '@valueproof/formula'
import { useEffect, useId, useRef } from 'react'
import { formatLongDate } from '../../proposals/proposal-dates.ts'
import { EstimateMark } from './calculator-results.tsx'
import { calculatorInputs } from './live-calculator.tsx'

interface AgreedInput {
  name: string
  label: string
  value: string
}

/** The frozen values with the calculator's labels and units, in the calculator's order; names it no longer has by their own name. */
function agreedInputs(agreement: Agreement, calculatorData: CalculatorData, locale: string): AgreedInput[] {
  const inputs = calculatorInputs(calculatorData)
  const known = inputs.flatMap((input) => {
    const value = agreement.values[input.name]
    return value === undefined ? [] : [{ name: input.name, label: input.label, value: formatInputValue(value, input.unit, locale) }]
  })
  const unknown = Object.entries(agreement.values)
    .filter(([name]) => !inputs.some((input) => input.name === name))
    .map(([name, value]) => ({ name, label: name, value: formatInputValue(value, undefined, locale) }))
  return [...known, ...unknown]
}

export function AgreedBlock({
  agreement,
  calculatorData,
  texts,
  calculatorTexts,
  focusOnShow = false,
}: {
  agreement: Agreement
  calculatorData: CalculatorData
  texts: ProposalTexts
  calculatorTexts: CalculatorTexts
  /** Just agreed on this page: the focus moves here from the form that is gone. */
  focusOnShow?: boolean
}) {
  const heading = useRef<HTMLHeadingElement>(null)
  const headingId = useId()
  useEffect(() => {
    if (focusOnShow) heading.current?.focus()
  }, [focusOnShow])
  const display = moneyDisplayOf(calculatorData)
  const locale = numberLocaleOf(display)
  const money = moneyFormatter(calculatorData.baseCurrency, display)
  const { figures } = agreement
  const agreedOn = formatLongDate(agreement.agreedAt, texts.dateLocale)
  const payback =
    figures.paidBack === null
      ? undefined
      : paybackStatement({ paidBack: figures.paidBack, months: figures.paybackMonths ?? Number.NaN }, texts, calculatorTexts, locale)

  return (
    <section
      data-agreement=""
      aria-labelledby={headingId}
      className="grid gap-5 rounded-2xl border-2 border-success/60 bg-success/5 p-5 sm:p-8"
    >
      <div className="grid gap-1">
        <h2
          id={headingId}
          ref={heading}
          tabIndex={-1}
          className="flex items-center gap-2 text-xl font-semibold tracking-tight focus:outline-none sm:text-2xl"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth={2.5}
            strokeLinecap="round"
            strokeLinejoin="round"
            className="size-6 shrink-0 text-success"
          >
            <path d="M20 6 9 17l-5-5" />
          </svg>
          {texts.agreedFigures}
        </h2>
        <p className="text-sm text-muted-foreground">
          {agreedOn !== undefined && (
            <time dateTime={agreement.agreedAt} data-agreed-on="">
              {texts.agreedOn(agreedOn)}
            </time>
          )}
          {agreedOn !== undefined && ' · '}
          <span data-agreed-scenario="">{`${texts.scenario}: ${texts.scenarioNames[agreement.scenario]}`}</span>
        </p>
      </div>
      {!agreement.verified && (
        <p
          role="alert"
          data-agreement-altered=""
          className="rounded-md border border-amber-600/50 bg-amber-100 px-3 py-2 text-sm font-medium text-amber-950 dark:bg-amber-950 dark:text-amber-100"
        >
          {texts.agreementAltered}
        </p>
      )}
      {(figures.yearlyValue !== null || payback !== undefined) && (
        <dl className="grid gap-4 sm:grid-cols-2">
          {figures.yearlyValue !== null && (
            <div data-agreed-figure="yearly-value">
              <dt className="text-sm text-muted-foreground">
                {headlineLabel(headlineValue(figures.yearlyValue), calculatorData.valueType, texts)}
              </dt>
              <dd className="mt-1 text-3xl font-bold tracking-tight tabular-nums">{money(headlineValue(figures.yearlyValue).amount)}</dd>
            </div>
          )}
          {payback !== undefined && (
            <div data-agreed-figure="payback">
              <dt className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                <span>{payback.label}</span>
                {figures.paybackEstimate && <EstimateMark text={calculatorTexts.estimate} />}
              </dt>
              <dd className="mt-1 text-3xl font-bold tracking-tight tabular-nums">{payback.value}</dd>
            </div>
          )}
        </dl>
      )}
      <dl data-agreed-values="" className="grid gap-x-6 gap-y-2 border-t border-success/30 pt-4 text-sm sm:grid-cols-2">
        {agreedInputs(agreement, calculatorData, locale).map((input) => (
          <div key={input.name} data-agreed-input={input.name} className="flex items-baseline justify-between gap-4">
            <dt className="text-muted-foreground">{input.label}</dt>
            <dd className="font-medium tabular-nums">{input.value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-muted-foreground">{texts.agreedNote}</p>
    </section>
  )
}
