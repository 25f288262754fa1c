/** Most keys one `loadMany` call is asked for; a longer queue is split. */
const DEFAULT_MAX_BATCH = 200

export interface BatchLoader<Key, Value> {
  /** The value for this key as the source has it now, or null. */
  load(key: Key): Promise<Value | null>
}

export interface BatchLoaderOptions<Key, Value> {
  /** One read for all the (distinct) keys asked in the same turn; keys it leaves out answer null. */
  loadMany(keys: Key[]): Promise<Map<Key, Value>>
  maxBatch?: number
}

interface Waiting<Key, Value> {
  key: Key
  resolve(value: Value | null): void
  reject(error: unknown): void
}

/**
 * DataLoader's batching without its cache: every `load` of one turn of the event loop is answered
 * by a single `loadMany` of the distinct keys, sent after that turn. Under load, N concurrent
 * lookups cost one database round trip instead of N (decision 005). Nothing is kept between
 * batches, so an answer is always read after it was asked for: never stale.
 */
export function createBatchLoader<Key, Value>(options: BatchLoaderOptions<Key, Value>): BatchLoader<Key, Value> {
  const maxBatch = options.maxBatch ?? DEFAULT_MAX_BATCH
  let waiting: Array<Waiting<Key, Value>> = []

  async function flush(): Promise<void> {
    const batch = waiting.length <= maxBatch ? waiting : waiting.slice(0, maxBatch)
    waiting = waiting.length <= maxBatch ? [] : waiting.slice(maxBatch)
    if (waiting.length > 0) setImmediate(() => void flush())
    try {
      const found = await options.loadMany([...new Set(batch.map((entry) => entry.key))])
      for (const entry of batch) entry.resolve(found.get(entry.key) ?? null)
    } catch (error) {
      for (const entry of batch) entry.reject(error)
    }
  }

  return {
    load(key) {
      return new Promise<Value | null>((resolve, reject) => {
        waiting.push({ key, resolve, reject })
        if (waiting.length === 1) setImmediate(() => void flush())
      })
    },
  }
}
