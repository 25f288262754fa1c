// The calculator-generation calls of SPEC §7 (requests) and the monthly allowance of SPEC §1/§9.
import { z } from 'zod'
import { storableString } from './storable-text.ts'

/** Generations per UTC calendar month (SPEC §9: Free 5, Pro 100), proposals a month and what an account keeps: in the zod-free plans.ts. */
export { CALCULATOR_LIMITS, CALCULATOR_STORAGE_LIMITS, PROPOSAL_LIMITS, PROPOSAL_STORAGE_LIMITS, storageSize } from './plans.ts'

/** The UTC calendar month an instant is counted in, e.g. "2026-11" (ARCHITECTURE: resets each calendar month, UTC). */
export function usageMonth(instant: Date): string {
  return `${instant.getUTCFullYear()}-${String(instant.getUTCMonth() + 1).padStart(2, '0')}`
}

export const GENERATION_LANGUAGES = ['en', 'sv'] as const
export const GENERATION_CURRENCIES = ['USD', 'EUR', 'SEK'] as const
export const GENERATION_COMPLEXITIES = ['minimal', 'balanced', 'advanced', 'value'] as const

/** The longest description accepted (a description is words about a service; a document is uploaded). */
export const DESCRIPTION_MAX_LENGTH = 50_000

function choice<const T extends readonly [string, ...string[]]>(field: string, values: T) {
  return z.enum(values, { error: () => `${field} must be one of ${values.join(', ')}` })
}

// SPEC §9: language defaults to en, currency to USD.
export const languageField = choice('language', GENERATION_LANGUAGES).default('en')
export const currencyField = choice('currency', GENERATION_CURRENCIES).default('USD')
export const complexityField = choice('complexity', GENERATION_COMPLEXITIES)

const descriptionField = storableString({ error: 'description is required' })
  .trim()
  .min(1, 'description must not be empty: describe your service in words')
  .max(
    DESCRIPTION_MAX_LENGTH,
    `description must be at most ${DESCRIPTION_MAX_LENGTH.toLocaleString('en-US')} characters; upload the document instead`,
  )

/** POST /api/calculator/analyze-text */
export const analyzeTextBodySchema = z.object({
  description: descriptionField,
  complexity: complexityField,
  language: languageField,
  currency: currencyField,
})
/** POST /api/calculator/generate-value */
export const generateValueBodySchema = z.object({ description: descriptionField, language: languageField, currency: currencyField })
/** The form fields of POST /api/calculator/analyze-document (the file travels beside them). */
export const analyzeDocumentFieldsSchema = z.object({ complexity: complexityField, language: languageField, currency: currencyField })
/** The form fields of POST /api/calculator/analyze-document-for-value. */
export const analyzeDocumentForValueFieldsSchema = z.object({ language: languageField, currency: currencyField })

export type AnalyzeTextBody = z.infer<typeof analyzeTextBodySchema>
export type GenerateValueBody = z.infer<typeof generateValueBodySchema>
