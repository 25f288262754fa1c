// What the analyzer takes and what it refuses: text in (a document's pages or a description), a
// calculator definition out. The service maps an AnalysisError's code to its HTTP status.
import type { Currency } from '@valueproof/formula'

export const LANGUAGES = ['en', 'sv'] as const
export type Language = (typeof LANGUAGES)[number]

/** The complexities a user can choose in 'Choose Calculator Type' (SPEC §2); 'custom' is only set by editing. */
export const GENERATION_COMPLEXITIES = ['minimal', 'balanced', 'advanced', 'value'] as const
export type GenerationComplexity = (typeof GENERATION_COMPLEXITIES)[number]

/** Sliders per complexity (SPEC §2 dialog: single slider, two sliders, three sliders). */
export const SLIDERS_PER_COMPLEXITY = { minimal: 1, balanced: 2, advanced: 3 } as const

/** One page of extracted text; pages are numbered from 1 as printed by the document. */
export interface TextPage {
  readonly page: number
  readonly text: string
  /** The page's text came from text recognition (a scanned page); its quotes say so. */
  readonly ocr?: true
}

export interface AnalysisInput {
  /** 'document': text extracted from an upload (quotes carry page numbers); 'description': the user's words. */
  readonly kind: 'document' | 'description'
  readonly pages: readonly TextPage[]
  readonly complexity: GenerationComplexity
  readonly language: Language
  /** The calculator's baseCurrency; amounts in other currencies are converted at a rate named beside them. */
  readonly currency: Currency
  /** The uploaded file's name, when there is one (a hint for the calculator's name only). */
  readonly fileName?: string
}

export type AnalysisErrorCode =
  /** The text is longer than the model accepts; the message contains 'context length' (SPEC §8). */
  | 'context_length'
  /** The provider did not answer in time, or the built-in analysis ran past its time limit or was stopped. */
  | 'timeout'
  /** The provider refused or failed (auth, rate limit, 5xx, network). */
  | 'provider_failed'
  /** The output was not a valid calculator, even after the repair attempt. */
  | 'invalid_output'
  /** Nothing in the input can become a calculator (e.g. an empty description). */
  | 'no_content'
  /** Too many analyses are waiting already (the built-in analyzer's queue is full). */
  | 'busy'
  /** The input needs more memory than one analysis may use. */
  | 'too_complex'

export class AnalysisError extends Error {
  constructor(
    readonly code: AnalysisErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
    this.name = 'AnalysisError'
  }
}
