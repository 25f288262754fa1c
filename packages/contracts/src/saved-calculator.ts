// The calculators kept per account (issue 15): the calculator service owns them; the generator
// screen lists, selects, edits and regenerates them through these calls.
import { z } from 'zod'
import { CALCULATOR_LIMITS, complexityField, GENERATION_COMPLEXITIES, GENERATION_CURRENCIES, GENERATION_LANGUAGES } from './calculator.ts'

/** Ids are 16 random bytes as base64url (22 characters), never sequential. */
export const SAVED_CALCULATOR_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/

export function isSavedCalculatorId(value: string): boolean {
  return SAVED_CALCULATOR_ID_PATTERN.test(value)
}

/** At most this many slider values are kept for one calculator (a calculator has far fewer inputs). */
export const SAVED_VALUES_MAX_ENTRIES = 100

/** How much of a description the list shows as the calculator's source. */
export const SAVED_INPUT_PREVIEW_LENGTH = 80

export const CALCULATOR_NOT_FOUND_MESSAGE = 'Calculator not found'

/**
 * A calculator made on Pro beyond the Free plan's monthly allowance, while its owner is on Free
 * (SPEC /legal Cancellation; docs/decisions/105): listed, deletable, never opened.
 */
export const LOCKED_CALCULATOR_MESSAGE = `This calculator was made on Pro beyond the Free plan's ${CALCULATOR_LIMITS.free} a month. Upgrade to Pro to open it again — it has not been deleted.`

/** A calculator started from a template (issue 16) has the template's words as its input. */
export const INPUT_KINDS = ['description', 'document', 'template'] as const

/** Regenerate needs a document or a description; a calculator started from a template has neither. */
export const NOTHING_TO_REGENERATE_MESSAGE =
  'This calculator was started from a template, so there is no document or description to generate it again from. Edit it, or start from the template again.'

/** What a calculator was made from, as the list shows it (never the text itself). */
export const savedInputSummarySchema = z.object({
  kind: z.enum(INPUT_KINDS),
  /** The start of the description, the document's file name, or the template's name. */
  preview: z.string(),
  fileSize: z.number().int().nonnegative().nullable(),
})

/** The roles a seller gives a figure in the figures panel (issue 36); the analyzer reads the same words. */
export const FIGURE_ROLES = ['price', 'volume', 'time', 'rate', 'cost', 'revenue', 'improvement', 'none'] as const
/** The kinds of value stream a seller adds or switches to. */
export const VALUE_STREAM_KINDS = ['time', 'cost', 'revenue', 'losses', 'custom'] as const

const streamKey = z.string().min(1).max(400)

/**
 * The seller's choices in the figures panel, kept with the calculator: roles by figure index,
 * streams removed, switched or added, and the formula and name the last rebuild gave (a calculator
 * changed since by other means starts the panel again from the text).
 */
export const figureChoicesSchema = z
  .object({
    choices: z
      .object({
        roles: z.record(z.string().regex(/^\d{1,6}$/, 'a figure is named by its index'), z.enum(FIGURE_ROLES)).optional(),
        removedStreams: z.array(streamKey).max(50).optional(),
        streamKinds: z.record(streamKey, z.enum(VALUE_STREAM_KINDS)).optional(),
        addedStreams: z.array(z.enum(VALUE_STREAM_KINDS)).max(12).optional(),
      })
      .strict()
      .refine((choices) => Object.keys(choices.roles ?? {}).length <= 2000, 'at most 2000 figures'),
    formula: z.string().max(20_000),
    name: z.string().max(500).optional(),
  })
  .strict()
export type FigureChoicesKept = z.infer<typeof figureChoicesSchema>

/**
 * One kept calculator. `config` is a calculator definition (validated by @valueproof/formula); a
 * locked calculator carries neither its definition nor its values (null), only what names it.
 */
export const savedCalculatorSchema = z.object({
  id: z.string().regex(SAVED_CALCULATOR_ID_PATTERN),
  name: z.string(),
  config: z.unknown(),
  /** The seller's slider values; null when every input is at its default (and for a locked calculator). */
  values: z.record(z.string(), z.number()).nullable(),
  /** Made on Pro beyond the Free allowance and its owner is on Free now: Upgrade to Pro to open it. */
  locked: z.boolean(),
  language: z.enum(GENERATION_LANGUAGES),
  currency: z.enum(GENERATION_CURRENCIES),
  complexity: z.enum(GENERATION_COMPLEXITIES),
  input: savedInputSummarySchema,
  /** The seller's choices in the figures panel (issue 36); null when none (and for a locked calculator). */
  figures: figureChoicesSchema.nullable().default(null),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type SavedCalculator = z.infer<typeof savedCalculatorSchema>

/** GET /api/calculators: newest first. */
export const savedCalculatorListSchema = z.object({ calculators: z.array(savedCalculatorSchema) })

/** GET /api/calculators/:id/input: the words a proposal about this calculator is written from. */
export const savedCalculatorInputSchema = z.object({
  kind: z.enum(INPUT_KINDS),
  /** The description, or the document's extracted text. */
  text: z.string(),
})
export type SavedCalculatorInput = z.infer<typeof savedCalculatorInputSchema>

/**
 * A document's pages are kept as one text with a form feed between pages (the character PDF text
 * tools put there), so the figures panel quotes a figure with its page. Text kept before has
 * blank lines instead and reads as one page.
 */
export const PAGE_BREAK = '\n\f\n'

export function contentOfPages(pages: ReadonlyArray<{ readonly text: string }>): string {
  return pages.map((page) => page.text.replaceAll('\f', '\n')).join(PAGE_BREAK)
}

export function pagesOfContent(content: string): Array<{ page: number; text: string }> {
  return content.split('\f').map((text, index) => ({ page: index + 1, text: text.trim() }))
}

const valuesField = z
  .record(
    z.string().min(1).max(200),
    z.number({ error: 'values must be numbers' }).refine(Number.isFinite, 'values must be finite numbers'),
    { error: 'values must be an object of input names and numbers' },
  )
  .refine((values) => Object.keys(values).length <= SAVED_VALUES_MAX_ENTRIES, `values may hold at most ${SAVED_VALUES_MAX_ENTRIES} inputs`)

/** PATCH /api/calculators/:id: an edited definition, the seller's slider values, or both. */
export const updateSavedCalculatorBodySchema = z
  .object({
    config: z.unknown().optional(),
    values: valuesField.nullable().optional(),
    /** The figures panel's choices that built `config` (null: none). */
    figures: figureChoicesSchema.nullable().optional(),
  })
  .strict()
  .refine((body) => body.config !== undefined || body.values !== undefined, 'Send config, values or both')
export type UpdateSavedCalculatorBody = z.infer<typeof updateSavedCalculatorBodySchema>

/** POST /api/calculators/:id/regenerate: the stored input again, with the settings chosen now (default: as before). */
export const regenerateCalculatorBodySchema = z
  .object({
    complexity: complexityField.optional(),
    language: z.enum(GENERATION_LANGUAGES, { error: () => `language must be one of ${GENERATION_LANGUAGES.join(', ')}` }).optional(),
    currency: z.enum(GENERATION_CURRENCIES, { error: () => `currency must be one of ${GENERATION_CURRENCIES.join(', ')}` }).optional(),
  })
  .strict()
export type RegenerateCalculatorBody = z.infer<typeof regenerateCalculatorBodySchema>
