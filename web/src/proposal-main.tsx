import './zod-config.ts'
import { StrictMode, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { MadeWithFooter } from './components/proposal/made-with.tsx'
import { ProposalView, type ShownProposal } from './components/proposal/proposal-view.tsx'
import { LazyToaster } from './components/lazy-toaster.tsx'
import './styles.css'

// The light entry (proposal.html) for direct loads of /proposals/{id}: a prospect opening a shared
// link gets the proposal view and nothing of the signed-in application (no router, no auth pages,
// no app shell). The gateway serves proposal.html for those paths (gateway/src/web-app.ts).

/** The proposal id of /proposals/{id}; undefined for any other path. */
function proposalIdOf(pathname: string): string | undefined {
  const match = /^\/proposals\/([^/]+)\/?$/.exec(pathname)
  const segment = match?.[1]
  if (segment === undefined) return undefined
  try {
    return decodeURIComponent(segment)
  } catch {
    return undefined
  }
}

function ProposalPage({ id }: { id: string | undefined }) {
  // The footer follows the proposal's language and branding once it is shown.
  const [shown, setShown] = useState<ShownProposal>()
  return (
    <div className="flex min-h-screen flex-col">
      <main id="main" className="flex flex-1 flex-col">
        {id === undefined ? (
          <div className="mx-auto w-full max-w-md px-4 py-16 text-center">
            <h1 className="text-2xl font-bold">404 Page Not Found</h1>
          </div>
        ) : (
          <ProposalView id={id} setsDocumentTitle ownerLinks onShown={setShown} />
        )}
      </main>
      <MadeWithFooter shown={shown} />
      <LazyToaster />
    </div>
  )
}

const container = document.getElementById('root')
if (container === null) throw new Error('proposal.html has no #root element')

createRoot(container).render(
  <StrictMode>
    <ProposalPage id={proposalIdOf(window.location.pathname)} />
  </StrictMode>,
)
