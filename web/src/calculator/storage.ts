import {
  calculatorWarningSchema,
  figureChoicesSchema,
  GENERATION_LANGUAGES,
  type FigureChoicesKept,
  type GenerationWarning,
} from '@valueproof/contracts'
import { calculatorDataSchema, CURRENCIES, type CalculatorData, type Currency } from '@valueproof/formula'
import { z } from 'zod'
import type { GenerationLanguage } from './generation-api.ts'

/*
 * The generator screen's local browser storage (SPEC §3 'Local browser storage holds'): the
 * calculators list, the current calculator, its config, the form values, the display currency and the
 * generation language (remembered like the currency, issue 36).
 * Since issue 15 it is a per-user cache of what the calculator service keeps (docs/decisions/103):
 * it names its owner, is cleared on logout and when another user signs in on this browser, and no
 * longer holds the last input (each calculator's input is kept on the server, documents in object
 * storage). Reading never throws (a missing, foreign or corrupt value reads as absent) and writing
 * never throws: failures are only logged (SPEC §8).
 */

export const STORAGE_KEYS = {
  calculators: 'valueproof.calculators',
  currentCalculator: 'valueproof.currentCalculator',
  currentCalculatorConfig: 'valueproof.currentCalculatorConfig',
  formValues: 'valueproof.calculatorFormValues',
  displayCurrency: 'valueproof.displayCurrency',
  generationLanguage: 'valueproof.generationLanguage',
  /** The user whose cache this is. */
  owner: 'valueproof.workspaceOwner',
} as const

/** Kept by the screen before issue 15 (a document as a data URL); removed wherever it is found. */
const LEGACY_LAST_INPUT_KEY = 'valueproof.lastCalculatorInput'

export type EntryStatus = 'loading' | 'completed' | 'error'

/** SPEC §3 'Calculator list entry': id (random short string), status, config, error message. */
export interface CalculatorEntry {
  id: string
  status: EntryStatus
  config?: CalculatorData | undefined
  error?: string | undefined
  /** What the entry was made from (a file name or the start of a description), shown while it loads. */
  source?: string | undefined
  /** The seller's slider values for this calculator (absent: its defaults). */
  values?: Record<string, number> | undefined
  /** Kept by the calculator service under this id (false: a generation of this visit that failed or runs). */
  saved?: boolean | undefined
  /**
   * Made on Pro beyond the Free allowance while the user is on Free (docs/decisions/105): listed by
   * `name` with no config, never opened, only removed, until the user is on Pro again.
   */
  locked?: boolean | undefined
  name?: string | undefined
  /**
   * What the honesty checks found against the calculator's own text when it was generated (issue 35:
   * a stated price it leaves out, figures its quotes do not back). The screen computes the other
   * warnings from the config as it changes; these need the text, so they are kept until an edit.
   */
  checks?: GenerationWarning[] | undefined
  /** When it was made (ISO 8601): the server's time for a kept calculator, this browser's for a failed or running one. */
  createdAt?: string | undefined
  /** The seller saved the editor on it since it was generated: regenerate would discard that (issue 36). */
  edited?: boolean | undefined
  /** The seller's choices in the figures panel that built its config (issue 36), as the server keeps them. */
  figures?: FigureChoicesKept | undefined
}

/** What an entry still loading when the page was left becomes: its request cannot finish any more. */
export const INTERRUPTED_MESSAGE = 'Generation was interrupted when the page was closed or reloaded. Generate it again.'

const entrySchema = z.object({
  id: z.string().min(1),
  status: z.enum(['loading', 'completed', 'error']),
  config: z.unknown().optional(),
  error: z.string().optional(),
  source: z.string().optional(),
  values: z.record(z.string(), z.number()).optional(),
  saved: z.boolean().optional(),
  locked: z.boolean().optional(),
  name: z.string().optional(),
  checks: z.array(calculatorWarningSchema).optional(),
  createdAt: z.string().optional(),
  edited: z.boolean().optional(),
  figures: figureChoicesSchema.optional(),
})

function storage(): Storage | undefined {
  try {
    return window.localStorage
  } catch (error) {
    console.warn('Local storage is not available.', error)
    return undefined
  }
}

function readJson(key: string): unknown {
  try {
    const text = storage()?.getItem(key)
    return text === null || text === undefined ? undefined : JSON.parse(text)
  } catch (error) {
    console.warn(`Could not read ${key} from local storage.`, error)
    return undefined
  }
}

