import { createFileRoute } from '@tanstack/react-router'
import { LaterReleasePage } from '../../components/later-release-page.tsx'
import { pageHead } from '../../page-title.ts'

export const Route = createFileRoute('/_authenticated/settings/')({
  head: () => pageHead('Settings'),
  component: SettingsPage,
})

function SettingsPage() {
  return <LaterReleasePage title="Settings" />
}
