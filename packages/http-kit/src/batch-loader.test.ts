import { describe, expect, it } from 'vitest'
import { createBatchLoader } from './batch-loader.ts'

function recordingLoader(source: Map<string, number>, maxBatch?: number) {
  const calls: string[][] = []
  const loader = createBatchLoader<string, number>({
    maxBatch,
    loadMany(keys) {
      calls.push(keys)
      return Promise.resolve(new Map(keys.flatMap((key) => (source.has(key) ? [[key, source.get(key) ?? 0] as const] : []))))
    },
  })
  return { loader, calls }
}

describe('createBatchLoader', () => {
  it('answers every load of one turn with one read of the distinct keys; absent keys are null', async () => {
    const { loader, calls } = recordingLoader(
      new Map([
        ['a', 1],
        ['b', 2],
      ]),
    )
    const answers = await Promise.all([loader.load('a'), loader.load('b'), loader.load('a'), loader.load('missing')])
    expect(answers).toEqual([1, 2, 1, null])
    expect(calls).toEqual([['a', 'b', 'missing']])
  })

  it('keeps nothing between turns: a later load reads again and sees the change', async () => {
    const source = new Map([['a', 1]])
    const { loader, calls } = recordingLoader(source)
    expect(await loader.load('a')).toBe(1)
    source.set('a', 2)
    expect(await loader.load('a')).toBe(2)
    source.delete('a')
    expect(await loader.load('a')).toBeNull()
    expect(calls).toHaveLength(3)
  })

  it('splits a queue longer than maxBatch into several reads', async () => {
    const source = new Map(Array.from({ length: 5 }, (_, index) => [`k${index}`, index] as const))
    const { loader, calls } = recordingLoader(source, 2)
    const answers = await Promise.all([...source.keys()].map((key) => loader.load(key)))
    expect(answers).toEqual([0, 1, 2, 3, 4])
    expect(calls).toEqual([['k0', 'k1'], ['k2', 'k3'], ['k4']])
  })

  it('rejects the loads of a failed read only, and reads again afterwards', async () => {
    let fail = true
    const loader = createBatchLoader<string, string>({
      loadMany(keys) {
        if (fail) return Promise.reject(new Error('database down'))
        return Promise.resolve(new Map(keys.map((key) => [key, key.toUpperCase()])))
      },
    })
    const failed = await Promise.allSettled([loader.load('a'), loader.load('b')])
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected'])
    fail = false
    expect(await loader.load('a')).toBe('A')
  })
})
