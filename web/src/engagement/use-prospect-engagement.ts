import type { CalculatorResult } from '@valueproof/formula'
import { useCallback, useEffect, useRef, type RefObject } from 'react'
import { isOwnersView } from '../proposals/owner-bar.tsx'
import type { Proposal } from '../queries/proposals.ts'
import { asksNotToBeTracked } from './do-not-track.ts'
import { startEngagement, type EngagementHandle } from './start-engagement.ts'

export type CalculatorInputListener = (name: string, value: number, result: CalculatorResult) => void

/**
 * Reports a prospect's visit of the proposal shown inside `root` (issue 19), from when it shows.
 * Nothing is reported for its owner (they are not counted anyway), for a browser that asks not to
 * be tracked, or without a beacon token. Answers the listener for the calculator's inputs, or
 * undefined when nothing is reported.
 */
export function useProspectEngagement(
  proposal: Proposal | undefined,
  root: RefObject<HTMLElement | null>,
): CalculatorInputListener | undefined {
  const token = proposal === undefined || isOwnersView(proposal) ? undefined : proposal.beaconToken
  const proposalId = proposal?.id
  const reported = token !== undefined && proposalId !== undefined && !asksNotToBeTracked()
  const handle = useRef<EngagementHandle | undefined>(undefined)

  useEffect(() => {
    if (!reported || root.current === null) return
    try {
      handle.current = startEngagement(proposalId, token, root.current)
    } catch {
      // Reporting must never break the prospect's page: this visit is simply not counted.
    }
    return () => {
      handle.current?.stop()
      handle.current = undefined
    }
  }, [reported, proposalId, token, root])

  const listener = useCallback<CalculatorInputListener>((name, value, result) => handle.current?.input(name, value, result), [])
  return reported ? listener : undefined
}
