import { useNavigate } from '@tanstack/react-router'
import { generateProposalBodySchema } from '@valueproof/contracts'
import { useCallback } from 'react'
import { generateProposal, type ProposalGenerationRequest } from '../queries/proposals.ts'

/*
 * The proposal-generation handshake (SPEC §4: /proposals/generating while working, then
 * /proposals/{id}, or back to /calculator on failure).
 *
 * 1. The screen that starts a generation (/calculator) calls
 *    `const start = useStartProposalGeneration(); await start({ calculatorData, input, templateType })`.
 *    The request is stored as pending — in sessionStorage under PENDING_GENERATION_KEY (this tab
 *    only; in memory when storage refuses it) — and the app navigates to /proposals/generating.
 * 2. /proposals/generating calls generatePendingProposal(): it takes the pending request out (once,
 *    so a reload never posts it twice) and POSTs /api/proposals/generate. A second call while that
 *    request runs (React StrictMode's remount) gets the same promise instead of a second POST.
 * 3. Success: the proposals list is invalidated, the toast 'Proposal has been created successfully'
 *    shows and the page is replaced by /proposals/{id}. Failure: the destructive toast 'Error creating
 *    proposal' (the server's message, or 'Something went wrong') and back to /calculator.
 * 4. /proposals/generating with nothing pending (a reload, a bookmark) goes straight to /calculator.
 */

/** Where the pending request waits; a test may seed it as JSON `{ request }` before opening the page. */
export const PENDING_GENERATION_KEY = 'valueproof-pending-proposal-generation'

let pendingInMemory: ProposalGenerationRequest | undefined
let inFlight: Promise<string> | undefined

/** Stores the request for /proposals/generating to pick up. */
export function savePendingProposalGeneration(request: ProposalGenerationRequest): void {
  pendingInMemory = undefined
  try {
    window.sessionStorage.setItem(PENDING_GENERATION_KEY, JSON.stringify({ request }))
  } catch (error) {
    // Storage is full or blocked; memory serves an in-app navigation just as well.
    console.warn('Could not store the pending proposal generation; keeping it in memory.', error)
    pendingInMemory = request
  }
}

function takePendingProposalGeneration(): ProposalGenerationRequest | undefined {
  const fromMemory = pendingInMemory
  pendingInMemory = undefined
  let stored: string | null = null
  try {
    stored = window.sessionStorage.getItem(PENDING_GENERATION_KEY)
    window.sessionStorage.removeItem(PENDING_GENERATION_KEY)
  } catch (error) {
    console.warn('Could not read the pending proposal generation.', error)
  }
  if (fromMemory !== undefined) return fromMemory
  if (stored === null) return undefined
  try {
    const parsed: unknown = JSON.parse(stored)
    const request = typeof parsed === 'object' && parsed !== null && 'request' in parsed ? parsed.request : undefined
    const checked = generateProposalBodySchema.safeParse(request)
    return checked.success ? checked.data : undefined
  } catch {
    return undefined
  }
}

/**
 * Runs the pending generation and resolves to the new proposal's id; undefined when nothing is
 * pending or running.
 */
export function generatePendingProposal(): Promise<string> | undefined {
  const request = takePendingProposalGeneration()
  if (request === undefined) return inFlight
  const run = generateProposal(request)
  inFlight = run
  void run
    .catch(() => undefined)
    .finally(() => {
      if (inFlight === run) inFlight = undefined
    })
  return run
}

/** For the screen that starts a generation: store the request, then go to /proposals/generating. */
export function useStartProposalGeneration(): (request: ProposalGenerationRequest) => Promise<void> {
  const navigate = useNavigate()
  return useCallback(
    async (request: ProposalGenerationRequest) => {
      savePendingProposalGeneration(request)
      await navigate({ to: '/proposals/generating' })
    },
    [navigate],
  )
}
