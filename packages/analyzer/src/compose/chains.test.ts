import { describe, expect, it } from 'vitest'
import { bestChain, type Candidate } from './chains.ts'

const candidate = (ref: number, unit: Candidate['unit'], between: number): Candidate => ({
  ref,
  unit,
  distance: 0,
  between,
  divisible: false,
  claimed: 0,
  money: (unit.money ?? 0) !== 0,
  assumed: false,
})

describe('chains: the search for money per year', () => {
  it('breaks a tie between two counts of one sentence for the one written nearer the effect', () => {
    // "a four-clinic group with 6,000 patients … 30 % of them … a visit averages $90"
    const clinics = candidate(0, { 'n:clinic': 1 }, 3)
    const patients = candidate(1, { 'n:patient': 1 }, 2)
    const visit = candidate(4, { money: 1, 'n:visit': -1 }, 1)
    const chain = bestChain({ year: -1 }, [clinics, patients, visit], { allowImplicit: false })
    expect(chain?.factors.map((factor) => factor.ref).sort()).toEqual([1, 4])
  })

  it('lets an effect be implicitly per a noun only from the set it is given', () => {
    const members = candidate(0, { person: 1 }, 1)
    const worth = candidate(1, { money: 1 }, 1)
    expect(bestChain({ month: -1 }, [members, worth], { allowImplicit: new Set(['person']) })?.factors).toHaveLength(2)
    expect(bestChain({ month: -1 }, [members, worth], { allowImplicit: new Set(['n:site']) })?.factors).toHaveLength(1)
  })
})
