import { defaultProposalDocument, type ProposalDocument } from '@valueproof/contracts/proposal-document'
import { describe, expect, it } from 'vitest'
import { dropOfflineCopy, keepOfflineCopy, offlineCopyToRestore } from './offline-copy.ts'

/** Storage as the browser's localStorage behaves, in memory. */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>()
  full = false
  get length() {
    return this.items.size
  }
  clear() {
    this.items.clear()
  }
  getItem(key: string) {
    return this.items.get(key) ?? null
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null
  }
  removeItem(key: string) {
    this.items.delete(key)
  }
  setItem(key: string, value: string) {
    if (this.full) throw new DOMException('full', 'QuotaExceededError')
    this.items.set(key, value)
  }
}

const edited: ProposalDocument = {
  ...defaultProposalDocument({
    title: 'Payroll for Nordkyl',
    templateType: 'document',
    executiveSummary: 'Less time on payroll.',
    problemStatement: null,
    solutionOverview: null,
    valueProposition: null,
    callToAction: null,
  }),
  title: 'Payroll for Nordkyl AB',
}

describe('offline copy', () => {
  it('restores a copy made on the revision the server still has', () => {
    const storage = new MemoryStorage()
    keepOfflineCopy(storage, 'p1', { revision: 3, document: edited })
    expect(offlineCopyToRestore(storage, 'p1', 3)).toEqual(edited)
    expect(offlineCopyToRestore(storage, 'p2', 3)).toBeUndefined()
  })

  it('drops a copy made on an older revision (saved since, or another tab moved on)', () => {
    const storage = new MemoryStorage()
    keepOfflineCopy(storage, 'p1', { revision: 2, document: edited })
    expect(offlineCopyToRestore(storage, 'p1', 3)).toBeUndefined()
    expect(storage.length).toBe(0)
  })

  it('drops a copy that is not one (hand-edited or from an older build)', () => {
    const storage = new MemoryStorage()
    storage.setItem('valueproof.proposal-draft.p1', '{"revision":1}')
    expect(offlineCopyToRestore(storage, 'p1', 1)).toBeUndefined()
    storage.setItem('valueproof.proposal-draft.p1', 'not json')
    expect(offlineCopyToRestore(storage, 'p1', 1)).toBeUndefined()
    expect(storage.length).toBe(0)
  })

  it('keeps nothing when the storage is full, and drops on request', () => {
    const storage = new MemoryStorage()
    keepOfflineCopy(storage, 'p1', { revision: 0, document: edited })
    storage.full = true
    expect(() => keepOfflineCopy(storage, 'p1', { revision: 1, document: edited })).not.toThrow()
    dropOfflineCopy(storage, 'p1')
    expect(offlineCopyToRestore(storage, 'p1', 0)).toBeUndefined()
  })
})
