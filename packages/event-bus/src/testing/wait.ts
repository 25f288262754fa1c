import type { EventBusLogger } from '../logger.ts'

/** Polls until `check` holds; fails with `message` after `timeoutMs`. */
export async function waitFor(check: () => boolean | Promise<boolean>, message: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms: ${message}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

export interface LogEntry {
  level: 'info' | 'warn' | 'error'
  msg: string | undefined
  fields: object
}

/** A logger that keeps what it is told, for assertions. */
export function recordingLogger(): EventBusLogger & { entries: LogEntry[] } {
  const entries: LogEntry[] = []
  return {
    entries,
    info: (fields, msg) => entries.push({ level: 'info', msg, fields }),
    warn: (fields, msg) => entries.push({ level: 'warn', msg, fields }),
    error: (fields, msg) => entries.push({ level: 'error', msg, fields }),
  }
}
