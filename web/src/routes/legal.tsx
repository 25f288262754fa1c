import { createFileRoute } from '@tanstack/react-router'
import { LaterReleasePage } from '../components/later-release-page.tsx'
import { pageHead } from '../page-title.ts'

export const Route = createFileRoute('/legal')({
  head: () => pageHead('Legal Information'),
  component: LegalPage,
})

function LegalPage() {
  return <LaterReleasePage title="Legal Information" />
}
