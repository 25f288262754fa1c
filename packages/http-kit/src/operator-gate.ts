// The product operator's bearer token on an operator-only route (the analytics totals, the
// notification service's dead letters): one check for all of them.
import { createHash, timingSafeEqual } from 'node:crypto'
import { errors, HttpError } from './errors.ts'

/** The 401's message: which variable holds the token the route wants. */
export function operatorTokenMessage(variable: string): string {
  return `The operator view needs Authorization: Bearer <${variable}>`
}

/**
 * Checks an Authorization header against the configured token: 404 when none is configured (the
 * view does not exist), 401 unless it is `Bearer <token>`. Both sides are hashed first, so the
 * constant-time comparison also hides the token's length.
 */
export function operatorGate(token: string | undefined, variable: string): (authorization: string) => void {
  const wanted = token === undefined ? undefined : createHash('sha256').update(token, 'utf8').digest()
  return (authorization) => {
    if (wanted === undefined) throw errors.notFound()
    const given = /^Bearer +(\S+)\s*$/i.exec(authorization)?.[1] ?? ''
    if (!timingSafeEqual(createHash('sha256').update(given, 'utf8').digest(), wanted)) {
      throw new HttpError(401, 'operator_token_invalid', operatorTokenMessage(variable), { 'WWW-Authenticate': 'Bearer' })
    }
  }
}
