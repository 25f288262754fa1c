/**
 * The one error family. Every error a handler means to show the client is an HttpError with a
 * status and a stable id; the error middleware turns it into `{ "message": ... }`, with `details`
 * beside the message when the client needs more to answer it (the language of a proposal that asks
 * for its access code).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly id: string,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly details: Readonly<Record<string, string>> = {},
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

export const errors = {
  badRequest: (message: string, id = 'bad_request') => new HttpError(400, id, message),
  unauthorized: (message = 'You are not signed in', id = 'unauthorized') => new HttpError(401, id, message),
  forbidden: (message: string, id = 'forbidden') => new HttpError(403, id, message),
  notFound: (message = 'Not found', id = 'not_found') => new HttpError(404, id, message),
  conflict: (message: string, id = 'conflict') => new HttpError(409, id, message),
  /** The client stopped sending its request: answered, and the connection closed (it may hold an unread body). */
  requestTimeout: (message: string, id = 'request_timeout') => new HttpError(408, id, message, { Connection: 'close' }),
  payloadTooLarge: (message: string, id = 'payload_too_large') => new HttpError(413, id, message),
  unsupportedMediaType: (message: string, id = 'unsupported_media_type') => new HttpError(415, id, message),
  unprocessable: (message: string, id = 'unprocessable') => new HttpError(422, id, message),
  tooManyRequests: (message: string, retryAfterSeconds: number, id = 'too_many_requests') =>
    new HttpError(429, id, message, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) }),
  serviceUnavailable: (message: string, id = 'service_unavailable') => new HttpError(503, id, message),
  badGateway: (message: string, id = 'bad_gateway') => new HttpError(502, id, message),
  gatewayTimeout: (message: string, id = 'gateway_timeout') => new HttpError(504, id, message),
}
