import { pino, type Logger, type LevelWithSilent } from 'pino'

export type { Logger }

/** The one logger. JSON lines to stdout; callers add `service` and per-request `requestId`. */
export function createLogger(options: { name: string; level?: LevelWithSilent }): Logger {
  return pino({
    name: options.name,
    level: options.level ?? 'info',
    base: { service: options.name },
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'password', '*.password', 'headers.cookie'],
      censor: '[redacted]',
    },
  })
}
