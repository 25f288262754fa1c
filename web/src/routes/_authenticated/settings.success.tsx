import { createFileRoute } from '@tanstack/react-router'
import { LaterReleasePage } from '../../components/later-release-page.tsx'
import { pageHead } from '../../page-title.ts'

export const Route = createFileRoute('/_authenticated/settings/success')({
  head: () => pageHead('Payment Successful!'),
  component: SuccessPage,
})

function SuccessPage() {
  return <LaterReleasePage title="Payment Successful!" />
}
