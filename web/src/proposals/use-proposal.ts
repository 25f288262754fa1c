import { useCallback, useEffect, useState } from 'react'
import { fetchProposal, type Proposal } from '../queries/proposals.ts'

let failures = 0

export type ProposalLoad =
  | { status: 'pending' }
  | { status: 'success'; proposal: Proposal }
  /**
   * `failure` tells one failure from the next (e.g. a second wrong access code); `accessCode` is the
   * code that request carried.
   */
  | { status: 'error'; error: Error; failure: number; accessCode: string | undefined; refetching: boolean }

/**
 * Loads one proposal with the given access code, again whenever the code changes or reload() is
 * called. A small hook instead of TanStack Query: the prospect's page must stay light (see
 * docs/decisions/041-prospect-proposal-page.md), and a live document is fetched fresh anyway.
 */
export function useProposal(id: string, accessCode: string | undefined): ProposalLoad & { reload: () => void } {
  const [load, setLoad] = useState<ProposalLoad>({ status: 'pending' })
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    const controller = new AbortController()
    // A failure stays on screen while the retry runs, so a dialog does not flash away and back.
    setLoad((current) => (current.status === 'error' ? { ...current, refetching: true } : { status: 'pending' }))
    fetchProposal(id, accessCode, controller.signal).then(
      (proposal) => setLoad({ status: 'success', proposal }),
      (error: unknown) => {
        if (controller.signal.aborted) return
        setLoad({ status: 'error', error: error instanceof Error ? error : new Error(String(error)), failure: ++failures, accessCode, refetching: false })
      },
    )
    return () => controller.abort()
  }, [id, accessCode, attempt])

  const reload = useCallback(() => setAttempt((count) => count + 1), [])
  return { ...load, reload }
}
