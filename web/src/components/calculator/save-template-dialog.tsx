import { useQueryClient } from '@tanstack/react-query'
import { TEMPLATE_NAME_MAX_LENGTH } from '@valueproof/contracts'
import { useState, type FormEvent } from 'react'
import { ApiError } from '../../api.ts'
import { calculatorTemplatesQueryKey, saveCalculatorTemplate } from '../../queries/calculator-templates.ts'
import { Button } from '../ui/button.tsx'
import { Dialog } from '../ui/dialog.tsx'
import { FormField } from '../ui/form-field.tsx'
import { toast } from '../ui/use-toast.ts'

/**
 * 'Save as template' (issue 16, Pro): a copy of the selected calculator's definition, as the server
 * keeps it, under the name given; it then appears under 'Your templates'. Changes to the calculator
 * afterwards do not change the template.
 */
export function SaveTemplateDialog({
  open,
  onOpenChange,
  calculatorId,
  calculatorName,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  calculatorId: string
  calculatorName: string
}) {
  const queryClient = useQueryClient()
  const [name, setName] = useState(calculatorName.slice(0, TEMPLATE_NAME_MAX_LENGTH))
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)

  async function save(event: FormEvent) {
    event.preventDefault()
    if (name.trim() === '') {
      setError('Give the template a name')
      return
    }
    setBusy(true)
    try {
      const template = await saveCalculatorTemplate(calculatorId, name.trim())
      await queryClient.invalidateQueries({ queryKey: calculatorTemplatesQueryKey })
      toast({ title: 'Saved as template', description: `"${template.name}" is under Your templates in Start from a template.` })
      onOpenChange(false)
    } catch (caught) {
      const message = caught instanceof ApiError ? (caught.serverMessage ?? caught.message) : String(caught)
      toast({ variant: 'destructive', title: 'Error saving template', description: message })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Save as template"
      description="Start new calculators from this one later. The template is a copy: editing the calculator afterwards does not change it."
    >
      <form className="grid gap-4" onSubmit={(event) => void save(event)} noValidate>
        <FormField
          label="Template name"
          value={name}
          maxLength={TEMPLATE_NAME_MAX_LENGTH}
          error={error}
          onChange={(event) => {
            setName(event.target.value)
            setError(undefined)
          }}
        />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving...' : 'Save template'}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
