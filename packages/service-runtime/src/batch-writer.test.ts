// The one batch writer behind the proposal service's views and analytics' engagement beacons.
import { HttpError } from '@valueproof/http-kit'
import { pino } from 'pino'
import { describe, expect, it } from 'vitest'
import { BatchWriter, NOT_STORED_MESSAGE } from './batch-writer.ts'

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

/** Settles to what the promise did, without waiting when it has not settled yet. */
async function stateOf(promise: Promise<unknown>): Promise<'pending' | 'resolved' | 'rejected'> {
  const pending = Symbol('pending')
  try {
    return (await Promise.race([promise, tick(0).then(() => pending)])) === pending ? 'pending' : 'resolved'
  } catch {
    return 'rejected'
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
    const added = Array.from({ length: 10 }, (_, item) => writer.add(item))
    await writer.flush()
    await Promise.all(added)
    expect(batches).toEqual([
      [0, 1, 2, 3],
      [4, 5, 6, 7],
      [8, 9],
    ])
    expect(told).toBe(3)
  })

  it('resolves add only once the batch holding the item is committed', async () => {
    const held = heldWrites()
    const writer = new BatchWriter<number>({ name: 'numbers', logger, write: held.write, batchDelayMs: 1 })
    const added = writer.add(1)
    await tick()
    // The batch is being written (held): the caller must not be told it is stored yet.
    expect(await stateOf(added)).toBe('pending')
    expect(held.batches).toEqual([])
    held.release()
    await added
    expect(held.batches).toEqual([[1]])
  })

  it('rejects every add of a batch whose write failed with a 503 and a message, and goes on with the next batch', async () => {
    let fail = true
    const written: number[][] = []
    const writer = new BatchWriter<number>({
      name: 'numbers',
      logger,
      write: (batch) => {
        if (fail) return Promise.reject(new Error('connection lost'))
        written.push([...batch])
        return Promise.resolve()
      },
      batchDelayMs: 60_000,
    })
    const lost = [writer.add(1), writer.add(2)]
    void writer.flush()
    const refusals = await Promise.allSettled(lost)
    for (const refusal of refusals) {
      expect(refusal.status).toBe('rejected')
      const reason: unknown = refusal.status === 'rejected' ? refusal.reason : undefined
      expect(reason).toBeInstanceOf(HttpError)
      expect(reason).toMatchObject({ status: 503, id: 'not_stored', message: NOT_STORED_MESSAGE })
    }
    fail = false
    const stored = writer.add(3)
    void writer.flush()
    await stored
    expect(written).toEqual([[3]])
  })

  it('writes the next batch while one commits, at most concurrentBatches at once, gathering what arrives meanwhile', async () => {
    const held = heldWrites()
    const writer = new BatchWriter<number>({ name: 'numbers', logger, write: held.write, concurrentBatches: 2 })
    const first = writer.add(1)
    await tick()
    const second = [writer.add(2), writer.add(3)]
    await tick()
    // Both writers are busy (held): what comes now waits, and goes in one batch once one is free.
    const third = [writer.add(4), writer.add(5), writer.add(6)]
    await tick()
    expect(await stateOf(first)).toBe('pending')
    held.release()
    await Promise.all([first, ...second, ...third])
    expect(held.batches).toEqual([[1], [2, 3], [4, 5, 6]])
  })

  it('makes callers wait for room when the queue is full, in order, and loses none of a flood', async () => {
    const held = heldWrites()
    const writer = new BatchWriter<number>({
      name: 'numbers',
      logger,
      write: held.write,
      maxBatch: 2,
      maxPending: 3,
      batchDelayMs: 1,
      concurrentBatches: 1,
    })
    const queued: number[] = []
    const flood = Array.from({ length: 20 }, (_, item) => writer.add(item).then(() => queued.push(item)))
    await tick()
    // One batch of 2 is being written (held), 3 fill the queue; the other 15 wait, and nobody is answered yet.
    expect(queued).toEqual([])
    held.release()
    await Promise.all(flood)
    await writer.stop()
    expect(held.batches.flat()).toEqual(Array.from({ length: 20 }, (_, item) => item))
    expect(queued).toEqual(Array.from({ length: 20 }, (_, item) => item))
  })

  it('retries a batch once when PostgreSQL chose it as a deadlock victim; refuses it after a second failure', async () => {
    const attempts: number[][] = []
    // One entry per write call: a failure's message, or '' for a write that succeeds.
    const failures = ['deadlock detected', 'deadlock detected', 'deadlock detected', '', 'connection lost']
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
      concurrentBatches: 1,
    })
    const outcomes = Promise.allSettled([writer.add(1), writer.add(2), writer.add(3), writer.add(4)])
    await writer.flush()
    // 1: deadlock, retried, deadlock again (refused); 2: deadlock, retried, written; 3: failed (refused); 4: written.
    expect(attempts).toEqual([[1], [1], [2], [2], [3], [4]])
    expect((await outcomes).map((outcome) => outcome.status)).toEqual(['rejected', 'fulfilled', 'rejected', 'fulfilled'])
  })

  it('writes what was queued when stopped, refuses callers still waiting for room and anything added afterwards', async () => {
    const held = heldWrites()
    const writer = new BatchWriter<number>({
      name: 'numbers',
      logger,
      write: held.write,
      maxBatch: 2,
      maxPending: 2,
      batchDelayMs: 1,
      concurrentBatches: 1,
    })
    const flood = Array.from({ length: 6 }, (_, item) => writer.add(item))
    await tick()
    const stopped = writer.stop()
    held.release()
    const outcomes = await Promise.allSettled(flood)
    await stopped
    await expect(writer.add(99)).rejects.toMatchObject({ status: 503, id: 'not_stored_stopping' })
    await writer.flush()
    expect(held.batches.flat()).toEqual([0, 1, 2, 3])
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'rejected'])
  })
})
