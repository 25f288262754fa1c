import { SESSION_TOKEN_HEADER } from '@valueproof/contracts'
import { errors } from '@valueproof/http-kit'
import { z } from 'zod'
import { getJson } from '../proxy/forward.ts'
import type { ServiceTransport } from '../proxy/transport.ts'
import type { ResolvedSession } from './session-cache.ts'

const sessionAnswer = z.object({ sessionId: z.string(), userId: z.number().int(), expiresAt: z.iso.datetime() })

/** Asks identity which user a cookie token belongs to; null for unknown or expired sessions. */
export function identitySessionLookup(identity: ServiceTransport, signingKey: string): (token: string) => Promise<ResolvedSession | null> {
  return async (token) => {
    let answer: { status: number; body: unknown }
    try {
      answer = await getJson(identity, { path: '/sessions/current', headers: { [SESSION_TOKEN_HEADER]: token }, signingKey })
    } catch {
      throw errors.serviceUnavailable('The identity service is unavailable. Please try again shortly.')
    }
    if (answer.status === 401) return null
    if (answer.status !== 200) throw errors.badGateway(`Session lookup failed (${answer.status})`)
    const session = sessionAnswer.parse(answer.body)
    return { sessionId: session.sessionId, userId: session.userId, expiresAt: Date.parse(session.expiresAt) }
  }
}
