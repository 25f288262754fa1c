import { useEffect, useId, useRef, type ReactNode } from 'react'
import { XIcon } from '../icons.tsx'
import { classNames } from './class-names.ts'

/**
 * A small modal dialog without a library, so the prospect's proposal page stays light. Not the
 * native modal <dialog>: that lives in the browser's top layer, above the toasts, which would then
 * sit dimmed and inert behind it while they report what went wrong in the dialog. The caller makes
 * the content behind inert (`inert={open}`); Escape and the close button report onOpenChange(false),
 * and focus returns to where it was when the dialog closes.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  className,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description?: string
  children: ReactNode
  className?: string
}) {
  const titleId = useId()
  const descriptionId = useId()
  const panel = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!open) return
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const element = panel.current
    // Focus the first field (or the panel) unless something inside already took it.
    if (element !== null && !element.contains(document.activeElement)) {
      const first = element.querySelector<HTMLElement>('input, button, [tabindex]:not([tabindex="-1"])')
      ;(first ?? element).focus()
    }
    return () => previous?.focus()
  }, [open])

  if (!open) return null
  return (
    <>
      <div aria-hidden="true" className="fixed inset-0 z-40 bg-black/60" onClick={() => onOpenChange(false)} />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description === undefined ? undefined : descriptionId}
        tabIndex={-1}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation()
            onOpenChange(false)
          }
        }}
        className={classNames(
          'fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg border bg-background p-6 text-foreground shadow-lg focus:outline-none',
          className,
        )}
      >
        <h2 id={titleId} className="pr-8 text-lg font-semibold">
          {title}
        </h2>
        {description !== undefined && (
          <p id={descriptionId} className="mt-2 text-sm text-muted-foreground">
            {description}
          </p>
        )}
        <div className="mt-4">{children}</div>
        <button
          type="button"
          aria-label="Close"
          onClick={() => onOpenChange(false)}
          className="absolute top-4 right-4 rounded-sm p-1 opacity-70 transition-opacity hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <XIcon className="size-4" />
        </button>
      </div>
    </>
  )
}
