import { useEffect, useId, useRef, type ReactNode } from 'react'
import { XIcon } from '../icons.tsx'
import { classNames } from './class-names.ts'

const FOCUSABLE =
  'input:not([disabled]), button:not([disabled]), select:not([disabled]), textarea:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])'

/** The open dialogs' panels, the last on top: only the top one answers keys on the page. */
const openPanels: HTMLElement[] = []

function focusables(panel: HTMLElement): HTMLElement[] {
  return [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)]
}

/** Focus that fell to the page itself, as when the focused button becomes disabled while it works. */
function focusLost(): boolean {
  const active = document.activeElement
  return active === null || active === document.body || active === document.documentElement
}

/** Tab from the last element goes to the first and Shift+Tab from the first to the last; lost focus comes back in. */
function keepTabInside(panel: HTMLElement, event: { key: string; shiftKey: boolean; preventDefault: () => void }): void {
  if (event.key !== 'Tab') return
  const items = focusables(panel)
  const first = items[0] ?? panel
  const last = items.at(-1) ?? panel
  const active = document.activeElement
  if (!panel.contains(active) || (event.shiftKey && active === first) || (!event.shiftKey && active === last)) {
    event.preventDefault()
    ;(event.shiftKey ? last : first).focus()
  }
}

/**
 * Keys that reach the document because focus fell out of the top dialog to the page itself (a
 * button disabled while it works): Escape still closes it, Tab brings focus back in. Keys in other
 * places (say, the toasts, with their own Escape) are left alone.
 */
function lostFocusKeys(panel: HTMLElement, close: () => void): (event: KeyboardEvent) => void {
  return (event) => {
    if (openPanels.at(-1) !== panel || event.defaultPrevented || !focusLost()) return
    if (event.key === 'Escape') {
      event.preventDefault()
      close()
    } else {
      keepTabInside(panel, event)
    }
  }
}

/**
 * A small modal dialog without a library, so the prospect's proposal page stays light. Not the
 * native modal <dialog>: that lives in the browser's top layer, above the toasts, which would then
 * sit dimmed and inert behind it while they report what went wrong in the dialog. The caller makes
 * the content behind inert (`inert={open}`). Escape and the close button report
 * onOpenChange(false), even after focus fell to the page (a button disabled while it works); Tab
 * stays inside; focus returns to where it was when the dialog closes.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  className,
  closeLabel = 'Close',
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description?: string
  children: ReactNode
  className?: string
  /** The close button's name, in the language of the dialog. */
  closeLabel?: string
}) {
  const titleId = useId()
  const descriptionId = useId()
  const panel = useRef<HTMLDivElement>(null)
  // The latest callback, read by the document listener without re-adding it on every render.
  const onOpenChangeRef = useRef(onOpenChange)
  useEffect(() => {
    onOpenChangeRef.current = onOpenChange
  })

  useEffect(() => {
    if (!open) return
    const element = panel.current
    if (element === null) return
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null
    // Focus the first field (or the panel) unless something inside already took it.
    if (!element.contains(document.activeElement)) (focusables(element)[0] ?? element).focus()
    openPanels.push(element)
    const onKeyDown = lostFocusKeys(element, () => onOpenChangeRef.current(false))
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      openPanels.splice(openPanels.indexOf(element), 1)
      previous?.focus()
    }
  }, [open])

  if (!open) return null
  return (
    <>
      {/* The second click of a double click that opened the dialog lands here: it does not close it. */}
      <div
        aria-hidden="true"
        className="fixed inset-0 z-40 bg-black/60"
        onClick={(event) => {
          if (event.detail <= 1) onOpenChange(false)
        }}
      />
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
          } else if (panel.current !== null) {
            keepTabInside(panel.current, event)
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
          aria-label={closeLabel}
          onClick={() => onOpenChange(false)}
          className="absolute top-4 right-4 rounded-sm p-1 opacity-70 transition-opacity hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <XIcon className="size-4" />
        </button>
      </div>
    </>
  )
}
