import { useQuery, useQueryClient } from '@tanstack/react-query'
import { PRO_ONLY_TEMPLATES_MESSAGE, type CalculatorTemplate } from '@valueproof/contracts'
import { useState } from 'react'
import { ApiError } from '../../api.ts'
import type { GenerationLanguage } from '../../calculator/generation-api.ts'
import {
  calculatorTemplatesQueryKey,
  calculatorTemplatesQueryOptions,
  deleteCalculatorTemplate,
} from '../../queries/calculator-templates.ts'
import { XIcon } from '../icons.tsx'
import { Spinner } from '../spinner.tsx'
import { Button } from '../ui/button.tsx'
import { Dialog } from '../ui/dialog.tsx'
import { toast } from '../ui/use-toast.ts'
import { LockIcon } from '../icons.tsx'
import { ProTag } from '../ui/pro-tag.tsx'

const LANGUAGE_NAMES: Record<GenerationLanguage, string> = { en: 'English', sv: 'Swedish' }

function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message
  return error instanceof Error ? error.message : String(error)
}

/**
 * 'Start from a template' (issue 16, SPEC §1: Pro): the built-in ROI stories and the user's own
 * templates in the language chosen on the screen. A Pro user picks one and it becomes the current
 * calculator; a Free user sees them locked with 'Upgrade to Pro'. Own templates can be deleted on
 * any plan.
 */
export function TemplatesDialog({
  open,
  onOpenChange,
  language,
  pro,
  onUse,
  onUpgrade,
  upgrading,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  language: GenerationLanguage
  pro: boolean
  onUse: (template: CalculatorTemplate) => void
  onUpgrade: () => void
  upgrading: boolean
}) {
  const list = useQuery({ ...calculatorTemplatesQueryOptions(pro ? 'pro' : 'free'), enabled: open })
  const shown = (list.data?.templates ?? []).filter((template) => template.language === language)
  const builtin = shown.filter((template) => template.source === 'builtin')
  const own = shown.filter((template) => template.source === 'own')
  const use = (template: CalculatorTemplate) => {
    onOpenChange(false)
    onUse(template)
  }
  // The user's own come first once there are any; until then the hint to save one follows the built-in set.
  const ownGroup = (
    <TemplateGroup
      heading="Your templates"
      templates={own}
      onUse={use}
      empty={pro ? 'Save a calculator as a template and it appears here.' : undefined}
    />
  )

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Start from a template"
      description={`Ready-made ROI stories in ${LANGUAGE_NAMES[language]} with example figures to adjust to your customer. Change the language above to see the others.`}
      className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-3xl"
    >
      {!pro && (
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-primary/40 bg-primary/5 p-3">
          <p className="flex items-center gap-2 text-sm">
            <LockIcon className="size-4 shrink-0" />
            {PRO_ONLY_TEMPLATES_MESSAGE}
          </p>
          <Button size="sm" disabled={upgrading} onClick={onUpgrade}>
            {upgrading ? 'Processing...' : 'Upgrade to Pro'}
          </Button>
        </div>
      )}
      {list.isPending ? (
        <div className="flex justify-center p-6">
          <Spinner className="size-6" label="Loading templates" />
        </div>
      ) : list.isError ? (
        <p role="alert" className="text-sm text-destructive dark:text-red-400">
          The templates could not be loaded: {messageOf(list.error)}
        </p>
      ) : (
        <div className="grid gap-6">
          {own.length > 0 && ownGroup}
          <TemplateGroup heading="Built-in templates" templates={builtin} onUse={use} />
          {own.length === 0 && ownGroup}
        </div>
      )}
    </Dialog>
  )
}

function TemplateGroup({
  heading,
  templates,
  onUse,
  empty,
}: {
  heading: string
  templates: readonly CalculatorTemplate[]
  onUse: (template: CalculatorTemplate) => void
  empty?: string | undefined
}) {
  if (templates.length === 0 && empty === undefined) return null
  return (
    <section aria-label={heading} className="grid gap-3">
      <h3 className="text-sm font-semibold text-muted-foreground">{heading}</h3>
      {templates.length === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-center text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {templates.map((template) => (
            <TemplateCard key={template.id} template={template} onUse={() => onUse(template)} />
          ))}
        </ul>
      )}
    </section>
  )
}

function TemplateCard({ template, onUse }: { template: CalculatorTemplate; onUse: () => void }) {
  const queryClient = useQueryClient()
  const [deleting, setDeleting] = useState(false)

  async function remove() {
    setDeleting(true)
    try {
      await deleteCalculatorTemplate(template.id)
      await queryClient.invalidateQueries({ queryKey: calculatorTemplatesQueryKey })
      toast({ title: 'Template deleted' })
    } catch (error) {
      setDeleting(false)
      toast({ variant: 'destructive', title: 'Error deleting template', description: messageOf(error) })
    }
  }

  return (
    <li data-locked={template.locked ? 'true' : undefined} className="grid content-between gap-3 rounded-lg border bg-card p-4">
      <div className="grid gap-1">
        <div className="flex items-start gap-2">
          {template.locked && <LockIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" />}
          <span className="min-w-0 flex-1 font-semibold">{template.name}</span>
          {template.source === 'own' && (
            <Button
              variant="ghost"
              size="icon"
              className="-mt-1 -mr-1 size-7 shrink-0"
              aria-label={`Delete template ${template.name}`}
              disabled={deleting}
              onClick={() => void remove()}
            >
              <XIcon className="size-4" />
            </Button>
          )}
        </div>
        {template.description !== '' && <p className="text-sm text-muted-foreground">{template.description}</p>}
        {template.createdAt !== null && (
          <p className="text-xs text-muted-foreground">Saved {new Date(template.createdAt).toLocaleDateString('en-US')}</p>
        )}
      </div>
      {template.locked ? (
        <p className="flex items-center gap-2 text-xs text-muted-foreground">
          <ProTag /> Locked on the Free plan
        </p>
      ) : (
        <Button variant="outline" size="sm" className="justify-self-start" aria-label={`Use template ${template.name}`} onClick={onUse}>
          Use template
        </Button>
      )}
    </li>
  )
}
