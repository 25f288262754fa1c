import { createFileRoute } from '@tanstack/react-router'
import { ProposalView } from '../components/proposal/proposal-view.tsx'
import { pageHead } from '../page-title.ts'

/**
 * /proposals/{id} inside the application, reached by in-app navigation (the list, generation).
 * Direct loads of the same URL get the light entry (proposal.html); both render ProposalView.
 */
export const Route = createFileRoute('/proposals/$id')({
  head: () => pageHead('Proposal'),
  component: ProposalPage,
})

function ProposalPage() {
  const { id } = Route.useParams()
  return <ProposalView key={id} id={id} />
}
