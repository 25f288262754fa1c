// The browser's copy of a draft the server has not confirmed (issue 37): written a moment after
// every change, so a reload, a crash or a lost network loses nothing older than a second. Keyed by
// the proposal and the server revision the edits were made on: a copy on the revision the server
// still has is newer than the server's draft and is restored; a copy on an older revision was
// either saved since or overtaken by another tab, and is dropped rather than silently applied.
import type { ProposalDocument } from '@valueproof/contracts/proposal-document'

const PREFIX = 'valueproof.proposal-draft.'

/** What the copy holds: the document and the revision its edits were made on. */
export interface OfflineCopy {
  revision: number
  document: ProposalDocument
}

function keyOf(proposalId: string): string {
  return `${PREFIX}${proposalId}`
}

function isCopy(value: unknown): value is OfflineCopy {
  if (typeof value !== 'object' || value === null) return false
  const { revision, document } = value as Record<string, unknown>
  return (
    typeof revision === 'number' &&
    typeof document === 'object' &&
    document !== null &&
    Array.isArray((document as { blocks?: unknown }).blocks)
  )
}

/** Keeps the copy; a full or refused storage keeps nothing (the server's draft still holds what was saved). */
export function keepOfflineCopy(storage: Storage, proposalId: string, copy: OfflineCopy): void {
  try {
    storage.setItem(keyOf(proposalId), JSON.stringify(copy))
  } catch {
    // Quota or private mode: there is no copy to keep.
  }
}

export function dropOfflineCopy(storage: Storage, proposalId: string): void {
  storage.removeItem(keyOf(proposalId))
}

/**
 * The copy to restore over the server's draft at `serverRevision`: one made on that revision
 * (edits the server never got). A copy made on an older revision is dropped.
 */
export function offlineCopyToRestore(storage: Storage, proposalId: string, serverRevision: number): ProposalDocument | undefined {
  const text = storage.getItem(keyOf(proposalId))
  if (text === null) return undefined
  let copy: unknown
  try {
    copy = JSON.parse(text)
  } catch {
    copy = undefined
  }
  if (isCopy(copy) && copy.revision === serverRevision) return copy.document
  dropOfflineCopy(storage, proposalId)
  return undefined
}
