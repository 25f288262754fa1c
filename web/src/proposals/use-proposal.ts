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

/** One request: the proposal, the access code it carries and the reload() count. */
interface Request {
  id: string
  accessCode: string | undefined
  attempt: number
}

/** What the last settled request answered, and which request that was. */
interface Settled {
  request: Request
  load: Exclude<ProposalLoad, { status: 'pending' }>
}

/**
 * Loads one proposal with the given access code, again whenever the code changes or reload() is
 * called. A small hook instead of TanStack Query: the prospect's page must stay light (see
 * docs/decisions/041-prospect-proposal-page.md), and a live document is fetched fresh anyway.
 */
export function useProposal(id: string, accessCode: string | undefined): ProposalLoad & { reload: () => void } {
  const [settled, setSettled] = useState<Settled>()
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    const controller = new AbortController()
    const request: Request = { id, accessCode, attempt }
    fetchProposal(id, accessCode, controller.signal).then(
      (proposal) => {
        // A replaced request's answer must not overwrite the newer one's.
        if (controller.signal.aborted) return
        setSettled({ request, load: { status: 'success', proposal } })
      },
      (error: unknown) => {
        if (controller.signal.aborted) return
        setSettled({
          request,
          load: {
            status: 'error',
            error: error instanceof Error ? error : new Error(String(error)),
            failure: ++failures,
            accessCode,
            refetching: false,
          },
        })
      },
    )
    return () => controller.abort()
  }, [id, accessCode, attempt])

  const reload = useCallback(() => setAttempt((count) => count + 1), [])
  return { ...loadOf(settled, { id, accessCode, attempt }), reload }
}

/** The current request's answer; while it runs, a failure stays on screen so a dialog does not flash away and back. */
function loadOf(settled: Settled | undefined, current: Request): ProposalLoad {
  if (settled === undefined) return { status: 'pending' }
  const { request, load } = settled
  if (request.id === current.id && request.accessCode === current.accessCode && request.attempt === current.attempt) return load
  return load.status === 'error' ? { ...load, refetching: true } : { status: 'pending' }
}
