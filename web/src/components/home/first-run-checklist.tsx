import { Link } from '@tanstack/react-router'
import { CALCULATOR_LIMITS } from '@valueproof/contracts'
import type { ReactNode } from 'react'
import { stepsDone, type ChecklistItem, type ChecklistStep, type StepState } from '../../home/checklist.ts'
import { CheckIcon } from '../icons.tsx'
import { Button } from '../ui/button.tsx'
import { classNames } from '../ui/class-names.ts'
import { HOME_CARD } from './home-card.ts'

const STEPS: Record<ChecklistStep, { title: string; hint: string }> = {
  generate: {
    title: 'Generate your first calculator',
    hint: 'From a proposal document or a few sentences about your service.',
  },
  share: {
    title: 'Share a proposal with a prospect',
    hint: "Share a calculator to get a link; you'll see here when prospects open it.",
  },
  upgrade: {
    title: 'Upgrade to Pro',
    hint: `Up to ${CALCULATOR_LIMITS.pro} calculators a month, your own branding and calculator templates.`,
  },
}

const STATUS_TEXT: Record<StepState, string> = { done: 'Done', open: 'To do', loading: 'Checking…', failed: 'Could not check' }

const actionClass =
  'inline-flex min-h-11 items-center justify-center rounded-md border border-input bg-background px-4 text-sm font-medium hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none'

/** What to do next for a step still open: a link to the calculator, or the upgrade itself. */
function StepAction({ step, upgrade, upgrading }: { step: ChecklistStep; upgrade: () => void; upgrading: boolean }): ReactNode {
  if (step === 'upgrade') {
    return (
      <Button variant="outline" onClick={upgrade} disabled={upgrading} className="min-h-11">
        {upgrading ? 'Processing...' : 'Upgrade to Pro'}
      </Button>
    )
  }
  return (
    <Link to="/calculator" className={actionClass}>
      {step === 'generate' ? 'Generate a calculator' : 'Open a calculator to share'}
    </Link>
  )
}

function Step({ item, upgrade, upgrading }: { item: ChecklistItem; upgrade: () => void; upgrading: boolean }) {
  const status = item.state
  const { title, hint } = STEPS[item.step]
  return (
    <li data-step={item.step} data-status={status} className="flex flex-wrap items-center gap-x-4 gap-y-3 py-4 first:pt-0 last:pb-0">
      <span
        aria-hidden="true"
        className={classNames(
          'flex size-8 shrink-0 items-center justify-center rounded-full',
          status === 'done' ? 'bg-success text-background' : 'border-2 border-input text-muted-foreground',
        )}
      >
        {status === 'done' && <CheckIcon className="size-4" />}
      </span>
      <div className="min-w-0 flex-1 basis-48">
        <p className={classNames('font-medium', status === 'done' && 'text-muted-foreground')}>{title}</p>
        <p className="text-sm text-muted-foreground">{hint}</p>
      </div>
      <span
        className={classNames(
          'rounded-full px-2.5 py-0.5 text-xs font-semibold',
          status === 'done' ? 'bg-success/15 text-foreground' : 'bg-muted text-muted-foreground',
        )}
      >
        <span className="sr-only">Status: </span>
        {STATUS_TEXT[status]}
      </span>
      {status === 'open' && (
        // On a phone the action takes a line of its own, under the step's text rather than the mark.
        <div className="basis-full pl-12 sm:basis-auto sm:pl-0">
          <StepAction step={item.step} upgrade={upgrade} upgrading={upgrading} />
        </div>
      )}
    </li>
  )
}

/**
 * The first-run checklist (issue 18): generate, share, upgrade, each done or not from the account's
 * data. A step whose data could not be loaded says so, with a retry.
 */
export function FirstRunChecklist({
  items,
  onRetry,
  upgrade,
  upgrading,
}: {
  items: readonly ChecklistItem[]
  onRetry: () => void
  upgrade: () => void
  upgrading: boolean
}) {
  const done = stepsDone(items)
  const failed = items.some((item) => item.state === 'failed')
  return (
    <section aria-labelledby="home-checklist-title" className={HOME_CARD}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="home-checklist-title" className="text-lg font-semibold tracking-tight">
          Get started
        </h2>
        <p className="text-sm text-muted-foreground" data-testid="checklist-progress">
          {done} of {items.length} done
        </p>
      </div>
      <ol aria-label="Getting started steps" className="mt-4 divide-y">
        {items.map((item) => (
          <Step key={item.step} item={item} upgrade={upgrade} upgrading={upgrading} />
        ))}
      </ol>
      {failed && (
        <div role="alert" className="mt-4 flex flex-wrap items-center gap-3 rounded-md border border-destructive/50 p-3 text-sm">
          <p className="flex-1">Some of your progress could not be checked.</p>
          <Button variant="outline" size="sm" className="min-h-11" onClick={onRetry}>
            Try again
          </Button>
        </div>
      )}
    </section>
  )
}
