// A kept calculator as the generator screen lists it: a locked one (made on Pro beyond the Free
// allowance, its owner on Free now) is an entry by name without a definition, never dropped.
import type { SavedCalculator } from '@valueproof/contracts'
import { describe, expect, it } from 'vitest'
import { entryOfSaved } from './saved-api.ts'

const saved: SavedCalculator = {
  id: 'AAAAAAAAAAAAAAAAAAAAAA',
  name: 'Invoice savings',
  config: {
    name: 'Invoice savings',
    formula: 'hours * rate',
    parameters: [
      { name: 'hours', label: 'Hours', min: 0, max: 100, step: 1, defaultValue: 10 },
      { name: 'rate', label: 'Rate', min: 0, max: 200, step: 5, defaultValue: 50 },
    ],
  },
  values: { hours: 12 },
  locked: false,
  language: 'en',
  currency: 'USD',
  complexity: 'balanced',
  input: { kind: 'template', preview: 'Invoice processing automation', fileSize: null },
  figures: null,
  createdAt: '2026-11-24T08:00:00.000Z',
  updatedAt: '2026-11-24T08:00:00.000Z',
}

describe('a kept calculator as a list entry', () => {
  it('opens with its definition and values', () => {
    expect(entryOfSaved(saved)).toMatchObject({ id: saved.id, status: 'completed', values: { hours: 12 }, saved: true })
    // When it was made orders it among failed generations this browser keeps (issue 36).
    expect(entryOfSaved(saved)?.createdAt).toBe(saved.createdAt)
    expect(entryOfSaved(saved)?.config?.parameters).toHaveLength(2)
  })

  it('lists a locked one by its name, without a definition', () => {
    expect(entryOfSaved({ ...saved, locked: true, config: null, values: null })).toEqual({
      id: saved.id,
      status: 'completed',
      source: 'Invoice processing automation',
      name: 'Invoice savings',
      saved: true,
      locked: true,
      createdAt: saved.createdAt,
    })
  })

  it('drops one whose definition no longer validates', () => {
    expect(entryOfSaved({ ...saved, config: { name: 'broken' } })).toBeUndefined()
  })
})
