import type { Middleware } from 'koa'

/** The policy the web app works under: no inline script, nothing from other origins. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ')

/** Set before anything else answers; a service's own headers (e.g. a logo's CSP) replace them. */
export function securityHeaders(): Middleware {
  return (ctx, next) => {
    ctx.set('Content-Security-Policy', CONTENT_SECURITY_POLICY)
    ctx.set('X-Content-Type-Options', 'nosniff')
    ctx.set('X-Frame-Options', 'DENY')
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin')
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin')
    ctx.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()')
    if (ctx.secure) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
    return next()
  }
}
