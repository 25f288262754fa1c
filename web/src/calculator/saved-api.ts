import {
  TEXT_WARNING_CODES,
  generationWarningsSchema,
  savedCalculatorInputSchema,
  savedCalculatorListSchema,
  savedCalculatorSchema,
  type GenerationWarning,
  type RegenerateCalculatorBody,
  type SavedCalculator,
  type SavedCalculatorInput,
  type UpdateSavedCalculatorBody,
} from '@valueproof/contracts'
import { calculatorDataSchema } from '@valueproof/formula'
import { z } from 'zod'
import { apiRequest, ApiError } from '../api.ts'
import type { CalculatorEntry } from './storage.ts'

/*
 * The calculators the calculator service keeps for the signed-in user (docs/decisions/103): listed,
 * edited (definition and the seller's values), removed, regenerated from their own stored input, and
 * the words a proposal about one is written from.
 */

/**
 * A kept calculator as a list entry of the generator screen; undefined when its definition no longer
 * validates. A locked one (docs/decisions/105) comes without a definition: listed by name, never opened.
 */
export function entryOfSaved(saved: SavedCalculator): CalculatorEntry | undefined {
  if (saved.locked) {
    return {
      id: saved.id,
      status: 'completed',
      source: saved.input.preview,
      name: saved.name,
      saved: true,
      locked: true,
      createdAt: saved.createdAt,
    }
  }
  const config = calculatorDataSchema.safeParse(saved.config)
  if (!config.success) return undefined
  return {
    id: saved.id,
    status: 'completed',
    config: config.data,
    source: saved.input.preview,
    values: saved.values ?? undefined,
    saved: true,
    ...(saved.figures === null ? {} : { figures: saved.figures }),
    createdAt: saved.createdAt,
  }
}

async function readJson<T>(response: Response, schema: z.ZodType<T>): Promise<T> {
  const parsed = schema.safeParse(await response.json())
  if (!parsed.success) throw new ApiError(502, parsed.error.message, "The server's answer could not be read")
  return parsed.data
}

export async function listSavedCalculators(signal?: AbortSignal): Promise<CalculatorEntry[]> {
  const response = await apiRequest('GET', '/api/calculators', undefined, signal === undefined ? {} : { signal })
  const { calculators } = await readJson(response, savedCalculatorListSchema)
  return calculators.flatMap((saved) => entryOfSaved(saved) ?? [])
}

export async function updateSavedCalculator(id: string, body: UpdateSavedCalculatorBody): Promise<SavedCalculator> {
  return readJson(await apiRequest('PATCH', `/api/calculators/${encodeURIComponent(id)}`, body), savedCalculatorSchema)
}

export async function deleteSavedCalculator(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/calculators/${encodeURIComponent(id)}`)
}

const regeneratedSchema = z.object({ calculator: savedCalculatorSchema, warnings: generationWarningsSchema.default([]) })

/** Regenerates the calculator from its own stored input (with the checks of its text); throws ApiError with the server's message. */
export async function regenerateSavedCalculator(id: string, body: RegenerateCalculatorBody): Promise<CalculatorEntry> {
  const response = await apiRequest('POST', `/api/calculators/${encodeURIComponent(id)}/regenerate`, body)
  const { calculator, warnings } = await readJson(response, regeneratedSchema)
  const entry = entryOfSaved(calculator)
  if (entry === undefined) throw new ApiError(502, 'invalid calculator', "The server's calculator could not be read")
  const checks = textChecksOf(warnings)
  return checks === undefined ? entry : { ...entry, checks }
}

/** The warnings only the server can find (they need the text): the screen computes the rest itself as the calculator changes. */
export function textChecksOf(warnings: readonly GenerationWarning[]): GenerationWarning[] | undefined {
  const checks = warnings.filter((warning) => (TEXT_WARNING_CODES as readonly string[]).includes(warning.code))
  return checks.length === 0 ? undefined : checks
}

/** What one kept calculator was made from: its kind and its description or document text. */
export async function savedCalculatorSource(id: string): Promise<SavedCalculatorInput> {
  const response = await apiRequest('GET', `/api/calculators/${encodeURIComponent(id)}/input`)
  return readJson(response, savedCalculatorInputSchema)
}

/** The query of a kept calculator's input: fetched once per calculator for the figures panel and its proposals alike (it does not change). */
export function calculatorSourceQuery(id: string) {
  return { queryKey: ['calculator-source', id], queryFn: () => savedCalculatorSource(id), staleTime: Infinity } as const
}

/**
 * Saves the seller's values; `keepalive` lets the request outlive the page (a reload or a closed tab
 * right after moving a slider). Failures are reported, not thrown.
 */
export async function saveSavedValues(id: string, values: Record<string, number>, keepalive: boolean): Promise<boolean> {
  try {
    const response = await fetch(`/api/calculators/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ values }),
      keepalive,
    })
    if (!response.ok) console.warn(`Saving the calculator's values failed: ${response.status}`)
    return response.ok
  } catch (error) {
    console.warn("Saving the calculator's values failed.", error)
    return false
  }
}
