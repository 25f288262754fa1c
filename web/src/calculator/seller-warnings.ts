// What the seller is told beside a calculator and asked to confirm before sharing it (issues 35 and
// 36): the calculator's own warnings (formula's calculatorWarnings, at the values on screen, written
// in the calculator's language and the screen's money), the checks before sharing (no price, the
// assumptions not yet confirmed), then what the honesty checks found against its text when it was
// generated. Each names the place to fix it.
import type { GenerationWarning, GenerationWarningCode } from '@valueproof/contracts'
import {
  calculatorWarnings,
  GENERATOR_SCREEN_LOCALE,
  moneyDisplayOf,
  shareChecks,
  type CalculatorData,
  type Currency,
  type ShareCheckCode,
} from '@valueproof/formula'
import { sellerWarningTexts } from './seller-warnings-texts.ts'

export type SellerWarningCode = GenerationWarningCode | ShareCheckCode

export interface SellerWarning {
  readonly code: SellerWarningCode
  readonly message: string
  /** The inputs it is about, by name. */
  readonly inputs?: readonly string[] | undefined
  /** The honesty checker's own findings, in English. */
  readonly details?: readonly string[] | undefined
}

/** The warnings of a calculator at the seller's values, as the generator screen writes money. */
export function sellerWarnings(
  config: CalculatorData,
  props: { values: Record<string, number>; displayCurrency: Currency; checks?: readonly GenerationWarning[] | undefined },
): SellerWarning[] {
  const checks = props.checks ?? []
  const share = shareChecks(config).filter(
    // The text's stated price says more than "no price".
    (check) => check.code !== 'no_price' || !checks.some((warning) => warning.code === 'price_missing'),
  )
  const counted = share.some((check) => check.code === 'unchecked_assumptions')
  const own = calculatorWarnings(config, {
    values: props.values,
    // A Swedish calculator's warnings write money the Swedish way, as its figures do (decision 130).
    display: moneyDisplayOf(config, props.displayCurrency, GENERATOR_SCREEN_LOCALE),
  })
    // "3 of 5 inputs are assumptions you have not confirmed" says what "every input is an assumption" says, and more.
    .filter((warning) => !(counted && warning.code === 'all_assumed'))
    .map(({ code, message, inputs }) => ({ code, message, inputs }))
  return [...own, ...share, ...checks]
}

/** Where the seller fixes a warning: the edit dialog, or an input's own editor beside the calculator. */
export type WarningFix = { readonly kind: 'edit' } | { readonly kind: 'input'; readonly name: string }

const AT_AN_INPUT: ReadonlySet<SellerWarningCode> = new Set(['unchecked_assumptions', 'all_assumed', 'unchecked_figures'])

/** The place to fix `warning`: the first input it names, for what an input's editor settles; else the edit dialog. */
export function fixOf(warning: SellerWarning, config: CalculatorData): WarningFix {
  const name = warning.inputs?.find((input) => config.parameters.some((parameter) => parameter.name === input))
  if (AT_AN_INPUT.has(warning.code) && name !== undefined) return { kind: 'input', name }
  if (warning.code === 'all_assumed') {
    const first = config.parameters.find((parameter) => parameter.source?.kind === 'assumption')
    if (first !== undefined) return { kind: 'input', name: first.name }
  }
  return { kind: 'edit' }
}

export type GuardedAction = 'share' | 'proposal'

/** "This calculator shows a negative value at these figures. Share it anyway?", in the calculator's language. */
export function confirmQuestion(
  warnings: readonly SellerWarning[],
  action: GuardedAction,
  config: Pick<CalculatorData, 'language'>,
): string {
  const texts = sellerWarningTexts(config.language)
  const [only] = warnings
  const said = warnings.length === 1 && only !== undefined ? texts.said[only.code] : texts.several(warnings.length)
  return `${said} ${texts.anyway[action]}`
}
