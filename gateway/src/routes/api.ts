import { SESSION_EXPIRES_HEADER, SESSION_TOKEN_HEADER } from '@valueproof/contracts'
import { randomBytes } from 'node:crypto'
import { errors, Router, type ForwardedIdentity, type RouterMiddleware } from '@valueproof/http-kit'
import type { Context, Middleware } from 'koa'
import { forward, respondWith } from '../proxy/forward.ts'
import type { ServiceTransport } from '../proxy/transport.ts'
import { sessionIdOf, type SessionCache } from '../sessions/session-cache.ts'
import { apiRoutes, type ApiRoute, type ServiceName } from './api-routes.ts'

export const SESSION_COOKIE = 'vp_session'
/** An anonymous visitor's random id, for counting views of shared proposals (docs/decisions/050). */
export const VISITOR_COOKIE = 'vp_visitor'
const VISITOR_COOKIE_MAX_AGE_MS = 365 * 24 * 3_600_000
const VISITOR_ID = /^[A-Za-z0-9_-]{22}$/

export interface ApiDeps {
  services: Record<ServiceName, ServiceTransport>
  sessions: SessionCache
  /** GATEWAY_SIGNING_KEY: signs the identity forwarded to services. */
  signingKey: string
  /** How long a service may take to start answering: ordinary calls, and generation or writing. */
  timeouts: { serviceMs: number; generationMs: number; bodyIdleMs: number }
  /** Expected Origin of state-changing requests; the request's own origin when absent. */
  publicOrigin?: string
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Bodies an HTML form (or a no-preflight fetch) can send from another site. */
const FORM_BODY = /^\s*(?:multipart\/form-data|application\/x-www-form-urlencoded|text\/plain)\b/i

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin
  } catch {
    return undefined
  }
}

/**
 * Whether a state-changing request comes from another site: by its fetch metadata or Origin; a
 * browser too old to send either is judged by its Referer, and a form-encodable body without an
 * Origin is refused outright (any client can add the header; a cross-site form cannot).
 */
