// Beacon bodies (issue 19): navigator.sendBeacon posts a string as text/plain, so the proposal
// page's beacons arrive as text/plain carrying JSON. Routes that take them parse either type the
// same way, at their own small limit, and refuse with the same 413 message as the gateway.
import { koaBody } from 'koa-body'
import type { Context, Middleware } from 'koa'
import { errors } from './errors.ts'
import { refuseUnstorableText } from './http.ts'

export interface BeaconBodyOptions {
  /** Largest body, bytes. */
  limit: number
  /** The 413's message (the one the gateway gives for the same route). */
  tooLargeMessage: string
}

/**
 * A JSON body sent as application/json or text/plain (a beacon), bounded: too large is a 413 with
 * the route's message, malformed JSON or text PostgreSQL cannot store a 400, any other type a 415.
 */
export function beaconBody(options: BeaconBodyOptions): Middleware {
  const parse = koaBody({
    json: true,
    text: true,
    multipart: false,
    urlencoded: false,
    jsonLimit: `${options.limit}b`,
    textLimit: `${options.limit}b`,
    jsonStrict: true,
    onError: (error) => {
      throw error
    },
  })
  return async (ctx, next) => {
    if (ctx.request.length > options.limit) throw errors.payloadTooLarge(options.tooLargeMessage)
    if (ctx.request.length !== 0 && ctx.request.type && !ctx.is('application/json', 'text/plain')) {
      throw errors.unsupportedMediaType('Content-Type must be application/json or text/plain')
    }
    try {
      await parse(ctx, () => {
        if (typeof ctx.request.body === 'string') ctx.request.body = parseText(ctx.request.body) as typeof ctx.request.body
        refuseUnstorableText(ctx.request.body)
        return next()
      })
    } catch (error) {
      // A chunked body has no length to check first: the parser stops it at the same limit.
      if ((error as { type?: unknown }).type === 'entity.too.large') throw errors.payloadTooLarge(options.tooLargeMessage)
      throw error
    }
  }
}

function parseText(text: string): unknown {
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw errors.badRequest('Request body must be JSON')
  }
}

/**
 * Whether the browser asks not to be tracked: Do Not Track (`DNT: 1`) or Global Privacy Control
 * (`Sec-GPC: 1`), passed on by the gateway for the routes that count.
 */
export function asksNotToBeTracked(ctx: Context): boolean {
  return ctx.get('dnt').trim() === '1' || ctx.get('sec-gpc').trim() === '1'
}
