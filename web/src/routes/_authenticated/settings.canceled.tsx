import { createFileRoute } from '@tanstack/react-router'
import { LaterReleasePage } from '../../components/later-release-page.tsx'
import { pageHead } from '../../page-title.ts'

export const Route = createFileRoute('/_authenticated/settings/canceled')({
  head: () => pageHead('Payment Canceled'),
  component: CanceledPage,
})

function CanceledPage() {
  return <LaterReleasePage title="Payment Canceled" />
}
