// The owner's draft in the editor (issue 37): loaded once, changed locally, autosaved on
// SaveScheduler's timing with the revision it was made on. A browser copy is kept a moment after
// each change (offline-copy.ts) and restored over an older server draft on load. Offline, or when a
// request cannot reach the server, changes wait for the `online` event; a 409 stops saving and says
// so (DRAFT_CONFLICT_MESSAGE): nothing is ever overwritten silently.
import type { DraftAnswer } from '@valueproof/contracts'
import type { ProposalDocument } from '@valueproof/contracts/proposal-document'
import { useCallback, useEffect, useRef, useState } from 'react'
import { ApiError } from '../api.ts'
import { documentToSave } from '../components/proposal-editor/document-edits.ts'
import { loadDraft, saveDraft } from './draft-api.ts'
import { dropOfflineCopy, keepOfflineCopy, offlineCopyToRestore } from './offline-copy.ts'
import { AUTOSAVE_SCHEDULE, SaveScheduler, type SaveSchedule } from './save-scheduler.ts'

/** The browser copy is written 200 ms after a change, and at least every 500 ms while typing. */
const COPY_SCHEDULE: SaveSchedule = { debounceMs: 200, maxWaitMs: 500, minIntervalMs: 0 }

export type SaveState =
  { kind: 'saved' } | { kind: 'saving' } | { kind: 'offline' } | { kind: 'conflict'; message: string } | { kind: 'failed'; message: string }

/** What the editor shows about publishing, from the last answer. */
export type DraftMeta = Pick<DraftAnswer, 'published' | 'publications' | 'unpublishedChanges' | 'revision'>

export type DraftLoad =
  | { status: 'loading' }
  | { status: 'error'; error: Error }
  | {
      status: 'ready'
      document: ProposalDocument
      meta: DraftMeta
      save: SaveState
      /** Changes whenever the document is replaced from the server: the editors remount with it. */
      generation: number
    }

export interface DraftControls {
  load: DraftLoad
  /** Applies a change to the document and schedules its save. */
  change: (edit: (document: ProposalDocument) => ProposalDocument) => void
  /** Takes a server answer (publish, restore) as the new state; `replace` also replaces the document. */
  accept: (answer: DraftAnswer, replace: boolean) => void
  /** Loads the server's draft again, dropping local changes (after a conflict). */
  reload: () => void
  /** Whether every change has reached the server (publishing waits for it). */
  allSaved: boolean
}

function isOffline(error: unknown): boolean {
  return !(error instanceof ApiError) || !navigator.onLine
}

function metaOf(answer: DraftAnswer): DraftMeta {
  return {
    published: answer.published,
    publications: answer.publications,
    unpublishedChanges: answer.unpublishedChanges,
    revision: answer.revision,
  }
}

