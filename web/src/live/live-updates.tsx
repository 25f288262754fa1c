import { useQueryClient } from '@tanstack/react-query'
import {
  LIVE_PROPOSAL_AGREED_EVENT,
  LIVE_PROPOSAL_VIEWED_EVENT,
  liveProposalAgreedSchema,
  liveProposalViewedSchema,
  type LiveProposalAgreed,
  type LiveProposalViewed,
} from '@valueproof/contracts'
import { useEffect } from 'react'
import { announceProposalAgreed } from './proposal-agreed.ts'
import { announceProposalViewed } from './proposal-viewed.ts'

const LIVE_URL = '/api/live'
/** After a refused or failed connection (EventSource gives up on any non-200), try again this late, doubling. */
const RETRY_FIRST_MS = 5_000
const RETRY_MAX_MS = 300_000

function readView(data: string): LiveProposalViewed | undefined {
  try {
    return liveProposalViewedSchema.parse(JSON.parse(data))
  } catch {
    return undefined
  }
}

function readAgreement(data: string): LiveProposalAgreed | undefined {
  try {
    return liveProposalAgreedSchema.parse(JSON.parse(data))
  } catch {
    return undefined
  }
}

/**
 * The signed-in app's live feed (GET /api/live, Server-Sent Events): mounted once in the signed-in
 * layout, so it closes on sign-out. Imported statically: what it uses (the proposal list's query,
 * the toasts) is in the app's first chunk already, and a lazy import's preload list weighed more.
 */
export function LiveUpdates() {
  const queryClient = useQueryClient()
  useEffect(() => {
    let source: EventSource | undefined
    let retryMs = RETRY_FIRST_MS
    let retry: ReturnType<typeof setTimeout> | undefined
    const onViewed = (message: MessageEvent<string>) => {
      const view = readView(message.data)
      if (view === undefined) return
      void announceProposalViewed(queryClient, view)
    }
    const onAgreed = (message: MessageEvent<string>) => {
      const agreed = readAgreement(message.data)
      if (agreed === undefined) return
      void announceProposalAgreed(queryClient, agreed)
    }
    const connect = () => {
      source = new EventSource(LIVE_URL)
      source.addEventListener(LIVE_PROPOSAL_VIEWED_EVENT, onViewed)
      source.addEventListener(LIVE_PROPOSAL_AGREED_EVENT, onAgreed)
      source.onopen = () => {
        retryMs = RETRY_FIRST_MS
      }
      // A dropped connection is reopened by EventSource itself; a closed one (an error answer) by us.
      source.onerror = () => {
        if (source?.readyState !== EventSource.CLOSED) return
        retry = setTimeout(connect, retryMs)
        retryMs = Math.min(retryMs * 2, RETRY_MAX_MS)
      }
    }
    connect()
    return () => {
      clearTimeout(retry)
      source?.close()
    }
  }, [queryClient])
  return null
}
