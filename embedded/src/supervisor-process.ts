// Keeps the one-process product running (decision 090): starts it as a child process, passes
// SIGINT / SIGTERM on to it and its exit code back, and starts it again, with growing delays,
// when it dies without being asked to; after too many crashes in a short time it gives up.
import { fork, type ChildProcess } from 'node:child_process'
import { constants } from 'node:os'

/** What the product sends over IPC once it listens (main.ts). */
export const READY_MESSAGE = 'valueproof:ready'

export interface SupervisorOptions {
  /** The product's entry module. */
  entry: string
  /** Node flags for the product (default: this process's own). */
  execArgv?: string[]
  /** Crashes tolerated within `crashWindowMs`; one more and the supervisor gives up. */
  maxCrashes?: number
  crashWindowMs?: number
  /** Delay before the first restart; it doubles with each crash in the window, up to `maxDelayMs`. */
  restartDelayMs?: number
  maxDelayMs?: number
  /** Where the supervisor's few lines go (default: stderr). */
  log?: (line: string) => void
}

export interface Supervision {
  /** The product's pid while it runs. */
  readonly pid: number | undefined
  /** Stops the product with this signal and restarts it no more; a second call kills it. */
  stop(signal: NodeJS.Signals): void
  /** Resolves with the exit code the supervisor should end with. */
  readonly done: Promise<number>
}

const DEFAULTS = { maxCrashes: 5, crashWindowMs: 5 * 60_000, restartDelayMs: 1000, maxDelayMs: 30_000 }

function exitCodeOf(code: number | null, signal: NodeJS.Signals | null): number {
  if (code !== null) return code
  return 128 + (signal === null ? 0 : (constants.signals[signal] ?? 0))
}

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`
}

export function supervise(options: SupervisorOptions): Supervision {
  const settings = { ...DEFAULTS, ...options }
  const log = options.log ?? ((line: string) => console.error(line))
  const crashes: number[] = []
  let child: ChildProcess | undefined
  let everReady = false
  let stopping = false
  let restartTimer: NodeJS.Timeout | undefined
  let finish: (code: number) => void = () => {}
  const done = new Promise<number>((resolve) => {
    finish = resolve
  })

  function start(): void {
    // Its own process group: a terminal's Ctrl-C reaches the supervisor only, which passes it on once.
    const started = fork(settings.entry, [], {
      ...(options.execArgv === undefined ? {} : { execArgv: options.execArgv }),
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
      detached: true,
    })
    child = started
    started.on('message', (message: unknown) => {
      if (message === READY_MESSAGE) everReady = true
    })
    started.on('exit', (code, signal) => {
      child = undefined
      onExit(code, signal)
    })
  }

  function onExit(code: number | null, signal: NodeJS.Signals | null): void {
    const exitCode = exitCodeOf(code, signal)
    // Asked to stop, stopped on its own accord, or never started (a configuration error): done.
    if (stopping || code === 0 || !everReady) {
      finish(exitCode)
      return
    }
    const now = Date.now()
    crashes.push(now)
    while (crashes.length > 0 && (crashes[0] ?? now) < now - settings.crashWindowMs) crashes.shift()
    const how = signal === null ? `exit code ${code}` : `signal ${signal}`
    if (crashes.length > settings.maxCrashes) {
      log(
        `ValueProof stopped unexpectedly (${how}), ${crashes.length} times within ${seconds(settings.crashWindowMs)}; ` +
          'not restarting it again (the lines above say why).',
      )
      finish(exitCode)
      return
    }
    const delay = Math.min(settings.restartDelayMs * 2 ** (crashes.length - 1), settings.maxDelayMs)
    log(`ValueProof stopped unexpectedly (${how}); restarting in ${seconds(delay)}`)
    restartTimer = setTimeout(() => {
      restartTimer = undefined
      start()
    }, delay)
  }

  start()
  return {
    get pid() {
      return child?.pid
    },
    stop(signal) {
      if (restartTimer !== undefined) {
        clearTimeout(restartTimer)
        restartTimer = undefined
        stopping = true
        finish(exitCodeOf(null, signal))
        return
      }
      // A second request while the product shuts down ends it at once.
      child?.kill(stopping ? 'SIGKILL' : signal)
      stopping = true
    },
    done,
  }
}
