import { describe, expect, it } from 'vitest'
import { DEFAULT_LEGAL_TAB, LEGAL_TABS, legalSearchFor, legalSearchSchema } from './legal-search.ts'

describe("/legal's tab parameter", () => {
  it.each(['refund', 'cancellation', 'restrictions', 'contact'] as const)('opens %s when linked to', (tab) => {
    expect(legalSearchSchema.parse({ tab })).toEqual({ tab })
  })

  it.each([{}, { tab: 'Refund' }, { tab: 'privacy' }, { tab: '' }, { tab: 3 }, { tab: ['refund'] }])(
    'opens the default tab for %j instead of failing',
    (search) => {
      expect(legalSearchSchema.parse(search).tab).toBeUndefined()
    },
  )

  it('leaves other parameters out', () => {
    expect(legalSearchSchema.parse({ tab: 'refund', utm_source: 'mail' })).toEqual({ tab: 'refund' })
  })

  it('writes no parameter for Contact and the tab for the others, which parse back to the same tab', () => {
    expect(DEFAULT_LEGAL_TAB).toBe('contact')
    expect(legalSearchFor('contact')).toEqual({})
    for (const tab of LEGAL_TABS) {
      const search = legalSearchSchema.parse(legalSearchFor(tab))
      expect(search.tab ?? DEFAULT_LEGAL_TAB).toBe(tab)
    }
  })
})
