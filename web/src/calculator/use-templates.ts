import type { CalculatorTemplate } from '@valueproof/contracts'
import type { Currency } from '@valueproof/formula'
import type { Dispatch } from 'react'
import { ApiError } from '../api.ts'
import { toast } from '../components/ui/use-toast.ts'
import { startFromTemplate } from '../queries/calculator-templates.ts'
import { newEntryId } from './storage.ts'
import type { WorkspaceAction } from './workspace.ts'

/**
 * Starts a calculator from a template (Pro): a placeholder waits at the top of the list while the
 * server makes and keeps it, then it becomes the current calculator, like a generation. A built-in
 * template is made in the screen's display currency; an own one in its own. A refusal (the month's
 * allowance used up, say) removes the placeholder and says why.
 */
export function useStartFromTemplate(
  dispatch: Dispatch<WorkspaceAction>,
  currency: Currency,
): (template: CalculatorTemplate) => Promise<void> {
  return async (template) => {
    const id = newEntryId()
    dispatch({ type: 'add', entry: { id, status: 'loading', source: template.name } })
    try {
      const entry = await startFromTemplate(template.id, template.source === 'builtin' ? { currency } : {})
      dispatch({ type: 'settle', id, entry })
    } catch (error) {
      dispatch({ type: 'remove', id })
      const message = error instanceof ApiError ? (error.serverMessage ?? error.message) : String(error)
      toast({ variant: 'destructive', title: 'Error starting from the template', description: message })
    }
  }
}
