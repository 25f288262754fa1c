// The state-changing /api routes as a cross-site attacker would call them: each route's fields and,
// for uploads, its file; the encodings a page on another site can send; and the victim's state
// that any of them would change.
import { expect } from 'vitest'
import { buildPdf } from '../../../packages/documents/src/test-documents.ts'
import { supportTriageCalculator, supportTriageInput } from '../../../services/proposal/src/testing/calculators.ts'
import { GOOD_PASSWORD, uniqueUsername } from '../../integration/support/http-client.ts'
import { tinyPng } from '../../integration/support/images.ts'
import type { TestStack } from '../../integration/support/stack.ts'
import { generationsCounted, table } from './actors.ts'
import { multipartBody } from './raw-http.ts'

export interface FilePart {
  name: string
  filename: string
  type: string
  data: Uint8Array
}

export interface RouteCall {
  /** The request's fields (a new username each time for register). */
  fields: () => Record<string, unknown>
  /** Uploads: the file part; the route's own encoding is then multipart, JSON otherwise. */
  file?: () => FilePart
}

const DESCRIPTION = 'Your team of 12 agents spends 15 hours per week each on ticket triage at $45 per hour.'

/** Every non-GET route of apiRoutes needs an entry: the suite checks that none is missing. */
export function routeCalls(login: { username: string }): Record<string, RouteCall> {
  const document = () => ({
    name: 'file',
    filename: 'proposal.pdf',
    type: 'application/pdf',
    data: buildPdf([{ lines: [DESCRIPTION] }]),
  })
  return {
    'POST /api/register': { fields: () => ({ username: uniqueUsername('csrf').toLowerCase(), password: GOOD_PASSWORD }) },
    // Login CSRF: signing the victim's browser into the attacker's account.
    'POST /api/login': { fields: () => ({ username: login.username, password: GOOD_PASSWORD }) },
    'POST /api/logout': { fields: () => ({}) },
    'PATCH /api/profile': { fields: () => ({ companyName: 'CSRF was here' }) },
    'POST /api/upload-logo': {
      fields: () => ({}),
      file: () => ({ name: 'logo', filename: 'logo.png', type: 'image/png', data: tinyPng() }),
    },
    'POST /api/calculator/analyze-document': {
      fields: () => ({ complexity: 'minimal', language: 'en', currency: 'USD' }),
      file: document,
    },
    'POST /api/calculator/analyze-document-for-value': { fields: () => ({ language: 'en', currency: 'USD' }), file: document },
    'POST /api/calculator/analyze-text': {
      fields: () => ({ description: DESCRIPTION, complexity: 'minimal', language: 'en', currency: 'USD' }),
    },
    'POST /api/calculator/generate-value': { fields: () => ({ description: DESCRIPTION, language: 'en', currency: 'USD' }) },
    'PATCH /api/calculators/:id': { fields: () => ({ values: { hoursPerWeek: 3 } }) },
    'DELETE /api/calculators/:id': { fields: () => ({}) },
    'POST /api/calculators/:id/regenerate': { fields: () => ({ complexity: 'balanced' }) },
    'POST /api/proposals': { fields: () => ({ title: 'Planted by CSRF', content: '', calculatorData: supportTriageCalculator }) },
    'POST /api/proposals/generate': {
      fields: () => ({ calculatorData: supportTriageCalculator, input: supportTriageInput, templateType: 'standard' }),
    },
    'PATCH /api/proposals/:id': { fields: () => ({ title: 'Renamed by CSRF' }) },
    'DELETE /api/proposals/:id': { fields: () => ({}) },
    'POST /api/proposals/:id/revoke': { fields: () => ({}) },
    'POST /api/proposals/:id/duplicate': { fields: () => ({}) },
  }
}

/**
 * A route's path with its `:id` filled in: each route acts on a thing of the victim's own, made for
 * it once (so the control, which really changes or deletes it, has one to act on).
 */
export function pathWithIds(routePath: string, ids: { calculatorId: string; proposalId: string }): string {
  if (routePath.startsWith('/api/calculators/')) return routePath.replace(':id', ids.calculatorId)
  if (routePath.startsWith('/api/proposals/')) return routePath.replace(':id', ids.proposalId)
  return routePath
}

export type Encoding = 'own' | 'text/plain' | 'urlencoded' | 'multipart' | 'none'

function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value)
}

/** The body and its content type: the route's own encoding, or one a cross-site page can send. */
export function encode(call: RouteCall, encoding: Encoding): { body?: Buffer; contentType?: string } {
  const fields = call.fields()
  const file = call.file?.()
  const chosen = encoding === 'own' ? (file ? 'multipart' : 'json') : encoding
  switch (chosen) {
    case 'none':
      return {}
    case 'json':
      return { body: Buffer.from(JSON.stringify(fields)), contentType: 'application/json' }
    case 'text/plain':
      return { body: Buffer.from(JSON.stringify(fields)), contentType: 'text/plain;charset=UTF-8' }
    case 'urlencoded': {
      const params = new URLSearchParams(Object.entries(fields).map(([name, value]) => [name, asText(value)]))
      return { body: Buffer.from(params.toString()), contentType: 'application/x-www-form-urlencoded' }
    }
    case 'multipart':
      return multipartBody([...Object.entries(fields).map(([name, value]) => ({ name, value: asText(value) })), ...(file ? [file] : [])])
  }
}

/** What any state-changing route could alter for the victim (and, for register, anyone). */
export async function victimState(stack: TestStack, victim: { id: number }): Promise<Record<string, unknown>> {
  const count = async (service: 'identity' | 'proposal', sql: string, ...values: unknown[]) => {
    const rows = await stack.databases[service].query<Array<{ n: number | bigint }>>(sql, ...values)
    return Number(rows[0]?.n ?? 0)
  }
  const profile = await stack.databases.identity.query<Array<{ company_name: string | null; company_logo: string | null }>>(
    `SELECT company_name, company_logo FROM ${table(stack, 'identity', '"user"')} WHERE id = $1`,
    victim.id,
  )
  expect(profile).toHaveLength(1)
  return {
    users: await count('identity', `SELECT count(*) AS n FROM ${table(stack, 'identity', '"user"')}`),
    profile: profile[0],
    logos: await count('identity', `SELECT count(*) AS n FROM ${table(stack, 'identity', 'logo')} WHERE user_id = $1`, victim.id),
    proposals: await stack.databases.proposal.query(
      `SELECT id, title, expires_at, revoked_at FROM ${table(stack, 'proposal', 'proposal')} WHERE user_id = $1 ORDER BY id`,
      victim.id,
    ),
    calculators: await stack.databases.calculator.query(
      `SELECT id, values, complexity, updated_at FROM ${table(stack, 'calculator', 'saved_calculator')} WHERE user_id = $1 ORDER BY id`,
      victim.id,
    ),
    generations: await generationsCounted(stack, victim.id),
  }
}
