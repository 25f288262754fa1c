import { createFileRoute } from '@tanstack/react-router'
import { LaterReleasePage } from '../components/later-release-page.tsx'
import { pageHead } from '../page-title.ts'

export const Route = createFileRoute('/proposals/$id')({
  head: () => pageHead('Proposal'),
  component: ProposalPage,
})

function ProposalPage() {
  return <LaterReleasePage title="Proposal" />
}
