import { useId } from 'react'
import { confirmQuestion, type GuardedAction, type SellerWarning } from '../../calculator/seller-warnings.ts'
import { Button } from '../ui/button.tsx'
import { Dialog } from '../ui/dialog.tsx'

const BOX =
  'grid gap-2 rounded-md border border-amber-500/60 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100'

function WarningList({ warnings }: { warnings: readonly SellerWarning[] }) {
  return (
    <ul className="grid list-disc gap-1.5 pl-5">
      {warnings.map((warning) => (
        <li key={`${warning.code} ${warning.message}`} data-warning={warning.code} className="break-words">
          {warning.message}
          {warning.details !== undefined && warning.details.length > 0 && (
            <details className="mt-1">
              <summary className="cursor-pointer text-xs font-medium underline-offset-2 hover:underline">What the checks found</summary>
              <ul className="mt-1 grid list-[circle] gap-1 pl-5 text-xs">
                {warning.details.map((detail) => (
                  <li key={detail}>{detail}</li>
                ))}
              </ul>
            </details>
          )}
        </li>
      ))}
    </ul>
  )
}

/**
 * The calculator's warnings beside it (issue 35): what the seller should fix or confirm before a
 * prospect sees it. The messages are in the calculator's language; the heading is the app's.
 */
export function SellerWarnings({ warnings }: { warnings: readonly SellerWarning[] }) {
  const headingId = useId()
  if (warnings.length === 0) return null
  return (
    <section aria-labelledby={headingId} className={BOX} data-testid="calculator-warnings">
      <h3 id={headingId} className="font-semibold">
        Check before you share
      </h3>
      <WarningList warnings={warnings} />
    </section>
  )
}

const CONFIRM: Readonly<Record<GuardedAction, string>> = { share: 'Share anyway', proposal: 'Create proposal anyway' }

/**
 * Share and Create Proposal ask first when the calculator has warnings: "This calculator shows a
 * negative value at these figures. Share it anyway?" — go on, fix it in the edit dialog, or cancel.
 */
export function ConfirmWarningsDialog({
  action,
  warnings,
  onOpenChange,
  onConfirm,
  onEdit,
}: {
  action: GuardedAction | undefined
  warnings: readonly SellerWarning[]
  onOpenChange: (open: boolean) => void
  onConfirm: (action: GuardedAction) => void
  onEdit: () => void
}) {
  return (
    <Dialog
      open={action !== undefined}
      onOpenChange={onOpenChange}
      title="Check before you share"
      description={action === undefined ? undefined : confirmQuestion(warnings, action)}
      className="max-h-[calc(100dvh-2rem)] max-w-lg overflow-y-auto"
    >
      <div className="grid gap-4" data-testid="confirm-warnings">
        <div className={BOX}>
          <WarningList warnings={warnings} />
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button variant="outline" onClick={onEdit}>
            Edit calculator
          </Button>
          {action !== undefined && <Button onClick={() => onConfirm(action)}>{CONFIRM[action]}</Button>}
        </div>
      </div>
    </Dialog>
  )
}
