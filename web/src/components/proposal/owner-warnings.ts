// The seller's honesty guards (issue 20) in plain words, for the owner's Scenarios panel only: the
// prospect never reads them. The app speaks English, whatever the calculator's language.
import { formatMoney, formatPercent, scenarioWarnings, type CalculatorData, type ScenarioWarning } from '@valueproof/formula'
// The dashboard writes an input's value with its unit the same way ("4 hours", "40%").
import { formatValue as withUnit } from '../../analytics-dashboard/format.ts'

type ExceedsDocument = Extract<ScenarioWarning, { kind: 'exceeds-document' }>
type DominantInput = Extract<ScenarioWarning, { kind: 'dominant-input' }>

function unitOf(calculatorData: CalculatorData, name: string): string | undefined {
  return calculatorData.parameters.find((parameter) => parameter.name === name)?.unit
}

/**
 * "Your expected value, $52,000 a year, is more than the document's own figures give ($26,000):
 * Hours saved per week is 20 hours where the document says 10 hours (p. 3)."
 */
function exceedsDocumentText(calculatorData: CalculatorData, warning: ExceedsDocument): string {
  const currency = calculatorData.baseCurrency
  const fromDocument = warning.inputs.some((input) => input.page !== undefined)
  const source = fromDocument ? "the document's" : "your description's"
  const moved = warning.inputs.map((input) => {
    const unit = unitOf(calculatorData, input.name)
    const says = input.page === undefined ? 'the description says' : 'the document says'
    const page = input.page === undefined ? '' : ` (p. ${input.page})`
    return `${input.label} is ${withUnit(input.value, unit)} where ${says} ${withUnit(input.sourceValue, unit)}${page}`
  })
  return (
    `Your expected value, ${formatMoney(warning.yearlyValue, currency)} a year, is more than ${source} own figures give ` +
    `(${formatMoney(warning.supportedYearlyValue, currency)}): ${moved.join('; ')}.`
  )
}

/** "Tickets per week drives 78% of the result (an assumption — check it with the prospect)." */
function dominantInputText(warning: DominantInput): string {
  const share = formatPercent(warning.share * 100, 'en-US')
  const why = warning.assumption ? 'an assumption — check it with the prospect' : 'make sure the prospect agrees with this figure'
  return `${warning.label} drives ${share} of the result (${why}).`
}

/** The warnings about the seller's expected scenario, most serious first; empty when there is nothing to say. */
export function ownerWarningTexts(calculatorData: CalculatorData): string[] {
  return scenarioWarnings(calculatorData).map((warning) =>
    warning.kind === 'exceeds-document' ? exceedsDocumentText(calculatorData, warning) : dominantInputText(warning),
  )
}
