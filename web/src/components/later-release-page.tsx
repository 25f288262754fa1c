import type { ReactNode } from 'react'

/** An honest placeholder for a screen whose issue has not landed yet: its title and one line. */
export function LaterReleasePage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-4 text-muted-foreground">This page arrives in a later release.</p>
      {children}
    </div>
  )
}
