import { createFileRoute } from '@tanstack/react-router'
import { LaterReleasePage } from '../../components/later-release-page.tsx'
import { pageHead } from '../../page-title.ts'

export const Route = createFileRoute('/_authenticated/proposals/')({
  head: () => pageHead('My Proposals'),
  component: ProposalsPage,
})

function ProposalsPage() {
  return <LaterReleasePage title="My Proposals" />
}
