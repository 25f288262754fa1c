import type { FigureChoicesKept } from '@valueproof/contracts'
import { createCalculator, type CalculatorData, type Currency } from '@valueproof/formula'
import { useEffect, useLayoutEffect, useReducer, useRef } from 'react'
import {
  claimWorkspace,
  loadCurrentCalculator,
  loadCurrentConfig,
  loadDisplayCurrency,
  loadEntries,
  loadFormValues,
  loadGenerationLanguage,
  saveEntries,
  STORAGE_KEYS,
  writeJson,
  type CalculatorEntry,
} from './storage.ts'
import type { GenerationLanguage } from './generation-api.ts'

/*
 * The generator screen's state (SPEC §3 and §4): the 'Generated Calculators' list (newest first, by
 * when each was made), the current calculator and its config, the form values, the display currency
 * and the language new calculators are generated in. The calculator
 * service keeps the calculators (docs/decisions/103); local storage is this user's cache of them,
 * restored on load and written back on every change, each key on its own so that moving a slider
 * writes only the form values. Each entry carries its own values: selecting one shows them.
 */

export interface WorkspaceState {
  entries: CalculatorEntry[]
  /** The list entry the current calculator came from (it may since have been removed). */
  currentId: string | undefined
  config: CalculatorData | undefined
  values: Record<string, number>
  displayCurrency: Currency
  language: GenerationLanguage
  /** The server's list has arrived in this visit (until then the screen shows the cache). */
  listed: boolean
  /** The calculator whose sliders the seller moved before the list arrived: the list does not move them back. */
  movedBeforeList?: string | undefined
}

export type WorkspaceAction =
  | { type: 'add'; entry: CalculatorEntry }
  /** A generation of this visit finished: the kept calculator takes its placeholder's place and becomes current. */
  | { type: 'settle'; id: string; entry: CalculatorEntry }
  | { type: 'fail'; id: string; error: string }
  /** Regenerate started or failed (the entry keeps its calculator meanwhile). */
  | { type: 'status'; id: string; status: 'loading' | 'completed' }
  /** The calculator regenerated in place (same id). */
  | { type: 'replace'; entry: CalculatorEntry }
  | { type: 'remove'; id: string }
  | { type: 'view'; id: string }
  /** `figures`: the figures panel's choices that built the config (null: none; absent: as they were). */
  | { type: 'edit'; config: CalculatorData; figures?: FigureChoicesKept | null }
  | { type: 'values'; values: Record<string, number> }
  | { type: 'currency'; currency: Currency }
  | { type: 'language'; language: GenerationLanguage }
  /** What the calculator service keeps for this user, newest first. */
  | { type: 'sync'; saved: CalculatorEntry[] }

/** SPEC §4: setting a new config resets the form values to each parameter's default. */
export function defaultValues(config: CalculatorData): Record<string, number> {
  return createCalculator(config).initialValues()
}

/** An entry's own values over its defaults: what the screen shows when the entry is selected. */
export function entryValues(entry: CalculatorEntry & { config: CalculatorData }): Record<string, number> {
  return { ...defaultValues(entry.config), ...entry.values }
}

/** What regenerating the entry would discard: the seller's saved edits, slider values away from the defaults, or both. */
export type SellerChange = 'definition' | 'values'

export function changesSinceGeneration(
  entry: CalculatorEntry & { config: CalculatorData },
  values: Record<string, number>,
): SellerChange[] {
  const defaults = defaultValues(entry.config)
  const moved = Object.entries(defaults).some(([name, value]) => values[name] !== undefined && values[name] !== value)
  return [...(entry.edited === true ? (['definition'] as const) : []), ...(moved ? (['values'] as const) : [])]
}

/** When an entry was made, for ordering; one from before times were kept reads as the oldest. */
function madeAt(entry: CalculatorEntry): number {
  const time = entry.createdAt === undefined ? Number.NaN : Date.parse(entry.createdAt)
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time
}

/** SPEC §2: newest first, a failed or running entry in its place by time (the sort is stable for equal times). */
export function newestFirst(entries: readonly CalculatorEntry[]): CalculatorEntry[] {
  return [...entries].sort((a, b) => madeAt(b) - madeAt(a))
}

/** The calculator a proposal or a share link carries: the seller's values as where the prospect starts. */
export function withStartValues(config: CalculatorData, values: Record<string, number>): CalculatorData {
  const inputs = new Set([...config.parameters.map((parameter) => parameter.name), ...config.valueFields.map((field) => field.name)])
  const startValues = Object.fromEntries(Object.entries(values).filter(([name, value]) => inputs.has(name) && Number.isFinite(value)))
  return { ...config, startValues }
}

function mapEntry(state: WorkspaceState, id: string, change: (entry: CalculatorEntry) => CalculatorEntry): CalculatorEntry[] {
  return state.entries.map((entry) => (entry.id === id ? change(entry) : entry))
}

/** Makes an entry with a calculator the current one, at its own values. */
function select(state: WorkspaceState, entry: CalculatorEntry | undefined): WorkspaceState {
  if (entry?.config === undefined) return state
  return { ...state, currentId: entry.id, config: entry.config, values: entryValues({ ...entry, config: entry.config }) }
}

/**
 * The server's entry, with what this browser knows of it while its definition is the one it knew:
 * the checks made for that definition, and that the seller edited it.
 */
function withKnownFacts(entry: CalculatorEntry, known: readonly CalculatorEntry[]): CalculatorEntry {
  const cached = known.find((candidate) => candidate.id === entry.id)
  if (cached === undefined || JSON.stringify(cached.config) !== JSON.stringify(entry.config)) return entry
  return {
    ...entry,
    ...(cached.checks === undefined ? {} : { checks: cached.checks }),
    ...(cached.edited === true ? { edited: true } : {}),
  }
}