export function useDraft(proposalId: string): DraftControls {
  const [load, setLoad] = useState<DraftLoad>({ status: 'loading' })
  const [loads, setLoads] = useState(0)
  const documentRef = useRef<ProposalDocument | undefined>(undefined)
  const revisionRef = useRef(0)
  const changesRef = useRef(0)
  const generationRef = useRef(0)
  const [pending, setPending] = useState(false)
  const schedulerRef = useRef<SaveScheduler | undefined>(undefined)
  const copyRef = useRef<SaveScheduler | undefined>(undefined)

  const setSave = useCallback((save: SaveState) => setLoad((current) => (current.status === 'ready' ? { ...current, save } : current)), [])

  const keepCopy = useCallback(() => {
    const document = documentRef.current
    if (document !== undefined) keepOfflineCopy(localStorage, proposalId, { revision: revisionRef.current, document })
    return Promise.resolve(true)
  }, [proposalId])

  const send = useCallback(async (): Promise<boolean> => {
    const document = documentRef.current
    if (document === undefined) return true
    const ready = documentToSave(document)
    if ('problem' in ready) {
      setSave({ kind: 'failed', message: ready.problem })
      return true
    }
    const toSave = ready.document
    if (!navigator.onLine) {
      setSave({ kind: 'offline' })
      return false
    }
    const changesSent = changesRef.current
    setSave({ kind: 'saving' })
    try {
      const answer = await saveDraft(proposalId, toSave, revisionRef.current)
      revisionRef.current = answer.revision
      if (changesRef.current === changesSent) dropOfflineCopy(localStorage, proposalId)
      else await keepCopy()
      // "Saved" only when nothing changed while the request was out: the next save is on its way.
      const caughtUp = changesRef.current === changesSent
      setLoad((current) =>
        current.status === 'ready' ? { ...current, meta: metaOf(answer), save: { kind: caughtUp ? 'saved' : 'saving' } } : current,
      )
      setPending(!caughtUp)
      return true
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        schedulerRef.current?.stop()
        setSave({ kind: 'conflict', message: error.serverMessage ?? error.message })
        return true
      }
      if (isOffline(error)) {
        setSave({ kind: 'offline' })
        return false
      }
      setSave({ kind: 'failed', message: error instanceof ApiError ? (error.serverMessage ?? error.message) : String(error) })
      return true
    }
  }, [proposalId, keepCopy, setSave])

  useEffect(() => {
    const controller = new AbortController()
    const scheduler = new SaveScheduler(AUTOSAVE_SCHEDULE, send)
    const copier = new SaveScheduler(COPY_SCHEDULE, keepCopy)
    schedulerRef.current = scheduler
    copyRef.current = copier
    loadDraft(proposalId, controller.signal).then(
      (answer) => {
        revisionRef.current = answer.revision
        const restored = offlineCopyToRestore(localStorage, proposalId, answer.revision)
        documentRef.current = restored ?? answer.document
        setLoad({
          status: 'ready',
          document: documentRef.current,
          meta: metaOf(answer),
          save: { kind: 'saved' },
          generation: (generationRef.current += 1),
        })
        if (restored !== undefined) {
          changesRef.current += 1
          setPending(true)
          scheduler.changed()
        }
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLoad({ status: 'error', error: error instanceof Error ? error : new Error(String(error)) })
      },
    )
    const online = () => scheduler.flush()
    // A closing tab writes its copy now: the copy's timer would not run again.
    const hide = () => void keepCopy()
    window.addEventListener('online', online)
    window.addEventListener('pagehide', hide)
    return () => {
      controller.abort()
      scheduler.stop()
      copier.stop()
      window.removeEventListener('online', online)
      window.removeEventListener('pagehide', hide)
    }
  }, [proposalId, loads, send, keepCopy])

  const change = useCallback((edit: (document: ProposalDocument) => ProposalDocument) => {
    const current = documentRef.current
    if (current === undefined) return
    const next = edit(current)
    if (next === current) return
    documentRef.current = next
    changesRef.current += 1
    setPending(true)
    // Unsaved changes read "Saving…" from the first keystroke; offline and a conflict keep saying so.
    setLoad((state) =>
      state.status === 'ready'
        ? {
            ...state,
            document: next,
            save: state.save.kind === 'offline' || state.save.kind === 'conflict' ? state.save : { kind: 'saving' },
          }
        : state,
    )
    copyRef.current?.changed()
    schedulerRef.current?.changed()
  }, [])

  const accept = useCallback(
    (answer: DraftAnswer, replace: boolean) => {
      revisionRef.current = answer.revision
      if (replace) {
        documentRef.current = answer.document
        dropOfflineCopy(localStorage, proposalId)
      }
      setLoad((state) =>
        state.status === 'ready'
          ? { ...state, meta: metaOf(answer), ...(replace ? { document: answer.document, generation: (generationRef.current += 1) } : {}) }
          : state,
      )
    },
    [proposalId],
  )

  const reload = useCallback(() => {
    dropOfflineCopy(localStorage, proposalId)
    setLoad({ status: 'loading' })
    setLoads((count) => count + 1)
  }, [proposalId])

  return { load, change, accept, reload, allSaved: !pending }
}
