import { useState, type Dispatch } from 'react'
import { toast } from '../components/ui/use-toast.ts'
import { serverText } from './generation-api.ts'
import { regenerateSavedCalculator } from './saved-api.ts'
import { changesSinceGeneration, type SellerChange, type WorkspaceAction, type WorkspaceState } from './workspace.ts'

/**
 * Regenerate (issue 15): the selected calculator's own stored input, replaced in place. Since issue
 * 36 it asks first when it would discard the seller's work (edits saved in the editor, slider values
 * set), and it regenerates with the language, currency and complexity the calculator was made with —
 * the server's own record of them (an empty request), never what the selectors show now.
 */
export function useRegenerate(props: {
  state: Pick<WorkspaceState, 'entries' | 'currentId' | 'config' | 'values'>
  dispatch: Dispatch<WorkspaceAction>
  /** The calculator's input changed on the server: what this screen holds of it is stale. */
  onRegenerated: (id: string) => void
}) {
  const { state, dispatch } = props
  const [regenerating, setRegenerating] = useState(false)
  // What regenerating would discard, while the seller is asked; undefined when nobody is asked.
  const [discarding, setDiscarding] = useState<readonly SellerChange[]>()
  const current = state.entries.find((entry) => entry.id === state.currentId)

  async function regenerateNow() {
    if (state.config === undefined) return
    if (current?.saved !== true) {
      toast({
        variant: 'destructive',
        title: 'Error regenerating calculator',
        description: 'No previous input found to regenerate calculator',
      })
      return
    }
    dispatch({ type: 'status', id: current.id, status: 'loading' })
    setRegenerating(true)
    try {
      const entry = await regenerateSavedCalculator(current.id, {})
      props.onRegenerated(entry.id)
      dispatch({ type: 'replace', entry })
      toast({ title: 'Calculator has been regenerated' })
    } catch (error) {
      // The calculator on screen stays; its entry keeps its previous config.
      dispatch({ type: 'status', id: current.id, status: 'completed' })
      toast({ variant: 'destructive', title: 'Error regenerating calculator', description: serverText(error) })
    } finally {
      setRegenerating(false)
    }
  }

  /** The panel's Regenerate: asks first when the seller would lose something. */
  function regenerate() {
    const changes = current?.config === undefined ? [] : changesSinceGeneration({ ...current, config: current.config }, state.values)
    if (current?.saved === true && changes.length > 0) setDiscarding(changes)
    else void regenerateNow()
  }

  return {
    regenerating,
    discarding,
    regenerate,
    confirm: () => {
      setDiscarding(undefined)
      void regenerateNow()
    },
    cancel: () => setDiscarding(undefined),
  }
}
