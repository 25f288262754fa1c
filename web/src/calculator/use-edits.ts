// The generator screen's edits of kept calculators: a definition saved (the editor's, an input's own
// editor's, the figures panel's rebuild), the seller's price, and a calculator removed. Each is
// the screen's at once and then the server's; a failure is said, and a failed removal lists
// what the server keeps again.
import type { FigureChoicesKept } from '@valueproof/contracts'
import { validateCalculatorData, type CalculatorData, type CalculatorPriceInput } from '@valueproof/formula'
import type { Dispatch } from 'react'
import { toast } from '../components/ui/use-toast.ts'
import { editTexts } from './edit-texts.ts'
import { serverText } from './generation-api.ts'
import { deleteSavedCalculator, listSavedCalculators, updateSavedCalculator } from './saved-api.ts'
import type { WorkspaceAction, WorkspaceState } from './workspace.ts'

export interface SaveOptions {
  /** The figures panel's choices that built the definition (null: none). */
  readonly figures?: FigureChoicesKept | null
  /** An input's own editor says what it saved itself. */
  readonly quiet?: true
}

export function useCalculatorEdits(state: WorkspaceState, dispatch: Dispatch<WorkspaceAction>, onRemoved: (id: string) => void) {
  /**
   * SPEC §4: the saved definition is the current calculator at once, its sliders at the new defaults;
   * false when the server could not keep it (the error is toasted). The figures panel sends the
   * choices that built it; an input's own editor says what it saved itself.
   */
  async function saveEdit(edited: CalculatorData, options: SaveOptions = {}): Promise<boolean> {
    const entry = state.entries.find((candidate) => candidate.id === state.currentId)
    dispatch({ type: 'edit', config: edited, ...(options.figures === undefined ? {} : { figures: options.figures }) })
    if (options.quiet !== true) {
      const texts = editTexts(edited.language)
      toast({ title: texts.savedTitle, description: texts.savedDescription })
    }
    if (entry?.saved !== true) return true
    try {
      // Null: every input at its default (the server keeps no values for them).
      await updateSavedCalculator(entry.id, {
        config: edited,
        values: null,
        ...(options.figures === undefined ? {} : { figures: options.figures }),
      })
      return true
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error saving calculator', description: serverText(error) })
      return false
    }
  }

  /** "Your price" (issue 36): the calculator with the seller's price, or with none (SPEC §9's estimate). */
  function applyPrice(current: CalculatorData, price: CalculatorPriceInput | undefined) {
    const priced = validateCalculatorData({ ...current, price })
    if (!priced.ok) {
      toast({
        variant: 'destructive',
        title: 'Error saving the price',
        description: priced.problems.map((problem) => problem.message).join('; '),
      })
      return
    }
    void saveEdit(priced.calculatorData)
  }

  async function remove(id: string) {
    const entry = state.entries.find((candidate) => candidate.id === id)
    onRemoved(id)
    dispatch({ type: 'remove', id })
    if (entry?.saved !== true) return
    try {
      await deleteSavedCalculator(id)
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error removing calculator', description: serverText(error) })
      dispatch({ type: 'sync', saved: await listSavedCalculators().catch(() => []) })
    }
  }

  return { saveEdit, applyPrice, remove }
}
