import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AUTOSAVE_SCHEDULE, SaveScheduler } from './save-scheduler.ts'

/** A send that records when it started and answers after `answerMs`. */
function recorder(answerMs = 50, outcome: () => boolean = () => true) {
  const starts: number[] = []
  const send = () => {
    starts.push(Date.now())
    return new Promise<boolean>((resolve) => setTimeout(() => resolve(outcome()), answerMs))
  }
  return { starts, send }
}

describe('SaveScheduler', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('sends 800 ms after the last change', async () => {
    const { starts, send } = recorder()
    const scheduler = new SaveScheduler(AUTOSAVE_SCHEDULE, send)
    scheduler.changed()
    await vi.advanceTimersByTimeAsync(799)
    expect(starts).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(starts).toEqual([800])
    // A change soon after waits its 800 ms and, here longer, a second since the first send began.
    await vi.advanceTimersByTimeAsync(100)
    scheduler.changed()
    await vi.advanceTimersByTimeAsync(899)
    expect(starts).toEqual([800])
    await vi.advanceTimersByTimeAsync(1)
    expect(starts).toEqual([800, 1800])
  })

  it('sends at most once a second while changes keep coming, and the last change after the typing stops', async () => {
    const { starts, send } = recorder()
    const scheduler = new SaveScheduler(AUTOSAVE_SCHEDULE, send)
    // A keystroke every 80 ms for 5 s.
    for (let time = 0; time < 5000; time += 80) {
      scheduler.changed()
      await vi.advanceTimersByTimeAsync(80)
    }
    await vi.advanceTimersByTimeAsync(2000)
    expect(starts.length).toBeGreaterThanOrEqual(5)
    expect(starts.length).toBeLessThanOrEqual(6)
    for (let index = 1; index < starts.length; index += 1)
      expect((starts[index] ?? 0) - (starts[index - 1] ?? 0)).toBeGreaterThanOrEqual(1000)
    // The last keystroke (at 4960 ms) goes out 800 ms after it at the latest ... or a second after the previous send.
    expect(starts.at(-1)).toBeGreaterThanOrEqual(4960)
    expect(scheduler.pending).toBe(false)
  })

  it('never has two sends out at once: changes during a slow answer go in the next send', async () => {
    const { starts, send } = recorder(3000)
    const scheduler = new SaveScheduler(AUTOSAVE_SCHEDULE, send)
    scheduler.changed()
    await vi.advanceTimersByTimeAsync(900)
    expect(starts).toEqual([800])
    scheduler.changed()
    await vi.advanceTimersByTimeAsync(2000)
    expect(starts).toEqual([800])
    await vi.advanceTimersByTimeAsync(1000)
    // The second goes out right after the first is answered (3,800 ms).
    expect(starts).toHaveLength(2)
    expect(starts[1]).toBeGreaterThanOrEqual(3800)
    expect(starts[1]).toBeLessThan(3810)
  })

  it('holds changes that could not be sent until flush, then sends them at once', async () => {
    let online = false
    const { starts, send } = recorder(10, () => online)
    const scheduler = new SaveScheduler(AUTOSAVE_SCHEDULE, send)
    scheduler.changed()
    await vi.advanceTimersByTimeAsync(1000)
    expect(starts).toEqual([800])
    scheduler.changed()
    await vi.advanceTimersByTimeAsync(5000)
    expect(starts).toEqual([800])
    expect(scheduler.pending).toBe(true)
    online = true
    scheduler.flush()
    await vi.advanceTimersByTimeAsync(20)
    expect(starts).toEqual([800, 6000])
    expect(scheduler.pending).toBe(false)
  })

  it('sends nothing after stop', async () => {
    const { starts, send } = recorder()
    const scheduler = new SaveScheduler(AUTOSAVE_SCHEDULE, send)
    scheduler.changed()
    scheduler.stop()
    scheduler.changed()
    scheduler.flush()
    await vi.advanceTimersByTimeAsync(5000)
    expect(starts).toEqual([])
  })

  it('flush with nothing changed sends nothing', async () => {
    const { starts, send } = recorder()
    new SaveScheduler(AUTOSAVE_SCHEDULE, send).flush()
    await vi.advanceTimersByTimeAsync(5000)
    expect(starts).toEqual([])
  })
})
