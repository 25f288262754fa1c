// The one batch writer behind the proposal service's views and analytics' engagement beacons.
import { pino } from 'pino'
import { describe, expect, it } from 'vitest'
import { BatchWriter } from './batch-writer.ts'

const logger = pino({ level: 'silent' })
const tick = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms))

/** A write that records its batches and holds each until released. */
function heldWrites(): { write: (batch: readonly number[]) => Promise<void>; batches: number[][]; release(): void } {
  const batches: number[][] = []
  let open: () => void = () => undefined
  let gate = new Promise<void>((resolve) => (open = resolve))
  return {
    batches,
    write: async (batch) => {
      await gate
      batches.push([...batch])
    },
    release: () => {
      open()
      gate = Promise.resolve()
    },
  }
}

describe('BatchWriter', () => {
  it('writes what was added in batches of at most maxBatch, and tells after each', async () => {
    const batches: number[][] = []
    let told = 0
    const writer = new BatchWriter<number>({
      name: 'numbers',
      logger,
      write: (batch) => Promise.resolve(batches.push([...batch])),
      written: () => (told += 1),
      maxBatch: 4,
      batchDelayMs: 60_000,
    })
    for (let item = 0; item < 10; item += 1) await writer.add(item)
    await writer.flush()
    expect(batches).toEqual([
      [0, 1, 2, 3],
      [4, 5, 6, 7],
      [8, 9],
    ])
    expect(told).toBe(3)
  })

  it('makes callers wait for room when the queue is full, in order, and loses none of a flood', async () => {
    const held = heldWrites()
    const writer = new BatchWriter<number>({ name: 'numbers', logger, write: held.write, maxBatch: 2, maxPending: 3, batchDelayMs: 1 })
    const queued: number[] = []
    const flood = Array.from({ length: 20 }, (_, item) => writer.add(item).then(() => queued.push(item)))
    await tick()
    // One batch of 2 is being written (held), 3 fill the queue; the other 15 wait.
    expect(queued).toEqual([0, 1, 2, 3, 4])
    held.release()
    await Promise.all(flood)
    await writer.stop()
    expect(held.batches.flat()).toEqual(Array.from({ length: 20 }, (_, item) => item))
  })

  it('retries a batch once when PostgreSQL chose it as a deadlock victim; logs and goes on after other failures', async () => {
    const attempts: number[][] = []
    const failures = ['deadlock detected', 'deadlock detected', 'connection lost']
    const writer = new BatchWriter<number>({
      name: 'numbers',
      logger,
      write: (batch) => {
        attempts.push([...batch])
        const failure = failures.shift()
        return failure ? Promise.reject(new Error(failure)) : Promise.resolve()
      },
      maxBatch: 1,
      batchDelayMs: 60_000,
    })
    await writer.add(1)
    await writer.add(2)
    await writer.add(3)
    await writer.flush()
    // 1: deadlock, retried, deadlock again (lost); 2: failed (lost); 3: written.
    expect(attempts).toEqual([[1], [1], [2], [3]])
  })

  it('writes what was queued when stopped, lets waiting callers go unwritten, and writes nothing added afterwards', async () => {
    const held = heldWrites()
    const writer = new BatchWriter<number>({ name: 'numbers', logger, write: held.write, maxBatch: 2, maxPending: 2, batchDelayMs: 1 })
    const flood = Array.from({ length: 6 }, (_, item) => writer.add(item))
    await tick()
    const stopped = writer.stop()
    held.release()
    await Promise.all(flood)
    await stopped
    await writer.add(99)
    await writer.flush()
    expect(held.batches.flat()).toEqual([0, 1, 2, 3])
  })
})
