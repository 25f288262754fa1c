// The warnings a generation answers with beside the calculator (issue 35): the calculator's own
// (formula's calculatorWarnings, which the screen also computes as the seller edits) and the ones
// only the service can find, because they need the text: a stated price the calculator leaves out,
// and figures that did not pass the honesty checks. The share step asks the seller to confirm them.
import { CALCULATOR_WARNING_CODES } from '@valueproof/formula'
import { z } from 'zod'

/** Found by the honesty checks against the text; kept with the screen's copy of the calculator until it is edited. */
export const TEXT_WARNING_CODES = ['price_missing', 'unchecked_figures'] as const
export const GENERATION_WARNING_CODES = [...CALCULATOR_WARNING_CODES, ...TEXT_WARNING_CODES] as const

export const calculatorWarningSchema = z.object({
  code: z.enum(GENERATION_WARNING_CODES),
  /** In the calculator's language. */
  message: z.string(),
  /** The inputs it is about, by name. */
  inputs: z.array(z.string()).optional(),
  /** The honesty checker's own findings, in English, for the seller who wants the detail. */
  details: z.array(z.string()).optional(),
})
export type GenerationWarning = z.infer<typeof calculatorWarningSchema>
export type GenerationWarningCode = GenerationWarning['code']

/** `warnings` of the four generation calls and of regenerate: an addition to SPEC §7's fields; empty when there is nothing to confirm. */
export const generationWarningsSchema = z.array(calculatorWarningSchema)
