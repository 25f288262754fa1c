// Issue 13: text PostgreSQL cannot store (U+0000, an unpaired surrogate) is refused with 400 and a
// message naming the field, through the gateway, before anything is stored; the same requests with
// storable text work right after (decision 092). JSON.stringify writes NUL as \u0000 and a lone
// surrogate as \ud800, so the bodies below carry exactly what an attacker would send.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { supportTriageCalculator, supportTriageInput } from '../../services/proposal/src/testing/calculators.ts'
import { GOOD_PASSWORD, uniqueUsername } from '../integration/support/http-client.ts'
import { stackKinds, startTestStack, type TestStack } from '../integration/support/stack.ts'
import { longAccessCode, RecordingClient, SECURITY_STACK_ENV, signUp, table, type Actor } from './support/actors.ts'

const kinds = await stackKinds('postgres+nats+minio')

const UNSTORABLE = 'contains a character that cannot be stored (NUL or an unpaired surrogate)'
const UNSTORABLE_KEY = `has a key that ${UNSTORABLE}`
const LONE_HIGH = '\ud800'
const LONE_LOW = '\udc00'

async function expect400(response: Response, message: string): Promise<void> {
  const text = await response.text()
  expect(response.status, text).toBe(400)
  expect(JSON.parse(text)).toEqual({ message })
}

async function proposalIds(actor: Actor): Promise<string[]> {
  const response = await actor.client.get('/api/proposals')
  expect(response.status).toBe(200)
  return ((await response.json()) as Array<{ id: string }>).map((entry) => entry.id)
}

describe.each(kinds)('storable text through the gateway (%s)', (kind) => {
  let stack: TestStack
  let owner: Actor

  beforeAll(async () => {
    stack = await startTestStack(kind, SECURITY_STACK_ENV)
    owner = await signUp(stack, 'storable')
  })
  afterAll(async () => {
    await stack?.close()
  })

  async function usersNamed(username: string): Promise<number> {
    const rows = await stack.databases.identity.query<Array<{ count: number | bigint }>>(
      `SELECT count(*) AS count FROM ${table(stack, 'identity', '"user"')} WHERE lower(username) LIKE $1`,
      `${username.toLowerCase()}%`,
    )
    return Number(rows[0]?.count ?? 0)
  }

  it('register and login: NUL in the username, a lone surrogate in the password', async () => {
    const client = new RecordingClient(stack.url)
    const username = uniqueUsername('nul').toLowerCase()
    await expect400(
      await client.post('/api/register', { username: `${username}\u0000x`, password: GOOD_PASSWORD }),
      `username: ${UNSTORABLE}`,
    )
    await expect400(await client.post('/api/register', { username, password: `${GOOD_PASSWORD}${LONE_HIGH}` }), `password: ${UNSTORABLE}`)
    await expect400(
      await client.post('/api/login', { username: `${owner.username}\u0000`, password: GOOD_PASSWORD }),
      `username: ${UNSTORABLE}`,
    )
    expect(await usersNamed(username)).toBe(0)
    expect(client.sessionCookie).toBeUndefined()

    const registered = await client.post('/api/register', { username, password: GOOD_PASSWORD })
    expect(registered.status, await registered.clone().text()).toBe(201)
    expect(await usersNamed(username)).toBe(1)
  })

  it('proposals: NUL in the title and the access code, lone surrogates deep in calculatorData (value and key), NUL in the input', async () => {
    const before = await proposalIds(owner)
    const body = { title: 'Support triage', content: '', calculatorData: supportTriageCalculator }
    const [firstParameter, ...otherParameters] = supportTriageCalculator.parameters
    const withLabel = (label: string) => ({
      ...supportTriageCalculator,
      parameters: [{ ...firstParameter, label }, ...otherParameters],
    })
    const withKey = { ...supportTriageCalculator, parameters: [{ ...firstParameter, [`unit${LONE_LOW}`]: 'agents' }, ...otherParameters] }

    await expect400(await owner.client.post('/api/proposals', { ...body, title: 'Support\u0000 triage' }), `title: ${UNSTORABLE}`)
    await expect400(
      await owner.client.post('/api/proposals', { ...body, accessCode: `${longAccessCode('nul')}\u0000` }),
      `accessCode: ${UNSTORABLE}`,
    )
    await expect400(
      await owner.client.post('/api/proposals', { ...body, calculatorData: withLabel(`Support agents ${LONE_HIGH}`) }),
      `calculatorData.parameters.0.label: ${UNSTORABLE}`,
    )
    await expect400(
      await owner.client.post('/api/proposals', { ...body, calculatorData: withKey }),
      `calculatorData.parameters.0: ${UNSTORABLE_KEY}`,
    )
    await expect400(
      await owner.client.post('/api/proposals/generate', {
        calculatorData: supportTriageCalculator,
        input: `${supportTriageInput}\u0000`,
        templateType: 'standard',
      }),
      `input: ${UNSTORABLE}`,
    )
    expect(await proposalIds(owner)).toEqual(before)

    // The same request with storable text, right after.
    const accessCode = longAccessCode('fine')
    const created = await owner.client.post('/api/proposals', { ...body, accessCode })
    expect(created.status, await created.clone().text()).toBe(201)
    const { id } = (await created.json()) as { id: string }
    expect(await proposalIds(owner)).toEqual([id, ...before])

    const visitor = new RecordingClient(stack.url)
    await expect400(await visitor.get(`/api/proposals/${id}?code=${encodeURIComponent(accessCode)}%00`), `code: ${UNSTORABLE}`)
    const opened = await visitor.get(`/api/proposals/${id}?code=${encodeURIComponent(accessCode)}`)
    expect(opened.status, await opened.clone().text()).toBe(200)
    expect(((await opened.json()) as { title: string }).title).toBe('Support triage')
  })
})
