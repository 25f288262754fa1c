import { defaultProposalDocument, type ProposalDocument } from '@valueproof/contracts/proposal-document'
import { describe, expect, it } from 'vitest'
import { QuotaStorage } from '../testing/quota-storage.ts'
import { dropOfflineCopy, keepOfflineCopy, offlineCopyToRestore } from './offline-copy.ts'

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
    const storage = new QuotaStorage(1_000_000)
    keepOfflineCopy(storage, 'p1', { revision: 3, document: edited })
    expect(offlineCopyToRestore(storage, 'p1', 3)).toEqual(edited)
    expect(offlineCopyToRestore(storage, 'p2', 3)).toBeUndefined()
  })

  it('drops a copy made on an older revision (saved since, or another tab moved on)', () => {
    const storage = new QuotaStorage(1_000_000)
    keepOfflineCopy(storage, 'p1', { revision: 2, document: edited })
    expect(offlineCopyToRestore(storage, 'p1', 3)).toBeUndefined()
    expect(storage.length).toBe(0)
  })

  it('drops a copy that is not one (hand-edited or from an older build)', () => {
    const storage = new QuotaStorage(1_000_000)
    storage.setItem('valueproof.proposal-draft.p1', '{"revision":1}')
    expect(offlineCopyToRestore(storage, 'p1', 1)).toBeUndefined()
    storage.setItem('valueproof.proposal-draft.p1', 'not json')
    expect(offlineCopyToRestore(storage, 'p1', 1)).toBeUndefined()
    expect(storage.length).toBe(0)
  })

  it('keeps nothing when the storage is full, and drops on request', () => {
    const storage = new QuotaStorage(1_000_000)
    keepOfflineCopy(storage, 'p1', { revision: 0, document: edited })
    storage.quota = 0
    expect(() => keepOfflineCopy(storage, 'p1', { revision: 1, document: edited })).not.toThrow()
    dropOfflineCopy(storage, 'p1')
    expect(offlineCopyToRestore(storage, 'p1', 0)).toBeUndefined()
  })
})