/** Writes a value (removes the key for undefined); answers whether it was stored. */
export function writeJson(key: string, value: unknown): boolean {
  const store = storage()
  if (store === undefined) return false
  try {
    if (value === undefined) store.removeItem(key)
    else store.setItem(key, JSON.stringify(value))
    return true
  } catch (error) {
    console.warn(`Could not save ${key} to local storage.`, error)
    return false
  }
}

/** A calculator definition read back, or undefined when it no longer validates. */
function readConfig(value: unknown): CalculatorData | undefined {
  const parsed = calculatorDataSchema.safeParse(value)
  return parsed.success ? parsed.data : undefined
}

/** The saved list; entries left loading become errors, entries whose config no longer validates are dropped. */
export function loadEntries(): CalculatorEntry[] {
  const stored = readJson(STORAGE_KEYS.calculators)
  if (!Array.isArray(stored)) return []
  const entries: CalculatorEntry[] = []
  for (const item of stored) {
    const parsed = entrySchema.safeParse(item)
    if (!parsed.success) continue
    const { id, status, error, source, values, saved, checks, createdAt, edited, figures } = parsed.data
    const made = createdAt === undefined ? {} : { createdAt }
    if (parsed.data.locked === true) {
      entries.push({ id, status: 'completed', source, saved, locked: true, name: parsed.data.name, ...made })
      continue
    }
    if (status === 'loading') {
      entries.push({ id, status: 'error', error: INTERRUPTED_MESSAGE, source, ...made })
      continue
    }
    if (status === 'error') {
      entries.push({ id, status, error: error ?? 'Something went wrong', source, ...made })
      continue
    }
    const config = readConfig(parsed.data.config)
    if (config === undefined) continue
    entries.push({
      id,
      status,
      config,
      source,
      values,
      saved,
      ...made,
      ...(checks === undefined ? {} : { checks }),
      ...(edited === true ? { edited } : {}),
      ...(figures === undefined ? {} : { figures }),
    })
  }
  return entries
}

export function saveEntries(entries: readonly CalculatorEntry[]): boolean {
  return writeJson(STORAGE_KEYS.calculators, entries)
}

export function loadCurrentCalculator(): string | undefined {
  const stored = readJson(STORAGE_KEYS.currentCalculator)
  return typeof stored === 'string' ? stored : undefined
}

export function loadCurrentConfig(): CalculatorData | undefined {
  return readConfig(readJson(STORAGE_KEYS.currentCalculatorConfig))
}

export function loadFormValues(): Record<string, number> {
  const parsed = z.record(z.string(), z.number()).safeParse(readJson(STORAGE_KEYS.formValues))
  return parsed.success ? parsed.data : {}
}

export function loadDisplayCurrency(): Currency {
  const stored = readJson(STORAGE_KEYS.displayCurrency)
  return (CURRENCIES as readonly unknown[]).includes(stored) ? (stored as Currency) : 'USD'
}

/** The language new calculators are generated in; English until the user picks another. */
export function loadGenerationLanguage(): GenerationLanguage {
  const stored = readJson(STORAGE_KEYS.generationLanguage)
  return (GENERATION_LANGUAGES as readonly unknown[]).includes(stored) ? (stored as GenerationLanguage) : 'en'
}

function removeKeys(keys: readonly string[]): void {
  const store = storage()
  for (const key of keys) {
    try {
      store?.removeItem(key)
    } catch (error) {
      console.warn(`Could not remove ${key} from local storage.`, error)
    }
  }
}

/** Empties the cache (logout): the next user of this browser starts from what the server keeps for them. */
export function clearWorkspace(): void {
  removeKeys([...Object.values(STORAGE_KEYS), LEGACY_LAST_INPUT_KEY])
}

/** Makes the cache this user's: another user's cache (or one of unknown owner) is emptied first. */
export function claimWorkspace(userId: number): void {
  removeKeys([LEGACY_LAST_INPUT_KEY])
  if (readJson(STORAGE_KEYS.owner) === userId) return
  clearWorkspace()
  writeJson(STORAGE_KEYS.owner, userId)
}

/** A random short string for a list entry (SPEC §3). */
export function newEntryId(): string {
  const bytes = new Uint8Array(6)
  crypto.getRandomValues(bytes)
  return Array.from(bytes, (byte) => byte.toString(36).padStart(2, '0'))
    .join('')
    .slice(0, 10)
}
