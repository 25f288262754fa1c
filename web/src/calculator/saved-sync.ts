import { useEffect, useRef, type Dispatch } from 'react'
import { toast } from '../components/ui/use-toast.ts'
import { listSavedCalculators, saveSavedValues } from './saved-api.ts'
import type { WorkspaceAction, WorkspaceState } from './workspace.ts'

/** How long slider moves settle before the values are saved (a drag sends one request, not dozens). */
export const VALUES_SAVE_DELAY_MS = 400

/** Loads what the calculator service keeps for this user once the screen opens; the cache shows meanwhile. */
export function useSavedCalculators(dispatch: Dispatch<WorkspaceAction>): void {
  useEffect(() => {
    const controller = new AbortController()
    listSavedCalculators(controller.signal).then(
      (saved) => dispatch({ type: 'sync', saved }),
      (error: unknown) => {
        if (controller.signal.aborted) return
        console.warn('The kept calculators could not be loaded.', error)
        toast({ variant: 'destructive', title: 'Could not load your calculators', description: 'Showing the copy kept in this browser.' })
      },
    )
    return () => controller.abort()
  }, [dispatch])
}

function sameValues(a: Record<string, number>, b: Record<string, number>): boolean {
  const keys = Object.keys(a)
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key])
}

/**
 * Saves the selected calculator's values after the seller moves a slider: debounced, flushed when the
 * calculator changes, the screen closes or the page is hidden. Selecting a calculator saves nothing.
 */
export function useSaveValues(state: Pick<WorkspaceState, 'currentId' | 'values' | 'entries'>): void {
  const saved = state.entries.find((entry) => entry.id === state.currentId)?.saved === true
  const baseline = useRef<{ id: string | undefined; values: Record<string, number> }>({ id: undefined, values: {} })
  const pending = useRef<{ id: string; values: Record<string, number> } | undefined>(undefined)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  const flush = useRef((keepalive: boolean) => {
    clearTimeout(timer.current)
    const next = pending.current
    pending.current = undefined
    if (next !== undefined) void saveSavedValues(next.id, next.values, keepalive)
  })

  useEffect(() => {
    if (baseline.current.id !== state.currentId) {
      flush.current(false)
      baseline.current = { id: state.currentId, values: state.values }
      return
    }
    if (!saved || state.currentId === undefined || sameValues(baseline.current.values, state.values)) return
    baseline.current = { id: state.currentId, values: state.values }
    pending.current = { id: state.currentId, values: state.values }
    clearTimeout(timer.current)
    timer.current = setTimeout(() => flush.current(false), VALUES_SAVE_DELAY_MS)
  }, [state.currentId, state.values, saved])

  useEffect(() => {
    const onHide = () => flush.current(true)
    window.addEventListener('pagehide', onHide)
    const current = flush.current
    return () => {
      window.removeEventListener('pagehide', onHide)
      current(true)
    }
  }, [])
}
