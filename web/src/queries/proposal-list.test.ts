// The owner's list entries as the app reads them: issue 20's version and agreement, and entries
// from a server that predates them (version 1, nobody agreed).
import { describe, expect, it } from 'vitest'
import { proposalListEntrySchema } from './proposal-list.ts'

const entry = {
  id: 'p-1',
  title: 'Support ROI',
  createdAt: '2026-01-05T10:00:00.000Z',
  accessCode: null,
  expiresAt: null,
  revokedAt: null,
  views: 2,
}

describe('a proposal list entry', () => {
  it('carries its version and when a prospect agreed to it', () => {
    const parsed = proposalListEntrySchema.parse({ ...entry, version: 2, agreedAt: '2026-01-06T09:00:00.000Z' })
    expect(parsed).toMatchObject({ version: 2, agreedAt: '2026-01-06T09:00:00.000Z' })
  })

  it('reads an entry without them as a first version nobody agreed to', () => {
    expect(proposalListEntrySchema.parse(entry)).toMatchObject({ version: 1, agreedAt: null })
    expect(proposalListEntrySchema.parse({ ...entry, version: null, agreedAt: null })).toMatchObject({ version: 1, agreedAt: null })
  })

  it('refuses a version that is not a positive whole number', () => {
    for (const version of [0, -1, 1.5, '2']) expect(() => proposalListEntrySchema.parse({ ...entry, version })).toThrow()
  })
})
