// PUT /api/user/language (issue 39): the language of the seller's e-mails, published with the
// address mail may go to so the notification service writes in it.
import { userRecordSchema } from '@valueproof/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, GOOD_PASSWORD, uniqueUsername } from '../../../../../tests/integration/support/http-client.ts'
import { startTestStack, type TestStack } from '../../../../../tests/integration/support/stack.ts'
import { emailChanges, latestVerifyPath } from '../../testing/seller-email.ts'

describe("the language of the seller's e-mails", () => {
  let stack: TestStack

  beforeAll(async () => {
    stack = await startTestStack('pglite+in-process')
  })
  afterAll(async () => {
    await stack?.close()
  })

  it('is changed, kept, and published with the confirmed address; the same language again publishes nothing', async () => {
    const client = new ApiClient(stack.url)
    const registered = await client.post('/api/register', {
      username: uniqueUsername('lang'),
      password: GOOD_PASSWORD,
      email: 'sv@acme.example',
    })
    const { id } = userRecordSchema.parse(await registered.json())
    expect((await new ApiClient(stack.url).get(await latestVerifyPath(stack, id))).status).toBe(303)

    const changed = await client.request('PUT', '/api/user/language', { json: { language: 'sv' } })
    expect(changed.status, await changed.clone().text()).toBe(200)
    expect(await changed.json()).toMatchObject({ id, language: 'sv', email: 'sv@acme.example', emailVerified: true })
    expect(await (await client.get('/api/user')).json()).toMatchObject({ language: 'sv' })
    expect((await client.request('PUT', '/api/user/language', { json: { language: 'sv' } })).status).toBe(200)
    expect(await emailChanges(stack, id)).toEqual([
      { verifiedEmail: '', language: 'en' },
      { verifiedEmail: 'sv@acme.example', language: 'en' },
      { verifiedEmail: 'sv@acme.example', language: 'sv' },
    ])
  })

  it('refuses a language it does not write in, a body it does not know, and a signed-out caller', async () => {
    const client = new ApiClient(stack.url)
    await client.post('/api/register', { username: uniqueUsername('lang'), password: GOOD_PASSWORD })
    for (const [body, message] of [
      [{ language: 'de' }, 'Language must be one of en, sv'],
      [{}, 'Language must be one of en, sv'],
      [{ language: 'sv', email: 'x@acme.example' }, 'email'],
    ] as const) {
      const response = await client.request('PUT', '/api/user/language', { json: body })
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect(((await response.json()) as { message: string }).message).toContain(message)
    }
    expect((await new ApiClient(stack.url).request('PUT', '/api/user/language', { json: { language: 'sv' } })).status).toBe(401)
  })
})
