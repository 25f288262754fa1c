import { createCalculator, sliderSettings, type CalculatorData, type Currency } from '@valueproof/formula'
import { useEffect, useLayoutEffect, useReducer, useRef } from 'react'
import {
  loadCurrentCalculator,
  loadCurrentConfig,
  loadDisplayCurrency,
  loadEntries,
  loadFormValues,
  saveEntries,
  STORAGE_KEYS,
  writeJson,
  type CalculatorEntry,
} from './storage.ts'

/*
 * The generator screen's state (SPEC §3 and §4): the 'Generated Calculators' list (newest first), the
 * current calculator and its config, the form values and the display currency — restored from local
 * storage on load and written back on every change, each key on its own so that moving a slider
 * writes only the form values.
 */

export interface WorkspaceState {
  entries: CalculatorEntry[]
  /** The list entry the current calculator came from (it may since have been removed). */
  currentId: string | undefined
  config: CalculatorData | undefined
  values: Record<string, number>
  displayCurrency: Currency
}

export type WorkspaceAction =
  | { type: 'add'; entry: CalculatorEntry }
  | { type: 'update'; id: string; entry: Partial<Omit<CalculatorEntry, 'id'>> }
  | { type: 'remove'; id: string }
  | { type: 'view'; id: string }
  | { type: 'edit'; config: CalculatorData }
  | { type: 'values'; values: Record<string, number> }
  | { type: 'currency'; currency: Currency }

/** SPEC §4: setting a new config resets the form values to each parameter's default. */
export function defaultValues(config: CalculatorData): Record<string, number> {
  return createCalculator(config).initialValues()
}

/**
 * After an edit, values of parameters that keep their name and still lie within their range stay;
 * new or changed ones start from their defaults (an edit should not throw the user's figures away).
 */
export function valuesAfterEdit(config: CalculatorData, previous: Record<string, number>): Record<string, number> {
  const values = defaultValues(config)
  for (const parameter of config.parameters) {
    const kept = previous[parameter.name]
    const { min, max } = sliderSettings(parameter)
    if (kept !== undefined && kept >= min && kept <= max) values[parameter.name] = kept
  }
  return values
}

export function workspaceReducer(state: WorkspaceState, action: WorkspaceAction): WorkspaceState {
  switch (action.type) {
    case 'add':
      return { ...state, entries: [action.entry, ...state.entries] }
    case 'update': {
      const previous = state.entries.find((entry) => entry.id === action.id)
      if (previous === undefined) return state
      const updated: CalculatorEntry = { ...previous, ...action.entry }
      const entries = state.entries.map((entry) => (entry.id === action.id ? updated : entry))
      const next = { ...state, entries }
      const config = action.entry.config
      if (config === undefined) return next
      // A finished generation becomes the current calculator. SPEC §4: updating an entry whose config
      // name equals the current calculator's name also replaces the current calculator.
      const sameName = previous.config !== undefined && state.config !== undefined && previous.config.name === state.config.name
      if (previous.config === undefined || sameName || state.currentId === action.id) {
        return { ...next, currentId: action.id, config, values: defaultValues(config) }
      }
      return next
    }
    case 'remove': {
      const entries = state.entries.filter((entry) => entry.id !== action.id)
      if (state.currentId !== action.id) return { ...state, entries }
      return { ...state, entries, currentId: undefined, config: undefined, values: {} }
    }
    case 'view': {
      const entry = state.entries.find((candidate) => candidate.id === action.id)
      if (entry?.config === undefined) return state
      return { ...state, currentId: entry.id, config: entry.config, values: defaultValues(entry.config) }
    }
    case 'edit': {
      const entries = state.entries.map((entry) => (entry.id === state.currentId ? { ...entry, config: action.config } : entry))
      return { ...state, entries, config: action.config, values: valuesAfterEdit(action.config, state.values) }
    }
    case 'values':
      return { ...state, values: action.values }
    case 'currency':
      return { ...state, displayCurrency: action.currency }
  }
}

export function loadWorkspace(): WorkspaceState {
  const config = loadCurrentConfig()
  const stored = loadFormValues()
  return {
    entries: loadEntries(),
    currentId: loadCurrentCalculator(),
    config,
    values: config === undefined ? {} : { ...defaultValues(config), ...stored },
    displayCurrency: loadDisplayCurrency(),
  }
}

/** Writes every part of the state; also what restores storage after it had to be cleared. */
export function saveWorkspace(state: WorkspaceState): void {
  saveEntries(state.entries)
  writeJson(STORAGE_KEYS.currentCalculator, state.currentId)
  writeJson(STORAGE_KEYS.currentCalculatorConfig, state.config)
  writeJson(STORAGE_KEYS.formValues, state.values)
  writeJson(STORAGE_KEYS.displayCurrency, state.displayCurrency)
}

/** The workspace, restored from local storage once and saved back key by key as it changes. */
export function useWorkspace() {
  const [state, dispatch] = useReducer(workspaceReducer, undefined, loadWorkspace)
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

  return { state, dispatch, latest }
}
