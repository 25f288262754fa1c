// GET /api/session (issue 36): the web app reads the session from it. A visitor, a forged cookie and
// a session that ended are all `{ user: null }` with a 200, so a signed-out page logs no failed
// request; a signed-in user gets the same record as GET /api/user, which keeps SPEC §7's 401.
import { sessionAnswerSchema, userRecordSchema } from '@valueproof/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, GOOD_PASSWORD, uniqueUsername } from '../../../../../tests/integration/support/http-client.ts'
import { startTestStack, type TestStack } from '../../../../../tests/integration/support/stack.ts'

describe('GET /api/session', () => {
  let stack: TestStack

  beforeAll(async () => {
    stack = await startTestStack('pglite+in-process')
  })
  afterAll(async () => {
    await stack?.close()
  })

  async function answer(client: ApiClient) {
    const response = await client.get('/api/session')
    expect(response.status, await response.clone().text()).toBe(200)
    return sessionAnswerSchema.strict().parse(await response.json())
  }

  it('answers a visitor, and a forged session cookie, 200 with no user; GET /api/user still says 401', async () => {
    const visitor = new ApiClient(stack.url)
    expect(await answer(visitor)).toEqual({ user: null })
    expect((await visitor.get('/api/user')).status).toBe(401)
    visitor.setCookie('vp_session', 'forged-or-expired')
    expect(await answer(visitor)).toEqual({ user: null })
  })

  it('answers a signed-in user with their record, as GET /api/user does, and no user once the session ended', async () => {
    const client = new ApiClient(stack.url)
    const username = uniqueUsername('session')
    expect((await client.post('/api/register', { username, password: GOOD_PASSWORD })).status).toBe(201)
    const record = userRecordSchema.parse(await (await client.get('/api/user')).json())
    expect(record.username).toBe(username)
    expect(await answer(client)).toEqual({ user: record })

    // The cookie of a session that ended reads as signed out, like none.
    const ended = client.sessionCookie ?? ''
    expect(ended).not.toBe('')
    expect((await client.post('/api/logout')).status).toBeLessThan(300)
    client.setCookie('vp_session', ended)
    expect(await answer(client)).toEqual({ user: null })
    expect((await client.get('/api/user')).status).toBe(401)
  })
})
