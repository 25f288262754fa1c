// The generator screen's state: each calculator carries its own values; the server's list is the truth.
import { calculatorDataSchema } from '@valueproof/formula'
import { describe, expect, it } from 'vitest'
import type { CalculatorEntry } from './storage.ts'
import { changesSinceGeneration, defaultValues, newestFirst, withStartValues, workspaceReducer, type WorkspaceState } from './workspace.ts'

const config = calculatorDataSchema.parse({
  name: 'Invoice savings',
  description: '',
  formula: 'hours * rate',
  explanation: '',
  parameters: [
    { name: 'hours', label: 'Hours', min: 0, max: 100, step: 1, defaultValue: 10 },
    { name: 'rate', label: 'Rate', min: 0, max: 200, step: 5, defaultValue: 50 },
  ],
  baseTimeframe: 'weekly',
  valueType: 'moneySaved',
})

function state(): WorkspaceState {
  return { entries: [], currentId: undefined, config: undefined, values: {}, displayCurrency: 'USD', language: 'en', listed: false }
}

function kept(id: string, values?: Record<string, number>, createdAt?: string): CalculatorEntry {
  return { id, status: 'completed', config: { ...config, name: `Calculator ${id}` }, saved: true, values, createdAt }
}

describe('the workspace', () => {
  it('puts new entries first; a finished generation takes its placeholder’s place and becomes current at its defaults', () => {
    let next = workspaceReducer(state(), { type: 'add', entry: { id: 'tmp1', status: 'loading' } })
    next = workspaceReducer(next, { type: 'add', entry: { id: 'tmp2', status: 'loading' } })
    expect(next.entries.map((entry) => entry.id)).toEqual(['tmp2', 'tmp1'])
    next = workspaceReducer(next, { type: 'settle', id: 'tmp1', entry: kept('server1') })
    expect(next.entries.map((entry) => entry.id)).toEqual(['tmp2', 'server1'])
    expect(next.currentId).toBe('server1')
    expect(next.values).toEqual({ hours: 10, rate: 50 })
  })

  it('keeps each calculator’s own values: selecting another and back shows what the seller set on each', () => {
    let next = workspaceReducer(state(), { type: 'sync', saved: [kept('b'), kept('a')] })
    next = workspaceReducer(next, { type: 'view', id: 'a' })
    next = workspaceReducer(next, { type: 'values', values: { hours: 12, rate: 60 } })
    next = workspaceReducer(next, { type: 'view', id: 'b' })
    expect(next.values).toEqual({ hours: 10, rate: 50 })
    next = workspaceReducer(next, { type: 'view', id: 'a' })
    expect(next.values).toEqual({ hours: 12, rate: 60 })
  })

  it('regenerates in place: same id, same position, back to the new definition’s defaults', () => {
    let next = workspaceReducer(state(), { type: 'sync', saved: [kept('b'), kept('a', { hours: 30 })] })
    next = workspaceReducer(next, { type: 'view', id: 'a' })
    next = workspaceReducer(next, { type: 'status', id: 'a', status: 'loading' })
    expect(next.config?.name).toBe('Calculator a')
    const regenerated = { ...kept('a'), config: { ...config, name: 'Regenerated' } }
    next = workspaceReducer(next, { type: 'replace', entry: regenerated })
    expect(next.entries.map((entry) => entry.id)).toEqual(['b', 'a'])
    expect(next.config?.name).toBe('Regenerated')
    expect(next.values).toEqual({ hours: 10, rate: 50 })
  })

  it('takes the server’s list over the cache, keeping this visit’s failures in their place by time and dropping a deleted current calculator', () => {
    let next = workspaceReducer(state(), { type: 'sync', saved: [kept('a', undefined, '2026-11-28T10:00:00.000Z')] })
    next = workspaceReducer(next, { type: 'view', id: 'a' })
    next = workspaceReducer(next, { type: 'add', entry: { id: 'tmp', status: 'loading', createdAt: '2026-11-28T10:05:00.000Z' } })
    next = workspaceReducer(next, { type: 'fail', id: 'tmp', error: 'Failed' })
    next = workspaceReducer(next, { type: 'sync', saved: [kept('c', { hours: 4 }, '2026-11-28T10:01:00.000Z')] })
    expect(next.entries.map((entry) => entry.id)).toEqual(['tmp', 'c'])
    expect(next).toMatchObject({ currentId: undefined, config: undefined, values: {} })
  })

  it('lists a failed entry below the calculators made after it, however the list is rebuilt (issue 36)', () => {
    let next = workspaceReducer(state(), { type: 'add', entry: { id: 'failed', status: 'loading', createdAt: '2026-11-28T10:00:00.000Z' } })
    next = workspaceReducer(next, { type: 'fail', id: 'failed', error: 'Failed' })
    next = workspaceReducer(next, { type: 'add', entry: { id: 'tmp', status: 'loading', createdAt: '2026-11-28T10:02:00.000Z' } })
    expect(next.entries.map((entry) => entry.id)).toEqual(['tmp', 'failed'])
    next = workspaceReducer(next, { type: 'settle', id: 'tmp', entry: kept('later', undefined, '2026-11-28T10:02:01.000Z') })
    expect(next.entries.map((entry) => entry.id)).toEqual(['later', 'failed'])
    // The next visit: the server's list, older calculators included, around the failure kept in this browser.
    next = workspaceReducer(next, {
      type: 'sync',
      saved: [kept('later', undefined, '2026-11-28T10:02:01.000Z'), kept('earlier', undefined, '2026-11-27T09:00:00.000Z')],
    })
    expect(next.entries.map((entry) => entry.id)).toEqual(['later', 'failed', 'earlier'])
    // An entry from before times were kept counts as the oldest.
    expect(newestFirst([{ id: 'old', status: 'error' }, ...next.entries]).map((entry) => entry.id)).toEqual([
      'later',
      'failed',
      'earlier',
      'old',
    ])
  })

  it('lists a locked calculator without opening it, and stops showing the current one once it is locked', () => {
    let next = workspaceReducer(state(), { type: 'sync', saved: [kept('b'), kept('a')] })
    next = workspaceReducer(next, { type: 'view', id: 'a' })
    const locked: CalculatorEntry = { id: 'a', status: 'completed', saved: true, locked: true, name: 'Calculator a' }
    next = workspaceReducer(next, { type: 'sync', saved: [kept('b'), locked] })
    expect(next).toMatchObject({ currentId: undefined, config: undefined, values: {} })
    expect(next.entries.map((entry) => [entry.id, entry.locked === true])).toEqual([
      ['b', false],
      ['a', true],
    ])
    expect(workspaceReducer(next, { type: 'view', id: 'a' })).toBe(next)
  })

  it('puts the sliders at the new defaults after an edit (SPEC §4) and remembers that the seller edited it', () => {
    let next = workspaceReducer(state(), { type: 'sync', saved: [kept('a')] })
    next = workspaceReducer(next, { type: 'view', id: 'a' })
    const edited = {
      ...config,
      parameters: config.parameters.map((parameter) => ({ ...parameter, defaultValue: parameter.name === 'rate' ? 45 : 4 })),
    }
    next = workspaceReducer(next, { type: 'edit', config: edited })
    expect(next.values).toEqual({ hours: 4, rate: 45 })
    expect(next.entries[0]).toMatchObject({ config: edited, values: { hours: 4, rate: 45 }, edited: true })
    // Slider values the seller had set give way too: the sliders show what was just typed.
    next = workspaceReducer(next, { type: 'values', values: { hours: 80, rate: 150 } })
    next = workspaceReducer(next, { type: 'edit', config: { ...edited, name: 'Renamed' } })
    expect(next.values).toEqual({ hours: 4, rate: 45 })
    // The server's copy of the same definition keeps the mark; a regenerated one has none.
    next = workspaceReducer(next, { type: 'sync', saved: [{ ...kept('a'), config: { ...edited, name: 'Renamed' } }] })
    expect(next.entries[0]?.edited).toBe(true)
    next = workspaceReducer(next, { type: 'replace', entry: kept('a') })
    expect(next.entries[0]?.edited).toBeUndefined()
  })

  it('names what regenerating would discard: the seller’s edits and slider values away from the defaults', () => {
    const entry = { ...kept('a'), config }
    expect(changesSinceGeneration(entry, { hours: 10, rate: 50 })).toEqual([])
    expect(changesSinceGeneration(entry, { hours: 11, rate: 50 })).toEqual(['values'])
    expect(changesSinceGeneration({ ...entry, edited: true }, { hours: 10, rate: 50 })).toEqual(['definition'])
    expect(changesSinceGeneration({ ...entry, edited: true }, { hours: 10, rate: 55 })).toEqual(['definition', 'values'])
  })

  it('keeps slider values the seller moved before the server’s list arrived; the list’s values otherwise', () => {
    const cached: WorkspaceState = {
      ...state(),
      entries: [kept('a', { hours: 20 })],
      currentId: 'a',
      config: { ...config, name: 'Calculator a' },
      values: { hours: 20, rate: 50 },
    }
    // Nothing moved: the server's values (set on another device) win over this browser's cache.
    expect(workspaceReducer(cached, { type: 'sync', saved: [kept('a', { hours: 30 })] }).values).toEqual({ hours: 30, rate: 50 })
    // Moved meanwhile: the move stays, and the entry carries it.
    const moved = workspaceReducer(cached, { type: 'values', values: { hours: 21, rate: 50 } })
    const listed = workspaceReducer(moved, { type: 'sync', saved: [kept('a', { hours: 20 })] })
    expect(listed.values).toEqual({ hours: 21, rate: 50 })
    expect(listed.entries[0]?.values).toEqual({ hours: 21, rate: 50 })
    // Once listed, a later list is the truth again.
    expect(
      workspaceReducer(workspaceReducer(listed, { type: 'values', values: { hours: 22, rate: 50 } }), {
        type: 'sync',
        saved: [kept('a', { hours: 20 })],
      }).values,
    ).toEqual({ hours: 20, rate: 50 })
  })

  it('remembers the language chosen for new calculators', () => {
    expect(workspaceReducer(state(), { type: 'language', language: 'sv' }).language).toBe('sv')
  })

  it('removing the current entry clears the current calculator', () => {
    let next = workspaceReducer(state(), { type: 'sync', saved: [kept('a')] })
    next = workspaceReducer(next, { type: 'view', id: 'a' })
    next = workspaceReducer(next, { type: 'remove', id: 'a' })
    expect(next).toMatchObject({ entries: [], currentId: undefined, config: undefined, values: {} })
  })

  it("carries the seller's values as the prospect's start values", () => {
    const shared = withStartValues(config, { hours: 12, rate: 60, stale: 3 })
    expect(shared.startValues).toEqual({ hours: 12, rate: 60 })
    expect(defaultValues(shared)).toEqual({ hours: 12, rate: 60 })
  })

  it('keeps the checks of a calculator’s text through a reload of the list, and drops them once the seller edits it (issue 35)', () => {
    const checks = [{ code: 'price_missing' as const, message: 'Your text states the offer’s price …' }]
    let next = workspaceReducer(state(), { type: 'add', entry: { id: 'tmp', status: 'loading' } })
    next = workspaceReducer(next, { type: 'settle', id: 'tmp', entry: { ...kept('a'), checks } })
    next = workspaceReducer(next, { type: 'sync', saved: [kept('a')] })
    expect(next.entries[0]?.checks).toEqual(checks)
    // The server's definition changed meanwhile (edited elsewhere): the checks were for the old one.
    const elsewhere = { ...kept('a'), config: { ...config, name: 'Renamed' } }
    expect(workspaceReducer(next, { type: 'sync', saved: [elsewhere] }).entries[0]?.checks).toBeUndefined()
    next = workspaceReducer(next, { type: 'edit', config: { ...config, name: 'Edited' } })
    expect(next.entries[0]?.checks).toBeUndefined()
  })
})
