// What the seller is told beside a calculator and asked to confirm before sharing it (issue 35):
// the calculator's own warnings (formula's calculatorWarnings, at the values on screen, written in
// the calculator's language and the screen's money), then what the honesty checks found against its
// text when it was generated. The confirmation around them is the app's, in English.
import type { GenerationWarning, GenerationWarningCode } from '@valueproof/contracts'
import { calculatorWarnings, GENERATOR_SCREEN_LOCALE, type CalculatorData, type Currency } from '@valueproof/formula'

export type SellerWarning = Pick<GenerationWarning, 'code' | 'message' | 'details'>

/** The warnings of a calculator at the seller's values, as the generator screen writes money. */
export function sellerWarnings(
  config: CalculatorData,
  props: { values: Record<string, number>; displayCurrency: Currency; checks?: readonly GenerationWarning[] | undefined },
): SellerWarning[] {
  const own = calculatorWarnings(config, {
    values: props.values,
    display: { currency: props.displayCurrency, locale: GENERATOR_SCREEN_LOCALE },
  }).map(({ code, message }) => ({ code, message }))
  return [...own, ...(props.checks ?? [])]
}

/** Each warning as the question's first sentence says it. */
const SAID: Readonly<Record<GenerationWarningCode, string>> = {
  negative_value: 'This calculator shows a negative value at these figures.',
  price_above_value: 'At these figures the price of this calculator is more than its value.',
  cost_as_value: "This calculator counts the offer's price inside its value.",
  hidden_constant: "This calculator's formula holds figures the prospect cannot change.",
  all_assumed: 'No figure from your document or description stands behind this calculator’s value.',
  price_missing: 'Your text states a price this calculator does not use, so its ROI and payback are estimates.',
  unchecked_figures: "Some of this calculator's figures did not pass the honesty checks.",
}

export type GuardedAction = 'share' | 'proposal'

const ANYWAY: Readonly<Record<GuardedAction, string>> = {
  share: 'Share it anyway?',
  proposal: 'Create a proposal from it anyway?',
}

/** "This calculator shows a negative value at these figures. Share it anyway?" */
export function confirmQuestion(warnings: readonly SellerWarning[], action: GuardedAction): string {
  const [only] = warnings
  const said = warnings.length === 1 && only !== undefined ? SAID[only.code] : `This calculator has ${warnings.length} warnings.`
  return `${said} ${ANYWAY[action]}`
}
