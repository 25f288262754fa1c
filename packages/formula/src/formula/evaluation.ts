export type FormulaEvaluationError = 'division-by-zero' | 'non-finite' | 'invalid-input'

/**
 * The outcome of evaluating a formula. On failure `value` is what plain JavaScript arithmetic gave
 * (NaN for invalid input) and callers apply SPEC §8's fallback, usually through `valueOrFallback`.
 */
export type FormulaEvaluation =
  | { readonly ok: true; readonly value: number }
  | { readonly ok: false; readonly error: FormulaEvaluationError; readonly message: string; readonly value: number }

export const EVALUATION_MESSAGES: Readonly<Record<FormulaEvaluationError, string>> = {
  'division-by-zero': 'The formula divides by zero',
  'non-finite': 'The formula result is not a finite number',
  'invalid-input': 'A parameter value is missing or is not a number',
}

/** Turns a raw result into an evaluation; division by zero counts even when the result came out finite. */
export function settleEvaluation(value: number, divisionByZero: boolean): FormulaEvaluation {
  if (divisionByZero) return { ok: false, error: 'division-by-zero', message: EVALUATION_MESSAGES['division-by-zero'], value }
  // value - value is 0 for finite numbers and NaN for NaN and ±Infinity.
  if (value - value !== 0) return { ok: false, error: 'non-finite', message: EVALUATION_MESSAGES['non-finite'], value }
  return { ok: true, value }
}

export function invalidInput(): FormulaEvaluation {
  return { ok: false, error: 'invalid-input', message: EVALUATION_MESSAGES['invalid-input'], value: Number.NaN }
}

/** SPEC §8: a formula that fails falls back to a default (zero unless the caller has a better one). */
export function valueOrFallback(evaluation: FormulaEvaluation, fallback = 0): number {
  return evaluation.ok ? evaluation.value : fallback
}
