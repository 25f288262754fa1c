import { calculatorDataSchema, CURRENCIES, type CalculatorData, type Currency } from '@valueproof/formula'
import { z } from 'zod'

/*
 * The generator screen's local browser storage (SPEC §3 'Local browser storage holds'): the
 * calculators list, the current calculator, its config, the form values, the display currency and
 * the last calculator input. Reading never throws (a missing, foreign or corrupt value reads as
 * absent) and writing never throws: failures are only logged (SPEC §8). When saving the last input
 * fails, storage is cleared and the save retried; the caller writes its other state back first so
 * that clearing loses nothing (docs/decisions/070-calculator-screen.md).
 */

export const STORAGE_KEYS = {
  calculators: 'valueproof.calculators',
  currentCalculator: 'valueproof.currentCalculator',
  currentCalculatorConfig: 'valueproof.currentCalculatorConfig',
  formValues: 'valueproof.calculatorFormValues',
  displayCurrency: 'valueproof.displayCurrency',
  lastInput: 'valueproof.lastCalculatorInput',
} as const

export type EntryStatus = 'loading' | 'completed' | 'error'

/** SPEC §3 'Calculator list entry': id (random short string), status, config, error message. */
export interface CalculatorEntry {
  id: string
  status: EntryStatus
  config?: CalculatorData | undefined
  error?: string | undefined
  /** What the entry was made from (a file name or the start of a description), shown while it loads. */
  source?: string | undefined
}

/** SPEC §3 'Last calculator input': a file as a data URL with its name, size and type, or the text. */
export type LastCalculatorInput =
  { type: 'file'; content: string; filename: string; fileSize: number; fileType: string } | { type: 'text'; content: string }

/** What an entry still loading when the page was left becomes: its request cannot finish any more. */
export const INTERRUPTED_MESSAGE = 'Generation was interrupted when the page was closed or reloaded. Generate it again.'

const entrySchema = z.object({
  id: z.string().min(1),
  status: z.enum(['loading', 'completed', 'error']),
  config: z.unknown().optional(),
  error: z.string().optional(),
  source: z.string().optional(),
})

const lastInputSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('file'),
    content: z.string().startsWith('data:'),
    filename: z.string(),
    fileSize: z.number(),
    fileType: z.string(),
  }),
  z.object({ type: z.literal('text'), content: z.string() }),
])

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
    const { id, status, error, source } = parsed.data
    if (status === 'loading') {
      entries.push({ id, status: 'error', error: INTERRUPTED_MESSAGE, source })
      continue
    }
    if (status === 'error') {
      entries.push({ id, status, error: error ?? 'Something went wrong', source })
      continue
    }
    const config = readConfig(parsed.data.config)
    if (config !== undefined) entries.push({ id, status, config, source })
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

export function loadLastInput(): LastCalculatorInput | undefined {
  const parsed = lastInputSchema.safeParse(readJson(STORAGE_KEYS.lastInput))
  return parsed.success ? parsed.data : undefined
}

/** The product's own keys start so (the theme's 'valueproof-theme' too); clearing keeps them. */
const OWN_KEY = /^valueproof[.-]/

/**
 * Saves the last input (SPEC §8): on failure, storage is cleared and the save tried once more. What
 * clearing removes is what is not the product's: its own keys (the theme, this screen's state, but not
 * the previous input) are written back first, then `restore` writes the screen's newest state. Answers
 * whether the input is stored.
 */
export function saveLastInput(input: LastCalculatorInput, restore: () => void): boolean {
  if (writeJson(STORAGE_KEYS.lastInput, input)) return true
  const store = storage()
  const kept: Array<[string, string]> = []
  try {
    for (let index = 0; index < (store?.length ?? 0); index += 1) {
      const key = store?.key(index)
      if (key === null || key === undefined || key === STORAGE_KEYS.lastInput || !OWN_KEY.test(key)) continue
      kept.push([key, store?.getItem(key) ?? ''])
    }
    store?.clear()
  } catch (error) {
    console.warn('Could not clear local storage.', error)
  }
  for (const [key, value] of kept) {
    try {
      store?.setItem(key, value)
    } catch (error) {
      console.warn(`Could not write ${key} back to local storage.`, error)
    }
  }
  restore()
  return writeJson(STORAGE_KEYS.lastInput, input)
}

/** A random short string for a list entry (SPEC §3). */
export function newEntryId(): string {
  const bytes = new Uint8Array(6)
  crypto.getRandomValues(bytes)
  return Array.from(bytes, (byte) => byte.toString(36).padStart(2, '0'))
    .join('')
    .slice(0, 10)
}