function crossSite(ctx: Context, expected: string): boolean {
  const fetchSite = ctx.get('sec-fetch-site')
  const origin = ctx.get('origin')
  if ((fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') || (origin && origin !== expected)) return true
  if (origin || fetchSite) return false
  const referer = ctx.get('referer')
  if (referer && originOf(referer) !== expected) return true
  return FORM_BODY.test(ctx.get('content-type'))
}

/** The calls another site may make (`crossSiteAllowed`), as `METHOD /path`: fixed paths, matched exactly. */
const crossSiteAllowed = new Set(apiRoutes.filter((route) => route.crossSiteAllowed).map((route) => `${route.method} ${route.path}`))

/** Refuses state-changing requests that come, or may come, from another site, but for the calls made to come from one. */
export function sameOriginOnly(publicOrigin?: string): Middleware {
  return (ctx, next) => {
    const api = ctx.path === '/api' || ctx.path.startsWith('/api/')
    if (api && !SAFE_METHODS.has(ctx.method) && !crossSiteAllowed.has(`${ctx.method} ${ctx.path}`)) {
      // Built from protocol and Host: Koa's ctx.origin is not to be trusted for this.
      const expected = publicOrigin ? new URL(publicOrigin).origin : `${ctx.protocol}://${ctx.host}`
      if (crossSite(ctx, expected)) throw errors.forbidden('Cross-origin requests are not allowed', 'cross_origin')
    }
    return next()
  }
}

/** The service path of a route, its `:params` filled (encoded) from the public path's; parsed once per route. */
function servicePath(template: string): (params: Record<string, string>) => string {
  if (!template.includes(':')) return () => template
  // Literal text at even indexes, parameter names at odd ones.
  const parts = template.split(/:(\w+)/)
  return (params) => {
    let path = ''
    for (let index = 0; index < parts.length; index += 1) {
      const part = parts[index] ?? ''
      path += index % 2 === 0 ? part : encodeURIComponent(params[part] ?? '')
    }
    return path
  }
}

function sessionToken(ctx: Context): string | undefined {
  return ctx.cookies.get(SESSION_COOKIE) || undefined
}

function setSessionCookie(ctx: Context, token: string, expires: Date): void {
  ctx.cookies.set(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure: ctx.secure, path: '/', expires, overwrite: true })
}

function clearSessionCookie(ctx: Context): void {
  ctx.cookies.set(SESSION_COOKIE, '', {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.secure,
    path: '/',
    expires: new Date(0),
    overwrite: true,
  })
}

/** The visitor cookie's id, or a new one (16 random bytes) set for a year; never a client-sent header. */
function visitorId(ctx: Context): string {
  const known = ctx.cookies.get(VISITOR_COOKIE)
  if (known && VISITOR_ID.test(known)) return known
  const id = randomBytes(16).toString('base64url')
  ctx.cookies.set(VISITOR_COOKIE, id, {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.secure,
    path: '/',
    maxAge: VISITOR_COOKIE_MAX_AGE_MS,
    overwrite: true,
  })
  return id
}

/**
 * The signed-in user of an 'optional' route, or undefined. A stale cookie is cleared and the call
 * goes on signed out; so does a call while identity cannot be asked (the proposal still opens).
 */
async function optionalUserId(ctx: Context, deps: ApiDeps, token: string | undefined): Promise<number | undefined> {
  if (!token) return undefined
  try {
    const session = await deps.sessions.resolve(token)
    if (!session) clearSessionCookie(ctx)
    return session?.userId
  } catch (error) {
    ctx.state.log.warn({ err: error }, 'session lookup failed; continuing signed out')
    return undefined
  }
}

function handler(route: ApiRoute, deps: ApiDeps): RouterMiddleware {
  const pathAtService = servicePath(route.to)
  return async (ctx) => {
    const headers: Record<string, string> = {}
    const identity: ForwardedIdentity = { clientIp: ctx.ip }
    const token = sessionToken(ctx)
    if (route.access === 'session') {
      const session = token ? await deps.sessions.resolve(token) : null
      if (!session) {
        if (token) clearSessionCookie(ctx)
        throw errors.unauthorized()
      }
      identity.userId = session.userId
    } else if (route.access === 'optional') {
      const userId = await optionalUserId(ctx, deps, token)
      if (userId !== undefined) identity.userId = userId
    } else if (route.access === 'token' && token) {
      headers[SESSION_TOKEN_HEADER] = token
    }
    if (route.identifiesVisitor) identity.visitorId = visitorId(ctx)
    for (const name of route.passHeaders ?? []) {
      const value = ctx.get(name)
      if (value) headers[name] = value
    }

    const response = await forward(ctx, {
      serviceName: route.service,
      transport: deps.services[route.service],
      path: pathAtService(ctx.params ?? {}) + (ctx.querystring ? `?${ctx.querystring}` : ''),
      headers,
      identity,
      signingKey: deps.signingKey,
      bodyLimit: route.bodyLimit,
      tooLargeMessage: route.tooLargeMessage,
      answerWithinMs: route.slow ? deps.timeouts.generationMs : deps.timeouts.serviceMs,
      bodyIdleMs: deps.timeouts.bodyIdleMs,
    })

    const newToken = response.headers[SESSION_TOKEN_HEADER]
    const expires = response.headers[SESSION_EXPIRES_HEADER]
    if (route.opensSession && typeof newToken === 'string' && typeof expires === 'string') {
      setSessionCookie(ctx, newToken, new Date(expires))
    }
    if (route.closesSession) {
      if (token) deps.sessions.evict(sessionIdOf(token))
      clearSessionCookie(ctx)
    }
    respondWith(ctx, response)
  }
}

/** SPEC §7's surface, path by path; anything else under /api is a JSON 404. */
export function apiRouter(deps: ApiDeps): Router {
  const router = new Router()
  for (const route of apiRoutes) {
    router.register(route.path, [route.method], handler(route, deps))
  }
  router.all('/api/{*rest}', (ctx) => {
    ctx.status = 404
    ctx.body = { message: `No API route for ${ctx.method} ${ctx.path}` }
  })
  return router
}
