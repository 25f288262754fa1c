import type { ReactNode } from 'react'

/**
 * A block's h2. A Pro seller's brand colour (already checked for contrast, branding.ts) draws the
 * heading's accent: a bar on its left.
 */
export function BlockHeading({ id, brandColor, children }: { id?: string; brandColor: string | undefined; children: ReactNode }) {
  return (
    <h2
      id={id}
      className={`text-xl font-semibold tracking-tight break-words sm:text-2xl ${brandColor === undefined ? '' : 'border-l-4 pl-3'}`}
      style={brandColor === undefined ? undefined : { borderLeftColor: brandColor }}
    >
      {children}
    </h2>
  )
}
