// Dependencies a deployable keeps serving without (docs/decisions/118): the event bus, whose events
// wait in the outbox while it is away. They never decide readiness; a background watch checks them,
// /healthz names the ones that are down, and the log says so once when one goes and once when it is back.
import type { ReadinessCheck } from './app.ts'
import type { Logger } from './logger.ts'

export interface DependencyWatchOptions {
  /** The dependencies, each with a check that throws while it cannot be reached. */
  dependencies: ReadinessCheck[]
  logger: Logger
  /** How often they are checked. */
  intervalMs?: number
  /** A check that has not answered by then counts as down. */
  timeoutMs?: number
}

function withinTimeout(check: () => Promise<void>, ms: number, name: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${name} did not answer within ${ms} ms`)), ms)
  })
  return Promise.race([check(), timeout]).finally(() => clearTimeout(timer))
}

/** Watches the dependencies in the background; `degraded()` names those down at the last check. */
export class DependencyWatch {
  readonly #options: DependencyWatchOptions
  readonly #down = new Set<string>()
  #timer: NodeJS.Timeout | undefined
  #checking: Promise<void> | undefined

  constructor(options: DependencyWatchOptions) {
    this.#options = options
  }

  /** Checks now, then every intervalMs, until stop(). The timer never keeps the process alive. */
  start(): void {
    if (this.#timer || this.#options.dependencies.length === 0) return
    void this.check()
    this.#timer = setInterval(() => void this.check(), this.#options.intervalMs ?? 5_000)
    this.#timer.unref()
  }

  stop(): void {
    clearInterval(this.#timer)
    this.#timer = undefined
  }

  /** The dependencies that were down at the last check, by name. */
  degraded(): string[] {
    return [...this.#down]
  }

  /** Checks every dependency once (a check already running is awaited instead). */
  check(): Promise<void> {
    this.#checking ??= this.#checkAll().finally(() => {
      this.#checking = undefined
    })
    return this.#checking
  }

  async #checkAll(): Promise<void> {
    const { logger, timeoutMs = 2_000 } = this.#options
    await Promise.all(
      this.#options.dependencies.map(async ({ name, check }) => {
        try {
          await withinTimeout(check, timeoutMs, name)
          if (this.#down.delete(name)) logger.info({ dependency: name }, `${name} is reachable again`)
        } catch (error) {
          if (this.#down.has(name)) return
          this.#down.add(name)
          logger.warn({ dependency: name, err: error }, `${name} is unreachable; serving without it`)
        }
      }),
    )
  }
}
