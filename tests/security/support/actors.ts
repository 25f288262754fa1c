// The people of the security suites: signed-up users (made Pro where a check needs it) whose
// clients remember every answer they were given, so a suite can look through all of them at the end.
import { randomBytes } from 'node:crypto'
import { expect } from 'vitest'
import { ApiClient, GOOD_PASSWORD, uniqueUsername } from '../../integration/support/http-client.ts'
import { changePlanEverywhere, SubscriptionChange } from '../../integration/support/plan-events.ts'
import type { TestStack } from '../../integration/support/stack.ts'
import { eventually as waitUntil } from '@valueproof/testing'

/**
 * Identity's registration throttle (10 an hour per address by default) is not what these suites
 * test, and every user here registers from 127.0.0.1.
 */
export const SECURITY_STACK_ENV: Record<string, string> = { REGISTRATIONS_PER_ADDRESS_PER_HOUR: '1000' }

/** An answer a client was given, kept for looking through later. */
export interface SeenAnswer {
  request: string
  status: number
  text: string
  setCookies: string[]
}

/** ApiClient that keeps every answer (status, body text, Set-Cookie lines). */
export class RecordingClient extends ApiClient {
  readonly seen: SeenAnswer[] = []

  override async request(method: string, path: string, init: Parameters<ApiClient['request']>[2] = {}): Promise<Response> {
    const response = await super.request(method, path, init)
    this.seen.push({
      request: `${method} ${path}`,
      status: response.status,
      text: await response.clone().text(),
      setCookies: response.headers.getSetCookie(),
    })
    return response
  }
}

export interface Actor {
  client: RecordingClient
  id: number
  username: string
}

/** A new account, signed in. */
export async function signUp(stack: TestStack, prefix: string): Promise<Actor> {
  const client = new RecordingClient(stack.url)
  const username = uniqueUsername(prefix).toLowerCase()
  const response = await client.post('/api/register', { username, password: GOOD_PASSWORD })
  expect(response.status, await response.clone().text()).toBe(201)
  const { id } = (await response.json()) as { id: number }
  return { client, id, username }
}

/** Signs the actor in again (a new session) after a logout. */
export async function signInAgain(actor: Actor): Promise<void> {
  const response = await actor.client.post('/api/login', { username: actor.username, password: GOOD_PASSWORD })
  expect(response.status, await response.clone().text()).toBe(200)
}

/** A table of one service, qualified by its schema in the one-database stacks. */
export function table(
  stack: TestStack,
  service: 'identity' | 'proposal' | 'calculator' | 'billing' | 'analytics' | 'notification',
  name: string,
): string {
  const { schema } = stack.databases[service]
  return schema ? `"${schema}".${name}` : name
}

/**
 * Pro everywhere it matters: identity (profile and logo), calculator generation (allowance) and the
 * proposal service (branding), through billing's subscription event as in production.
 */
export async function makePro(stack: TestStack, userId: number): Promise<void> {
  await changePlanEverywhere(stack, { userId, change: SubscriptionChange.ACTIVATED })
}

/** Polls until the probe answers something (events cross the bus asynchronously; the security stacks are slower). */
export function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  return waitUntil(probe, timeoutMs)
}

/** An access code of at least 10 characters (the minimum is rising to 6), unique per call. */
export function longAccessCode(prefix = 'code'): string {
  return `${prefix}-${randomBytes(6).toString('hex')}`
}

/** Calculations the calculator service counted for a user this month (usage_month), 0 when none. */
export async function generationsCounted(stack: TestStack, userId: number): Promise<number> {
  const rows = await stack.databases.calculator.query<Array<{ count: number | bigint }>>(
    `SELECT count FROM ${table(stack, 'calculator', 'usage_month')} WHERE user_id = $1`,
    userId,
  )
  return rows.reduce((sum, row) => sum + Number(row.count), 0)
}
