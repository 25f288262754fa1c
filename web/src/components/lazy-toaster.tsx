import { lazy, Suspense, useState } from 'react'
import { useToasts } from './ui/use-toast.ts'

const Toaster = lazy(async () => ({ default: (await import('./toaster.tsx')).Toaster }))

/**
 * The Toaster, downloaded with its Radix code only when the first toast is raised. For the
 * prospect's page, where most visits never see a toast and every kilobyte counts.
 */
export function LazyToaster() {
  const toasts = useToasts()
  const [needed, setNeeded] = useState(false)
  if (!needed && toasts.length > 0) setNeeded(true)
  if (!needed) return null
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  )
}
