import { useSyncExternalStore, type ReactNode } from 'react'

/** SPEC §9: at most one toast is visible; a dismissed toast is removed after 1,000,000 ms. */
export const TOAST_LIMIT = 1
export const TOAST_REMOVE_DELAY = 1_000_000

export type ToastVariant = 'default' | 'destructive'

export interface ToastInput {
  title?: ReactNode
  description?: ReactNode
  variant?: ToastVariant
  /** Milliseconds before the toast closes itself; the provider's 5000 ms when absent. */
  duration?: number
}

export interface ToastState extends ToastInput {
  id: string
  open: boolean
}

type Action =
  | { type: 'ADD'; toast: ToastState }
  | { type: 'UPDATE'; toast: Partial<ToastState> & { id: string } }
  | { type: 'DISMISS'; id?: string }
  | { type: 'REMOVE'; id?: string }

let toasts: ToastState[] = []
let counter = 0
const listeners = new Set<() => void>()
const removeTimeouts = new Map<string, ReturnType<typeof setTimeout>>()

function nextId(): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER
  return String(counter)
}

function scheduleRemoval(id: string): void {
  if (removeTimeouts.has(id)) return
  removeTimeouts.set(
    id,
    setTimeout(() => {
      removeTimeouts.delete(id)
      dispatch({ type: 'REMOVE', id })
    }, TOAST_REMOVE_DELAY),
  )
}

function reduce(state: ToastState[], action: Action): ToastState[] {
  switch (action.type) {
    case 'ADD':
      return [action.toast, ...state].slice(0, TOAST_LIMIT)
    case 'UPDATE':
      return state.map((toast) => (toast.id === action.toast.id ? { ...toast, ...action.toast } : toast))
    case 'DISMISS':
      for (const toast of state) {
        if (action.id === undefined || toast.id === action.id) scheduleRemoval(toast.id)
      }
      return state.map((toast) => (action.id === undefined || toast.id === action.id ? { ...toast, open: false } : toast))
    case 'REMOVE':
      return action.id === undefined ? [] : state.filter((toast) => toast.id !== action.id)
  }
}

function dispatch(action: Action): void {
  toasts = reduce(toasts, action)
  for (const listener of listeners) listener()
}

/** Shows a toast; a newer toast replaces the visible one. */
export function toast(input: ToastInput): { id: string; dismiss: () => void; update: (input: ToastInput) => void } {
  const id = nextId()
  dispatch({ type: 'ADD', toast: { ...input, id, open: true } })
  return {
    id,
    dismiss: () => dispatch({ type: 'DISMISS', id }),
    update: (next) => dispatch({ type: 'UPDATE', toast: { ...next, id } }),
  }
}

export function dismissToast(id?: string): void {
  dispatch({ type: 'DISMISS', id })
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useToasts(): ToastState[] {
  return useSyncExternalStore(subscribe, () => toasts)
}
