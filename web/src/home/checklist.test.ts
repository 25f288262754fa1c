import { describe, expect, it } from 'vitest'
import { checklistShown, firstRunChecklist, loadedCount, stepsDone, type ChecklistFacts, type StepState } from './checklist.ts'

const newAccount: ChecklistFacts = { plan: 'free', calculatorsCreated: 0, keptCalculators: 0, proposals: 0 }

function states(facts: ChecklistFacts): Record<string, StepState> {
  return Object.fromEntries(firstRunChecklist(facts).map((item) => [item.step, item.state]))
}

describe('firstRunChecklist', () => {
  it('has nothing done for a new account, in the order generate, share, upgrade', () => {
    const items = firstRunChecklist(newAccount)
    expect(items.map((item) => item.step)).toEqual(['generate', 'share', 'upgrade'])
    expect(items.every((item) => item.state === 'open')).toBe(true)
    expect(stepsDone(items)).toBe(0)
    expect(checklistShown(items)).toBe(true)
  })

  it("counts a calculator generated this month, or one kept from before (the month's count resets)", () => {
    expect(states({ ...newAccount, calculatorsCreated: 1 }).generate).toBe('done')
    expect(states({ ...newAccount, keptCalculators: 2 }).generate).toBe('done')
    // This month's count answers before the kept list has loaded, or when it failed.
    expect(states({ ...newAccount, calculatorsCreated: 1, keptCalculators: 'loading' }).generate).toBe('done')
    expect(states({ ...newAccount, calculatorsCreated: 1, keptCalculators: 'failed' }).generate).toBe('done')
    expect(states({ ...newAccount, keptCalculators: 'loading' }).generate).toBe('loading')
    expect(states({ ...newAccount, keptCalculators: 'failed' }).generate).toBe('failed')
  })

  it('counts sharing done once a proposal exists', () => {
    expect(states({ ...newAccount, proposals: 1 }).share).toBe('done')
    expect(states({ ...newAccount, proposals: 'loading' }).share).toBe('loading')
    expect(states({ ...newAccount, proposals: 'failed' }).share).toBe('failed')
  })

  it('counts the upgrade done on Pro only', () => {
    expect(states(newAccount).upgrade).toBe('open')
    expect(states({ ...newAccount, plan: 'pro' }).upgrade).toBe('done')
  })
})

describe('checklistShown', () => {
  it('hides the checklist once every step is done', () => {
    const items = firstRunChecklist({ plan: 'pro', calculatorsCreated: 3, keptCalculators: 3, proposals: 2 })
    expect(stepsDone(items)).toBe(3)
    expect(checklistShown(items)).toBe(false)
  })

  it('shows it while any step is open, whatever else is still loading', () => {
    expect(checklistShown(firstRunChecklist({ ...newAccount, keptCalculators: 'loading', proposals: 'loading' }))).toBe(true)
    expect(checklistShown(firstRunChecklist({ plan: 'free', calculatorsCreated: 2, keptCalculators: 2, proposals: 4 }))).toBe(true)
  })

  it('keeps it away while nothing is known to be open, so a finished account never sees it flash', () => {
    expect(
      checklistShown(firstRunChecklist({ plan: 'pro', calculatorsCreated: 1, keptCalculators: 'loading', proposals: 'loading' })),
    ).toBe(false)
    expect(checklistShown(firstRunChecklist({ plan: 'pro', calculatorsCreated: 1, keptCalculators: 1, proposals: 'failed' }))).toBe(false)
  })
})

describe('loadedCount', () => {
  it("is the list's length once loaded, else whether it is loading or failed", () => {
    expect(loadedCount({ status: 'success', data: [1, 2] })).toBe(2)
    expect(loadedCount({ status: 'pending', data: undefined })).toBe('loading')
    expect(loadedCount({ status: 'error', data: undefined })).toBe('failed')
  })

  it('keeps the earlier answer when a refresh fails', () => {
    expect(loadedCount({ status: 'error', data: [1] })).toBe(1)
  })
})
