// The writer contract: a calculator, the user's input and a template in; the proposal's sections out.
// Two implementations: the built-in offline writer (./builtin) and the OpenAI-compatible one (./openai).
import type { ProposalTemplateType } from '@valueproof/contracts'
import type { WrittenSection } from '@valueproof/contracts/proposal-document'
import type { CalculatorData } from '@valueproof/formula'
import type { SellerProfile } from '../domain/accounts.ts'

export const LANGUAGES = ['en', 'sv'] as const
export type Language = (typeof LANGUAGES)[number]

/** SPEC §3's written sections of a proposal. */
export interface ProposalSections {
  title: string
  executiveSummary: string
  problemStatement: string
  solutionOverview: string
  valueProposition: string
  callToAction: string
  /** The contact line: null when the seller's profile names no one to contact (the page shows its own neutral line). */
  contactInformation: string | null
}

export interface WritingInput {
  readonly calculatorData: CalculatorData
  /** The user's words about the service (a description or a document's text); may be empty. */
  readonly input: string
  readonly templateType: ProposalTemplateType
  readonly language: Language
  /**
   * Who the contact line names: the seller's contact details (every plan) and, with Pro custom
   * branding, the company; undefined when nothing is known.
   */
  readonly contact: SellerProfile | undefined
}

export interface ProposalWriter {
  /** 'builtin' or 'openai', reported in logs and events. */
  readonly name: string
  /** Every section non-empty (the contact line may be null), or throws a WritingError. */
  write(input: WritingInput, signal?: AbortSignal): Promise<ProposalSections>
  /** One section written again (the seller's "rewrite this section"), non-empty, or throws a WritingError. */
  writeSection(input: WritingInput, section: WrittenSection, signal?: AbortSignal): Promise<string>
}

export type WritingErrorCode = 'context_length' | 'timeout' | 'provider_failed' | 'invalid_output'

/** HTTP status per writing error, as the proposal service answers it. */
export const WRITING_ERROR_STATUS: Record<WritingErrorCode, number> = {
  context_length: 413,
  timeout: 504,
  provider_failed: 502,
  invalid_output: 502,
}

export class WritingError extends Error {
  constructor(
    readonly code: WritingErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
    this.name = 'WritingError'
  }
  get status(): number {
    return WRITING_ERROR_STATUS[this.code]
  }
}
