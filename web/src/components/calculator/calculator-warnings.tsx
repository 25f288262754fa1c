import type { CalculatorData } from '@valueproof/formula'
import { useId } from 'react'
import { confirmQuestion, fixOf, type GuardedAction, type SellerWarning, type WarningFix } from '../../calculator/seller-warnings.ts'
import { sellerWarningTexts, type SellerWarningTexts } from '../../calculator/seller-warnings-texts.ts'
import { Button } from '../ui/button.tsx'
import { Dialog } from '../ui/dialog.tsx'

const BOX =
  'grid gap-2 rounded-md border border-amber-500/60 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100'

function WarningList({
  warnings,
  config,
  texts,
  onFix,
}: {
  warnings: readonly SellerWarning[]
  config: CalculatorData
  texts: SellerWarningTexts
  onFix: (fix: WarningFix) => void
}) {
  return (
    <ul className="grid list-disc gap-2 pl-5">
      {warnings.map((warning) => (
        <li key={`${warning.code} ${warning.message}`} data-warning={warning.code} className="break-words">
          {warning.message}{' '}
          <button
            type="button"
            className="rounded-sm font-semibold whitespace-nowrap underline underline-offset-2 hover:no-underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            data-fix={warning.code}
            onClick={() => onFix(fixOf(warning, config))}
          >
            {texts.fix[warning.code]}
          </button>
          {warning.details !== undefined && warning.details.length > 0 && (
            <details className="mt-1">
              <summary className="cursor-pointer text-xs font-medium underline-offset-2 hover:underline">{texts.details}</summary>
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
 * The calculator's warnings beside it (issues 35 and 36): what the seller should fix or confirm
 * before a prospect sees it, each with a button to the place to fix it, in the calculator's language.
 */
export function SellerWarnings({
  warnings,
  config,
  onFix,
}: {
  warnings: readonly SellerWarning[]
  config: CalculatorData
  onFix: (fix: WarningFix) => void
}) {
  const headingId = useId()
  if (warnings.length === 0) return null
  const texts = sellerWarningTexts(config.language)
  return (
    <section aria-labelledby={headingId} className={BOX} data-testid="calculator-warnings">
      <h3 id={headingId} className="font-semibold">
        {texts.heading}
      </h3>
      <WarningList warnings={warnings} config={config} texts={texts} onFix={onFix} />
    </section>
  )
}

/**
 * Share and Create Proposal ask first when the calculator has something to check: "This calculator
 * shows a negative value at these figures. Share it anyway?" — go on, fix one (its button opens the
 * place to fix it), or cancel. Nothing is shared until the seller goes on.
 */
export function ConfirmWarningsDialog({
  action,
  warnings,
  config,
  onOpenChange,
  onConfirm,
  onFix,
}: {
  action: GuardedAction | undefined
  warnings: readonly SellerWarning[]
  config: CalculatorData
  onOpenChange: (open: boolean) => void
  onConfirm: (action: GuardedAction) => void
  onFix: (fix: WarningFix) => void
}) {
  const texts = sellerWarningTexts(config.language)
  return (
    <Dialog
      open={action !== undefined}
      onOpenChange={onOpenChange}
      title={texts.heading}
      description={action === undefined ? undefined : confirmQuestion(warnings, action, config)}
      className="max-h-[calc(100dvh-2rem)] max-w-lg overflow-y-auto"
    >
      <div className="grid gap-4" data-testid="confirm-warnings" lang={config.language ?? 'en'}>
        <div className={BOX}>
          <WarningList warnings={warnings} config={config} texts={texts} onFix={onFix} />
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            {texts.cancel}
          </Button>
          {action !== undefined && <Button onClick={() => onConfirm(action)}>{texts.confirm[action]}</Button>}
        </div>
      </div>
    </Dialog>
  )
}