/** The server's list, with this visit's running and failed generations (never kept) in their place by time. */
function synced(state: WorkspaceState, fromServer: CalculatorEntry[]): WorkspaceState {
  const local = state.entries.filter((entry) => entry.saved !== true)
  const saved = fromServer.map((entry) => withKnownFacts(entry, state.entries))
  const entries = newestFirst([...saved, ...local])
  const current = entries.find((entry) => entry.id === state.currentId)
  const next = { ...state, entries, listed: true, movedBeforeList: undefined }
  // Gone, or locked since (the plan is Free now): the screen no longer shows it.
  if (current === undefined || current.locked === true) return { ...next, currentId: undefined, config: undefined, values: {} }
  if (current.saved !== true) return next
  // Moved in this visit before the list came, on the same definition: newer than the server's values (their save is on its way).
  if (state.movedBeforeList === current.id && JSON.stringify(current.config) === JSON.stringify(state.config)) {
    return { ...next, entries: mapEntry(next, current.id, (entry) => ({ ...entry, values: state.values })) }
  }
  return select(next, current)
}

export function workspaceReducer(state: WorkspaceState, action: WorkspaceAction): WorkspaceState {
  switch (action.type) {
    case 'add':
      return { ...state, entries: newestFirst([action.entry, ...state.entries]) }
    case 'settle': {
      const entries = newestFirst(mapEntry(state, action.id, () => action.entry))
      // SPEC §4: a finished generation becomes the current calculator, at its defaults.
      return select({ ...state, entries }, action.entry)
    }
    case 'fail':
      return { ...state, entries: mapEntry(state, action.id, (entry) => ({ ...entry, status: 'error', error: action.error })) }
    case 'status':
      return { ...state, entries: mapEntry(state, action.id, (entry) => ({ ...entry, status: action.status })) }
    case 'replace': {
      const previous = state.entries.find((entry) => entry.id === action.entry.id)
      const entries = mapEntry(state, action.entry.id, () => action.entry)
      // SPEC §4: updating an entry whose config name equals the current calculator's also replaces the current one.
      const sameName = previous?.config !== undefined && previous.config.name === state.config?.name
      return state.currentId === action.entry.id || sameName ? select({ ...state, entries }, action.entry) : { ...state, entries }
    }
    case 'remove': {
      const entries = state.entries.filter((entry) => entry.id !== action.id)
      if (state.currentId !== action.id) return { ...state, entries }
      return { ...state, entries, currentId: undefined, config: undefined, values: {} }
    }
    case 'view':
      return select(
        state,
        state.entries.find((candidate) => candidate.id === action.id),
      )
    case 'edit': {
      // SPEC §4: a new config resets the form values to the defaults, so the sliders show what was just typed.
      const values = defaultValues(action.config)
      // The checks were made for the generated definition; an edited one is the seller's (its own warnings still show).
      const entries =
        state.currentId === undefined
          ? state.entries
          : mapEntry(state, state.currentId, (entry) => ({
              ...entry,
              config: action.config,
              values,
              checks: undefined,
              edited: true,
              figures: action.figures === undefined ? entry.figures : (action.figures ?? undefined),
            }))
      return { ...state, entries, config: action.config, values }
    }
    case 'values': {
      const entries =
        state.currentId === undefined ? state.entries : mapEntry(state, state.currentId, (entry) => ({ ...entry, values: action.values }))
      const movedBeforeList = state.listed ? undefined : state.currentId
      return { ...state, entries, values: action.values, movedBeforeList }
    }
    case 'currency':
      return { ...state, displayCurrency: action.currency }
    case 'language':
      return { ...state, language: action.language }
    case 'sync':
      return synced(state, action.saved)
  }
}

/** The cached workspace of this user (another user's cache is emptied first). */
export function loadWorkspace(userId: number): WorkspaceState {
  claimWorkspace(userId)
  const config = loadCurrentConfig()
  const stored = loadFormValues()
  return {
    entries: loadEntries(),
    currentId: loadCurrentCalculator(),
    config,
    values: config === undefined ? {} : { ...defaultValues(config), ...stored },
    displayCurrency: loadDisplayCurrency(),
    language: loadGenerationLanguage(),
    listed: false,
  }
}

/** The workspace, restored from this user's cache once and saved back key by key as it changes. */
export function useWorkspace(userId: number) {
  const [state, dispatch] = useReducer(workspaceReducer, userId, loadWorkspace)
  // The last committed state, for code that runs later (after an await); kept in step as React commits.
  const latest = useRef(state)
  useLayoutEffect(() => {
    latest.current = state
  }, [state])

  useEffect(() => {
    saveEntries(state.entries)
  }, [state.entries])
  useEffect(() => {
    writeJson(STORAGE_KEYS.currentCalculator, state.currentId)
  }, [state.currentId])
  useEffect(() => {
    writeJson(STORAGE_KEYS.currentCalculatorConfig, state.config)
  }, [state.config])
  useEffect(() => {
    writeJson(STORAGE_KEYS.formValues, state.values)
  }, [state.values])
  useEffect(() => {
    writeJson(STORAGE_KEYS.displayCurrency, state.displayCurrency)
  }, [state.displayCurrency])
  useEffect(() => {
    writeJson(STORAGE_KEYS.generationLanguage, state.language)
  }, [state.language])

  return { state, dispatch, latest }
}
