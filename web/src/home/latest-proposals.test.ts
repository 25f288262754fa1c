import { describe, expect, it } from 'vitest'
import { HOME_PROPOSALS_SHOWN, latestProposals, viewsLabel } from './latest-proposals.ts'

const entry = (id: string, createdAt: string | null) => ({ id, createdAt })

describe('latestProposals', () => {
  it(`lists the newest first, at most ${HOME_PROPOSALS_SHOWN}`, () => {
    const entries = Array.from({ length: 8 }, (_, day) => entry(`p${day + 1}`, `2025-01-0${day + 1}T10:00:00.000Z`))
    expect(latestProposals(entries).map((proposal) => proposal.id)).toEqual(['p8', 'p7', 'p6', 'p5', 'p4'])
  })

  it('keeps the order it was given for equal dates, and puts undated entries last', () => {
    const entries = [entry('undated', null), entry('b', '2025-02-01T00:00:00Z'), entry('c', '2025-02-01T00:00:00Z'), entry('bad', 'soon')]
    expect(latestProposals(entries).map((proposal) => proposal.id)).toEqual(['b', 'c', 'undated', 'bad'])
  })

  it('answers fewer when there are fewer, and none for none', () => {
    expect(latestProposals([entry('only', '2025-03-01T00:00:00Z')])).toHaveLength(1)
    expect(latestProposals([])).toEqual([])
    expect(latestProposals([entry('a', null)], 0)).toEqual([])
  })
})

describe('viewsLabel', () => {
  it('says how often prospects opened the link', () => {
    expect(viewsLabel(0)).toBe('No views yet')
    expect(viewsLabel(1)).toBe('1 view')
    expect(viewsLabel(2)).toBe('2 views')
    expect(viewsLabel(12345)).toBe('12,345 views')
  })
})
