import type { UserRecord } from '@valueproof/contracts'
import { UPGRADE_ERROR_TITLE } from '../../billing/texts.ts'
import { useUpgrade } from '../../billing/use-upgrade.ts'
import { checklistShown, firstRunChecklist, loadedCount } from '../../home/checklist.ts'
import { useHomeData } from '../../home/home-data.ts'
import { toast } from '../ui/use-toast.ts'
import { FirstRunChecklist } from './first-run-checklist.tsx'
import { GenerateShortcuts } from './generate-shortcuts.tsx'
import { LatestProposals } from './latest-proposals.tsx'
import { UsageCard } from './usage-card.tsx'

/**
 * The signed-in home (issue 18) answers "what now?": the first-run checklist while a step is open,
 * shortcuts into the generator, this month's usage, and the latest proposals with their views.
 */
export function HomePage({ user }: { user: UserRecord }) {
  const { proposals, calculators } = useHomeData()
  // As in /settings: a failed upgrade is a toast 'Error' with the reason (SPEC §8).
  const { upgrade, busy: upgrading } = useUpgrade({
    onError: (message) => toast({ variant: 'destructive', title: UPGRADE_ERROR_TITLE, description: message }),
  })
  const checklist = firstRunChecklist({
    plan: user.plan,
    calculatorsCreated: user.calculatorsCreated,
    keptCalculators: loadedCount(calculators),
    proposals: loadedCount(proposals),
  })

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-8 px-4 py-10">
      <div>
        <h1 className="text-3xl font-bold tracking-tight break-words">Hello, {user.username}</h1>
        <p className="mt-2 text-muted-foreground">Here is where things stand, and what to do next.</p>
      </div>
      {checklistShown(checklist) && (
        <FirstRunChecklist
          items={checklist}
          onRetry={() => {
            if (proposals.isError) void proposals.refetch()
            if (calculators.isError) void calculators.refetch()
          }}
          upgrade={upgrade}
          upgrading={upgrading}
        />
      )}
      <GenerateShortcuts />
      <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <UsageCard user={user} upgrade={upgrade} upgrading={upgrading} />
        <LatestProposals query={proposals} />
      </div>
    </div>
  )
}
