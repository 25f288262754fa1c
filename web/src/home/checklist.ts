import type { Plan } from '@valueproof/contracts'

/** The first-run steps of a new account (issue 18), in the order they are usually taken. */
export type ChecklistStep = 'generate' | 'share' | 'upgrade'

/** A step is done or open; until what it depends on has loaded it is 'loading', or 'failed' if that failed. */
export type StepState = 'done' | 'open' | 'loading' | 'failed'

export interface ChecklistItem {
  step: ChecklistStep
  state: StepState
}

/** A count from a list the home loads: the number once loaded. */
export type LoadedCount = number | 'loading' | 'failed'

/** What the checklist is read from. */
export interface ChecklistFacts {
  plan: Plan
  calculatorsCreated: number
  keptCalculators: LoadedCount
  proposals: LoadedCount
}

function atLeastOne(count: LoadedCount): StepState {
  if (typeof count !== 'number') return count
  return count > 0 ? 'done' : 'open'
}

/**
 * Each step done or not from the account's own data: a calculator was generated this month or is kept,
 * a proposal exists (sharing creates one), the plan is Pro.
 */
export function firstRunChecklist(facts: ChecklistFacts): ChecklistItem[] {
  // Either fact is enough: the month's count resets, and kept calculators can be removed.
  const generate = facts.calculatorsCreated > 0 ? 'done' : atLeastOne(facts.keptCalculators)
  return [
    { step: 'generate', state: generate },
    { step: 'share', state: atLeastOne(facts.proposals) },
    { step: 'upgrade', state: facts.plan === 'pro' ? 'done' : 'open' },
  ]
}

/**
 * Whether to show the checklist: only while a step is known to be open. It stays away while the
 * answer is unknown, so an account that has done everything never sees it flash up and vanish.
 */
export function checklistShown(items: readonly ChecklistItem[]): boolean {
  return items.some((item) => item.state === 'open')
}

export function stepsDone(items: readonly ChecklistItem[]): number {
  return items.filter((item) => item.state === 'done').length
}

/** The count a query gives the checklist: its list's length once loaded. */
export function loadedCount(query: { status: 'pending' | 'error' | 'success'; data: readonly unknown[] | undefined }): LoadedCount {
  // A refetch that failed still has the earlier answer, which is better than nothing.
  if (query.data !== undefined) return query.data.length
  return query.status === 'error' ? 'failed' : 'loading'
}
