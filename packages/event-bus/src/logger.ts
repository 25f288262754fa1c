/**
 * The logging the event bus needs: pino's `logger.info(obj, msg)` shape, so a service passes its
 * pino logger (or a child of it) as is.
 */
export interface EventBusLogger {
  info(obj: object, msg?: string): void
  warn(obj: object, msg?: string): void
  error(obj: object, msg?: string): void
}

export const silentLogger: EventBusLogger = {
  info() {},
  warn() {},
  error() {},
}

/** An error as a log field (pino serialises `err` objects; plain values are wrapped). */
export function errorField(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error))
}
