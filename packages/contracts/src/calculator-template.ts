// Calculator templates (issue 16, SPEC §1: a Pro feature): a built-in set of common ROI stories in
// English and Swedish, and the user's own templates saved from their calculators. Everyone sees the
// list; on Free every entry is locked (shown with the upgrade button, never opened).
import { z } from 'zod'
import { GENERATION_COMPLEXITIES, GENERATION_CURRENCIES, GENERATION_LANGUAGES } from './calculator.ts'
import { savedCalculatorSchema } from './saved-calculator.ts'
import { storableString } from './storable-text.ts'

/** The most own templates one account keeps; delete one to save another. */
export const OWN_TEMPLATES_MAX = 50
export const TEMPLATE_NAME_MAX_LENGTH = 120
/** How much of a calculator's description a template saved from it keeps. */
export const TEMPLATE_DESCRIPTION_MAX_LENGTH = 300

export const TEMPLATE_SOURCES = ['builtin', 'own'] as const
export type TemplateSource = (typeof TEMPLATE_SOURCES)[number]

/** Built-in templates have readable ids; own ones 16 random bytes as base64url, like calculators. */
export const BUILTIN_TEMPLATE_ID_PREFIX = 'builtin-'

export const TEMPLATE_NOT_FOUND_MESSAGE = 'Template not found'
export const BUILTIN_TEMPLATE_DELETE_MESSAGE = 'Built-in templates cannot be deleted.'
export const OWN_TEMPLATE_SETTINGS_MESSAGE =
  'Your own templates are used in the language and currency they were saved in; only built-in templates can be used in another.'
export const TEMPLATE_LIMIT_MESSAGE = `You have ${OWN_TEMPLATES_MAX} templates, the most an account keeps. Delete one to save another.`

/** One entry of GET /api/calculator-templates. `config` is a calculator definition; null while locked. */
export const calculatorTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  language: z.enum(GENERATION_LANGUAGES),
  currency: z.enum(GENERATION_CURRENCIES),
  complexity: z.enum(GENERATION_COMPLEXITIES),
  source: z.enum(TEMPLATE_SOURCES),
  config: z.unknown(),
  /** Templates are Pro: on Free every entry is listed locked, without its definition. */
  locked: z.boolean(),
  /** When an own template was saved (ISO instant); null for the built-in ones. */
  createdAt: z.string().nullable(),
})
export type CalculatorTemplate = z.infer<typeof calculatorTemplateSchema>

/** GET /api/calculator-templates: the built-in set (both languages), then the user's own, newest first. */
export const calculatorTemplateListSchema = z.object({
  templates: z.array(calculatorTemplateSchema),
  ownLimit: z.number().int().positive(),
})

/** POST /api/calculator-templates: saves a copy of one of the user's calculators as a template. */
export const createCalculatorTemplateBodySchema = z
  .object({
    // Any string: a malformed id answers 404 like someone else's (decision 103).
    calculatorId: storableString({ error: 'calculatorId is required: the id of one of your calculators' }).max(100),
    name: storableString({ error: 'name must be text' })
      .trim()
      .min(1, 'name must not be empty')
      .max(TEMPLATE_NAME_MAX_LENGTH, `name must be at most ${TEMPLATE_NAME_MAX_LENGTH} characters`)
      .optional(),
  })
  .strict()
export type CreateCalculatorTemplateBody = z.infer<typeof createCalculatorTemplateBodySchema>

/**
 * POST /api/calculator-templates/:id/use: a new calculator from the template. A built-in one is
 * made in the language and currency asked (default: the template's own); an own template keeps its own.
 */
export const useCalculatorTemplateBodySchema = z
  .object({
    language: z.enum(GENERATION_LANGUAGES, { error: () => `language must be one of ${GENERATION_LANGUAGES.join(', ')}` }).optional(),
    currency: z.enum(GENERATION_CURRENCIES, { error: () => `currency must be one of ${GENERATION_CURRENCIES.join(', ')}` }).optional(),
  })
  .strict()
export type UseCalculatorTemplateBody = z.infer<typeof useCalculatorTemplateBodySchema>

/** The answer of a template's use, like a generation's: the definition and the kept calculator. */
export const usedTemplateResponseSchema = z.object({ parameters: z.unknown(), calculator: savedCalculatorSchema })
