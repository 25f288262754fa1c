import { queryOptions } from '@tanstack/react-query'
import {
  calculatorTemplateListSchema,
  calculatorTemplateSchema,
  usedTemplateResponseSchema,
  type CalculatorTemplate,
  type Plan,
  type UseCalculatorTemplateBody,
} from '@valueproof/contracts'
import { apiRequest, ApiError } from '../api.ts'
import { entryOfSaved } from '../calculator/saved-api.ts'
import type { CalculatorEntry } from '../calculator/storage.ts'

// Calculator templates (issue 16, Pro): the built-in ROI stories and the user's own. Free users get
// the same list with every entry locked.

export const calculatorTemplatesQueryKey = ['/api/calculator-templates'] as const

/**
 * GET /api/calculator-templates: the built-in set in both languages, then the user's own, newest
 * first. Keyed by the plan the screen knows, since the plan decides whether they are locked.
 */
export function calculatorTemplatesQueryOptions(plan: Plan) {
  return queryOptions({
    queryKey: [...calculatorTemplatesQueryKey, plan],
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', '/api/calculator-templates', undefined, { signal })
      return calculatorTemplateListSchema.parse(await response.json())
    },
  })
}

/** A new calculator from the template, kept and counted like a generation; throws ApiError with the server's message. */
export async function startFromTemplate(id: string, body: UseCalculatorTemplateBody): Promise<CalculatorEntry> {
  const response = await apiRequest('POST', `/api/calculator-templates/${encodeURIComponent(id)}/use`, body)
  const entry = entryOfSaved(usedTemplateResponseSchema.parse(await response.json()).calculator)
  if (entry === undefined) throw new ApiError(502, 'invalid calculator', "The server's calculator could not be read")
  return entry
}

/** Saves a copy of one of the user's kept calculators as their own template. */
export async function saveCalculatorTemplate(calculatorId: string, name: string): Promise<CalculatorTemplate> {
  const response = await apiRequest('POST', '/api/calculator-templates', { calculatorId, name })
  return calculatorTemplateSchema.parse(await response.json())
}

export async function deleteCalculatorTemplate(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/calculator-templates/${encodeURIComponent(id)}`)
}
