/** A wait that can be cut short: loops use it so stop() and nudge() take effect at once. */
export class Sleeper {
  #wakers = new Set<() => void>()

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer)
        this.#wakers.delete(done)
        resolve()
      }
      const timer = setTimeout(done, ms)
      this.#wakers.add(done)
    })
  }

  /** Ends every current sleep. */
  wake(): void {
    for (const done of [...this.#wakers]) done()
  }
}

/** Rejects with `message` when `promise` has not settled within `ms`. */
export async function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms)
  })
  try {
    return await Promise.race([promise, timeout])
  } finally {
    clearTimeout(timer)
  }
}
