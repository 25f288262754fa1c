import type { Middleware } from 'koa'

/** The policy the web app works under: no inline script, nothing from other origins. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  // Images from this site only (issue 34): a logo from anywhere else would tell that site who opened the proposal.
  "img-src 'self'",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ')

/**
 * What an /api answer may do as a document: nothing. JSON (or a service's file) never loads,
 * runs or frames anything, so the policy is none at all; a service may send its own.
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'"

type HeaderList = ReadonlyArray<readonly [string, string]>

/** For the web app's documents and assets. */
const DOCUMENT_HEADERS: HeaderList = [
  ['Content-Security-Policy', CONTENT_SECURITY_POLICY],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()'],
]

/**
 * For /api answers (OWASP's REST headers): no content policy, no sniffing, no framing, and not
 * stored by any cache unless the service says otherwise (a logo does). Referrer-Policy, COOP and
 * Permissions-Policy govern what a document does; an API answer is none (decision 005).
 */
const API_HEADERS: HeaderList = [
  ['Content-Security-Policy', API_CONTENT_SECURITY_POLICY],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
  ['Cache-Control', 'no-store'],
]

function isApiPath(path: string): boolean {
  return path.startsWith('/api/') || path === '/api'
}

/**
 * Set before anything else answers; a service's own headers (e.g. a logo's CSP) replace them.
 * Straight on the response: Koa 3's ctx.set allocates two arrays and a closure per header.
 */
export function securityHeaders(): Middleware {
  return (ctx, next) => {
    for (const [name, value] of isApiPath(ctx.path) ? API_HEADERS : DOCUMENT_HEADERS) ctx.res.setHeader(name, value)
    if (ctx.secure) ctx.res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
    return next()
  }
}
