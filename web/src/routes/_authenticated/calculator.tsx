import { createFileRoute } from '@tanstack/react-router'
import { LaterReleasePage } from '../../components/later-release-page.tsx'
import { pageHead } from '../../page-title.ts'

export const Route = createFileRoute('/_authenticated/calculator')({
  head: () => pageHead('Calculator'),
  component: CalculatorPage,
})

function CalculatorPage() {
  return <LaterReleasePage title="Calculator" />
}
